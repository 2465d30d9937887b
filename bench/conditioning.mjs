// The conditioning issue's numbers for docs/results.md: the perturbation study of thesis
// Figs. 3.1, 3.2, A.1 on the msd system (seed 1), its log-log slopes, κ(h) against the thesis's
// formula, and passivity verdicts. Reproduce one table with
// `node bin/mechid.js perturb-study --system msd --i 1,2,3,10,30,100,300,1000 --samples 50 --seed 1`.
import { loadMechidNode } from '../wasm/node.js';

const mechid = await loadMechidNode();
const msd = mechid.preset('msd');
const e = (x) => (x === undefined || Number.isNaN(x) ? '–' : x.toExponential(2));
const lines = [];

const multiples = [1, 2, 3, 10, 30, 100, 300, 1000];
const rows = mechid.perturbationStudy(msd, { multiples, samples: 50, seed: 1 });
lines.push('Perturbation study, msd (m = 15, d = 0.2, k = 2), 5 % perturbations, 50 samples, seed 1:', '',
  '| i | h (s) | ZOH A | ZOH b | ZOH m | ZOH d | ZOH k | ZOH failures | midpoint m | midpoint d | midpoint k |',
  '|---|---|---|---|---|---|---|---|---|---|---|');
for (let r = 0; r < rows.length; r += 2) {
  const z = rows[r], m = rows[r + 1];
  lines.push(`| ${z.i} | ${z.h.toPrecision(3)} | ${e(z.rel_err.A)} | ${e(z.rel_err.b)} | ${e(z.rel_err.m)} | ${e(z.rel_err.d)} | ${e(z.rel_err.k)} | ${z.failures} | ${e(m.rel_err.m)} | ${e(m.rel_err.d)} | ${e(m.rel_err.k)} |`);
}

// Slopes over i = 10..1000 (h from 1.1 s to 0.011 s), 400 samples for a steadier fit.
const fine = mechid.perturbationStudy(msd, { multiples: [10, 20, 50, 100, 200, 500, 1000], samples: 400, seed: 1 });
const slope = (method, key) => {
  const pts = fine.filter((r) => r.method === method).map((r) => [Math.log(r.h), Math.log(r.rel_err[key])]);
  const n = pts.length, sx = pts.reduce((s, p) => s + p[0], 0), sy = pts.reduce((s, p) => s + p[1], 0);
  const sxx = pts.reduce((s, p) => s + p[0] * p[0], 0), sxy = pts.reduce((s, p) => s + p[0] * p[1], 0);
  return ((n * sxy - sx * sy) / (n * sxx - sx * sx)).toFixed(2);
};
lines.push('', 'Log-log slopes of the relative error against h, i = 10..1000, 400 samples, seed 1 (targets from Remark 2 and Fig. 3.1):', '',
  '| error | slope | expected |', '|---|---|---|',
  `| midpoint m | ${slope('midpoint', 'm')} | 0 |`, `| midpoint d | ${slope('midpoint', 'd')} | -1 |`,
  `| midpoint k | ${slope('midpoint', 'k')} | -2 |`, `| ZOH A | ${slope('zoh', 'A')} | -1 (condition of log) |`,
  `| ZOH m | ${slope('zoh', 'm')} | |`, `| ZOH d | ${slope('zoh', 'd')} | |`, `| ZOH k | ${slope('zoh', 'k')} | |`);

const hs = [0.001, 0.01, 0.1, 1, 2, 3, 10];
const cond = mechid.condition(hs).rows;
lines.push('', 'κ(h) of R (eq. 3.33) by SVD and as printed in eq. 3.36 (`node bin/mechid.js condition --h 0.001,0.01,0.1,1,2,3,10`):', '',
  `| h | ${hs.join(' | ')} |`, `|---|${hs.map(() => '---').join('|')}|`,
  `| κ (SVD) | ${cond.map((r) => r.kappa.toPrecision(4)).join(' | ')} |`,
  `| eq. 3.36 | ${cond.map((r) => r.kappa_eq_3_36.toPrecision(4)).join(' | ')} |`);

lines.push('', 'Passivity verdicts with the mechanical energy (`node bin/mechid.js passivity --system S --h H`):', '',
  '| system | h | continuous | Cayley (P/h) | ZOH | Euler |', '|---|---|---|---|---|---|');
for (const [name, h] of [['msd', 0.1], ['3dof', 0.05], ['8dof', 0.01]]) {
  const p = mechid.passivity(mechid.preset(name), h);
  const v = (c) => (c.passive ? 'passive' : `not passive (λmax ${c.largest_eigenvalue.toExponential(1)})`);
  lines.push(`| ${name} | ${h} | ${v(p.continuous)} | ${v(p.cayley)} | ${v(p.zoh)} | ${v(p.euler)} |`);
}

export const table = lines.join('\n');
