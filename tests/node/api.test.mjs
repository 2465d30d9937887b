// The JS API over the WASM module: layout, presets, simulation numbers, errors.
import test from 'node:test';
import assert from 'node:assert/strict';
import { MechidError, matrixFromNested, simulationToCsv, systemFromJson } from '../../wasm/api.js';
import { at, mechid } from './helpers.mjs';

test('matrices are row-major: a non-square, non-symmetric case through the API', () => {
  // L is 3x2 with distinct entries; B = [0; M^-1 L] of eq. 1.4 must carry them in place.
  const system = mechid.preset('3dof');
  system.L = matrixFromNested([[1, 2], [3, 4], [5, 6]], 'matrix L');
  const { A, B, C } = mechid.stateSpace(system);
  assert.deepEqual([A.rows, A.cols, B.rows, B.cols, C.rows, C.cols], [6, 6, 6, 2, 3, 6]);
  const m = [0.8, 2.0, 1.2];
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 2; j++) {
      assert.equal(at(B, i, j), 0);
      assert.ok(Math.abs(at(B, 3 + i, j) - (2 * i + j + 1) / m[i]) < 1e-15);
    }
  }
  assert.equal(at(A, 0, 3), 1);       // upper-right identity
  const close = (x, y) => Math.abs(x - y) < 1e-14 * Math.abs(y);
  assert.ok(close(at(A, 3, 0), -4 / 0.8)); // -M^-1 K: row 1 of K scaled by 1/m1
  assert.ok(close(at(A, 3, 1), 1 / 0.8));
  assert.ok(close(at(A, 4, 0), 1 / 2.0));
  // An asymmetric M: the message must name the entry where the user put it.
  const bad = mechid.preset('3dof');
  bad.M = matrixFromNested([[0.8, 0.3, 0], [0, 2, 0], [0, 0, 1.2]], 'matrix M');
  assert.deepEqual(mechid.checkSystem(bad).errors, ['M is not symmetric: M(1,2) = 0.3 but M(2,1) = 0']);
});

test('simulation in WASM matches the closed-form step response of the 1-DOF system (1e-10)', () => {
  const [m, b, k] = [15, 0.2, 2];
  const data = mechid.simulate(mechid.preset('msd'), { h: 0.1, n: 2000, input: 'step' });
  const wn = Math.sqrt(k / m), s = b / (2 * m), wd = Math.sqrt(wn * wn - s * s);
  let worst = 0;
  data.t.forEach((t, i) => {
    const exact = (1 - Math.exp(-s * t) * (Math.cos(wd * t) + (s / wd) * Math.sin(wd * t))) / k;
    worst = Math.max(worst, Math.abs(data.q.data[i] - exact));
  });
  assert.ok(worst < 1e-10 / k, `worst error ${worst}`);
  assert.equal(data.method, 'zoh-exact');
  assert.deepEqual(data.columns, ['t', 'u1', 'q1']);
  assert.equal(data.v, undefined);
});

test('simulated data: shapes, columns, derivatives, CSV', () => {
  const data = mechid.simulate(mechid.preset('3dof'), { h: 0.05, n: 10, snr: 20, seed: 3, withDerivatives: true });
  assert.deepEqual(data.columns, ['t', 'u1', 'u2', 'u3', 'q1', 'q2', 'q3', 'v1', 'v2', 'v3', 'a1', 'a2', 'a3']);
  for (const key of ['u', 'q', 'v', 'a']) assert.deepEqual([data[key].rows, data[key].cols], [10, 3]);
  assert.equal(data.noiseStd.length, 3);
  assert.ok(data.noiseStd.every((sd) => sd > 0));
  const lines = simulationToCsv(data).trimEnd().split('\n');
  assert.equal(lines.length, 11);
  assert.equal(lines[0], data.columns.join(','));
  assert.deepEqual(lines[3].split(',').map(Number).slice(0, 4), [data.t[2], ...data.u.data.slice(6, 9)]);
});

test('bad input throws MechidError with code bad-input and a message naming the problem', () => {
  const msd = mechid.preset('msd');
  const cases = [
    [() => mechid.simulate(msd, { h: 0, n: 10 }), /^h must be a positive number of seconds, got 0$/],
    [() => mechid.simulate(msd, { h: 0.1, n: 2 }), /^n must be at least 3 samples, got 2$/],
    [() => mechid.simulate(msd, { h: 0.1, n: 3.5 }), /^n must be a whole number, got 3.5$/],
    [() => mechid.simulate(msd, { h: 0.1, n: 10, seed: -1 }), /^seed must be a whole number/],
    [() => mechid.simulate(msd, { h: 0.1, n: 10, input: 'noise' }), /^unknown input 'noise'/],
    [() => mechid.preset('9dof'), /^unknown preset '9dof'/],
    [() => mechid.stateSpace({ ...msd, K: { rows: 1, cols: 1, data: new Float64Array([-2]) } }),
      /^K is not positive definite: its smallest eigenvalue is -2$/],
    [() => mechid.simulate({ ...msd, M: { rows: 2, cols: 1, data: new Float64Array([1]) } }, { h: 1, n: 5 }),
      /matrix M is missing or not a \{rows, cols, data\} matrix/],
    [() => matrixFromNested([[1, 2], [3]], 'matrix K'), /^matrix K row 2 has 1 entries but row 1 has 2$/],
    [() => systemFromJson({ M: [[1]], K: [[1]] }, 'system file s.json'), /^system file s.json: matrix D is missing$/],
  ];
  for (const [call, message] of cases) {
    assert.throws(call, (e) => e instanceof MechidError && e.code === 'bad-input' && message.test(e.message));
  }
});

test('value checks are the core\'s: the facade checks types, C++ names the option and the value', () => {
  const msd = mechid.preset('msd');
  const sim = mechid.simulate(msd, { h: 0.1, n: 200 });
  const data = { h: 0.1, u: sim.u, y: sim.q };
  const nonlinear = mechid.nonlinearSimulate('lin-ewins', { n: 4000 });
  const nonlinearOptions = { method: 'ida', regions: { kind: 'thresholds', x0: 0.005 }, mass: 1 };
  const cases = [
    // The converter (wasm/convert): a seed is a whole number JS carries exactly, >= 0.
    [() => mechid.simulate(msd, { h: 0.1, n: 10, seed: -1 }), 'seed must be a whole number between 0 and 9007199254740991, got -1'],
    [() => mechid.simulate(msd, { h: 0.1, n: 10, seed: 2 ** 60 }), 'seed must be a whole number between 0 and 9007199254740991, got 1.152921504606847e+18'],
    [() => mechid.perturbationStudy(msd, { seed: -2 }), 'seed must be a whole number between 0 and 9007199254740991, got -2'],
    [() => mechid.randomStream(-1, 2), 'seed must be a whole number between 0 and 9007199254740991, got -1'],
    // Names parsed through the core's enum table.
    [() => mechid.identify('auto', { ...data, outputs: 'velocity' }), "unknown outputs 'velocity' (expected displacement or acceleration)"],
    // Options' validate() in the core.
    [() => mechid.identify('auto', { ...data, outputs: 'acceleration', cutoffHz: -1 }),
      'the acceleration high-pass cut-off (Hz) must be >= 0 (0: automatic), got -1'],
    [() => mechid.svfIdentify({ ...data, cutoffHz: -1 }), 'the acceleration high-pass cut-off (Hz) must be >= 0 (0: automatic), got -1'],
    [() => mechid.identify('n4sid-d2c', data, { blockRows: -3 }), 'block_rows must be >= 0 (0 = the rule), got -3'],
    [() => mechid.ekfBeltDrive({ h: 0.1, u: { rows: 200, cols: 2, data: new Float64Array(400) }, y: sim.q }),
      'the belt drive has one input (motor torque), the data have 2'],
    [() => mechid.nonlinearIdentify({ h: nonlinear.h, a: nonlinear.a, f: nonlinear.f }, { ...nonlinearOptions, segments: 0 }),
      'the number of segments must be at least 1, got 0'],
    [() => mechid.nonlinearIdentify({ h: nonlinear.h, a: nonlinear.a, f: nonlinear.f }, { ...nonlinearOptions, maxIterations: 0 }),
      'the IRLS iteration limit must be between 1 and 100000, got 0'],
  ];
  for (const [call, message] of cases) assert.throws(call, { name: 'MechidError', code: 'bad-input', message });
  // Types stay the facade's: a word that is not a string, a count that is not whole.
  assert.throws(() => mechid.identify('auto', { ...data, outputs: 3 }), { code: 'bad-input', message: 'outputs must be a string, got 3' });
  assert.throws(() => mechid.simulate(msd, { h: 0.1, n: 10, seed: 1.5 }), { code: 'bad-input', message: 'seed must be a whole number, got 1.5' });
});

test('the module keeps working after many returned errors (no exception escapes into wasm state)', () => {
  const msd = mechid.preset('msd');
  for (let i = 0; i < 2000; i++) assert.throws(() => mechid.simulate(msd, { h: -1, n: 10 }), MechidError);
  const data = mechid.simulate(msd, { h: 0.1, n: 100 });
  assert.equal(data.q.rows, 100);
});
