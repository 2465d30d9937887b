// Nonlinear stiffness from acceleration (seed 002) through the CLI and the JS API:
// simulate -> identify round trips (IDA, DIA, noise, estimated mass and damping, the beam),
// and bad input answered with one line naming what is wrong.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, mechid } from './helpers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-nonlinear-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
const file = (name) => join(dir, name);

async function run(...args) {
  const r = await cli(...args);
  assert.equal(r.code, 0, r.stderr);
  return r;
}

async function identify(...args) {
  return JSON.parse((await run('identify', ...args)).stdout);
}

const relative = (x, truth) => Math.abs(x - truth) / truth;

test('simulate lin-ewins writes t,u1,a1[,q1,v1] at 1 kHz; the noise follows --seed', async () => {
  await run('simulate', '--system', 'lin-ewins', '--n', '3000', '--with-derivatives', '--out', file('le-short.csv'));
  const lines = readFileSync(file('le-short.csv'), 'utf8').trimEnd().split('\n');
  assert.equal(lines[0], 't,u1,a1,q1,v1');
  assert.equal(lines.length, 3001);
  const row = lines[1000].split(',').map(Number);
  assert.equal(row[0], 0.999);
  assert.ok(Math.abs(row[1] - 100 * Math.cos(40 * 0.999)) < 1e-9, 'u1 is the force A cos(ω t)');
  const noisy = async (seed) => (await run('simulate', '--system', 'lin-ewins', '--n', '200', '--sigma', '10', '--a0', '5', '--seed', seed)).stdout;
  assert.equal(await noisy('4'), await noisy('4'));
  assert.notEqual(await noisy('4'), await noisy('5'));
  assert.equal((await noisy('4')).split('\n')[0], 't,u1,a1');
});

test('noise-free Lin-Ewins: the IDA finds k_outer = 40000 within 0.3 %, k_inner ~ 0; the result has k, regions, classification, fit', async () => {
  await run('simulate', '--system', 'lin-ewins', '--out', file('le.csv'));
  const r = await identify('--data', file('le.csv'), '--method', 'ida', '--regions', 'thresholds:0.005', '--mass', '1', '--damping', '4',
    '--segments', '20', '--highpass', '2', '--detrend', '--truth', 'lin-ewins');
  for (const key of ['method', 'status', 'message', 'warnings', 'k', 'stiffness', 'regions', 'classification', 'fit', 'mass', 'damping', 'iterations', 'truth', 'errors']) {
    assert.ok(key in r, `missing ${key}`);
  }
  assert.equal(r.status, 'ok');
  assert.equal(r.method, 'ida');
  assert.ok(relative(r.k.outer, 40000) < 3e-3, `k outer ${r.k.outer}`);
  assert.ok(Math.abs(r.k.inner) < 1, `k inner ${r.k.inner}`);
  assert.ok(r.errors.outer.relative < 3e-3);
  assert.equal(r.truth.k.outer, 40000);
  assert.deepEqual(r.regions.regions.map((g) => [g.interval, g.stiffness, g.offset]),
    [['x <= -0.005', 'outer', -0.005], ['-0.005 < x <= 0.005', 'inner', 0], ['x > 0.005', 'outer', 0.005]]);
  assert.ok(r.classification.changed > 0 && r.classification.changes.length > 0, 'swapping moved samples');
  assert.ok(r.fit.fit_percent > 50);
  assert.equal(r.massEstimated, false);
  assert.equal(r.signals, undefined, 'no per-sample arrays in the JSON');
  assert.equal(r.n, 20000);
  assert.equal(r.h, 0.001);
});

test('noise-free at 10 kHz: the DIA is exact and estimates mass and damping from the force', async () => {
  await run('simulate', '--system', 'lin-ewins', '--h', '0.0001', '--n', '100000', '--substeps', '5', '--out', file('le-fine.csv'));
  const known = await identify('--data', file('le-fine.csv'), '--method', 'dia', '--regions', 'thresholds:0.005', '--mass', '1', '--damping', '4');
  assert.ok(relative(known.k.outer, 40000) < 1e-3, `k outer ${known.k.outer}`);
  assert.equal(known.classification.swaps, 0, 'the DIA runs Algorithm 2 (no swapping) by default');
  const all = await identify('--data', file('le-fine.csv'), '--method', 'dia', '--regions', 'thresholds:0.005');
  assert.equal(all.massEstimated, true);
  assert.equal(all.dampingEstimated, true);
  assert.ok(relative(all.mass, 1) < 1e-3, `m ${all.mass}`);
  assert.ok(relative(all.damping, 4) < 1e-2, `c ${all.damping}`);
  assert.ok(relative(all.k.outer, 40000) < 2e-3, `k ${all.k.outer}`);
});

test('with accelerometer noise (sigma 10, a0 5) the IDA stays within 5 % and beats the DIA', async () => {
  await run('simulate', '--system', 'lin-ewins', '--sigma', '10', '--a0', '5', '--seed', '3', '--out', file('le-noisy.csv'));
  const args = ['--data', file('le-noisy.csv'), '--regions', 'thresholds:0.005', '--mass', '1', '--damping', '4',
    '--segments', '20', '--highpass', '2', '--detrend', '--truth', 'lin-ewins'];
  const ida = await identify('--method', 'ida', ...args);
  const dia = await identify('--method', 'dia', ...args);
  assert.ok(ida.errors.outer.relative < 0.05, `IDA ${ida.k.outer}`);
  assert.ok(dia.errors.outer.relative > 3 * ida.errors.outer.relative, `DIA ${dia.k.outer}, IDA ${ida.k.outer}`);
  const plain = await identify('--method', 'ida', '--swap', 'off', ...args);
  assert.equal(plain.classification.changed, 0);
  assert.ok(plain.errors.outer.relative > ida.errors.outer.relative, 'swapping helps');
});

test('the beam in free vibration: sign regions, known J and damping; the mass cannot be estimated', async () => {
  await run('simulate', '--system', 'beam', '--n', '1500', '--out', file('beam.csv'));
  const r = await identify('--data', file('beam.csv'), '--method', 'ida', '--regions', 'sign', '--mass', '0.01139', '--damping', '0.0225',
    '--detrend', '--truth', 'beam');
  assert.ok(relative(r.k.negative, 608.3) < 0.03, `k negative ${r.k.negative}`);
  assert.ok(relative(r.k.positive, 123.2) < 0.03, `k positive ${r.k.positive}`);
  const e = await cli('identify', '--data', file('beam.csv'), '--method', 'ida', '--regions', 'sign', '--detrend');
  assert.equal(e.code, 1);
  assert.equal(e.stderr, 'mechid: error: the mass cannot be estimated from free vibration (no force): give the mass\n');
});

test('the JS API returns the signals, regions per sample and force curves for the page', () => {
  const sim = mechid.nonlinearSimulate('lin-ewins', { n: 4000 });
  assert.ok(sim.a instanceof Float64Array && sim.a.length === 4000);
  assert.equal(sim.k.outer, 40000);
  assert.ok(sim.forceCurve.x.length === sim.forceCurve.F.length && sim.forceCurve.F.length > 100);
  const r = mechid.nonlinearIdentify({ h: sim.h, a: sim.a, f: sim.f }, {
    method: 'ida', regions: { kind: 'thresholds', x0: 0.005 }, mass: 1, damping: 4, segments: 4, detrend: true,
  });
  assert.equal(r.status, 'ok');
  for (const key of ['x', 'v', 'a', 'j', 'y', 'yFit']) assert.ok(r.signals[key] instanceof Float64Array && r.signals[key].length === 4000, key);
  assert.ok(r.signals.finalRegion instanceof Int32Array);
  assert.ok(r.signals.finalRegion.every((g) => g >= 0 && g < 3));
  assert.equal(r.forceCurve.F.length, r.forceCurve.x.length);
  assert.throws(() => mechid.nonlinearIdentify({ h: 0.001, a: sim.a }, { method: 'magic', regions: { kind: 'sign' } }),
    { name: 'MechidError', code: 'bad-input', message: "unknown method 'magic' (expected ida or dia)" });
  assert.throws(() => mechid.nonlinearSimulate('duffing', {}), { code: 'bad-input', message: "unknown nonlinear system 'duffing' (expected lin-ewins or beam)" });
});

test('bad input: one line naming what is wrong, exit 1', async () => {
  const write = (name, text) => { writeFileSync(file(name), text); return file(name); };
  const rows = (n, f) => Array.from({ length: n }, (_, i) => f(i)).join('\n');
  const noAccel = write('noaccel.csv', `t,u1,q1\n${rows(100, (i) => `${i / 1000},1,0`)}\n`);
  const short = write('short.csv', `t,u1,a1\n${rows(10, (i) => `${i / 1000},1,${Math.sin(i)}`)}\n`);
  const nan = write('nan.csv', `t,u1,a1\n${rows(100, (i) => `${i / 1000},1,${i === 40 ? 'NaN' : Math.sin(i)}`)}\n`);
  const base = ['--method', 'ida', '--regions', 'thresholds:0.005', '--mass', '1'];
  const cases = [
    [['identify', '--data', noAccel, ...base], `${noAccel}: no acceleration column 'a1' (give --accel-col NAME); the header has t, u1, q1`],
    [['identify', '--data', short, ...base], 'the acceleration record is too short: 10 samples, at least 50 needed'],
    [['identify', '--data', nan, ...base], `${nan}: line 42, column a1 is NaN (not finite)`],
    [['identify', '--data', file('le.csv'), '--method', 'ida', '--regions', 'thresholds:1', '--mass', '1'],
      "the regions leave stiffness 'outer' (x <= -1 or x > 1) with 0 samples (at least 6 needed): the displacement never enters it; check the thresholds or breakpoints"],
    [['identify', '--data', file('le.csv'), '--method', 'dia', '--mass', '1'],
      'identify --method dia needs --regions (thresholds:X0, sign or breakpoints:B1,B2,..)'],
    [['identify', '--data', file('le.csv'), '--method', 'ida', '--regions', 'thresholds:-2'],
      "regions 'thresholds:-2': thresholds needs one positive x0, e.g. thresholds:0.005"],
    [['identify', '--data', file('le.csv'), '--method', 'ida', '--regions', 'breakpoints:0.1,0'],
      'breakpoints must be increasing, got 0.1 then 0'],
    [['identify', '--data', file('le.csv'), '--method', 'ida', '--regions', 'sign', '--swap', 'maybe'], "--swap must be on or off, got 'maybe'"],
    [['identify', '--data', file('le.csv'), '--method', 'ida', '--regions', 'sign', '--mass', '-1'], 'the mass must be a positive number, got -1'],
    [['identify', '--data', file('le.csv'), '--method', 'ida', '--regions', 'sign', '--init', 'n4sid'], '--init does not apply to --method ida'],
    [['identify', '--data', file('le.csv'), '--method', 'variational', '--regions', 'sign'], '--regions does not apply to --method variational'],
    [['simulate', '--system', 'lin-ewins', '--snr', '20'], '--snr does not apply to --system lin-ewins'],
    [['simulate', '--system', 'msd', '--h', '0.1', '--n', '100', '--sigma', '1'], '--sigma does not apply to --system msd'],
    [['simulate', '--system', 'lin-ewins', '--sigma', '-1'], 'the accelerometer noise sigma must be >= 0, got -1'],
    [['simulate', '--system', 'lin-ewins', '--n', '1'], 'the number of samples must be between 2 and 2000000, got 1'],
  ];
  for (const [args, expected] of cases) {
    const r = await cli(...args);
    assert.equal(r.code, 1, `${args.join(' ')}: ${r.stderr}`);
    assert.equal(r.stderr, `mechid: error: ${expected}\n`, args.join(' '));
    assert.equal(r.stdout, '');
  }
});
