// Browser test of MATLAB files in "Your measurements": the worker reads a MAT v7 file (zlib
// inflated by pako, web/gen/vendor/pako.mjs) and a v7.3 file (HDF5 through h5wasm, the dropped
// File mounted with WORKERFS and read in place), the page shows the channels t, u1, u2, q1, q2 and
// identifies each with the numbers `mechid identify` gives for the CSV the files were saved from;
// an HDF5 file that is not MATLAB's shows its one-line reason next to the file input.
// Run: node --test tests/e2e/mat.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkOnly, chooseCsv, mechidCli as cli, openBrowser, runCsv } from './browser.mjs';

const root = new URL('../..', import.meta.url).pathname;
const fixtures = join(root, 'tests/fixtures/formats/mat');
const dir = mkdtempSync(join(tmpdir(), 'mechid-mat-e2e-'));
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

const r = JSON.parse(cli('identify', '--data', join(fixtures, 'chain2.csv'), '--method', 'variational'));
for (const file of ['chain2_v7.mat', 'chain2_v73.mat']) {
  test(`${file}: its channels mapped as t, u1 u2, q1 q2, identified with the CLI's numbers for the CSV`, async () => {
    await chooseCsv(page, join(fixtures, file));
    assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ready', await page.textContent('#csv-status'));
    const checked = (name) => page.$$eval(`input[name="${name}"]:checked`, (boxes) => boxes.map((b) => b.parentElement.textContent.trim()));
    assert.equal(await page.inputValue('#csv-time'), 't');
    assert.deepEqual(await checked('csv-input'), ['u1', 'u2']);
    assert.deepEqual(await checked('csv-output'), ['q1', 'q2']);
    await checkOnly(page, 'input[name="csv-method"]', ['variational']);
    await runCsv(page);
    assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ok', await page.textContent('#csv-status'));
    assert.match(await page.textContent('#csv-status'), /400 samples, h = 0\.01 s, 2 inputs, 2 outputs/);
    for (const key of ['M', 'D', 'K']) {
      const shown = (await page.textContent(`#csv-${key}-variational td`)).trim();
      assert.equal(Number(shown), Number(r[key][0][0].toPrecision(4)), `${key}: page ${shown}, CLI ${r[key][0][0]}`);
    }
    assert.deepEqual(browser.problems, []);
  });
}

test('an HDF5 file that is not MATLAB\'s: one line next to the file input', async () => {
  const plain = join(dir, 'plain.h5');
  writeFileSync(plain, readFileSync(join(fixtures, 'mixed_v73.mat')).subarray(512));
  await chooseCsv(page, plain);
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'error');
  assert.match(await page.textContent('#csv-file-error'), /^plain\.h5: not a MATLAB v7\.3 MAT file \(an HDF5 file without MATLAB's 512-byte header/);
});
