// Issue 15, "Done when": do the 95 % intervals of `auto` cover the truth 95 % of the time, on
// displacements, on accelerations and on a point-sampled multisine at coarse h? 200 Monte Carlo
// runs each of the 3-DOF system (N = 6000, seeds 1..200), in WASM under Node; coverage of m11,
// k11, d11 and the first natural frequency, the mean predicted sd beside the observed spread, and
// which covariance auto used (white, or the sandwich for coloured residuals).
import { loadMechidNode } from '../wasm/node.js';
import { withNoise } from './noise.mjs';
import { coverageHeader, coverageRows, quantities3dof } from './coverage.mjs';

// MECHID_UNCERTAINTY_RUNS: runs per case (default 200); MECHID_UNCERTAINTY_CASES: which cases
// (0-based indices, comma-separated; default all), to run them in separate processes.
const runs = Number(process.env.MECHID_UNCERTAINTY_RUNS ?? 200), n = 6000;
const mechid = await loadMechidNode();
const truth = mechid.preset('3dof');
const quantities = quantities3dof(mechid, truth);
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
  ...coverageHeader];
const chosen = process.env.MECHID_UNCERTAINTY_CASES?.split(',').map(Number) ?? cases.map((_, k) => k);
for (const [label, data] of chosen.map((k) => cases[k])) lines.push(...coverageRows(mechid, label, data, runs, quantities));
export const table = lines.join('\n');
