// The lab-rig options of identify (issue 16): several runs, --validate, --structure, --scale,
// --friction/--offset, and their bad-input messages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from './helpers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-lab-'));
// A 2-DOF chain pushed at cart 1 (the ECP rig's layout): lumped masses, dashpots to ground.
const chain = { M: [[2, 0], [0, 1.5]], D: [[0.4, 0], [0, 0.1]], K: [[5, -2], [-2, 2]], L: [[1], [0]] };
const system = join(dir, 'chain.json');
writeFileSync(system, JSON.stringify(chain));
const COUNT = 1e-3;  // one encoder count, in the unit of the simulation

/** A run of the chain as a lab records it: the effort with the opposite sign, the carts in counts. */
async function labRun(name, seed) {
  const clean = join(dir, `${name}-clean.csv`), file = join(dir, `${name}.csv`);
  const r = await cli('simulate', '--system', system, '--h', '0.05', '--n', '1200', '--snr', 'inf', '--seed', String(seed), '--out', clean);
  assert.equal(r.code, 0, r.stderr);
  const [, ...rows] = readFileSync(clean, 'utf8').trim().split('\n');
  const lab = rows.map((line) => {
    const [t, u, q1, q2] = line.split(',').map(Number);
    return [t, -u, Math.round(q1 / COUNT), Math.round(q2 / COUNT)].join(',');
  });
  writeFileSync(file, `t,u1,q1,q2\n${lab.join('\n')}\n`);
  return file;
}

const train = [await labRun('a', 1), await labRun('b', 2)], heldOut = await labRun('c', 3);
const CHAIN = '{"M":"diagonal","D":"diagonal","K":"tridiagonal"}';
const identify = async (...args) => cli('identify', '--method', 'auto', '--input-sampling', 'hold', '--force-dofs', '1', ...args);

test('two runs in counts with the sign flipped, the chain template and a held-out run: exact structure, the truth within 3 sd', async () => {
  const r = await identify('--data', train[0], '--data', train[1], '--scale', 'u1=-1', '--structure', CHAIN, '--validate', heldOut);
  assert.equal(r.code, 0, r.stderr);
  const result = JSON.parse(r.stdout);
  assert.notEqual(result.status, 'failed', result.message);
  assert.equal(result.M[0][1], 0);
  assert.equal(result.D[0][1], 0);
  assert.equal(result.checks.sign_reversed, false);
  // In counts, M q = (M·COUNT) q_counts: the estimate per count is the truth times COUNT.
  for (const X of ['M', 'D', 'K']) {
    for (const [i, j] of [[0, 0], [0, 1], [1, 1]]) {
      const sd = result.uncertainty[`${X}_sd`][i][j], estimate = result[X][i][j], truth = chain[X][i][j] * COUNT;
      if (truth === 0 && sd === 0) continue;  // fixed by the structure
      assert.ok(Math.abs(estimate - truth) <= 3 * sd, `${X}[${i + 1},${j + 1}] ${estimate} ± ${sd}, truth ${truth}`);
    }
  }
  assert.equal(result.validation_records.length, 1);
  assert.equal(result.validation_records[0].file, heldOut);
  assert.ok(Math.min(...result.validation_records[0].fit_percent) > 99, JSON.stringify(result.validation_records));
});

test('without the sign flip the result says so in checks.sign_reversed and one warning', async () => {
  const r = await identify('--data', train[0]);
  const result = JSON.parse(r.stdout);
  assert.equal(result.checks.sign_reversed, true);
  assert.ok(result.warnings.some((w) => w.includes('flip the sign of the input columns')), r.stderr);
});

test('inverse-dynamic with --friction coulomb --offset on friction-free data: F_c and f_0 within 3 sd of zero', async () => {
  const r = await cli('identify', '--method', 'inverse-dynamic', '--input-sampling', 'hold', '--force-dofs', '1', '--data', train[0],
    '--scale', 'u1=-1', '--structure', CHAIN, '--friction', 'coulomb', '--offset');
  assert.equal(r.code, 0, r.stderr);
  const result = JSON.parse(r.stdout);
  assert.equal(result.friction.coulomb.length, 2);
  result.friction.coulomb.forEach((f, i) => assert.ok(Math.abs(f) <= 3 * result.friction.coulomb_sd[i], `F_c ${f} ± ${result.friction.coulomb_sd[i]}`));
  result.offset.forEach((f, i) => assert.ok(Math.abs(f) <= 3 * result.offset_sd[i], `f_0 ${f} ± ${result.offset_sd[i]}`));
  assert.ok(result.diagnostics.lowpass_hz > 0);
});

test('bad lab input gives one line naming the option, file and value', async () => {
  const other = join(dir, 'one-cart.csv');  // a record of another experiment: one cart
  writeFileSync(other, 't,u1,q1\n0,0,0\n0.05,1,0\n0.1,1,2\n0.15,0,5\n0.2,1,6\n');
  for (const [args, message] of [
    [['--scale', 'u9=2'], `--scale u9: ${train[0]} has no such input or output column (it has u1, q1, q2)`],
    [['--scale', 'u1=0'], '--scale u1=0: the factor must be a finite nonzero number (a negative one flips the sign)'],
    [['--scale', 'u1'], "--scale entry 'u1' must be COLUMN=FACTOR, e.g. u1=-1 or q1=1.786e-5"],
    [['--structure', '{"M": diag}'], '--structure is not valid JSON: Unexpected token'],
    [['--structure', 'nofile.json'], "--structure 'nofile.json' is neither JSON ({\"M\": \"diagonal\", ...}) nor an existing file"],
    [['--structure', '{"M":"band"}'], "structure M: unknown pattern 'band' (expected full, diagonal, tridiagonal, zero or an n x n 0/1 mask)"],
    [['--structure', '{"K":[[1,1,0],[1,1,1],[0,1,1]]}'], 'structure K: the mask must be 2x2 (one row and column per output), got 3x3'],
    [['--structure', '{"M":"diagonal","known":{"M":[[0,null],[null,null]]}}'], 'structure known.M: the mass M[1,1] = 0 must be > 0'],
    [['--structure', '{"Q":"full"}'], "structure: unknown key 'Q' (expected M, D, K or known)"],
    // Runs of one experiment, by the core's one rule (src/identify/dataset.hpp check_runs).
    [['--validate', other], `validation run 1 (${other}) has 1 input and 1 output column(s), run 1 (${train[0]}) has 1 and 2`],
    [['--data', other], `run 2 (${other}) has 1 input and 1 output column(s), run 1 (${train[0]}) has 1 and 2`],
    [['--friction', 'coulomb', '--method', 'variational-zoh'], 'method variational-zoh has no friction term; use inverse-dynamic or auto'],
    [['--structure', CHAIN, '--method', 'n4sid-d2c'], 'method n4sid-d2c cannot honour a structure'],
  ]) {
    const r = await identify('--data', train[0], ...args);
    assert.equal(r.code, 1, args.join(' '));
    assert.ok(r.stderr.startsWith(`mechid: error: ${message}`), `${args.join(' ')}: ${r.stderr}`);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  }
  const svf = await cli('identify', '--method', 'svf', '--data', train[0], '--data', train[1]);
  assert.equal(svf.stderr, '--data once only for --method svf (the linear methods take several runs)\n'.replace(/^/, 'mechid: error: '));
});

test('bad-input errors of the API carry the option they are about (typed, for the page to place them)', async () => {
  const { mechid } = await import('./helpers.mjs');
  const data = { h: 0.1, u: { rows: 40, cols: 1, data: Float64Array.from({ length: 40 }, (_, i) => Math.sin(i)) },
    y: { rows: 40, cols: 2, data: Float64Array.from({ length: 80 }, (_, i) => Math.cos(i / 3)) } };
  const optionOf = (method, options, records = data) => {
    try {
      mechid.identify(method, records, { forceDofs: [1], ...options });
    } catch (e) {
      assert.equal(e.code, 'bad-input', e.message);
      return e.option;
    }
    return 'no error';
  };
  assert.equal(optionOf('auto', { structure: { M: 'band' } }), 'structure');
  assert.equal(optionOf('auto', { structure: { Q: 'full' } }), 'structure');  // refused in api.js
  assert.equal(optionOf('n4sid-d2c', { structure: { M: 'diagonal' } }), 'structure');
  assert.equal(optionOf('variational-zoh', { friction: 'coulomb' }), 'friction');
  assert.equal(optionOf('n4sid-d2c', { offset: true }), 'offset');
  assert.equal(optionOf('auto', { lowpassHz: 5 }), 'lowpass');
  assert.equal(optionOf('n4sid-d2c', {}, [data, data]), 'runs');
  assert.equal(optionOf('auto', { forceDofs: [3] }), undefined);  // about the mapping: no option code
});

test('--input-sampling auto (the default) reads a held command as held, says so, and names a bad value', async () => {
  // A PRBS whose bits last 10 samples, simulated exactly under a zero-order hold, as a DAC gives it.
  const clean = join(dir, 'slow-prbs.csv');
  const s = await cli('simulate', '--system', system, '--h', '0.05', '--n', '1500', '--input', 'prbs', '--hold', '10', '--snr', '40', '--seed', '4', '--out', clean);
  assert.equal(s.code, 0, s.stderr);
  const run = async (...args) => {
    const r = await cli('identify', '--method', 'auto', '--force-dofs', '1', '--data', clean, ...args);
    assert.equal(r.code, 0, r.stderr);
    return JSON.parse(r.stdout);
  };
  const read = await run(), held = await run('--input-sampling', 'hold'), point = await run('--input-sampling', 'point');
  assert.match(read.diagnostics.input_sampling, /^hold \(read off the data/);
  assert.equal(read.diagnostics.sampling_model, 'zoh');
  assert.deepEqual(read.M, held.M);
  assert.equal(held.diagnostics.input_sampling, undefined);  // stated: nothing read off
  assert.notDeepEqual(point.M, held.M);  // stated point: another model of the intersample force
  // Held data identified as held recover the chain.
  const error = (r) => Math.hypot(...r.M.flat().map((x, i) => x - chain.M.flat()[i])) / Math.hypot(...chain.M.flat());
  assert.ok(error(held) < 0.02, `M off by ${error(held)} as held`);
  const bad = await cli('identify', '--method', 'auto', '--force-dofs', '1', '--data', clean, '--input-sampling', 'sometimes');
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /--input-sampling must be auto, point or hold, got 'sometimes'/);
});

test('--initial-window 50: the held-out run scored after its first 50 samples, with an rmse in counts near the quantisation floor 1/√12', async () => {
  const r = await identify('--data', train[0], '--data', train[1], '--scale', 'u1=-1', '--structure', CHAIN, '--validate', heldOut, '--initial-window', '50');
  assert.equal(r.code, 0, r.stderr);
  const [record] = JSON.parse(r.stdout).validation_records;
  assert.equal(record.scored_from, 50);
  // Noise-free runs rounded to whole counts: the true model's error is the rounding, uniform on
  // ±0.5 count, whose RMS is 1/√12 = 0.289 count; the estimate adds little to it.
  for (const rmse of record.rmse) assert.ok(rmse > 0.25 && rmse < 0.4, JSON.stringify(record));
  const whole = JSON.parse((await identify('--data', train[0], '--data', train[1], '--scale', 'u1=-1', '--structure', CHAIN, '--validate', heldOut)).stdout);
  assert.equal(whole.validation_records[0].scored_from, 0);
  const bad = await identify('--data', train[0], '--validate', heldOut, '--initial-window', '-3');
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /--initial-window/);
});
