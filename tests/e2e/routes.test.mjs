// Browser test of "What the data are" (web/views/csv/csv-route.js) and the advice's action buttons
// (web/ui/advice-actions.js), issue 50 items 3 and 4: a file leads to the analysis that fits it in at
// most two clicks. Generated files stand for the records of the page review (its real records are
// not on CI):
// - a ground vibration test like the F-16's: one shaker with a periodic multisine (6 periods), three
//   accelerometers on a lightly damped 3-DOF chain → "Find the modes" is proposed with the band the
//   force excites; one click finds the three modes (within 0.5 % of mechid modal's) and shows the
//   `periodic` note, not as a warning;
// - a positioning stage like EMPS: a free body with viscous and Coulomb friction under a position
//   loop → "Identify M, D, K" is proposed; the result's free_body advice carries a button that
//   fixes K at zero (step 4, free body) and identifies again: K = 0, fixed by the structure;
// - a phone's accelerations ("Time (s)","Acceleration x (m/s^2)",…) → output-only said plainly,
//   one button: output-only modal analysis (its results: tests/e2e/oma.test.mjs);
// - the page's own study at h = 0.001 s with N = 2000 (a 2 s record of the 3-DOF preset, whose
//   slowest period is 5.4 s): that point is drawn as a record too short, not as the methods' error.
// Run: node --test tests/e2e/routes.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMechidNode } from '../../wasm/node.js';
import { checkOnly, chooseCsv, openStep, withWatchdog, withWideBrowser } from './browser.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-routes-e2e-'));
const mechid = await loadMechidNode();
let browser;
let page;

withWideBrowser((opened) => {
  browser = opened;
  page = opened.page;
}, dir);

const matrix = (rows) => ({ rows: rows.length, cols: rows[0].length, data: Float64Array.from(rows.flat()) });

// A 3-DOF chain (masses 1 kg, springs 1000 N/m, D = 0.001 K: ζ 0.7 %, 2 %, 2.8 %) shaken on DOF 1
// by a multisine over 1–15 Hz (lines 10–150 of a 1024-sample period at h = 0.01 s) repeated 6
// times; t, u1 and the accelerations a1, a2, a3 written as CSV (SNR 50 dB on the outputs).
function gvtFile() {
  const k = 1000;
  const K = [[2 * k, -k, 0], [-k, 2 * k, -k], [0, -k, k]];
  const system = { name: 'chain3', M: matrix([[1, 0, 0], [0, 1, 0], [0, 0, 1]]), K: matrix(K), D: matrix(K.map((r) => r.map((x) => 0.001 * x))), L: matrix([[1], [0], [0]]) };
  const h = 0.01, P = 1024, R = 6;
  const phases = mechid.randomStream(7, P);
  const period = new Float64Array(P);
  for (let l = 10; l <= 150; l++) for (let i = 0; i < P; i++) period[i] += Math.cos(2 * Math.PI * (l * i / P + phases[l] / 2 ** 32));
  const samples = { rows: R * P, cols: 1, data: Float64Array.from({ length: R * P }, (_, i) => period[i % P]) };
  const sim = mechid.simulate(system, { h, n: R * P, input: 'samples', samples, withDerivatives: true, snr: 50, seed: 3 });
  const lines = ['t,u1,a1,a2,a3'];
  for (let i = 0; i < R * P; i++) lines.push([sim.t[i], sim.u.data[i], ...[0, 1, 2].map((j) => sim.a.data[i * 3 + j])].map((x) => x.toPrecision(9)).join(','));
  const file = join(dir, 'gvt-multisine.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return { file, truth: mechid.modal(system).modes.map((m) => m.freq_hz) };
}

// A positioning stage on rails: M q″ + D q′ + F_c sign(q′) = u (95 kg, 200 N s/m, 20 N), no spring,
// under a position loop u = r − 3000 q − 400 q′ with a reference force r stepping every 0.1 s;
// integrated with 20 steps per sample, q with 1 µm of noise: t, u1, q1.
function stageFile() {
  const M = 95, D = 200, Fc = 20, h = 0.001, n = 8000, sub = 20;
  let q = 0, v = 0, seed = 3, level = 0;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const lines = ['t,u1,q1'];
  for (let i = 0; i < n; i++) {
    if (i % 100 === 0) level = 400 * (rand() - 0.5);
    const u = level - 3000 * q - 400 * v;
    lines.push(`${(i * h).toFixed(4)},${u.toPrecision(8)},${(q + 1e-6 * (rand() - 0.5)).toPrecision(8)}`);
    for (let s = 0; s < sub; s++) {
      const a = (u - D * v - Fc * Math.sign(v)) / M;
      v += a * h / sub;
      q += v * h / sub;
    }
  }
  const file = join(dir, 'stage.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

// A phone's accelerometer (phyphox's columns), 200 Hz, 10 s of two decaying tones.
function phoneFile() {
  const lines = ['"Time (s)","Acceleration x (m/s^2)","Acceleration y (m/s^2)","Acceleration z (m/s^2)","Absolute acceleration (m/s^2)"'];
  for (let i = 0; i < 2000; i++) {
    const t = i / 200, x = Math.exp(-0.3 * t) * Math.sin(2 * Math.PI * 3.9 * t), y = 0.5 * Math.exp(-0.5 * t) * Math.sin(2 * Math.PI * 10.3 * t);
    lines.push([t, x, y, 9.81, Math.hypot(x, y, 9.81)].map((c) => c.toFixed(5)).join(','));
  }
  const file = join(dir, 'phone.csv');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const routeText = () => page.textContent('#csv-route');

test('a multisine ground vibration test: the modes in the excited band, one click from the file; the periodic note', async () => {
  const { file, truth } = gvtFile();
  await withWatchdog(page, () => chooseCsv(page, file));
  assert.equal(await page.getAttribute('#csv-route', 'data-kind'), 'input-output');
  assert.match(await page.textContent('#csv-route-what'), /1 force \(u1\) and 3 accelerations \(a1, a2 and a3\)/);
  await page.waitForFunction(() => document.getElementById('csv-route').dataset.excitation !== undefined, null, { timeout: 30_000 });
  assert.equal(await page.getAttribute('#csv-route', 'data-excitation'), 'periodic', await routeText());
  assert.match(await page.textContent('#csv-route-excitation'), /repeats every 10\.24 s \(1024 samples\), 6 periods/);
  // The modes first (accelerations), with the band the force excites (lines 10–150 of 0.09766 Hz).
  const buttons = await page.$$eval('#csv-route-actions button', (bs) => bs.map((b) => [b.id, b.className, b.textContent]));
  assert.equal(buttons[0][0], 'csv-route-modes');
  assert.equal(buttons[0][1], 'primary');
  assert.match(buttons[0][2], /Find the modes in 0\.977–14\.6 Hz/);

  await withWatchdog(page, async () => {
    await page.click('#csv-route-modes');  // click 1: the right analysis, run
    await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('modes-status').dataset.state)
      && !document.getElementById('modes-run').disabled && document.getElementById('modes-table').childElementCount > 0, null, { timeout: 60_000 });
  });
  assert.equal(await page.getAttribute('#modes-status', 'data-state'), 'ok', await page.textContent('#modes-status'));
  assert.ok(await page.isVisible('#modes-status'), 'the modes section is open');
  assert.equal(await page.inputValue('#modes-band-lo'), '0.9765625');
  const found = await page.$$eval('#modes-table-data tbody tr', (rows) => rows.map((tr) => Number(tr.children[1].textContent.split('±')[0])));
  assert.equal(found.length, 3, JSON.stringify(found));
  found.forEach((f, k) => assert.ok(Math.abs(f / truth[k] - 1) < 0.005, `mode ${k + 1}: ${f} Hz against ${truth[k]} Hz`));
  // The periodic record said as a note (information), in two layers; its button analyses it as random.
  const note = page.locator('#modes-advice li[data-code="periodic"]');
  assert.equal(await note.getAttribute('data-level'), 'note');
  assert.match(await note.locator('.advice-message').textContent(), /repeats every 10\.24 s: the record holds 6 periods/);
  assert.equal(await note.locator('details').getAttribute('open'), null, 'the precise statement on demand');
  assert.match(await note.locator('button.advice-action').textContent(), /^Analyse it as random, and run again$/);
  assert.notEqual(await page.getAttribute('#modes-status', 'data-worst'), 'error');
  // The note's button: the record analysed as random (the excitation control set, the modes found again).
  const runs = async () => page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('modes-status').dataset.state)
    && !document.getElementById('modes-run').disabled, null, { timeout: 60_000 });
  await withWatchdog(page, async () => {
    await note.locator('button.advice-action').click();
    await page.waitForFunction(() => !document.querySelector('#modes-advice li[data-code="periodic"]'), null, { timeout: 60_000 });
    await runs();
  });
  assert.equal(await page.inputValue('#modes-excitation'), 'random');
  assert.match(await page.textContent('#modes-status'), /averages/);
  assert.deepEqual(browser.problems, []);
});

test('a free body with friction: identify is proposed; the free_body advice fixes K at zero and identifies again', async () => {
  await withWatchdog(page, () => chooseCsv(page, stageFile()));
  assert.match(await page.textContent('#csv-route-what'), /1 force \(u1\) and 1 displacement \(q1\)/);
  await page.waitForFunction(() => document.getElementById('csv-route').dataset.excitation !== undefined, null, { timeout: 30_000 });
  assert.equal(await page.getAttribute('#csv-route', 'data-excitation'), 'random');
  assert.equal(await page.getAttribute('#csv-route-actions button.primary', 'id'), 'csv-route-identify');

  const identified = async () => page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('csv-status').dataset.state)
    && !document.getElementById('csv-run').disabled, null, { timeout: 60_000 });
  await withWatchdog(page, async () => {
    await page.click('#csv-route-identify');  // click 1
    await identified();
  });
  const advice = page.locator('#csv-results li[data-code="free_body"]').first();
  assert.match(await advice.locator('.advice-message').textContent(), /move freely, without a spring/);
  const button = advice.locator('button.advice-action');
  assert.match(await button.textContent(), /^Fix K at zero \(free body\), and run again$/);
  const K = page.locator('#csv-results table[id^="csv-K-"] td').first();
  assert.ok(Number(await K.textContent().then((t) => t.split('±')[0])) < 0, 'K estimated negative with the defaults');

  await withWatchdog(page, async () => {
    await button.click();  // click 2
    await page.waitForFunction(() => document.getElementById('csv-structure').value === 'free');
    await identified();
  });
  assert.equal(await page.inputValue('#csv-structure'), 'free');
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ok', await page.textContent('#csv-status'));
  assert.equal(Number(await K.textContent()), 0);
  assert.match(await page.textContent('#csv-results .ident-pd'), /K: rigid-body mode \(the structure fixes K singular\)/);
  assert.equal(await page.$('#csv-results li[data-code="free_body"]'), null, 'no free-body advice once K is fixed at zero');
  assert.deepEqual(browser.problems, []);
});

test('a phone\'s accelerations: output-only said plainly, with one button: output-only modal analysis', async () => {
  await withWatchdog(page, () => chooseCsv(page, phoneFile()));
  assert.equal(await page.getAttribute('#csv-route', 'data-kind'), 'output-only');
  assert.match(await page.textContent('#csv-route-what'), /Output-only data: 4 accelerations \(Acceleration x, Acceleration y, Acceleration z and Absolute acceleration\).*no force/);
  assert.match(await page.textContent('#csv-route-propose'), /output-only \(operational\) modal analysis, which needs no force.*need the force/i);
  assert.deepEqual(await page.$$eval('#csv-route-actions button', (bs) => bs.map((b) => [b.id, b.textContent])), [['csv-route-oma', 'Output-only modal analysis']]);
  // Identify pressed all the same: the message beside the columns says why no force can be chosen.
  await page.click('#csv-run');
  await page.waitForFunction(() => document.getElementById('csv-status').dataset.state === 'error');
  assert.match(await page.textContent('#csv-mapping-error'), /choose at least one input \(force\) column \(this file holds responses only and no force/);
  assert.deepEqual(browser.problems, []);
});

test('the study: a point whose record is shorter than the slowest mode is drawn and said as such', async () => {
  await openStep(page, '#ident');
  await page.selectOption('#ident-preset', '3dof');
  await page.fill('#ident-n', '2000');
  await page.fill('#ident-study-hs', '0.001, 0.05');
  await page.fill('#ident-study-runs', '1');
  await checkOnly(page, '#ident-form input[name="method"]', ['variational', 'n4sid-d2c']);
  await withWatchdog(page, async () => {
    await page.click('#ident-study');
    await page.waitForFunction(() => /^Study (finished|stopped)/.test(document.getElementById('ident-status').textContent)
      && !document.getElementById('ident-study').disabled, null, { timeout: 60_000 });
  });
  const status = await page.textContent('#ident-status');
  assert.match(status, /^Study finished: 4 of 4 runs/);
  assert.match(status, /At h = 0\.001 s: The record is shorter than 2 periods of the slowest mode.*grey markers: the record, not the method, is at fault/);
  assert.equal(await page.getAttribute('#ident-study-plot', 'data-too-short'), '0.001');
  assert.ok((await page.textContent('#ident-study-plot')).includes('record too short for the slowest mode'), 'named in the legend');
  assert.deepEqual(browser.problems, []);
});
