// The identification issue's numbers for docs/results.md: Monte Carlo studies of the 3-DOF
// (thesis Figs. 5.2-5.5) and 8-DOF (Figs. 5.6-5.9) systems and the noise-free O(h²) slope
// (speed: bench/speed.mjs). Reproduce one study with e.g.
// `node bin/mechid.js study --system 3dof --h 0.005,0.01,0.02,0.05,0.1,0.2,0.4,0.6 --snr 15 --runs 20 --n 6000 --methods variational,n4sid-d2c,equation-error --seed 1`.
import { availableParallelism } from 'node:os';
import { loadMechidNode } from '../wasm/node.js';
import { runStudyNode } from '../wasm/node-study.js';

const mechid = await loadMechidNode();
const methods = ['auto', 'variational', 'n4sid-d2c', 'equation-error'];
const workers = Math.min(availableParallelism(), 8);
const pct = (x) => (x === null || x === undefined || Number.isNaN(x) ? '–' : `${(100 * x).toPrecision(3)} %`);
const lines = [];

async function studyTable(name, hs, snr, runs) {
  const t0 = performance.now();
  const result = await runStudyNode({ system: mechid.preset(name), systemName: name, hs, snr, n: 6000, runs, methods, seed: 1 }, workers);
  lines.push('', `${name}, N = 6000, PRBS on all inputs (held), SNR ${snr} dB, ${runs} runs, seed 1 ` +
    `(RMS relative errors over the runs that did not fail; ${((performance.now() - t0) / 1000).toFixed(0)} s on ${workers} workers):`, '',
    '| h | method | M | K | D | A | failed | with warnings | median ms |', '|---|---|---|---|---|---|---|---|---|');
  for (const r of result.rows) {
    lines.push(`| ${r.h} | ${r.method} | ${pct(r.rel_err.M)} | ${pct(r.rel_err.K)} | ${pct(r.rel_err.D)} | ${pct(r.rel_err.A)} | ${r.failures} | ${r.warnings} | ${r.median_ms?.toFixed(0)} |`);
  }
}

await studyTable('3dof', [0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.4, 0.6], 15, 20);
await studyTable('8dof', [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02], 20, 10);

// Noise-free: the midpoint model error of the variational estimate.
const slopeRows = [0.05, 0.1, 0.2].map((h) => {
  const sim = mechid.simulate(mechid.preset('3dof'), { h, n: 4000 });
  const r = mechid.identify('variational', { h, u: sim.u, y: sim.q, inputSampling: 'hold' }, {}, mechid.preset('3dof'));
  return [h, r.errors.M];
});
const slope = Math.log(slopeRows[2][1] / slopeRows[0][1]) / Math.log(slopeRows[2][0] / slopeRows[0][0]);
lines.push('', 'Noise-free 3dof (N = 4000, PRBS held): variational error of M against h — the O(h²) midpoint model error:', '',
  '| h | M error |', '|---|---|', ...slopeRows.map(([h, e]) => `| ${h} | ${e.toExponential(3)} |`), `| log-log slope | ${slope.toFixed(2)} |`);

export const table = lines.join('\n');
