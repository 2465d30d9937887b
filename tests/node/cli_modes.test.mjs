// mechid frf and mechid modes (issue 17) on simulated records, against closed forms: the sampled
// system's exact FRF (from its ZOH model, computed here) and the modes of `mechid modal`.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { simulationToCsv } from '../../wasm/api.js';
import { parseUff } from '../../wasm/uff.js';
import { uffToFrf } from '../../wasm/uff-convert.js';
import { at, cli, mechid } from './helpers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-modes-'));
// The 3-DOF preset pushed on DOF 1 only.
const preset = mechid.preset('3dof');
const system = { ...preset, L: { rows: 3, cols: 1, data: Float64Array.from([1, 0, 0]) } };
const systemFile = join(dir, 'one-force.json');
const nested = (m) => Array.from({ length: m.rows }, (_, i) => Array.from({ length: m.cols }, (_, j) => at(m, i, j)));
writeFileSync(systemFile, JSON.stringify({ M: nested(system.M), D: nested(system.D), K: nested(system.K), L: nested(system.L) }));

// H(z) = Hd (zI − F)⁻¹ G + J of a discrete model at z = e^{iωh}, by complex Gaussian elimination.
function discreteFrf(model, freqHz, h) {
  const n = model.F.rows;
  const [zr, zi] = [Math.cos(2 * Math.PI * freqHz * h), Math.sin(2 * Math.PI * freqHz * h)];
  const A = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => [(i === j ? zr : 0) - at(model.F, i, j), i === j ? zi : 0]));
  const b = Array.from({ length: n }, (_, i) => [at(model.G, i, 0), 0]);
  const mul = (a, c) => [a[0] * c[0] - a[1] * c[1], a[0] * c[1] + a[1] * c[0]];
  const div = (a, c) => { const d = c[0] ** 2 + c[1] ** 2; return [(a[0] * c[0] + a[1] * c[1]) / d, (a[1] * c[0] - a[0] * c[1]) / d]; };
  for (let k = 0; k < n; k++) {
    let p = k;
    for (let i = k + 1; i < n; i++) if (Math.hypot(...A[i][k]) > Math.hypot(...A[p][k])) p = i;
    [A[k], A[p]] = [A[p], A[k]];
    [b[k], b[p]] = [b[p], b[k]];
    for (let i = k + 1; i < n; i++) {
      const f = div(A[i][k], A[k][k]);
      for (let j = k; j < n; j++) A[i][j] = [A[i][j][0] - mul(f, A[k][j])[0], A[i][j][1] - mul(f, A[k][j])[1]];
      b[i] = [b[i][0] - mul(f, b[k])[0], b[i][1] - mul(f, b[k])[1]];
    }
  }
  const x = new Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i];
    for (let j = i + 1; j < n; j++) s = [s[0] - mul(A[i][j], x[j])[0], s[1] - mul(A[i][j], x[j])[1]];
    x[i] = div(s, A[i][i]);
  }
  return Array.from({ length: model.H.rows }, (_, o) => x.reduce((acc, xi, j) => [acc[0] + at(model.H, o, j) * xi[0], acc[1] + at(model.H, o, j) * xi[1]], [0, 0]));
}

test('frf --periods: H1 of a periodic record is the sampled system\'s exact FRF; --uff writes the same numbers', async () => {
  // A random force held over each sample, repeated 5 times; the transient of the slowest mode
  // (e^{−0.05 t}) is below 1e-8 after the 2 skipped periods of 409.6 s.
  const h = 0.1, P = 4096;
  const period = mechid.randomStream(3, P);
  const samples = { rows: 5 * P, cols: 1, data: Float64Array.from({ length: 5 * P }, (_, i) => period[i % P] - 0.5) };
  const sim = mechid.simulate(system, { h, n: 5 * P, input: 'samples', samples });
  const csv = join(dir, 'periodic.csv');
  writeFileSync(csv, simulationToCsv(sim));
  const uff = join(dir, 'frf.uff');
  const r = await cli('frf', '--data', csv, '--periods', '5', '--skip-periods', '2', '--band', '0.01:1', '--uff', uff);
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.status, 'ok');
  assert.equal(out.averages, 3);
  const zoh = mechid.discretize(system, h, 'zoh');
  let worst = 0;
  out.freq_hz.forEach((f, b) => {
    const exact = discreteFrf(zoh, f, h);
    for (let o = 0; o < 3; o++) {
      const [re, im] = out.H[o][0][b];
      worst = Math.max(worst, Math.hypot(re - exact[o][0], im - exact[o][1]) / Math.hypot(...exact[o]));
    }
  });
  assert.ok(worst < 1e-6, `largest relative error ${worst}`);
  const back = uffToFrf(parseUff(readFileSync(uff), uff), uff);
  assert.equal(back.freq_hz.length, out.freq_hz.length);
  assert.ok(Math.abs(back.H[2][0][10][1] / out.H[2][0][10][1] - 1) < 1e-10);
});

test('frf without --periods: the periods found from the force (advice periodic) give the --periods result; --periods 0 is random', async () => {
  const h = 0.1, P = 1024;
  const period = mechid.randomStream(5, P);
  const samples = { rows: 6 * P, cols: 1, data: Float64Array.from({ length: 6 * P }, (_, i) => period[i % P] - 0.5) };
  const csv = join(dir, 'periodic-found.csv');
  writeFileSync(csv, simulationToCsv(mechid.simulate(system, { h, n: 6 * P, input: 'samples', samples })));
  const run = async (...extra) => {
    const r = await cli('frf', '--data', csv, '--band', '0.01:1', ...extra);
    assert.equal(r.code, 0, r.stderr);
    return JSON.parse(r.stdout);
  };
  const [found, given, random] = [await run(), await run('--periods', '6'), await run('--periods', '0')];
  assert.equal(found.periods, 6);
  assert.equal(found.averages, 5);
  assert.deepEqual(found.H, given.H);
  const note = found.advice.find((a) => a.code === 'periodic');
  assert.equal(note.level, 'note');
  assert.match(note.message, /repeats every 102\.4 s: the record holds 6 periods/);
  assert.deepEqual(note.options, { periods: '0' });  // its action (analyse as random) as an option
  assert.ok(!given.advice.some((a) => a.code === 'periodic'));  // the user said it: nothing to tell
  assert.equal(random.periods, 0);
  assert.ok(!random.advice.some((a) => a.code === 'periodic'));
  assert.notDeepEqual(random.H, found.H);
});

test('modes on a random record of the 3-DOF preset with one force: the modes of mechid modal within 0.5 % and 10 %', async () => {
  const csv = join(dir, 'random.csv');
  let r = await cli('simulate', '--system', systemFile, '--h', '0.1', '--n', '20000', '--input', 'prbs', '--snr', '40', '--seed', '4', '--out', csv);
  assert.equal(r.code, 0, r.stderr);
  r = await cli('modes', '--data', csv, '--band', '0.05:1');
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  const truth = JSON.parse((await cli('modal', '--system', '3dof')).stdout).modes;
  assert.equal(out.method, 'lpm');
  assert.deepEqual(out.outputs, ['displacement', 'displacement', 'displacement']);
  assert.equal(out.modes.length, 3, JSON.stringify(out.modes.map((m) => m.freq_hz)));
  out.modes.forEach((m, i) => {
    assert.ok(Math.abs(m.freq_hz / truth[i].freq_hz - 1) < 0.005, `mode ${i + 1}: ${m.freq_hz} Hz against ${truth[i].freq_hz}`);
    assert.ok(Math.abs(m.zeta / truth[i].zeta - 1) < 0.10, `mode ${i + 1}: zeta ${m.zeta} against ${truth[i].zeta}`);
    assert.ok(m.freq_hz_sd > 0 && m.zeta_sd > 0 && m.stable_orders >= 5);
    assert.equal(m.shape.length, 3);
  });
  assert.ok(out.stabilization.length === 20 && out.stabilization[19].order === 40);
});

test('frf and modes: bad options name what is wrong', async () => {
  const csv = join(dir, 'named.csv');
  writeFileSync(csv, 't,u1,x1\n0,1,2\n0.1,0,1\n0.2,1,0\n0.3,0,1\n');
  const cases = [
    [['modes', '--data', csv], /--band/],
    [['modes', '--data', csv, '--band', '5', '--output-cols', 'x1', '--response', 'velocity'], /--band must be LO:HI in Hz/],
    [['modes', '--data', csv, '--band', '2:1', '--output-cols', 'x1', '--response', 'velocity'], /band 2:1 Hz is empty/],
    [['frf', '--data', csv, '--output-cols', 'x1'], /output column 'x1': its kind is not in its name/],
    [['frf', '--data', csv, '--output-cols', 'x1', '--response', 'force'], /force/],
  ];
  for (const [args, message] of cases) {
    const r = await cli(...args);
    assert.equal(r.code, 1, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, message);
    assert.equal(r.stderr.trim().split('\n').length, 1);
  }
});

test('modes --driving-point: the band\'s reduced M, D, K of the 3-DOF preset, or why it cannot be formed', async () => {
  // A random force on DOF 1 (PRBS, 20 000 samples, SNR 40 dB), all three displacements: three
  // modes in 0.05–1 Hz and three sensors, the driving point q1.
  const csv = join(dir, 'driving.csv');
  let r = await cli('simulate', '--system', systemFile, '--h', '0.1', '--n', '20000', '--input', 'prbs', '--snr', '40', '--seed', '4', '--out', csv);
  assert.equal(r.code, 0, r.stderr);
  r = await cli('modes', '--data', csv, '--band', '0.05:1', '--driving-point', '1');
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.modes.length, 3);
  const reduced = out.reduced;
  assert.equal(reduced.reason, 'none', reduced.message);
  assert.notEqual(reduced.status, 'failed');
  assert.equal(reduced.driving_output, 1);
  const relative = (a, b) => Math.hypot(...a.flat().map((x, k) => x - b.flat()[k])) / Math.hypot(...b.flat());
  const errors = Object.fromEntries(['M', 'D', 'K'].map((key) => [key, relative(reduced[key], nested(preset[key]))]));
  // Measured (relative Frobenius norms): M 0.42 %, D 0.88 %, K 0.69 %; over seeds 4–8 at most
  // 0.70 %, 0.98 %, 0.98 %.
  assert.ok(errors.M < 0.02 && errors.K < 0.02 && errors.D < 0.03, JSON.stringify(errors));

  // Two sensors for three modes: it cannot, and says so (typed reason, message on stderr).
  r = await cli('modes', '--data', csv, '--band', '0.05:1', '--output-cols', 'q1,q2', '--driving-point', '1');
  assert.equal(r.code, 0, r.stderr);
  const two = JSON.parse(r.stdout).reduced;
  assert.equal(two.status, 'failed');
  assert.equal(two.reason, 'mode-count');
  assert.equal(two.M, undefined);
  assert.match(two.message, /cannot: the band has 3 modes and 2 sensors/);
  assert.match(r.stderr, /cannot/);

  // Without --driving-point: no reduced model.
  assert.equal(JSON.parse((await cli('modes', '--data', csv, '--band', '0.05:1')).stdout).reduced, null);

  // Bad values name the option.
  for (const [value, message] of [['0', /--driving-point must be at least 1, got 0/], ['1.5', /--driving-point must be a whole number/],
    ['4', /the driving point is output 4 but the record's outputs are 1 … 3/]]) {
    r = await cli('modes', '--data', csv, '--band', '0.05:1', '--driving-point', value);
    assert.equal(r.code, 1, `--driving-point ${value}: ${r.stderr}`);
    assert.match(r.stderr, message);
    assert.equal(r.stderr.trim().split('\n').length, 1);
  }
});
