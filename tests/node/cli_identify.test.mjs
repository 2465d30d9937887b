// mechid identify and study: the identify result of docs/interfaces.md from a CSV written by
// `mechid simulate`, CSV errors naming line and column, and a small study.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, mechid } from './helpers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-identify-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
const data = join(dir, 'msd.csv');

test('simulate -> identify recovers the msd system; the result has the fields of docs/interfaces.md', async () => {
  assert.equal((await cli('simulate', '--system', 'msd', '--h', '0.1', '--n', '3000', '--snr', '40', '--seed', '2', '--out', data)).code, 0);
  for (const method of ['variational', 'n4sid-d2c']) {
    const r = await cli('identify', '--data', data, '--method', method, '--input-sampling', 'hold', '--truth', 'msd');
    assert.equal(r.code, 0, r.stderr);
    const result = JSON.parse(r.stdout);
    for (const key of ['method', 'h', 'n', 'M', 'D', 'K', 'status', 'message', 'warnings', 'checks', 'modal', 'fit', 'diagnostics', 'errors', 'timing_ms']) {
      assert.ok(key in result, `${method}: missing ${key}`);
    }
    // ok, or (variational) a warning from the residual test only: at SNR 40 and N = 3000 it detects
    // the midpoint model's O(h²) misfit, an error far below the one asserted here.
    const residualTestOnly = result.warnings.length > 0 && result.warnings.length === result.advice.length && result.advice.every((a) => a.code === 'correlated_residuals');
    assert.ok(result.status === 'ok' || (method === 'variational' && residualTestOnly), `${method}: ${result.status} ${result.warnings}`);
    assert.equal(result.h, 0.1);
    assert.ok(Math.abs(result.M[0][0] - 15) < 0.15, `${method} M = ${result.M[0][0]}`);
    assert.ok(Math.abs(result.K[0][0] - 2) < 0.02, `${method} K = ${result.K[0][0]}`);
    assert.ok(result.errors.M < 0.01 && result.errors.K < 0.01, JSON.stringify(result.errors));
    assert.deepEqual(result.checks, { M_pd: true, K_pd: true, D_psd: true, symmetric: true, sign_reversed: false, rigid_body: false });
    assert.ok(Math.abs(result.modal.modes[0].omega_n - Math.sqrt(2 / 15)) < 0.005);
    assert.ok(result.fit.fit_percent[0] > 95);
    assert.equal(result.validation.simulated, undefined);
  }
  const v = JSON.parse((await cli('identify', '--data', data, '--method', 'variational', '--input-sampling', 'hold')).stdout);
  assert.ok(v.Md && v.Dd && v.Kd, 'the variational result carries Md, Dd, Kd');
  assert.equal(v.errors, undefined, 'no errors without --truth');
});

test('identify --method auto returns the exact-sampling estimate with 95 % intervals that cover the truth, and why', async () => {
  const coarse = join(dir, 'msd-coarse.csv');
  assert.equal((await cli('simulate', '--system', 'msd', '--h', '2', '--n', '3000', '--snr', '30', '--seed', '3', '--out', coarse)).code, 0);
  const r = await cli('identify', '--data', coarse, '--method', 'auto', '--input-sampling', 'hold', '--truth', 'msd');
  assert.equal(r.code, 0, r.stderr);
  const result = JSON.parse(r.stdout);
  assert.equal(result.method, 'auto');
  assert.equal(result.diagnostics.choice, 'variational-zoh');
  assert.match(result.diagnostics.reason, /ZOH model is exact/);
  const u = result.uncertainty;
  assert.ok(u, 'auto carries uncertainty');
  // msd: m = 15, b = 0.2, k = 2 (docs/interfaces.md); each within its 99.9 % interval (3.3 sd).
  for (const [key, truth] of [['M', 15], ['D', 0.2], ['K', 2]]) {
    const sd = u[`${key}_sd`][0][0];
    assert.ok(sd > 0 && Math.abs(result[key][0][0] - truth) < 3.3 * sd, `${key} = ${result[key][0][0]} ± ${sd}`);
  }
  assert.ok(u.omega_n_sd[0] > 0 && Math.abs(result.modal.modes[0].omega_n - Math.sqrt(2 / 15)) < 3.3 * u.omega_n_sd[0]);
  // At h = 2 s (h·ω = 0.73) the midpoint model errs more than the exact one, and says so.
  const v = JSON.parse((await cli('identify', '--data', coarse, '--method', 'variational', '--input-sampling', 'hold', '--truth', 'msd')).stdout);
  assert.ok(v.errors.M > 3 * result.errors.M, `variational ${v.errors.M} vs auto ${result.errors.M}`);
  assert.ok(v.warnings.some((w) => w.includes('midpoint model errs')), v.warnings.join('; '));
});

test('identify --outputs acceleration: M, D, K from the a columns agree with those from the q columns', async () => {
  const file = join(dir, '3dof-multisine.csv');
  assert.equal((await cli('simulate', '--system', '3dof', '--h', '0.05', '--n', '6000', '--input', 'multisine', '--snr', '40',
    '--with-derivatives', '--seed', '3', '--out', file)).code, 0);
  const run = async (...args) => {
    const r = await cli('identify', '--data', file, '--method', 'variational', '--truth', '3dof', ...args);
    assert.equal(r.code, 0, r.stderr);
    return JSON.parse(r.stdout);
  };
  const fromQ = await run();
  const fromA = await run('--output-cols', 'a1,a2,a3', '--outputs', 'acceleration', '--cutoff', '0.04');
  assert.equal(fromA.diagnostics.prefilter_cutoff_hz, 0.04);
  assert.equal(fromA.diagnostics.prefilter_discarded, Math.ceil(20 / (2 * Math.PI * 0.04 * 0.05)));
  assert.match(fromA.diagnostics.outputs, /^accelerations: inputs and outputs high-passed at 0\.04 Hz/);
  for (const key of ['M', 'D', 'K']) {
    assert.ok(fromA.errors[key] < 0.02, `${key} from accelerations: ${fromA.errors[key]}`);
    assert.ok(fromQ.errors[key] < 0.02, `${key} from displacements: ${fromQ.errors[key]}`);
  }
  const bad = await cli('identify', '--data', file, '--method', 'auto', '--output-cols', 'a1,a2,a3', '--outputs', 'acceleration', '--input-sampling', 'hold');
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /^mechid: error: accelerations need sampled \(continuous\) forces/);
  assert.match((await cli('identify', '--data', file, '--method', 'auto', '--outputs', 'velocity')).stderr, /--outputs must be displacement or acceleration, got 'velocity'/);
});

test('CSV and option errors name the file, line and column', async () => {
  const write = (name, text) => { const f = join(dir, name); writeFileSync(f, text); return f; };
  const good = 't,u1,q1\n0,1,0\n0.1,1,0.1\n0.2,-1,0.2\n0.3,1,0.1\n';
  const cases = [
    [write('empty.csv', ''), ': the file is empty'],
    [write('ragged.csv', 't,u1,q1\n0,1,0\n0.1,1\n'), ': line 3 has 2 fields but the header has 3'],
    [write('text.csv', good.replace('0.2,-1,0.2', '0.2,abc,0.2')), ': line 4, column u1 "abc" is not a number'],
    [write('nan.csv', good.replace('0.2,-1,0.2', '0.2,-1,NaN')), ': line 4, column q1 is NaN (not finite)'],
    [write('back.csv', good.replace('0.2,-1', '0.05,-1')), ': time decreases at line 4 (0.1 then 0.05)'],
    [write('dup.csv', good.replace('0.2,-1', '0.1,-1')), ': line 4 repeats time 0.1 (duplicated sample)'],
    [write('jitter.csv', good.replace('0.2,-1', '0.23,-1')), /: time is not uniform: worst deviation .* at line 4/],
    [write('noinput.csv', 't,x1,q1\n0,1,0\n0.1,1,0\n0.2,1,0\n'), ': no force channel (u1, u2, ... or a channel in N); the file has t, x1, q1: choose the inputs (--input-cols)'],
  ];
  for (const [file, expected] of cases) {
    const r = await cli('identify', '--data', file, '--method', 'variational');
    assert.equal(r.code, 1, `${file}: ${r.stderr}`);
    const message = r.stderr.replace(/^mechid: error: /, '').trimEnd();
    assert.equal(r.stderr.split('\n').filter(Boolean).length, 1);
    if (expected instanceof RegExp) assert.match(message, expected);
    else assert.equal(message, `${file}${expected}`);
  }
  const semicolon = write('semi.csv', 't;u1;q1\n0;1;0\n0,1;1;0,1\n0,2;-1;0,2\n0,3;1;0,1\n');
  const r = await cli('identify', '--data', semicolon, '--method', 'equation-error', '--dof', '2');
  assert.equal(r.stderr, `mechid: error: --dof 2 but ${semicolon} has 1 output columns (q1)\n`);
  const m = await cli('identify', '--data', data, '--method', 'magic');
  assert.equal(m.stderr, "mechid: error: unknown method 'magic' (expected variational, n4sid-d2c, equation-error, variational-zoh, inverse-dynamic, auto, ida, dia, svf, ekf)\n");
});

test('study: rows per h and method with RMS errors and failure counts', async () => {
  const r = await cli('study', '--system', 'msd', '--h', '0.1,0.2', '--snr', '30', '--runs', '2', '--n', '1500',
    '--methods', 'variational,n4sid-d2c', '--seed', '3', '--workers', '2');
  assert.equal(r.code, 0, r.stderr);
  const study = JSON.parse(r.stdout);
  assert.deepEqual([study.system, study.snr, study.n, study.runs, study.seed], ['msd', 30, 1500, 2, 3]);
  assert.deepEqual(study.rows.map((row) => [row.h, row.method]),
    [[0.1, 'variational'], [0.1, 'n4sid-d2c'], [0.2, 'variational'], [0.2, 'n4sid-d2c']]);
  for (const row of study.rows) {
    assert.equal(row.failures, 0);
    assert.ok(row.rel_err.K < 0.2, JSON.stringify(row));  // loose: 2 runs; the point is the aggregation
    assert.ok(row.median_ms > 0);
  }
  // Reproducible with any number of workers.
  const again = JSON.parse((await cli('study', '--system', 'msd', '--h', '0.1,0.2', '--snr', '30', '--runs', '2', '--n', '1500',
    '--methods', 'variational,n4sid-d2c', '--seed', '3', '--workers', '1')).stdout);
  assert.deepEqual(again.rows.map((row) => row.rel_err), study.rows.map((row) => row.rel_err));
  const bad = await cli('study', '--system', 'msd', '--h', '0.1', '--snr', '30', '--runs', '0', '--n', '100', '--methods', 'variational');
  assert.equal(bad.stderr, 'mechid: error: --runs must be at least 1, got 0\n');
});

test('identify --positive keeps D semidefinite where the unconstrained estimate is not, in the same JSON', async () => {
  // A nearly undamped 3dof (D of the preset × 0.01) at SNR 20: the free estimate of D is indefinite.
  const system = join(dir, 'light.json');
  const nested = (m, factor = 1) => Array.from({ length: m.rows }, (_, i) => Array.from(m.data.slice(i * m.cols, (i + 1) * m.cols), (x) => x * factor));
  const p = mechid.preset('3dof');
  writeFileSync(system, JSON.stringify({ name: 'light', M: nested(p.M), D: nested(p.D, 0.01), K: nested(p.K), L: nested(p.L) }));
  const light = join(dir, 'light.csv');
  assert.equal((await cli('simulate', '--system', system, '--h', '0.1', '--n', '1500', '--snr', '20', '--seed', '11', '--out', light)).code, 0);
  const run = async (...extra) => JSON.parse((await cli('identify', '--data', light, '--method', 'variational-zoh', '--input-sampling', 'hold', ...extra)).stdout);
  const free = await run(), positive = await run('--positive');
  assert.equal(free.checks.D_psd, false, 'the case is one where the constraint matters');
  assert.deepEqual(positive.checks, { M_pd: true, K_pd: true, D_psd: true, symmetric: true, sign_reversed: false, rigid_body: false });
  assert.notEqual(positive.status, 'failed');
});

test('one actuator: --force-dofs 1 gives the --L FILE result and recovers the chain; a bad DOF is one line naming it', async () => {
  // A 2-DOF chain pushed at cart 1 only (issue 16): L = [1; 0].
  const chain = { M: [[2, 0], [0, 1.5]], D: [[0.4, 0], [0, 0.1]], K: [[5, -2], [-2, 2]], L: [[1], [0]] };
  const system = join(dir, 'chain.json'), csv = join(dir, 'chain.csv'), L = join(dir, 'L.json');
  writeFileSync(system, JSON.stringify(chain));
  writeFileSync(L, JSON.stringify(chain.L));
  assert.equal((await cli('simulate', '--system', system, '--h', '0.05', '--n', '1500', '--snr', '40', '--seed', '1', '--out', csv)).code, 0);
  const run = async (...more) => cli('identify', '--data', csv, '--method', 'variational-zoh', '--input-sampling', 'hold', '--truth', system, ...more);
  const byDof = await run('--force-dofs', '1'), byMatrix = await run('--L', L);
  assert.equal(byDof.code, 0, byDof.stderr);
  const a = JSON.parse(byDof.stdout), b = JSON.parse(byMatrix.stdout);
  assert.deepEqual(a.M, b.M);
  assert.deepEqual(a.L, [[1], [0]]);
  assert.ok(a.errors.M < 0.01 && a.errors.K < 0.01 && a.errors.D < 0.05, JSON.stringify(a.errors));
  for (const [args, message] of [
    [['--force-dofs', '3'], 'mechid: error: --force-dofs entry 1 is 3: the data have DOFs 1 to 2 (one per output column)'],
    [['--force-dofs', '1,2'], 'mechid: error: --force-dofs names 2 DOF(s) but the data have 1 input column(s): give one DOF per input column'],
    [['--force-dofs', '1', '--L', L], 'mechid: error: give --L FILE or --force-dofs D1,D2,.., not both'],
  ]) {
    const r = await run(...args);
    assert.equal(r.code, 1, args.join(' '));
    assert.equal(r.stderr, `${message}\n`);
  }
});
