import { writeFileSync } from 'node:fs';
import { openBrowser } from '../tests/e2e/browser.mjs';
const b = await openBrowser();
try {
  await b.page.waitForFunction(() => !document.getElementById('ident-run').disabled, null, { timeout: 30_000 });
  const cdp = await b.page.context().newCDPSession(b.page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const t0 = Date.now();
  await b.page.reload();
  await b.page.waitForFunction(() => !document.getElementById('ident-run').disabled, null, { timeout: 30_000 });
  await b.page.waitForTimeout(1000);
  const { profile } = await cdp.send('Profiler.stop');
  console.log('load+1s ms', Date.now() - t0);
  writeFileSync('/tmp/prof/lp/page.cpuprofile', JSON.stringify(profile));
} finally { await b.close(); }
