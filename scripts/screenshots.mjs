// Screenshots of the page's main views for docs/ (linked from README.md):
// `node scripts/screenshots.mjs` after `npm run build:wasm`. The Identify section after an auto +
// variational identification of the msd preset, the CSV section after identifying a file written
// by `mechid simulate`, and the saved analyses with that result reopened, at 1280 px width.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBrowser, openStep } from '../tests/e2e/browser.mjs';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'docs/screenshots');
mkdirSync(out, { recursive: true });
const dir = mkdtempSync(join(tmpdir(), 'mechid-shots-'));
const browser = await openBrowser();
const { page } = browser;
const settled = (id) => page.waitForFunction((s) => ['ok', 'error'].includes(document.getElementById(s).dataset.state), id, { timeout: 60_000 });
try {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.waitForFunction(() => !document.getElementById('ident-run').disabled);
  await openStep(page, '#ident');  // the page shows one step of its navigation at a time
  await page.selectOption('#ident-preset', 'msd');
  await page.fill('#ident-h', '0.5');
  await page.fill('#ident-n', '3000');
  for (const [m, on] of [['auto', true], ['variational', true], ['n4sid-d2c', false], ['equation-error', false]]) {
    await page.setChecked(`#ident-form input[name="method"][value="${m}"]`, on);
  }
  await page.click('#ident-run');
  await settled('ident-status');
  await page.locator('#ident').screenshot({ path: join(out, 'identify.png') });

  const csv = join(dir, '3dof.csv');
  execFileSync(process.execPath, [join(root, 'bin/mechid.js'), 'simulate', '--system', '3dof', '--h', '0.05', '--n', '3000', '--snr', '20', '--out', csv]);
  await openStep(page, '#csv');
  await page.setInputFiles('#csv-file', csv);
  await page.waitForFunction(() => document.getElementById('csv-status').dataset.state === 'ready');
  await page.selectOption('#csv-sampling', 'hold');
  await page.click('#csv-run');
  await settled('csv-status');
  await page.locator('#csv').screenshot({ path: join(out, 'csv-import.png') });

  await page.click('#csv-save');
  await page.waitForFunction(() => document.getElementById('saved-list').dataset.count === '1');
  await openStep(page, '#saved');
  await page.click('#saved-list button:text("Reopen")');
  await page.waitForSelector('#saved-results article');
  await page.locator('#saved').screenshot({ path: join(out, 'saved-analyses.png') });
  console.log(`wrote identify.png, csv-import.png and saved-analyses.png in ${out}`);
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
