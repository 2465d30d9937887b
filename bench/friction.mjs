// Issue 48, item 4: do the intervals of identify with Coulomb friction cover the truth 90–98 % of
// the time? 100 Monte Carlo runs (seeds 1..100, MECHID_FRICTION_RUNS to change) of the 2-DOF chain
// of bench/friction-chain.mjs (Coulomb friction 2 N on DOF 1, multisine on DOF 1, 1 kHz, N 10 000,
// 40 dB SNR), identified as the CLI does it:
//   mechid identify --data d.csv --method auto --force-dofs 1 \
//     --structure '{"M":"diagonal","D":"diagonal","K":"tridiagonal"}' --friction coulomb
// in WASM under Node. Coverage of m1, m2, k11, k12, d1 and F_c (DOF 1), the mean predicted sd beside
// the observed spread, the bias in observed sd, and how many runs withheld their intervals.
// Reproduce: `node bench/run.mjs friction` (~10 min: the data are integrated in JavaScript).
import { loadMechidNode } from '../wasm/node.js';
import { chainOptions, chainRecord, chainTruth, coulombTruth } from './friction-chain.mjs';

const runs = Number(process.env.MECHID_FRICTION_RUNS ?? 100);
const mechid = await loadMechidNode();
const entry = (m, i, j) => m.data[i * m.cols + j];
const quantities = [
  ['m₁', (r) => [entry(r.M, 0, 0), entry(r.uncertainty.M_sd, 0, 0)], chainTruth.M[0][0]],
  ['m₂', (r) => [entry(r.M, 1, 1), entry(r.uncertainty.M_sd, 1, 1)], chainTruth.M[1][1]],
  ['k₁₁', (r) => [entry(r.K, 0, 0), entry(r.uncertainty.K_sd, 0, 0)], chainTruth.K[0][0]],
  ['k₁₂', (r) => [entry(r.K, 0, 1), entry(r.uncertainty.K_sd, 0, 1)], chainTruth.K[0][1]],
  ['d₁', (r) => [entry(r.D, 0, 0), entry(r.uncertainty.D_sd, 0, 0)], chainTruth.D[0][0]],
  ['F_c (DOF 1)', (r) => [r.friction.coulomb[0], r.friction.coulomb_sd[0]], coulombTruth[0]],
];
const samples = quantities.map(() => []);
let failed = 0, without = 0, warned = 0, refined = 0, ms = 0;
for (let seed = 1; seed <= runs; seed++) {
  const data = chainRecord(mechid, seed);
  const t0 = performance.now();
  const r = mechid.identify('auto', data, chainOptions);
  ms += performance.now() - t0;
  if (r.status === 'failed') { failed++; continue; }
  if (r.status === 'warning') warned++;
  if (r.diagnostics.refinement?.startsWith('output error')) refined++;
  if (!r.uncertainty) { without++; continue; }
  quantities.forEach(([, get], k) => samples[k].push(get(r)));
  if (seed % 10 === 0) console.error(`friction: ${seed} runs`);
}
const lines = [`2-DOF chain with Coulomb friction (bench/friction-chain.mjs), ${runs} runs (seeds 1..${runs}), ` +
  `method auto with --friction coulomb, WASM (Node ${process.version}); ${(ms / runs / 1000).toFixed(2)} s per identification on this machine ` +
  `(2 cores shared). Runs failed: ${failed}; with status warning: ${warned}; refined by output error: ${refined}; intervals withheld: ${without}. ` +
  'Coverage: share of the runs with intervals whose estimate ± 1.96 sd contains the truth (target 90–98 %); bias: mean estimate − truth in observed sd.', '',
  '| quantity | truth | coverage of ± 1.96 sd | mean predicted sd | observed sd | bias / observed sd |', '|---|---|---|---|---|---|'];
quantities.forEach(([name, , exact], k) => {
  const s = samples[k], count = s.length;
  const covered = s.filter(([x, sd]) => Math.abs(x - exact) <= 1.959963984540054 * sd).length;
  const xs = count ? s.map(([x]) => x) : [];
  const mean = xs.reduce((a, x) => a + x, 0) / count;
  const spread = Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (count - 1));
  const predicted = s.reduce((a, [, sd]) => a + sd, 0) / count;
  lines.push(count ? `| ${name} | ${exact} | ${(100 * covered / count).toFixed(0)} % | ${predicted.toPrecision(3)} | ${spread.toPrecision(3)} | ${((mean - exact) / spread).toFixed(2)} |`
    : `| ${name} | ${exact} | – (no intervals) | – | – | – |`);
});
export const table = lines.join('\n');
