import { openBrowser } from '../tests/e2e/browser.mjs';
const cases = JSON.parse(process.argv[2]);
const b = await openBrowser({ root: '/tmp/proot' });
try {
  await b.page.goto(b.page.url().replace(/[^/]*$/, '') + 'probe.html');
  await b.page.waitForFunction(() => window.runProbe);
  const out = await b.page.evaluate((c) => window.runProbe(c), cases);
  for (const r of out) console.log(JSON.stringify(r));
  if (b.problems.length) console.log(b.problems);
} finally { await b.close(); }
