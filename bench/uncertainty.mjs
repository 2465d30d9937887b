// Issue 15, "Done when": do the 95 % intervals of `auto` cover the truth 95 % of the time, on
// displacements, on accelerations and on a point-sampled multisine at coarse h? 200 Monte Carlo
// runs each of the 3-DOF system (N = 6000, seeds 1..200), in WASM under Node; coverage of m11,
// k11, d11 and the first natural frequency, the mean predicted sd beside the observed spread, and
// which covariance auto used (white, or the sandwich for coloured residuals).
import { loadMechidNode } from '../wasm/node.js';
import { withNoise } from './noise.mjs';

// MECHID_UNCERTAINTY_RUNS: runs per case (default 200); MECHID_UNCERTAINTY_CASES: which cases
// (0-based indices, comma-separated; default all), to run them in separate processes.
const runs = Number(process.env.MECHID_UNCERTAINTY_RUNS ?? 200), n = 6000;
const mechid = await loadMechidNode();
const truth = mechid.preset('3dof');
const omega1 = mechid.modal(truth).modes[0].omega_n;
const entry = (m, i, j) => m.data[i * m.cols + j];
const quantities = [
  ['m₁₁', (r) => [entry(r.M, 0, 0), entry(r.uncertainty.M_sd, 0, 0)], entry(truth.M, 0, 0)],
  ['k₁₁', (r) => [entry(r.K, 0, 0), entry(r.uncertainty.K_sd, 0, 0)], entry(truth.K, 0, 0)],
  ['d₁₁', (r) => [entry(r.D, 0, 0), entry(r.uncertainty.D_sd, 0, 0)], entry(truth.D, 0, 0)],
  ['ω₁ (rad/s)', (r) => [r.modal.modes[0].omega_n, r.uncertainty.omega_n_sd[0]], omega1],
];
// Each case: its data for a seed.
const cases = [
  ['displacements, PRBS held, h = 0.05, SNR 15 dB', (seed) => {
    const sim = mechid.simulate(truth, { h: 0.05, n, snr: 15, seed });
    return { h: 0.05, u: sim.u, y: sim.q, inputSampling: 'hold' };
  }],
  ['accelerations, multisine point-sampled, h = 0.05, SNR 20 dB', (seed) => {
    const sim = mechid.simulate(truth, { h: 0.05, n, input: 'multisine', seed, withDerivatives: true });
    return { h: 0.05, u: sim.u, y: withNoise(mechid, sim.a, 1000 + seed, 20), inputSampling: 'point', outputs: 'acceleration' };
  }],
  ['displacements, multisine point-sampled, h = 0.2, SNR 15 dB', (seed) => {
    const sim = mechid.simulate(truth, { h: 0.2, n, input: 'multisine', snr: 15, seed });
    return { h: 0.2, u: sim.u, y: sim.q, inputSampling: 'point' };
  }],
];

const lines = [`3dof, N = ${n}, ${runs} runs per case (seeds 1..${runs}), method auto, WASM (Node ${process.version}). ` +
  'Coverage: share of runs whose estimate ± 1.96 sd contains the truth (target 90–98 %); bias: mean estimate − truth, ' +
  'in units of the observed sd. Covariance: runs with the white σ̂²(J\'J)⁻¹ / the sandwich (mean lag window M).', '',
  '| data | quantity | coverage of ± 1.96 sd | mean predicted sd | observed sd | bias / observed sd | covariance (white / sandwich, mean M) | runs without intervals, failed, with warnings | s |',
  '|---|---|---|---|---|---|---|---|---|'];
const chosen = process.env.MECHID_UNCERTAINTY_CASES?.split(',').map(Number) ?? cases.map((_, k) => k);
for (const [label, data] of chosen.map((k) => cases[k])) {
  const samples = quantities.map(() => []);
  let failures = 0, without = 0, warned = 0, sandwich = 0, lags = 0;
  const t0 = performance.now();
  for (let seed = 1; seed <= runs; seed++) {
    const r = mechid.identify('auto', data(seed), {});
    if (r.status === 'failed') { failures++; continue; }
    if (r.status === 'warning') warned++;
    if (!r.uncertainty) { without++; continue; }
    if (r.diagnostics.covariance === 'sandwich') { sandwich++; lags += r.diagnostics.covariance_max_lag; }
    quantities.forEach(([, get], k) => samples[k].push(get(r)));
  }
  const seconds = (performance.now() - t0) / 1000;
  const first = lines.length;
  quantities.forEach(([name, , exact], k) => {
    const s = samples[k], count = s.length;
    if (!count) return;
    const covered = s.filter(([x, sd]) => Math.abs(x - exact) <= 1.959963984540054 * sd).length;
    const mean = s.reduce((a, [x]) => a + x, 0) / count;
    const spread = Math.sqrt(s.reduce((a, [x]) => a + (x - mean) ** 2, 0) / (count - 1));
    const predicted = s.reduce((a, [, sd]) => a + sd, 0) / count;
    const covariance = `${count - sandwich} / ${sandwich}${sandwich ? ` (M ${Math.round(lags / sandwich)})` : ''}`;
    lines.push(`| ${k ? '' : label} | ${name} | ${(100 * covered / count).toFixed(1)} % | ${predicted.toPrecision(3)} | ${spread.toPrecision(3)} | ` +
      `${((mean - exact) / spread).toFixed(2)} | ${k ? '' : covariance} | ${k ? '' : `${without}, ${failures}, ${warned}`} | ${k ? '' : seconds.toFixed(0)} |`);
  });
  console.error(lines.slice(first).join('\n'));  // progress: the bench takes minutes per case
}
export const table = lines.join('\n');
