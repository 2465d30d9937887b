// mechid.mac (the core's complex_mac through wasm/convert/frequency_domain.cpp): a hand-checkable
// pair, invariance to a complex scale, the modes of a random 3-DOF record against mechid modal's
// (the same shapes: diagonal above 0.99, off-diagonal below 0.1), and the sizes named when they differ.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mechid } from './helpers.mjs';

test('mac: |aᴴb|²/(|a|²|b|²) by hand, 1 for a shape and its complex multiple, real shapes as numbers', () => {
  // a = [1, i], b = [1, 0]: |aᴴb|² = 1, |a|² = 2, |b|² = 1.
  const m = mechid.mac([[[1, 0], [0, 1]]], [[[1, 0], [0, 0]], [1, 0]]);
  assert.equal(m.rows, 1);
  assert.equal(m.cols, 2);
  assert.ok(Math.abs(m.data[0] - 0.5) < 1e-15 && Math.abs(m.data[1] - 0.5) < 1e-15, String(m.data));
  // (2 − 3i)·a against a: 1.
  const a = [[0.3, -0.1], [1.2, 0.4], [-0.7, 0.05]];
  const scaled = a.map(([re, im]) => [2 * re + 3 * im, 2 * im - 3 * re]);
  assert.ok(Math.abs(mechid.mac([a], [scaled]).data[0] - 1) < 1e-14);
});

test('mac: the modes of a random 3-DOF record (one force) against mechid modal: diagonal above 0.99, off-diagonal below 0.1', () => {
  const preset = mechid.preset('3dof');
  const system = { ...preset, L: { rows: 3, cols: 1, data: Float64Array.from([1, 0, 0]) } };
  const sim = mechid.simulate(system, { h: 0.1, n: 20000, input: 'prbs', snr: 40, seed: 4 });
  const r = mechid.modes({ h: sim.h, u: sim.u, y: sim.q }, { bandLoHz: 0.05, bandHiHz: 1 });
  const m = mechid.mac(r.modes.map((x) => x.shape), mechid.modal(preset).modes.map((x) => x.shape));
  assert.deepEqual([m.rows, m.cols], [3, 3]);
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) assert.ok(Math.abs(m.data[3 * i + j] - (i === j ? 1 : 0)) < 0.1, `MAC[${i}][${j}] = ${m.data[3 * i + j]}`);
    assert.ok(m.data[4 * i] > 0.99, `MAC[${i}][${i}] = ${m.data[4 * i]}`);
  }
});

test('mac: shapes of different lengths are refused naming both (option shapes)', () => {
  assert.throws(() => mechid.mac([[1, 2]], [[1, 2, 3]]), (e) => e.code === 'bad-input' && e.option === 'shapes'
    && /the shapes of a have 2 entries, those of b 3/.test(e.message));
  assert.throws(() => mechid.mac([[1, 2], [1]], [[1, 2]]), (e) => e.code === 'bad-input' && /shape 2 must be a list of 2 entries/.test(e.message));
});
