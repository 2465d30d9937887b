// CLI commands of the discretization issue: discretize, d2c, condition, modal, passivity,
// perturb-study — JSON as in docs/interfaces.md, numbers checked against independent values.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, mechid } from './helpers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-d2c-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const json = async (...args) => {
  const r = await cli(...args);
  assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
  return { value: JSON.parse(r.stdout), stderr: r.stderr };
};
const relErr = (a, b) => Math.sqrt(a.flat().reduce((s, x, i) => s + (x - b.flat()[i]) ** 2, 0) / b.flat().reduce((s, x) => s + x * x, 0));

test('discretize then d2c round-trips through files (zoh, tustin, euler to 1e-10; variational exactly)', async () => {
  const truth = mechid.stateSpace(mechid.preset('3dof'));
  const A = Array.from({ length: 6 }, (_, i) => Array.from(truth.A.data.slice(6 * i, 6 * i + 6)));
  for (const method of ['zoh', 'tustin', 'euler']) {
    const file = join(dir, `${method}.json`);
    const d = await cli('discretize', '--system', '3dof', '--h', '0.05', '--method', method, '--out', file);
    assert.equal(d.code, 0, d.stderr);
    const { value } = await json('d2c', '--model', file);
    assert.equal(value.status, 'ok');
    assert.ok(relErr(value.A, A) < 1e-10, `${method}: ${relErr(value.A, A)}`);
  }
  const file = join(dir, 'variational.json');
  await cli('discretize', '--system', 'msd', '--h', '0.1', '--method', 'variational', '--out', file);
  const { value } = await json('d2c', '--model', file);
  assert.deepEqual(Object.keys(value).filter((k) => ['M', 'D', 'K'].includes(k)), ['M', 'D', 'K']);
  assert.ok(Math.abs(value.M[0][0] - 15) < 1e-12 && Math.abs(value.D[0][0] - 0.2) < 1e-12 && Math.abs(value.K[0][0] - 2) < 1e-12);
});

test('discretize --method variational gives eq. 2.22 and the keys of docs/interfaces.md', async () => {
  const { value } = await json('discretize', '--system', 'msd', '--h', '0.1', '--method', 'variational');
  assert.equal(value.method, 'variational');
  assert.equal(value.h, 0.1);
  assert.ok(Math.abs(value.Md[0][0] - (15 / 0.1 + 0.1 * 2 / 4 + 0.1)) < 1e-12);
  assert.ok(Math.abs(value.Dd[0][0] + (2 * 15 / 0.1 - 0.1 * 2 / 2)) < 1e-12);
  assert.ok(Math.abs(value.Kd[0][0] - (15 / 0.1 + 0.1 * 2 / 4 - 0.1)) < 1e-12);
  const zoh = (await json('discretize', '--system', 'msd', '--h', '0.1', '--method', 'zoh')).value;
  assert.deepEqual(Object.keys(zoh), ['method', 'h', 'F', 'G', 'H', 'J']);
});

test('d2c reports a missing real logarithm as a result with the eigenvalues, not a crash', async () => {
  const file = join(dir, 'negative.json');
  writeFileSync(file, JSON.stringify({ h: 0.1, method: 'zoh', F: [[-0.5, 0], [0, 0.3]], G: [[1], [1]], H: [[1, 1]] }));
  const { value, stderr } = await json('d2c', '--model', file);
  assert.equal(value.status, 'failed');
  assert.match(value.message, /^no real matrix logarithm/);
  assert.deepEqual(value.eigenvalues, [[-0.5, 0]]);
  assert.equal(value.A, undefined);
  assert.match(stderr, /^mechid: warning: no real matrix logarithm/);
});

test('condition: κ(h) equals the closed form of (3.35); with a system, per-matrix amplification', async () => {
  const hs = [0.001, 0.1, 2, 10];
  const { value } = await json('condition', '--h', hs.join(','), '--system', '3dof');
  assert.equal(value.rows.length, 4);
  value.rows.forEach((row, i) => {
    const h = hs[i], a = 48 + 3 * h ** 4, S = Math.sqrt(2304 - 224 * h ** 4 + 9 * h ** 8);
    const sigma = [(Math.SQRT2 / 8) * Math.sqrt(a + S) / h, Math.SQRT2, (4 * h) / Math.sqrt(a + S)];
    const kappa = Math.max(...sigma) / Math.min(...sigma);
    assert.equal(row.h, h);
    assert.ok(Math.abs(row.kappa / kappa - 1) < 1e-9, `h=${h}: ${row.kappa} vs ${kappa}`);
    assert.equal(row.sigma.length, 3);
    assert.ok(row.amplification.K > 0);
  });
  assert.ok(Math.abs(value.rows[2].kappa - 2) < 1e-9);  // h = 2: κ = 2 (not √2 as eq. 3.36 would give)
});

test('modal: frequencies of the 3dof system equal sqrt of the generalized eigenvalues of (K, M)', async () => {
  const { value } = await json('modal', '--system', '3dof');
  // Characteristic polynomial of M^-1 K by hand is not needed: check det(K - ω² M) = 0 for each mode.
  const M = [0.8, 2, 1.2], K = [[4, -1, -1], [-1, 4, -1], [-1, -1, 4]];
  const det3 = (m) => m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
  assert.equal(value.modes.length, 3);
  for (const mode of value.modes) {
    const w2 = mode.omega_n ** 2;
    const pencil = K.map((row, i) => row.map((k, j) => k - (i === j ? w2 * M[i] : 0)));
    assert.ok(Math.abs(det3(pencil)) < 1e-9 * 64, `det = ${det3(pencil)}`);
    assert.ok(Math.abs(mode.zeta - 0.05 * mode.omega_n) < 1e-10);  // D = 0.1 K
    assert.ok(Math.abs(mode.freq_hz - mode.omega_n / (2 * Math.PI)) < 1e-14);
  }
  assert.ok(value.modes[0].omega_n < value.modes[1].omega_n && value.modes[1].omega_n < value.modes[2].omega_n);
});

test('passivity and perturb-study run and give the verdicts of the thesis', async () => {
  const p = (await json('passivity', '--system', '8dof', '--h', '0.01')).value;
  assert.deepEqual([p.continuous.passive, p.cayley.passive, p.zoh.passive, p.euler.passive], [true, true, false, false]);
  const s = (await json('perturb-study', '--i', '10,100', '--samples', '100', '--seed', '2')).value;
  assert.equal(s.rows.length, 4);
  const [zoh10, mid10, zoh100, mid100] = s.rows;
  assert.deepEqual([zoh10.method, mid10.method], ['zoh', 'midpoint']);
  // h shrinks 10x: midpoint δk grows ~100x, δd ~10x, δm stays.
  assert.ok(mid100.rel_err.k / mid10.rel_err.k > 50 && mid100.rel_err.k / mid10.rel_err.k < 200);
  assert.ok(mid100.rel_err.d / mid10.rel_err.d > 5 && mid100.rel_err.d / mid10.rel_err.d < 20);
  assert.ok(mid100.rel_err.m / mid10.rel_err.m > 0.5 && mid100.rel_err.m / mid10.rel_err.m < 2);
  assert.ok(zoh100.rel_err.A > zoh10.rel_err.A);
});

test('modal with a test set-up: each mode\'s participation is its FRF peak at the sensors; a mode with its node at the force is not observable', async () => {
  // 8dof, force on DOF 1, accelerations of DOFs 1, 4, 7: the peak |φ1| ‖φ(sensors)‖ / (2ζ) from
  // the plain modes' shapes, against the set-up's percentages.
  const plain = (await json('modal', '--system', '8dof')).value.modes;
  const { value } = await json('modal', '--system', '8dof', '--force-dofs', '1', '--sensor-dofs', '1,4,7', '--response', 'acceleration');
  const peaks = plain.map((m) => Math.abs(m.shape[0]) * Math.hypot(m.shape[0], m.shape[3], m.shape[6]) / (2 * m.zeta));
  const largest = Math.max(...peaks);
  value.modes.forEach((m, i) => {
    assert.ok(Math.abs(m.participation_percent - 100 * peaks[i] / largest) < 1e-9 * 100, `${m.participation_percent} vs ${100 * peaks[i] / largest}`);
    assert.equal(m.observable, true);
  });
  // Three equal masses between walls: DOF 2 is the second mode's node (shape (1, 0, −1)/√2).
  const file = join(dir, 'chain.json');
  writeFileSync(file, JSON.stringify({ M: [[1, 0, 0], [0, 1, 0], [0, 0, 1]], K: [[2, -1, 0], [-1, 2, -1], [0, -1, 2]],
    D: [[0.02, -0.01, 0], [-0.01, 0.02, -0.01], [0, -0.01, 0.02]], L: [[1, 0, 0], [0, 1, 0], [0, 0, 1]] }));
  const node = await json('modal', '--system', file, '--force-dofs', '2', '--sensor-dofs', '1,3');
  assert.deepEqual(node.value.modes.map((m) => m.observable), [true, false, true]);
  assert.ok(node.value.modes[1].participation_percent < 1e-8);
  assert.match(node.stderr, /^mechid: warning: the modes at 0\.2251 Hz are not observable from this set-up/);
});

test('bad input to the new commands exits 1 with one line', async () => {
  const nonSquare = join(dir, 'nonsquare.json');
  writeFileSync(nonSquare, JSON.stringify({ F: [[1, 0, 0], [0, 1, 0]], G: [[1], [1]], H: [[1, 1, 1]] }));
  const cases = [
    [['discretize', '--system', '3dof', '--h', '0.1', '--method', 'bilinear'], "unknown method 'bilinear' (expected zoh, tustin, euler or variational)"],
    [['discretize', '--system', '3dof', '--h', '0', '--method', 'zoh'], 'h must be a positive number of seconds, got 0'],
    [['d2c', '--model', nonSquare, '--h', '0.1', '--method', 'zoh'], 'matrix F must be square and non-empty, got 2x3'],
    [['d2c', '--model', nonSquare, '--method', 'zoh'], `d2c needs --h (model file ${nonSquare} has no "h")`],
    [['d2c', '--model', join(dir, 'missing.json'), '--h', '1', '--method', 'zoh'], `cannot read model file ${join(dir, 'missing.json')}: ENOENT`],
    [['condition', '--h', '0.1,-1'], 'h must be a positive number of seconds, got -1'],
    [['modal'], 'modal needs exactly one of --system or --result'],
    [['modal', '--system', '3dof', '--force-dofs', '1'], 'modal: --force-dofs and --response describe a test set-up; give its measured DOFs with --sensor-dofs'],
    [['modal', '--system', '3dof', '--sensor-dofs', '4'], 'measured DOF 4 is not one of the system\'s 3 DOFs'],
    [['perturb-study', '--system', '3dof'], 'the perturbation study uses a 1-DOF system with one input (eq. 3.19), got 3 DOF'],
  ];
  for (const [args, expected] of cases) {
    const r = await cli(...args);
    assert.equal(r.code, 1, `${args.join(' ')}: ${r.stderr}`);
    assert.equal(r.stderr, `mechid: error: ${expected}\n`);
  }
});
