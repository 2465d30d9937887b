// Browser test of a universal file (UFF dataset 58b) in "Your measurements": the worker reads it
// (web/app/worker.js with wasm/uff.js), the page shows its channels as columns u1, q1 (h from the file), and
// identifies it with the numbers `mechid identify` gives for the same file; a malformed one shows
// its message (record number) next to the file input.
// Run: node --test tests/e2e/uff.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { parseDatasetCsv } from '../../wasm/csv.js';
import { writeUff58 } from '../../wasm/uff-write.js';
import { checkOnly, chooseCsv, openBrowser, runCsv } from './browser.mjs';

const root = new URL('../..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'mechid-uff-e2e-'));
const cli = (...args) => execFileSync(process.execPath, [join(root, 'bin/mechid.js'), ...args], { encoding: 'utf8' });
let browser;
let page;

before(async () => {
  browser = await openBrowser();
  page = browser.page;
});

after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a 58b file from a simulated CSV: its channels mapped as t, u1, q1, identified with the CLI\'s numbers', async () => {
  const csv = join(dir, 'msd.csv');
  cli('simulate', '--system', 'msd', '--h', '0.1', '--n', '1500', '--snr', '40', '--seed', '4', '--out', csv);
  const uff = join(dir, 'msd.uff');
  writeFileSync(uff, writeUff58({ kind: 'time', ...parseDatasetCsv({ Papa, text: readFileSync(csv, 'utf8'), source: csv }) }, { binary: true }));
  await chooseCsv(page, uff);
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ready', await page.textContent('#csv-status'));
  const checked = (name) => page.$$eval(`input[name="${name}"]:checked`, (boxes) => boxes.map((b) => b.parentElement.textContent.trim()));
  assert.equal(await page.inputValue('#csv-time'), '');  // no time channel: h from the records
  assert.match(await page.textContent('#csv-time option[value=""]'), /h = 0\.1000 s from the file/);
  assert.deepEqual(await checked('csv-input'), ['u1']);
  assert.deepEqual(await checked('csv-output'), ['q1']);
  // The preview draws the chosen force and output against t = k·h (h from the records).
  assert.equal(await page.getAttribute('#csv-preview-plot', 'data-series'), '2');
  await page.selectOption('#csv-sampling', 'hold');
  await checkOnly(page, 'input[name="csv-method"]', ['variational']);
  await runCsv(page);
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ok', await page.textContent('#csv-status'));
  assert.match(await page.textContent('#csv-status'), /1500 samples, h = 0\.1 s, 1 input, 1 output/);
  const r = JSON.parse(cli('identify', '--data', uff, '--method', 'variational', '--input-sampling', 'hold'));
  for (const key of ['M', 'D', 'K']) {
    const shown = (await page.textContent(`#csv-${key}-variational td`)).trim();
    assert.equal(Number(shown), Number(r[key][0][0].toPrecision(4)), `${key}: page ${shown}, CLI ${r[key][0][0]}`);
  }
  assert.deepEqual(browser.problems, []);
});

test('a malformed UFF: its message, with the record number, next to the file input', async () => {
  await chooseCsv(page, join(root, 'tests/data/uff/bad/truncated-data.uff'));
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'error');
  assert.match(await page.textContent('#csv-file-error'), /^truncated-data\.uff: record 2 \(dataset 58\): truncated data: expected 4 values/);
});
