// Browser test of very wide files in the CSV section (issue 20, probe §4: 10 000 columns froze the
// main thread for 8.3 s building 20 000 checkboxes; a one-line 50 MB file was shown as "16385
// columns"; web/views/csv/csv-columns.js, web/app/worker.js csvColumns):
// - 10 000 columns: the longest main-thread task (PerformanceObserver 'longtask') from choosing the
//   file until its columns are shown stays under 500 ms; the status says how many columns and how
//   to reach the others; a column far down is found by name, chosen, and stays chosen when the
//   list changes;
// - 10 000 u/q columns: no 5000 columns are chosen by their names (the note says why);
// - a file whose first line has no line break in the part read for the preview is refused with
//   one clear line, not shown with a cut-off header.
// Run: node --test tests/e2e/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chooseCsv, foreignRequests, openBrowser } from '../browser.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-wide-csv-'));
const COLUMNS = 10_000;
let browser;
let page;

/** A CSV with `names` as header and 5 rows of numbers. */
function writeCsv(name, names) {
  const row = (i) => names.map((_, k) => ((i * 7 + k) % 13) / 10).join(',');
  const path = join(dir, name);
  writeFileSync(path, `${names.join(',')}\n${[1, 2, 3, 4, 5].map(row).join('\n')}\n`);
  return path;
}

before(async () => {
  browser = await openBrowser();
  page = browser.page;
  // Every section started (their plots drawn), so that only the file's work is measured.
  await page.waitForFunction(() => ['ident-run', 'simulate', 'cond-study', 'nl-run', 'est-svf-run'].every((id) => !document.getElementById(id).disabled)
    && document.getElementById('cond-status').dataset.state === 'ready', null, { timeout: 30_000 });
});

after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Chooses `path` and resolves with the longest main-thread task (ms) until its columns are shown. */
async function longestTaskWhileChoosing(path) {
  await page.evaluate(() => {
    window.__longest = 0;
    window.__observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration);
    });
    window.__observer.observe({ type: 'longtask' });
  });
  await page.setInputFiles('#csv-file', []);
  await chooseCsv(page, path);
  // Two frames after the status: the layout and paint of what was built are in the measure too.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForTimeout(100);
  return page.evaluate(() => {
    window.__observer.disconnect();
    return window.__longest;
  });
}

test('10 000 columns: no main-thread task over 500 ms; the status says how many; a far column is found by name', async () => {
  const names = ['t', ...Array.from({ length: COLUMNS - 1 }, (_, k) => `c${k + 1}`)];
  const ms = await longestTaskWhileChoosing(writeCsv('wide.csv', names));
  console.log(`# 10 000 columns: longest main-thread task ${ms.toFixed(0)} ms`);
  assert.ok(ms < 500, `a main-thread task of ${ms.toFixed(0)} ms`);
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ready', await page.textContent('#csv-status'));
  assert.match(await page.textContent('#csv-status'), /^wide\.csv: 10000 columns/);
  assert.match(await page.textContent('#csv-columns-note'), /10000 columns/);
  const listed = await page.locator('input[name="csv-input"]').count();
  assert.ok(listed > 0 && listed <= 200, `${listed} input checkboxes`);
  // Find c9999 (not listed at first), choose it as the output, c4321 as the force.
  assert.equal(await page.locator('input[name="csv-output"][value="9999"]').count(), 0);
  await page.fill('#csv-find', 'c9999');
  await page.check('input[name="csv-output"][value="9999"]');
  await page.fill('#csv-find', 'c4321');
  await page.check('input[name="csv-input"][value="4321"]');
  await page.fill('#csv-find', '');
  // Chosen though no longer listed: the DOF note and the factor fields name them.
  assert.match(await page.textContent('#csv-output-dofs'), /c9999 → DOF 1/);
  assert.deepEqual(await page.$$eval('#csv-factors input[name="csv-factor"]', (fs) => fs.map((f) => f.dataset.column)), ['c4321', 'c9999']);
  assert.equal(await page.inputValue('#csv-time'), 't');
});

test('10 000 u/q columns: under 500 ms, and 5000 forces are not chosen by their names', async () => {
  const names = [...Array.from({ length: COLUMNS / 2 }, (_, k) => `u${k + 1}`), ...Array.from({ length: COLUMNS / 2 }, (_, k) => `q${k + 1}`)];
  const ms = await longestTaskWhileChoosing(writeCsv('wide-uq.csv', names));
  console.log(`# 10 000 u/q columns: longest main-thread task ${ms.toFixed(0)} ms`);
  assert.ok(ms < 500, `a main-thread task of ${ms.toFixed(0)} ms`);
  assert.equal(await page.locator('input[name="csv-input"]:checked').count(), 0);
  assert.match(await page.textContent('#csv-columns-note'), /5000 columns are named like forces/);
});

test('a first line longer than the part read for the preview is refused with one clear line', async () => {
  // 2 MB of one line (the probe's 50 MB file was shown as "16385 columns").
  const path = join(dir, 'one-line.csv');
  writeFileSync(path, Array.from({ length: 200_000 }, (_, k) => `x${k}`).join(',').padEnd(2e6, ',0'));
  await page.setInputFiles('#csv-file', []);
  await chooseCsv(page, path);
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'error');
  const message = await page.textContent('#csv-file-error');
  assert.match(message, /^one-line\.csv: no line break in the first \d+ characters/);
  assert.ok(message.length < 300, `${message.length} characters`);
  assert.ok(await page.isHidden('#csv-mapping'));
});

test('no console errors or CSP violations, all requests to 127.0.0.1', () => {
  assert.deepEqual(browser.problems, []);
  assert.deepEqual(foreignRequests(browser.requests), []);
});
