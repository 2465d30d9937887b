// Modes from a periodic record whose force leaves lines without power (numerics review e622506,
// problem 7): the 3-DOF preset with K × 100 and D × 10, force on DOF 1, accelerations at every DOF
// with 1 % noise, 100 Hz, 3 periods of 4096 samples from rest; the force an odd random-phase
// multisine 0.3–8 Hz with one odd line in four left out, exact or measured with white noise.
// `mechid.modes` with periods (the CLI's --periods 3) and with the LPM (its default), against the
// system's modes (`mechid.modal`). The force at three frequencies only (problem 9): advice
// band_not_excited first, no advice to raise the model order.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { at, mechid } from './helpers.mjs';

const preset = mechid.preset('3dof');
const scaled = (m, s) => ({ rows: m.rows, cols: m.cols, data: Float64Array.from(m.data, (x) => x * s) });
const system = { ...preset, K: scaled(preset.K, 100), D: scaled(preset.D, 10), L: { rows: 3, cols: 1, data: Float64Array.from([1, 0, 0]) } };
const truth = mechid.modal(system).modes;  // 1.87, 2.94, 3.75 Hz

// A seeded uniform generator (mulberry32) and normal deviates from it (Box–Muller).
function generator(seed) {
  let a = seed >>> 0;
  const uniform = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { uniform, normal: () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform()) };
}

const rms = (x) => Math.sqrt(x.reduce((s, v) => s + v * v, 0) / x.length);
const h = 0.01, P = 4096, periods = 3, N = P * periods;

// The simulated record {h, u, y} for a force `force` (N samples, held over each sample); the
// measured force with white noise of forceNoise times its RMS.
function record(force, forceNoise, seed) {
  const sim = mechid.simulate(system, { h, n: force.length, input: 'samples', samples: { rows: force.length, cols: 1, data: force }, withDerivatives: true });
  const g = generator(seed);
  const y = { rows: force.length, cols: 3, data: new Float64Array(3 * force.length) };
  for (let j = 0; j < 3; j++) {
    const sd = 0.01 * rms(Array.from({ length: force.length }, (_, i) => at(sim.a, i, j)));
    for (let i = 0; i < force.length; i++) y.data[i * 3 + j] = at(sim.a, i, j) + sd * g.normal();
  }
  const sdU = forceNoise * rms(force);
  const u = { rows: force.length, cols: 1, data: Float64Array.from(force, (v) => v + sdU * g.normal()) };
  return { h, u, y };
}

function oddMultisine(seed) {
  const g = generator(seed), df = 1 / (P * h), odd = [], lines = [];
  for (let k = Math.ceil(0.3 / df); k * df <= 8; k++) if (k % 2 === 1) odd.push(k);
  for (let i = 0; i < odd.length; i += 4) {
    const out = Math.floor(4 * g.uniform());
    for (let j = i; j < Math.min(i + 4, odd.length); j++) if (j - i !== out) lines.push([odd[j], 2 * Math.PI * g.uniform()]);
  }
  const period = new Float64Array(P);
  for (let t = 0; t < P; t++) for (const [k, phase] of lines) period[t] += Math.cos((2 * Math.PI * k * t) / P + phase);
  const scale = 1 / rms(period);
  return Float64Array.from({ length: N }, (_, i) => period[i % P] * scale);
}

// The three modes within 1 % of the truth's frequency (and within 4 sd when there is one) and 10 %
// of its damping; a mode without a standard deviation comes with a warning.
function assertThreeModes(r, label) {
  assert.notEqual(r.status, 'failed', `${label}: ${r.message}`);
  assert.equal(r.modes.length, 3, `${label}: modes ${r.modes.map((m) => m.freq_hz.toFixed(3))}; ${r.warnings.join(' | ')}`);
  r.modes.forEach((m, i) => {
    const t = truth[i];
    const what = `${label}: mode ${i + 1} ${m.freq_hz} Hz (sd ${m.freq_hz_sd}), ζ ${m.zeta}; truth ${t.freq_hz} Hz, ζ ${t.zeta}`;
    assert.ok(Math.abs(m.freq_hz - t.freq_hz) <= 0.01 * t.freq_hz, what);
    assert.ok(Math.abs(m.zeta - t.zeta) <= 0.1 * t.zeta, what);
    if (m.freq_hz_sd === null) assert.equal(r.status, 'warning', what);
    else assert.ok(Math.abs(m.freq_hz - t.freq_hz) <= 4 * m.freq_hz_sd, what);
  });
}

const options = { bandLoHz: 0.5, bandHiHz: 6, outputs: ['acceleration', 'acceleration', 'acceleration'] };
const force = oddMultisine(5);

for (const noise of [0, 1e-4, 1e-3, 1e-2]) {
  test(`odd multisine with omitted lines, force noise ${noise} of its RMS: periods and LPM find the 3 modes`, () => {
    const data = record(force, noise, 11);
    assertThreeModes(mechid.modes(data, { ...options, periods: 3 }), 'periods');
    assertThreeModes(mechid.modes(data, options), 'lpm');
  });
}

test('a force at three frequencies only: band_not_excited first, not "raise max_order"', () => {
  const n = 8192, T = n * h;
  const sines = Float64Array.from({ length: n }, (_, i) => [2, 5, 9].reduce((s, f) => s + Math.sin((2 * Math.PI * Math.round(f * T) * i) / n), 0));
  const r = mechid.modes(record(sines, 1e-3, 12), { ...options, bandHiHz: 20 });
  const advice = (r.advice ?? []).find((a) => a.code === 'band_not_excited');
  assert.ok(advice, JSON.stringify(r.warnings));
  assert.equal(advice.level, 'warning');
  assert.match(advice.message, /only 3 frequency lines/);
  assert.match(advice.action, /broadband/);
  assert.ok(!r.warnings.some((w) => /raise max_order/.test(w)), r.warnings.join(' | '));
});
