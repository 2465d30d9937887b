// Issue 48, item 5: the band-limited intersample model of point-sampled forces
// (src/identify/intersample_model.hpp; the cubic hold between its interpolated points,
// src/discretize/cubic_hold.hpp). Its bias floor on noise-free data (3dof, N = 3000, multisine up
// to fs/4, seed 1) at h = 0.2 and 0.6 with the time of one identification, and the coverage of
// auto's intervals in the numerics review's case (e622506, problem 3): h = 0.6, SNR 40 dB, 100 runs.
import { loadMechidNode } from '../wasm/node.js';
import { coverageHeader, coverageRows, quantities3dof } from './coverage.mjs';

// MECHID_INTERSAMPLE_RUNS: runs of the coverage case (default 100).
const runs = Number(process.env.MECHID_INTERSAMPLE_RUNS ?? 100), n = 3000;
const mechid = await loadMechidNode();
const truth = mechid.preset('3dof');
// Point samples of the multisine and the response at h (noise-free without snr).
const pointSampled = (h, seed, snr) => {
  const sim = mechid.simulate(truth, { h, n, input: 'multisine', seed, ...(snr === undefined ? {} : { snr }) });
  return { h, u: sim.u, y: sim.q, inputSampling: 'point' };
};
// ‖X̂ − X‖_F / ‖X‖_F, as the CLI's --truth prints it.
const relative = (a, b) => Math.sqrt(a.data.reduce((s, x, i) => s + (x - b.data[i]) ** 2, 0) / b.data.reduce((s, x) => s + x * x, 0));

const lines = [`3dof, N = ${n}, multisine (lines up to 0.25/h), point-sampled, method auto, WASM (Node ${process.version}).`, '',
  'Noise-free (seed 1): errors ‖X̂−X‖_F/‖X‖_F; time: median of 3 identifications.', '',
  '| h | sampling model | M | D | K | status | identification (s) |', '|---|---|---|---|---|---|---|'];
for (const h of [0.2, 0.6]) {
  const data = pointSampled(h, 1);
  const times = [];
  let r;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    r = mechid.identify('auto', data, {});
    times.push((performance.now() - t0) / 1000);
  }
  times.sort((a, b) => a - b);
  const e = (X) => relative(r[X], truth[X]).toExponential(2);
  lines.push(`| ${h} | ${r.diagnostics.sampling_model} | ${e('M')} | ${e('D')} | ${e('K')} | ${r.status} | ${times[1].toFixed(2)} |`);
}
lines.push('', `SNR 40 dB on q (simulate's --snr), h = 0.6, ${runs} runs (seeds 1..${runs}). Coverage: share of runs whose ` +
  'estimate ± 1.96 sd contains the truth (target 90–98 %); bias: mean estimate − truth, in units of the observed sd.', '',
  ...coverageHeader,
  ...coverageRows(mechid, 'displacements, multisine point-sampled, h = 0.6, SNR 40 dB', (seed) => pointSampled(0.6, seed, 40), runs,
    quantities3dof(mechid, truth)));
export const table = lines.join('\n');
