// Browser test of output-only modal analysis (issue 51, item 4; web/views/oma.js): a phone-style CSV
// of accelerations only (named columns with units, slightly uneven time) leads, in one click from
// the file ("What the data are" → "Output-only modal analysis"), to the modes table and an animated
// shape. The data: a 3-DOF chain (masses 1, 1.5, 2 kg, springs 1500 N/m, 2 % modal damping) under
// independent white-noise forces at every mass, its accelerations at 100 Hz for 200 s with 5 % noise;
// its exact natural frequencies from eig(K, M) computed here by Jacobi rotations
// (tests/fixtures/oma/shear-frame.mjs), independently of the core. The table's frequencies equal
// those of the CLI `mechid oma` on the same file (a second path: the CLI's reader and process), and
// both are near the exact ones; so are those of data-driven SSI and enhanced FDD chosen in the page
// (`mechid oma --method`). The same accelerations as a universal file (UFF 58, no force) get
// the same button and the CLI's modes.
// Run: node --test tests/e2e/oma.test.mjs
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMechidNode } from '../../wasm/node.js';
import { writeUff58 } from '../../wasm/uff-write.js';
import { jacobiEigen, normals, realMac } from '../fixtures/oma/shear-frame.mjs';
import { chooseCsv, downloadedText, holdNextRequest, limitNextRequestWork, mechidCli, withWatchdog, withWideBrowser } from './browser.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-oma-e2e-'));
const mechid = await loadMechidNode();
let browser;
let page;

withWideBrowser((opened) => {
  browser = opened;
  page = opened.page;
}, dir);

const matrix = (rows) => ({ rows: rows.length, cols: rows[0].length, data: Float64Array.from(rows.flat()) });

// The chain M q″ + D q′ + K q = f with f white noise at each mass; D = M^½ V diag(2ζω) Vᵀ M^½ (modal
// damping ζ) with V, ω² the eigenvectors and eigenvalues of M^-½ K M^-½. Written as a phone app
// writes it: "time (s),ax (m/s^2),…", the time a little off the grid (±0.2 % of h, within what the
// reader accepts as uniform).
function phoneFile() {
  const m = [1, 1.5, 2], k = 1500, zeta = 0.02, h = 0.01, N = 20000, n = 3;
  const K = [[2 * k, -k, 0], [-k, 2 * k, -k], [0, -k, k]];
  const root = m.map(Math.sqrt);
  const eig = jacobiEigen(K.map((row, i) => row.map((x, j) => x / (root[i] * root[j]))));
  const omega = eig.values.map(Math.sqrt);
  const D = K.map((row, i) => row.map((_, j) => root[i] * root[j] * eig.vectors.reduce((s, v, q) => s + v[i] * 2 * zeta * omega[q] * v[j], 0)));
  const I = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  const system = { name: 'chain', M: matrix(I.map((row, i) => row.map((x) => x * m[i]))), D: matrix(D), K: matrix(K), L: matrix(I) };
  const forces = { rows: N, cols: n, data: normals(N * n, 11).map((x) => 20 * x) };
  const a = mechid.simulate(system, { h, n: N, input: 'samples', samples: forces, withDerivatives: true }).a.data;
  const rms = Math.sqrt(a.reduce((s, x) => s + x * x, 0) / a.length);
  const noise = normals(N * n, 12);
  const measured = a.map((x, k) => Number((x + 0.05 * rms * noise[k]).toPrecision(7)));
  const lines = ['time (s),ax (m/s^2),ay (m/s^2),az (m/s^2)'];
  for (let i = 0; i < N; i++) {
    const t = i * h + 0.002 * h * Math.sin(1.7 * i);
    lines.push([t.toFixed(6), ...measured.subarray(i * n, i * n + n)].join(','));
  }
  const file = join(dir, 'phone-accelerations.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  // the exact shapes at the sensors: Φ = M^-½ V
  const exactShapes = eig.vectors.map((v) => v.map((x, i) => x / root[i]));
  return { file, h, exactHz: omega.map((w) => w / (2 * Math.PI)), exactShapes, y: { rows: N, cols: n, data: measured } };
}

let chain = null;  // phoneFile()'s, for the UFF test

test('a phone-style CSV of accelerations only: one click to the modes table and an animated shape; the CLI\'s numbers; near eig(K, M)', async () => {
  chain = phoneFile();
  const { file, h, exactHz, exactShapes } = chain;
  await withWatchdog(page, () => chooseCsv(page, file));
  assert.equal(await page.getAttribute('#csv-route', 'data-kind'), 'output-only');
  let clicks = 0;
  await withWatchdog(page, async () => {
    await page.click('#csv-route-oma');
    clicks += 1;
    await page.waitForFunction(() => ['ok', 'warning', 'error'].includes(document.getElementById('oma-status').dataset.state), null, { timeout: 60_000 });
  });
  assert.ok(clicks <= 3);
  const state = await page.getAttribute('#oma-status', 'data-state');
  assert.ok(state === 'ok' || state === 'warning', `${state}: ${await page.textContent('#oma-status')}`);
  assert.match(await page.textContent('#oma-status'), /^phone-accelerations\.csv: 3 modes in 0–50 \(Nyquist\) Hz from 3 responses/);
  assert.match(await page.textContent('#oma-source'), /From phone-accelerations\.csv: .*time column time/);

  // The table: f ± interval, ζ ± interval, MPC, MPD; its frequencies as oma() gave them (data-freq-hz).
  const rows = await page.$$eval('#oma-table-data tbody tr', (trs) => trs.map((tr) => ({ f: Number(tr.dataset.freqHz), cells: [...tr.cells].map((c) => c.textContent) })));
  assert.deepEqual(await page.$$eval('#oma-table-data thead th', (ths) => ths.map((th) => th.textContent)), ['mode', 'f (Hz)', 'ζ', 'MPC', 'MPD (°)', 'orders']);
  assert.equal(rows.length, 3, JSON.stringify(rows));
  for (const r of rows) assert.match(r.cells[1], /^[\d.]+ ± [\d.]+$/);
  for (const r of rows) assert.match(r.cells[2], /^[\d.]+ ± [\d.]+$/);

  // The second path: the CLI on the same file, over the whole band below Nyquist (the page's default).
  const cli = JSON.parse(mechidCli('oma', '--data', file, '--band', `0:${0.5 / h}`));
  assert.deepEqual(cli.channels.outputs.map((c) => c.name), ['ax', 'ay', 'az']);
  assert.equal(cli.modes.length, rows.length);
  rows.forEach((r, j) => {
    assert.ok(Math.abs(r.f / cli.modes[j].freq_hz - 1) < 1e-9, `mode ${j + 1}: page ${r.f} Hz, CLI ${cli.modes[j].freq_hz} Hz`);
    assert.equal(r.cells[1].split(' ± ')[0], Number(cli.modes[j].freq_hz.toPrecision(4)).toString());
    // Both near the exact frequency: within 1 % (200 s of a 2 % damped mode: σ/f ≈ √(ζ/(2π f T)) ≤ 0.28 %).
    assert.ok(Math.abs(r.f / exactHz[j] - 1) < 0.01, `mode ${j + 1}: ${r.f} Hz, exact ${exactHz[j]} Hz`);
  });

  // The exports: the JSON holds the CLI's modes; the UFF 55 one dataset per mode, with the sensors' names.
  const exported = JSON.parse(await downloadedText(page, '#oma-export-json'));
  assert.equal(exported.file, 'phone-accelerations.csv');
  assert.deepEqual(exported.modes.map((m) => m.freq_hz), cli.modes.map((m) => m.freq_hz));
  assert.deepEqual(exported.modes.map((m) => m.zeta), cli.modes.map((m) => m.zeta));
  const uff = await downloadedText(page, '#oma-export-uff55');
  assert.equal(uff.match(/^ {4}-1\n {4}55/gm)?.length, 3, uff.slice(0, 400));
  assert.match(uff, /ax/);

  // The diagram is drawn, and the first mode's shape is animated (frames advance).
  assert.ok(await page.$('#oma-stab-plot canvas'), 'the stabilization diagram is drawn');
  // The stable poles only, at first (as many as the CLI's stable ones), each mode's ringed; the box shows all poles.
  const stable = cli.stabilization.reduce((s, row) => s + row.poles.filter((p) => p.stable).length, 0);
  const all = cli.stabilization.reduce((s, row) => s + row.poles.length, 0);
  assert.equal(await page.isChecked('#oma-all-poles'), false);
  assert.equal(Number(await page.getAttribute('#oma-stab-plot', 'data-poles')), stable);
  assert.equal(Number(await page.getAttribute('#oma-stab-plot', 'data-selected')), 3);
  await page.check('#oma-all-poles');
  assert.equal(Number(await page.getAttribute('#oma-stab-plot', 'data-poles')), all);
  assert.ok(all > stable);
  await page.uncheck('#oma-all-poles');
  await page.locator('#oma-anim-fig').scrollIntoViewIfNeeded();
  const frames = Number(await page.getAttribute('#oma-anim-fig', 'data-frames'));
  await page.waitForFunction((n) => Number(document.getElementById('oma-anim-fig').dataset.frames) > n + 3, frames, { timeout: 10_000 });
  assert.equal(await page.getAttribute('#oma-anim-fig', 'data-playing'), 'true');
  assert.equal(await page.getAttribute('#oma-anim-fig', 'data-mode'), '1');
  // The AutoMAC: that of the exact shapes (M-orthogonal, not orthogonal: not 0 off the diagonal) within 0.05.
  await page.waitForSelector('#oma-mac-table');
  const mac = await page.$$eval('#oma-mac-table tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.textContent))));
  assert.equal(mac.length, 3);
  mac.forEach((row, i) => row.forEach((x, j) => {
    const exact = realMac(exactShapes[i], exactShapes[j]);
    assert.ok(Math.abs(x - exact) <= 0.05, `MAC ${i + 1},${j + 1} = ${x}, exact shapes ${exact.toFixed(3)}`);
  }));
  // A click on the second row animates the second mode.
  await page.click('#oma-table-data tbody tr:nth-child(2)');
  assert.equal(await page.getAttribute('#oma-anim-fig', 'data-mode'), '2');
  assert.deepEqual(browser.problems, []);
});

// Presses Find the modes and waits for its outcome (not busy).
async function runOma() {
  await page.click('#oma-run');
  await page.waitForFunction(() => ['ok', 'warning', 'error'].includes(document.getElementById('oma-status').dataset.state), null, { timeout: 60_000 });
}

test('the band: a word and a band beyond Nyquist said next to the band fields; Cancel stops a run; 1–12 Hz holds the three modes', async () => {
  // the file of the test above is still loaded
  await page.fill('#oma-band-lo', 'one');
  await runOma();
  assert.match(await page.textContent('#oma-band-error'), /Band from \(Hz\) must be a number in Hz \(or empty: the whole band\), got "one"/);
  assert.equal(await page.getAttribute('#oma-band-lo', 'aria-invalid'), 'true');
  await page.fill('#oma-band-lo', '1');
  await page.fill('#oma-band-hi', '70');
  await runOma();
  assert.equal(await page.getAttribute('#oma-status', 'data-state'), 'error');
  assert.match(await page.textContent('#oma-band-error'), /above the Nyquist frequency 50 Hz/);

  await page.fill('#oma-band-hi', '12');
  // The run to cancel never reaches the worker (holdNextRequest): on a fast machine any real run
  // of this file could end before the click reaches Cancel.
  await holdNextRequest(page, 'oma');
  await page.click('#oma-run');
  await page.waitForFunction(() => document.getElementById('oma-status').dataset.state === 'busy');
  await page.click('#oma-cancel');
  await page.waitForFunction(() => document.getElementById('oma-status').dataset.state === 'cancelled');
  assert.match(await page.textContent('#oma-status'), /^Cancelled after/);
  assert.equal(await page.isDisabled('#oma-run'), false);
  // The page works on: 1–12 Hz holds the three modes.
  await runOma();
  assert.equal(await page.textContent('#oma-band-error'), '');
  assert.match(await page.textContent('#oma-status'), /3 modes in 1–12 Hz/);
  assert.equal(await page.$$eval('#oma-table-data tbody tr', (trs) => trs.length), 3);
  assert.deepEqual(browser.problems, []);
});

test('the method: data-driven SSI and enhanced FDD give the CLI\'s frequencies; enhanced FDD shows no intervals and no diagram', async () => {
  // the phone file of the first test is still loaded; the choices are the core's (its option schema)
  assert.deepEqual(await page.$$eval('#oma-method option', (os) => os.map((o) => o.value)), mechid.optionSchema().oma.method.choices);
  assert.equal(await page.inputValue('#oma-method'), mechid.optionSchema().oma.method.default);
  await page.fill('#oma-band-lo', '');
  await page.fill('#oma-band-hi', '');
  for (const method of ['ssi-data', 'efdd']) {
    await page.selectOption('#oma-method', method);
    await withWatchdog(page, runOma);
    const status = await page.textContent('#oma-status');
    assert.ok(['ok', 'warning'].includes(await page.getAttribute('#oma-status', 'data-state')), status);
    assert.match(status, method === 'efdd' ? /ambient, enhanced FDD\)/ : /ambient, data-driven SSI, \d+ block rows/);
    const rows = await page.$$eval('#oma-table-data tbody tr', (trs) => trs.map((tr) => ({ f: Number(tr.dataset.freqHz), cells: [...tr.cells].map((c) => c.textContent) })));
    const cli = JSON.parse(mechidCli('oma', '--data', chain.file, '--band', `0:${0.5 / chain.h}`, '--method', method));
    assert.equal(cli.method, method);
    assert.equal(rows.length, cli.modes.length, JSON.stringify(rows));
    assert.ok(rows.length >= 3, JSON.stringify(rows));
    rows.forEach((r, j) => assert.ok(Math.abs(r.f / cli.modes[j].freq_hz - 1) < 1e-9, `${method} mode ${j + 1}: page ${r.f} Hz, CLI ${cli.modes[j].freq_hz} Hz`));
    const text = await page.textContent('#oma');
    assert.doesNotMatch(text, /NaN|undefined|null/);
    if (method === 'efdd') {
      // no intervals ("–"), no orders; the diagram replaced by a sentence, never drawn empty
      for (const r of rows) {
        assert.match(r.cells[1], /^[\d.]+ ± –$/);
        assert.match(r.cells[2], /^[\d.]+ ± –$/);
        assert.equal(r.cells[5], '–');
      }
      assert.equal(await page.isVisible('#oma-stab-plot'), false);
      assert.match(await page.textContent('#oma-stab-none'), /^Not available for enhanced FDD/);
      assert.equal(await page.isVisible('#oma-stab-none'), true);
    } else {
      for (const r of rows) assert.match(r.cells[1], /^[\d.]+ ± [\d.]+$/);
      assert.equal(await page.isVisible('#oma-stab-none'), false);
      assert.ok(await page.$('#oma-stab-plot canvas'), 'the stabilization diagram is drawn');
      assert.equal(Number(await page.getAttribute('#oma-stab-plot', 'data-selected')), rows.length);
    }
  }
  // the JSON export names the method; back to the default for the test below
  assert.equal(JSON.parse(await downloadedText(page, '#oma-export-json')).options.method, 'efdd');
  await page.selectOption('#oma-method', 'ssi-cov');
  assert.deepEqual(browser.problems, []);
});

test('a universal file (UFF 58) of the same accelerations, no force: the same button, the CLI\'s modes', async () => {
  const { h, y, exactHz } = chain;
  const file = join(dir, 'accelerations.uff');
  writeFileSync(file, writeUff58({ kind: 'time', h, u: { rows: y.rows, cols: 0, data: new Float64Array(0) }, y, outputs: 'acceleration', columns: { inputs: [], outputs: ['a1', 'a2', 'a3'] } }));
  // the band of the test above emptied (its step still open): the whole band, as the CLI's 0:Nyquist
  await page.fill('#oma-band-lo', '');
  await page.fill('#oma-band-hi', '');
  await withWatchdog(page, () => chooseCsv(page, file));
  assert.equal(await page.getAttribute('#csv-route', 'data-kind'), 'output-only');
  await withWatchdog(page, async () => {
    await page.click('#csv-route-oma');
    await page.waitForFunction(() => /^accelerations\.uff: /.test(document.getElementById('oma-status').textContent), null, { timeout: 60_000 });
  });
  const page1 = await page.$$eval('#oma-table-data tbody tr', (trs) => trs.map((tr) => Number(tr.dataset.freqHz)));
  const cli = JSON.parse(mechidCli('oma', '--data', file, '--band', `0:${0.5 / h}`));
  assert.deepEqual(page1, cli.modes.map((m) => m.freq_hz));
  page1.forEach((f, j) => assert.ok(Math.abs(f / exactHz[j] - 1) < 0.01, `mode ${j + 1}: ${f} Hz, exact ${exactHz[j]} Hz`));
  assert.deepEqual(browser.problems, []);
});

test('a run above the work limit: the estimate and Run anyway beside Find the modes; Run anyway runs it', async () => {
  // the universal file of the test above is still loaded; the core's refusal as a smaller limit gives it
  await limitNextRequestWork(page, 'oma', 1e6);
  await runOma();
  assert.equal(await page.getAttribute('#oma-status', 'data-state'), 'error');
  assert.match(await page.textContent('#oma-status'), /^Not started: the work is above the limit/);
  const said = await page.textContent('#oma-run-error');
  assert.match(said, /^oma \(ssi-cov\) of \d+ samples of 3 output\(s\) needs about [\d.e+]+ floating-point operations .*above the limit of 1e\+0?6 /);
  assert.match(said, /raise the work limit/);
  assert.doesNotMatch(said, /maxWork/);
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Run anyway');
  await page.click('#oma-run-error .run-anyway');
  await page.waitForFunction(() => ['ok', 'warning', 'error'].includes(document.getElementById('oma-status').dataset.state), null, { timeout: 60_000 });
  assert.match(await page.textContent('#oma-status'), /^accelerations\.uff: /);
  assert.equal(await page.textContent('#oma-run-error'), '');
  assert.ok(await page.$$eval('#oma-table-data tbody tr', (trs) => trs.length) >= 3);
  assert.deepEqual(browser.problems, []);
});
