// The one record interface (wasm/recording.js): the quantity of a channel from its unit or name,
// the dataset identify takes from any reader's channels, and the summary `mechid inspect` prints.
import assert from 'node:assert/strict';
import test from 'node:test';
import { inspectRecording, quantityOf, recordingToDataset } from '../../wasm/recording.js';
import { loadMechidNode } from '../../wasm/node.js';

await loadMechidNode();  // the core that resamples an uneven time (wasm/core-instance.js)

const channel = (name, values, extra = {}) => ({ name, quantity: quantityOf(name, extra.unit), unit: '', values: Float64Array.from(values), ...extra });
const recording = (channels, extra = {}) => ({ format: 'test', channels, parameters: {}, notes: [], ...extra });

test('quantityOf: units decide before names; phone, lab and mechid names', () => {
  const cases = [
    ['t', '', 'time'], ['Time', 's', 'time'], ['u1', '', 'force'], ['Force', 'N', 'force'], ['load cell', 'kN', 'force'],
    ['q2', '', 'displacement'], ['x', 'mm', 'displacement'], ['encoder 1', 'counts', 'displacement'],
    ['v1', '', 'velocity'], ['speed', 'm/s', 'velocity'], ['a3', '', 'acceleration'], ['Acceleration x', 'm/s^2', 'acceleration'],
    ['Linear Acceleration z', 'm/s²', 'acceleration'], ['ch 1', 'g', 'acceleration'], ['a1', 'V', 'voltage'], ['vir', '', 'other'],
    ['channel 1', '', 'other'],
  ];
  for (const [name, unit, quantity] of cases) assert.equal(quantityOf(name, unit), quantity, `${name} [${unit}]`);
});

test('recordingToDataset: time, forces and the outputs of the file\'s one response quantity, row-major', () => {
  const t = [0, 0.1, 0.2, 0.3];
  const r = recording([channel('Time', t, { unit: 's' }), channel('Force', [1, 2, 3, 4], { unit: 'N' }),
    channel('Acc x', [5, 6, 7, 8], { unit: 'm/s^2' }), channel('Acc y', [9, 10, 11, 12], { unit: 'm/s^2' })]);
  const d = recordingToDataset(r, { source: 'phone.csv' });
  assert.ok(Math.abs(d.h - 0.1) < 1e-15);
  assert.deepEqual(d.columns, { time: 'Time', inputs: ['Force'], outputs: ['Acc x', 'Acc y'] });
  assert.equal(d.outputs, 'acceleration');  // the file decided --outputs
  assert.deepEqual(Array.from(d.y.data), [5, 9, 6, 10, 7, 11, 8, 12]);
  assert.deepEqual(Array.from(d.u.data), [1, 2, 3, 4]);
  // the user's kind wins: no displacement channel, so a clear refusal naming the file and the option
  assert.throws(() => recordingToDataset(r, { source: 'phone.csv', outputs: 'displacement' }), /phone\.csv: no displacement channel .*--outputs/);
});

test('recordingToDataset byColumn: the chosen channels as columns of doubles, the same numbers as row-major (integers with a polynomial, single precision)', () => {
  const r = recording([channel('t', [0, 0.5, 1]), { ...channel('u1', [0, 0, 0]), values: Int16Array.of(-3, 7, 1), polynomial: [0, 2 ** -15] },
    { ...channel('q1', [0, 0, 0]), values: Float32Array.of(0.1, -0.2, 0.3) }, channel('q2', [4, 5, 6])]);
  const rows = recordingToDataset(r, { source: 'a.wav' }), columns = recordingToDataset(r, { source: 'a.wav', byColumn: true });
  assert.deepEqual(columns.u, { rows: 3, cols: 1, columns: [Float64Array.from(rows.u.data)] });
  assert.deepEqual(columns.y.columns, [0, 1].map((j) => Float64Array.from([0, 1, 2], (k) => rows.y.data[2 * k + j])));
  assert.equal(columns.y.columns[1], r.channels[3].values);  // doubles: the channel itself, no copy
});

test('recordingToDataset: numbered names first, the stated spacing without a time channel, --h checked against it', () => {
  const r = recording([channel('u1', [1, 2, 3], { h: 0.5 }), channel('q1', [0, 1, 0], { h: 0.5 }), channel('a1', [4, 4, 4], { h: 0.5 })]);
  const d = recordingToDataset(r, { source: 'f.mat' });
  assert.deepEqual(d.columns.outputs, ['q1']);
  assert.equal(d.h, 0.5);
  assert.deepEqual(Array.from(d.t), [0, 0.5, 1]);
  assert.throws(() => recordingToDataset(r, { source: 'f.mat', h: 0.25 }), /f\.mat: --h 0\.25 disagrees with the sample spacing the file states/);
  const noSpacing = recording([channel('u1', [1, 2, 3]), channel('q1', [0, 1, 0])]);
  assert.throws(() => recordingToDataset(noSpacing, { source: 'g.wav' }), /g\.wav: no time channel 't': give the sampling period h \(--h\)/);
  assert.equal(recordingToDataset(noSpacing, { source: 'g.wav', h: 0.01 }).h, 0.01);
});

test('recordingToDataset: uneven time refused with where, resampled on request (exact on a linear signal)', () => {
  const t = [0, 0.1, 0.23, 0.3, 0.4];
  const r = recording([channel('t', t), channel('u1', t.map((x) => 2 * x + 1)), channel('q1', t.map((x) => -3 * x))],
    { where: (i) => `line ${i + 3}` });
  assert.throws(() => recordingToDataset(r, { source: 'p.csv' }), /p\.csv: time is not uniform: worst deviation 0\.0300 s at line 5 .*--resample/);
  const d = recordingToDataset(r, { source: 'p.csv', resample: true });
  for (let k = 0; k < 5; k++) {
    assert.ok(Math.abs(d.u.data[k] - (2 * d.t[k] + 1)) < 1e-12);
    assert.ok(Math.abs(d.y.data[k] + 3 * d.t[k]) < 1e-12);
  }
  assert.match(d.warnings.join(' '), /resampled to h = 0\.1000 s by linear interpolation/);
});

test('recordingToDataset: one message per contradiction, naming the file and the channel', () => {
  const base = [channel('u1', [1, 2, 3], { h: 1 }), channel('q1', [1, 2, 3], { h: 1 })];
  const cases = [
    [[...base, channel('q1', [1, 2, 3], { h: 1 })], {}, /channel q1 appears 2 times/],
    [[base[0], channel('q1', [1, 2], { h: 1 })], {}, /channel q1 has 2 samples but u1 has 3/],
    [[base[0], channel('q1', [1, NaN, 3], { h: 1 })], {}, /sample 2, channel q1: NaN is not a finite number/],
    [[base[0], channel('q1', [1, 2, 3], { h: 2 })], {}, /sampled at different rates/],
    [base, { outputCols: ['q9'] }, /no output channel q9; the file has u1, q1/],
    [base, { outputCols: ['u1'] }, /channel u1 is chosen twice/],
    [[channel('q1', [1, 2, 3], { h: 1 }), channel('volts', [1, 2, 3], { h: 1 })], {}, /no force channel .*the file has q1, volts: choose the inputs \(--input-cols\)/],
    [[base[0], channel('v1', [1, 2, 3], { h: 1 }), channel('a1', [1, 2, 3], { h: 1 })], {}, /the responses are velocities and accelerations: .*--outputs/],
    [[base[0], { ...channel('q1', [1, 2, 3], { h: 1 }), imag: new Float64Array(3) }], {}, /channel q1 is complex/],
  ];
  for (const [channels, mapping, message] of cases) {
    assert.throws(() => recordingToDataset(recording(channels), { source: 'x.dat', ...mapping }), (e) => e.code === 'bad-input' && message.test(e.message) && e.message.startsWith('x.dat: '), String(message));
  }
});

test('recordingToDataset: a record of responses only is called output-only, with advice output_only (issue 50)', () => {
  const phone = recording([channel('t', [0, 0.01, 0.02]), channel('Acceleration x', [1, 2, 3], { unit: 'm/s^2' }), channel('q1', [1, 2, 3])]);
  assert.throws(() => recordingToDataset(phone, { source: 'phone.csv' }), (e) => e.code === 'bad-input' && e.advice === 'output_only' &&
    /^phone\.csv: the record holds responses only \(Acceleration x, q1: accelerations and displacements\) and no force: .*output-only modal analysis/.test(e.message));
  // a channel that is not a response (volts: a force sensor not yet scaled?) asks for the inputs instead
  const unknown = recording([channel('a1', [1, 2, 3], { h: 1 }), channel('volts', [1, 2, 3], { h: 1 })]);
  assert.throws(() => recordingToDataset(unknown, { source: 'x.dat' }), (e) => e.advice === undefined && /no force channel/.test(e.message));
});

test('inspectRecording: per channel n, h, start, min, max (magnitude when complex); spacing from the time channel; uneven time noted', () => {
  const r = recording([channel('t', [1, 1.5, 2, 2.5]), channel('u1', [3, -4, 0, 1]),
    { ...channel('H', [3, 0], { axis: 'frequency', h: 0.5 }), imag: Float64Array.from([4, -1]) }], { parameters: { Fs: 2 } });
  const s = inspectRecording(r);
  assert.equal(s.format, 'test');
  assert.deepEqual(s.parameters, { Fs: 2 });
  assert.deepEqual(s.channels[1], { name: 'u1', quantity: 'force', unit: '', n: 4, h: 0.5, start: 1, min: -4, max: 3 });
  assert.deepEqual({ min: s.channels[2].min, max: s.channels[2].max, complex: s.channels[2].complex, axis: s.channels[2].axis }, { min: 1, max: 5, complex: true, axis: 'frequency' });
  const uneven = inspectRecording(recording([channel('t', [0, 1, 2.5, 3])]));
  assert.match(uneven.notes.join(' '), /time channel t is uneven: worst deviation/);
});
