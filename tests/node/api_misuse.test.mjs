// Misuse of the JS facade (issue 20 item 8; the probe's api/misuse cases, reliability-9fdcf06):
// wrong types, absurd or non-finite numbers, wrong sizes, broken matrices, out-of-range counts.
// Each call must throw MechidError with code 'bad-input' and a message naming the argument
// (checked against the name, not the whole wording); NaN and Infinity are named as such (JSON
// would print null).
import test from 'node:test';
import assert from 'node:assert/strict';
import { MechidError } from '../../wasm/api.js';
import { mechid } from './helpers.mjs';

const msd = mechid.preset('msd');
const dof3 = mechid.preset('3dof');
const sim = mechid.simulate(dof3, { h: 0.05, n: 400, snr: 40, seed: 2 });
const data = { h: 0.05, u: sim.u, y: sim.q, inputSampling: 'hold' };
const matrix = (rows, cols, fill = 0) => ({ rows, cols, data: new Float64Array(rows * cols).fill(fill) });
const withEntry = (m, k, x) => { const data = Float64Array.from(m.data); data[k] = x; return { ...m, data }; };
const nonlinear = mechid.nonlinearSimulate('lin-ewins', { n: 2000 });
const nlData = { h: nonlinear.h, a: nonlinear.a, f: nonlinear.f };
const nlOptions = { method: 'ida', regions: { kind: 'thresholds', x0: 0.005 }, mass: 1 };
const rlc = mechid.simulateEstimatorSystem('rlc', { n: 2000 });

// [what, call, pattern the message must match (the argument's name, and the value where it says it)].
const CASES = [
  // Wrong types.
  ['identify: method not a string', () => mechid.identify(3, data), /^method must be a string, got 3$/],
  ['identify: data not an object', () => mechid.identify('auto', 'data'), /^data must be an object/],
  ['identify: data null', () => mechid.identify('auto', null), /^data must be an object/],
  ['identify: h a string', () => mechid.identify('auto', { ...data, h: '0.05' }), /^h must be a number, got "0\.05"$/],
  ['identify: u not a matrix', () => mechid.identify('auto', { ...data, u: [[1]] }), /^input data u is missing or not a \{rows, cols, data\} or \{rows, cols, columns\} matrix$/],
  ['identify: a column of u short', () => mechid.identify('auto', { ...data, u: { rows: 400, cols: 2, columns: [new Float64Array(400), new Float64Array(399)] } }), /^input data u is missing or not a/],
  ['identify: series not a boolean', () => mechid.identify('auto', data, { series: 1 }), /^series must be true or false$/],
  ['identify: y missing', () => mechid.identify('auto', { ...data, y: undefined }), /^output data q is missing/],
  ['identify: inputSampling a number', () => mechid.identify('auto', { ...data, inputSampling: 1 }), /^inputSampling must be a string, got 1$/],
  ['identify: init a number', () => mechid.identify('auto', data, { init: 2 }), /^init must be a string, got 2$/],
  ['identify: blockRows fractional', () => mechid.identify('n4sid-d2c', data, { blockRows: 2.5 }), /^block rows must be a whole number, got 2\.5$/],
  ['identify: forceDofs not numbers', () => mechid.identify('auto', data, { forceDofs: ['1'] }), /^force DOFs must be a list of numbers$/],
  ['identify: structure a string', () => mechid.identify('auto', data, { structure: 'diagonal' }), /^structure must be an object/],
  ['identify: friction a boolean', () => mechid.identify('inverse-dynamic', data, { friction: true }), /^friction must be a string, got true$/],
  ['simulate: system not an object', () => mechid.simulate('msd', { h: 0.1, n: 10 }), /^system must be an object with matrices M, D, K$/],
  ['simulate: input not a string', () => mechid.simulate(msd, { h: 0.1, n: 10, input: 1 }), /^input must be a string, got 1$/],
  ['simulate: q0 not numbers', () => mechid.simulate(msd, { h: 0.1, n: 10, q0: ['a'] }), /^q0 must be a list of numbers$/],
  ['condition: h not a list', () => mechid.condition(0.1), /^h must be a list of numbers$/],
  ['perturbationStudy: multiples a number', () => mechid.perturbationStudy(msd, { multiples: 2 }), /^multiples must be a list of numbers/],
  ['nonlinearIdentify: a not a signal', () => mechid.nonlinearIdentify({ ...nlData, a: 'x' }, nlOptions), /^the acceleration must be a Float64Array/],
  ['nonlinearIdentify: regions missing', () => mechid.nonlinearIdentify(nlData, { method: 'ida' }), /^regions are missing/],
  ['ekfBeltDrive: unknown reading', () => mechid.ekfBeltDrive(data, { reading: 'metric' }), /^unknown reading 'metric'/],
  // A dataset's inputSampling takes 'auto' (read off the data; an unknown value below), the EKF's options do not.
  ['ekfBeltDrive: inputSampling auto', () => mechid.ekfBeltDrive(data, { inputSampling: 'auto' }), /^input sampling must be 'point' or 'hold', got 'auto'$/],
  // The sampling period.
  ['identify: h 0', () => mechid.identify('auto', { ...data, h: 0 }), /\bh\b.*\bgot 0\b/],
  ['identify: h negative', () => mechid.identify('auto', { ...data, h: -0.05 }), /\bh\b.*\bgot -0\.05\b/],
  ['identify: h NaN', () => mechid.identify('auto', { ...data, h: NaN }), /^h must be a number, got NaN$/],
  ['identify: h Infinity', () => mechid.identify('auto', { ...data, h: Infinity }), /\bh\b.*\bgot Infinity\b|\bh\b.*\binf\b/],
  ['simulate: h 0', () => mechid.simulate(msd, { h: 0, n: 10 }), /^h must be a positive number of seconds, got 0$/],
  ['simulate: h NaN', () => mechid.simulate(msd, { h: NaN, n: 10 }), /^h must be a number, got NaN$/],
  ['discretize: h negative', () => mechid.discretize(msd, -1, 'zoh'), /\bh\b.*-1/],
  ['passivity: h NaN', () => mechid.passivity(msd, NaN), /^h must be a number, got NaN$/],
  ['condition: h 0 in the list', () => mechid.condition([0.1, 0]), /\bh\b.*\b0\b/],
  // Non-finite data.
  ['identify: NaN in y', () => mechid.identify('auto', { ...data, y: withEntry(sim.q, 100, NaN) }), /sample 34, q2 is not a finite number/],
  ['identify: Infinity in u', () => mechid.identify('auto', { ...data, u: withEntry(sim.u, 7, Infinity) }), /sample 3, u2 is not a finite number/],
  ['identify: -Infinity in y', () => mechid.identify('variational', { ...data, y: withEntry(sim.q, 0, -Infinity) }), /sample 1, q1 is not a finite number/],
  ['svfIdentify: NaN in y', () => mechid.svfIdentify({ ...data, y: withEntry(sim.q, 5, NaN) }), /q3 is not a finite number/],
  ['nonlinearIdentify: NaN in a', () => mechid.nonlinearIdentify({ ...nlData, a: withEntry({ data: nlData.a }, 10, NaN).data }, nlOptions), /accelera.*(finite|NaN)|NaN.*accelera/i],
  ['nonlinearIdentify: h NaN', () => mechid.nonlinearIdentify({ ...nlData, h: NaN }, nlOptions), /^h must be a number, got NaN$/],
  // Sizes.
  ['identify: u and y of different lengths', () => mechid.identify('auto', { ...data, u: matrix(399, 3, 1) }), /\b(399|400)\b/],
  ['identify: data with 0 rows', () => mechid.identify('auto', { ...data, u: matrix(0, 3), y: matrix(0, 3) }), /samples?\b/],
  ['identify: matrix data shorter than rows x cols', () => mechid.identify('auto', { ...data, u: { rows: 400, cols: 3, data: new Float64Array(5) } }), /input data u|\bu\b/],
  ['identify: runs with different columns', () => mechid.identify('auto', [data, { ...data, u: matrix(400, 2, 1) }]), /run 2|runs?\b/],
  ['simulate: samples of the wrong width', () => mechid.simulate(dof3, { h: 0.1, n: 10, input: 'samples', samples: matrix(10, 2, 1) }), /samples/],
  ['svfRlc: wrong input count', () => mechid.svfRlc({ h: rlc.h, u: matrix(rlc.u.rows, 3, 1), y: rlc.q }), /input|u\b/],
  // Broken matrices.
  ['simulate: M not square', () => mechid.simulate({ ...msd, M: matrix(1, 2, 1) }, { h: 0.1, n: 10 }), /\bM\b.*square|square.*\bM\b/],
  ['checkSystem: K not symmetric', () => mechid.stateSpace({ ...dof3, K: withEntry(dof3.K, 1, 5) }), /^K is not symmetric: K\(1,2\)/],
  ['stateSpace: NaN in K', () => mechid.stateSpace({ ...msd, K: matrix(1, 1, NaN) }), /\bK\b.*(finite|NaN)/],
  ['stateSpace: M of another size than K', () => mechid.stateSpace({ ...dof3, M: matrix(2, 2, 1) }), /\bM\b/],
  ['stateSpace: M not positive definite', () => mechid.stateSpace({ ...msd, M: matrix(1, 1, -1) }), /^M is not positive definite/],
  ['identify: L of the wrong size', () => mechid.identify('auto', data, { L: matrix(2, 3, 1) }), /\bL\b/],
  ['identify: NaN in L', () => mechid.identify('auto', data, { L: withEntry({ rows: 3, cols: 3, data: new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]) }, 4, NaN) }), /^L has a non-finite entry/],
  ['identify: NaN in truth', () => mechid.identify('auto', data, {}, { ...dof3, K: withEntry(dof3.K, 0, NaN) }), /truth|\bK\b/],
  ['identify: structure mask of the wrong size', () => mechid.identify('auto', data, { structure: { K: [[1, 1], [1, 1]] } }), /structure|\bK\b/],
  ['identify: structure known entry NaN', () => mechid.identify('auto', data, { structure: { known: { M: [[NaN, null, null], [null, null, null], [null, null, null]] } } }), /^structure known\.M: entry \[1,1\] must be one of numbers or null, got NaN$/],
  ['toContinuous: G missing', () => mechid.toContinuous({ F: matrix(2, 2), H: matrix(1, 2) }, 0.1, 'zoh'), /^matrix G \(method zoh\) is missing/],
  // Names and choices.
  ['identify: unknown method', () => mechid.identify('magic', data), /magic/],
  ['identify: unknown init', () => mechid.identify('auto', data, { init: 'guess' }), /\binit\b.*guess|guess.*\binit\b/],
  ['identify: unknown inputSampling', () => mechid.identify('auto', { ...data, inputSampling: 'foh' }), /sampling.*foh/],
  ['discretize: unknown method', () => mechid.discretize(msd, 0.1, 'rk9'), /rk9/],
  // Counts and sizes beyond their type or the work limit.
  ['simulate: n huge', () => mechid.simulate(msd, { h: 0.1, n: 1e12 }), /^n must be .*1e\+12$/],
  ['simulate: n 2^31', () => mechid.simulate(msd, { h: 0.1, n: 2 ** 31 }), /^n must be /],
  ['perturbationStudy: samples huge', () => mechid.perturbationStudy(msd, { samples: 1e9 }), /samples/],
  ['randomStream: count huge', () => mechid.randomStream(1, 1e12), /count/],
  ['nonlinearSimulate: n huge', () => mechid.nonlinearSimulate('lin-ewins', { n: 1e10 }), /^n must be /],
  ['identify: blockRows 2^31', () => mechid.identify('n4sid-d2c', data, { blockRows: 2 ** 31 }), /^blockRows must be a whole number between -2147483648 and 2147483647, got 2147483648$/],
  ['identify: blockRows 1e9', () => mechid.identify('n4sid-d2c', data, { blockRows: 1e9 }), /block.?rows.*1000000000.*(samples|at most)/],
  ['identify: blockRows negative', () => mechid.identify('n4sid-d2c', data, { blockRows: -3 }), /^block_rows must be >= 0/],
  // The acceleration high-pass cut-off.
  ['identify: cutoffHz NaN', () => mechid.identify('auto', { ...data, outputs: 'acceleration', cutoffHz: NaN }), /cut-off \(Hz\) must be a number, got NaN$/],
  ['identify: cutoffHz negative', () => mechid.identify('auto', { ...data, outputs: 'acceleration', cutoffHz: -1 }), /cut-off \(Hz\) must be >= 0/],
  ['identify: cutoffHz 1e-12', () => mechid.identify('variational', { ...data, inputSampling: 'point', outputs: 'acceleration', cutoffHz: 1e-12 }), /^(?!.*-2147483648)(?=.*1e-12 Hz).*settle.*than the record/],  // no negative sample count (int32 overflow)
  ['identify: lowpassHz NaN', () => mechid.identify('inverse-dynamic', data, { lowpassHz: NaN }), /^low-pass cut-off \(Hz\) must be a number, got NaN$/],
  ['identify: h 1e-320', () => mechid.identify('auto', { ...data, h: 1e-320 }), /\bh\b/],
];

test('API misuse: at least 60 kinds', () => assert.ok(CASES.length >= 60, `${CASES.length} cases`));

for (const [what, call, pattern] of CASES) {
  test(what, () => {
    assert.throws(call, (e) => {
      assert.ok(e instanceof MechidError, `not a MechidError: ${e}`);
      assert.equal(e.code, 'bad-input', e.message);
      assert.match(e.message, pattern);
      return true;
    });
  });
}
