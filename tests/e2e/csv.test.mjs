// Browser test of "Your measurements (CSV)" (web/views/csv/csv-import.js): a CSV written by `mechid simulate`
// is chosen, its columns are mapped, two methods identify it, and the page shows the numbers that
// `mechid identify` gives for the same file; an HTML payload in the header stays text. The bad-CSV
// corpus (tests/data/bad), each file's message and where it is shown: messages.test.mjs.
// Run: node --test tests/e2e/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkOnly, chooseCsv, foreignRequests, openBrowser, runCsv } from './browser.mjs';

const root = new URL('../..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'mechid-csv-e2e-'));
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

const choose = (path) => chooseCsv(page, path);
const run = () => runCsv(page);

test('a CSV from mechid simulate: mapped, identified by two methods, the same numbers as mechid identify', async () => {
  const data = join(dir, 'msd.csv');
  cli('simulate', '--system', 'msd', '--h', '0.1', '--n', '1500', '--snr', '40', '--seed', '4', '--out', data);
  await choose(data);
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ready', await page.textContent('#csv-status'));
  assert.equal(await page.inputValue('#csv-time'), 't');
  // The docs/interfaces.md names are mapped by default: u1 an input, q1 an output.
  const checked = (name) => page.$$eval(`input[name="${name}"]:checked`, (boxes) => boxes.map((b) => b.parentElement.textContent.trim()));
  assert.deepEqual(await checked('csv-input'), ['u1']);
  assert.deepEqual(await checked('csv-output'), ['q1']);
  assert.equal((await page.$$('#csv-preview tbody tr')).length, 5);
  assert.equal(await page.getAttribute('#csv-preview-plot', 'data-series'), '2');  // u1, q1 against t
  assert.equal(await page.getAttribute('#csv-preview-plot', 'data-points'), '1500');
  await page.selectOption('#csv-sampling', 'hold');
  await checkOnly(page, 'input[name="csv-method"]', ['variational', 'n4sid-d2c']);
  await run();
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ok', await page.textContent('#csv-status'));
  assert.match(await page.textContent('#csv-status'), /1500 samples, h = 0\.1 s, 1 input, 1 output/);
  // The exported JSON holds the numbers of `mechid identify` on the same file (same core, same data).
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#csv-export')]);
  const exported = JSON.parse(readFileSync(await download.path(), 'utf8'));
  assert.equal(download.suggestedFilename(), 'msd-mechid.json');
  assert.deepEqual(exported.map((r) => r.method), ['variational', 'n4sid-d2c']);
  for (const [k, method] of ['variational', 'n4sid-d2c'].entries()) {
    const r = JSON.parse(cli('identify', '--data', data, '--method', method, '--input-sampling', 'hold'));
    for (const key of ['M', 'D', 'K']) {
      const shown = (await page.textContent(`#csv-${key}-${method} td`)).trim();
      assert.equal(Number(shown), Number(r[key][0][0].toPrecision(4)), `${method} ${key}: page ${shown}, CLI ${r[key][0][0]}`);
      assert.ok(Math.abs(exported[k][key][0][0] - r[key][0][0]) <= 1e-12 * Math.abs(r[key][0][0]),
        `${method} ${key}: exported ${exported[k][key][0][0]}, CLI ${r[key][0][0]}`);
    }
  }
  assert.deepEqual(browser.problems, [], 'no console error, page error or CSP violation (the download included)');
});

test('accelerations in mm/s² and forces in kN: converted, high-passed, and the numbers of mechid identify --outputs acceleration', async () => {
  const si = join(dir, 'acc-si.csv');
  cli('simulate', '--system', 'msd', '--h', '0.2', '--n', '3000', '--input', 'multisine', '--snr', '40', '--with-derivatives', '--seed', '2', '--out', si);
  // The same file with the forces in kN and the accelerations in mm/s² (other columns dropped).
  const rows = readFileSync(si, 'utf8').trim().split('\n').map((l) => l.split(','));
  const col = (name) => rows[0].indexOf(name);
  const scaledFile = join(dir, 'acc-units.csv');
  writeFileSync(scaledFile, ['t,force_kN,acc_mm_s2', ...rows.slice(1).map((r) =>
    `${r[col('t')]},${Number(r[col('u1')]) / 1000},${Number(r[col('a1')]) * 1000}`)].join('\n'));
  await choose(scaledFile);
  await page.selectOption('#csv-output-kind', 'acceleration');
  assert.ok(await page.isEnabled('#csv-cutoff'));
  assert.match(await page.textContent('#csv-output-hint'), /not integrated/);
  await page.setChecked('input[name="csv-input"][value="1"]', true);
  await page.setChecked('input[name="csv-output"][value="2"]', true);
  await page.selectOption('#csv-force-unit', '1000');
  await page.selectOption('#csv-output-unit', { label: 'mm/s²' });
  await page.selectOption('#csv-sampling', 'point');
  await checkOnly(page, 'input[name="csv-method"]', ['variational']);
  await page.fill('#csv-cutoff', 'low');
  await page.click('#csv-run');
  assert.match(await page.textContent('#csv-mapping-error'), /^High-pass cut-off must be a number of Hz \(or empty: automatic\), got "low"/);
  assert.equal(await page.getAttribute('#csv-cutoff', 'aria-invalid'), 'true');
  await page.fill('#csv-cutoff', '0,01');  // a decimal comma is read too
  await run();
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ok', `${await page.textContent('#csv-status')} ${await page.textContent('#csv-file-error')}`);
  assert.equal(await page.textContent('#csv-mapping-error'), '');
  const r = JSON.parse(cli('identify', '--data', si, '--method', 'variational', '--output-cols', 'a1', '--outputs', 'acceleration', '--cutoff', '0.01'));
  assert.ok(Math.abs(r.M[0][0] - 15) / 15 < 0.02, `CLI M = ${r.M[0][0]}`);
  for (const key of ['M', 'D', 'K']) {
    const shown = (await page.textContent(`#csv-${key}-variational td`)).trim();
    assert.equal(Number(shown), Number(r[key][0][0].toPrecision(4)), `${key}: page ${shown}, CLI ${r[key][0][0]}`);
  }
  await page.selectOption('#csv-output-kind', 'displacement');
  assert.ok(await page.isDisabled('#csv-cutoff'));
  await page.selectOption('#csv-force-unit', '1');
});

test('one motor on cart 1 of a two-cart chain: the force acts on DOF 1, and the numbers of mechid identify --force-dofs 1', async () => {
  const system = join(dir, 'chain.json'), data = join(dir, 'chain.csv');
  writeFileSync(system, JSON.stringify({ M: [[2, 0], [0, 1.5]], D: [[0.4, 0], [0, 0.1]], K: [[5, -2], [-2, 2]], L: [[1], [0]] }));
  cli('simulate', '--system', system, '--h', '0.05', '--n', '1500', '--snr', '40', '--seed', '1', '--out', data);
  await choose(data);
  const options = () => page.$$eval('select[name="csv-force-dof"] option', (os) => os.map((o) => o.textContent));
  assert.deepEqual(await options(), ['choose a DOF', 'DOF 1 (q1)', 'DOF 2 (q2)']);
  // One force for two DOF: no default; identifying asks, next to the choice.
  assert.equal(await page.inputValue('select[name="csv-force-dof"]'), '');
  await page.selectOption('#csv-sampling', 'hold');
  await checkOnly(page, 'input[name="csv-method"]', ['auto']);
  await run();
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'error');
  assert.equal(await page.textContent('#csv-mapping-error'),
    'Choose the degree of freedom each force acts on (u1): with 1 force column and 2 output columns there is no default.');
  // A choice survives a change of the mapping (nothing the user entered is lost).
  await page.selectOption('select[name="csv-force-dof"]', '2');
  await page.uncheck('input[name="csv-output"][value="3"]');
  await page.check('input[name="csv-output"][value="3"]');
  assert.equal(await page.inputValue('select[name="csv-force-dof"]'), '2');
  await page.selectOption('select[name="csv-force-dof"]', '1');
  await run();
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ok', await page.textContent('#csv-status'));
  const r = JSON.parse(cli('identify', '--data', data, '--method', 'auto', '--input-sampling', 'hold', '--force-dofs', '1'));
  for (const key of ['M', 'K']) {
    const shown = (await page.textContent(`#csv-${key}-auto td`)).trim();  // "2.000 ± 0.001428"
    assert.equal(Number(shown.split(' ')[0]), Number(r[key][0][0].toPrecision(4)), `${key}: page ${shown}, CLI ${r[key][0][0]}`);
  }
  assert.ok(Math.abs(r.M[0][0] - 2) < 0.05 && Math.abs(r.M[1][1] - 1.5) < 0.05, JSON.stringify(r.M));
});

test('a file without a header row: columns named column 1…, the first row is data, line numbers stay right', async () => {
  const file = join(dir, 'no-header.csv');
  const data = join(dir, 'msd-h.csv');
  cli('simulate', '--system', 'msd', '--h', '0.1', '--n', '800', '--snr', '40', '--seed', '5', '--out', data);
  const body = readFileSync(data, 'utf8').trim().split('\n').slice(1);
  body[9] = body[9].replace(/,[^,]*$/, ',x');  // line 10 of the file: q1 is not a number
  writeFileSync(file, `${body.join('\n')}\n`);
  await choose(file);  // read whole when chosen: its bad cell refused at once, with its line
  assert.equal(await page.textContent('#csv-file-error'), 'no-header.csv: line 10, column column 3 "x" is not a number');
  body[9] = body[9].replace(/,x$/, ',0.001');
  const fixed = join(dir, 'no-header-fixed.csv');  // a new file: the browser keeps its snapshot of the old one
  writeFileSync(fixed, `${body.join('\n')}\n`);
  await choose(fixed);
  assert.match(await page.textContent('#csv-status'), /^no-header-fixed\.csv: 3 columns \(no header row: the first row is data/);
  assert.deepEqual(await page.$$eval('#csv-time option', (os) => os.map((o) => o.textContent)), ['(none: give h)', 'column 1', 'column 2', 'column 3']);
  await page.selectOption('#csv-time', 'column 1');
  await page.setChecked('input[name="csv-input"][value="1"]', true);
  await page.setChecked('input[name="csv-output"][value="2"]', true);
  await run();
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ok', await page.textContent('#csv-file-error'));
  assert.match(await page.textContent('#csv-status'), /^no-header-fixed\.csv: 800 samples, h = 0\.1 s/);
});

test('a jittery time column: refused with the worst deviation, identified once resampling is asked', async () => {
  const data = join(dir, 'msd-jitter-src.csv');
  cli('simulate', '--system', 'msd', '--h', '0.2', '--n', '3000', '--input', 'multisine', '--snr', '40', '--seed', '4', '--out', data);
  const lines = readFileSync(data, 'utf8').trim().split('\n');
  lines[9] = lines[9].replace(/^[^,]*/, (t) => String(Number(t) + 0.04));  // line 10: 20 % of h late
  const file = join(dir, 'msd-jitter.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  await choose(file);
  await checkOnly(page, 'input[name="csv-method"]', ['variational']);
  await page.selectOption('#csv-sampling', 'point');
  await page.selectOption('#csv-force-unit', '1');  // N (an earlier test chose kN)
  await page.setChecked('#csv-resample', false);
  await run();
  assert.match(await page.textContent('#csv-file-error'), /^msd-jitter\.csv: time is not uniform: worst deviation 0\.0400 s at line 10 \(20\.0 % of h/);
  try {
    await page.setChecked('#csv-resample', true);
    await run();
    assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ok', await page.textContent('#csv-file-error'));
    assert.match(await page.textContent('#csv-status'), /resampled to h = 0\.2000 s by linear interpolation, as asked/);
    const m = Number(await page.textContent('#csv-M-variational td'));
    assert.ok(Math.abs(m - 15) / 15 < 0.05, `m = ${m}`);
  } finally {
    await page.setChecked('#csv-resample', false);
  }
});

test('a ragged CSV: the message names the line, next to the file input; the page stays usable', async () => {
  const bad = join(dir, 'ragged.csv');
  writeFileSync(bad, 't,u1,q1\n0,1,0\n0.1,1\n0.2,1,0.1\n');
  await choose(bad);  // read whole when chosen: refused at once
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'error');
  assert.match(await page.textContent('#csv-file-error'), /ragged\.csv: line 3 has 2 fields but the header has 3/);
  assert.equal(await page.isEnabled('#csv-file'), true, 'the page stays usable: another file can be chosen');
});

test('a header that is an HTML/script payload stays text and executes nothing; no request leaves the server', async () => {
  const evil = join(dir, 'evil.csv');
  const payload = '<img src=x onerror="window.__pwned=1">';
  writeFileSync(evil, `t,u1,"${payload.replaceAll('"', '""')}"\n0,1,0\n0.1,-1,0.1\n`);
  await choose(evil);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.equal(await page.$('#csv-mapping img'), null, 'no element made from the header');
  assert.ok((await page.textContent('#csv-mapping')).includes(payload));
  assert.deepEqual(foreignRequests(browser.requests), []);
});

