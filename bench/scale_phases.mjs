// Issue 55, item 1: where the time of `auto` goes on the scale section's chains, natively
// (bench/native/scale_phases.cpp): the whole call and, timed apart, the steps it is made of, with
// the exact-sampling PEM's iterations and its seconds per iteration, the same PEM over a growing
// horizon (its seconds and how far its estimate lies from the whole-record PEM's, in sd), and each step's growth with n
// (least-squares slope of log t on log n). MECHID_SCALE_PHASES="8 16 24 32" picks the sizes.
// Reproduce: `node bench/run.mjs scale_phases` (needs the native build; about 5 min for 8-24 DOF).
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { nativeCompiler, requiredNativeTool } from './native_tool.mjs';

const sizes = (process.env.MECHID_SCALE_PHASES ?? '8 16 24').split(/\s+/).filter(Boolean);
const tool = requiredNativeTool('mechid_scale_phases');
const load = loadavg()[0];
const rows = JSON.parse(execFileSync(tool, sizes, { encoding: 'utf8', maxBuffer: 1 << 20 }));

const fmt = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const slope = (key) => {
  const pts = rows.filter((r) => r[key] > 0).map((r) => [Math.log(r.n), Math.log(r[key])]);
  if (pts.length < 2) return '–';
  const mx = pts.reduce((s, p) => s + p[0], 0) / pts.length, my = pts.reduce((s, p) => s + p[1], 0) / pts.length;
  const sxy = pts.reduce((s, p) => s + (p[0] - mx) * (p[1] - my), 0), sxx = pts.reduce((s, p) => s + (p[0] - mx) ** 2, 0);
  return (sxy / sxx).toFixed(2);
};
for (const r of rows) r.pem_per_iteration_s = r.pem_iterations ? r.pem_s / r.pem_iterations : 0;

export const table = [
  `Chains of n masses (presets chain<n>), N = 6000, h = 0.002, PRBS held on every mass, SNR 20 dB, seed 2, chain structure ` +
    `(M diagonal, D and K tridiagonal), natively (${nativeCompiler()}, one thread; bench/native/scale_phases.cpp), each step once after a ` +
    `warm-up; 1-minute load average ${load.toFixed(1)} on 2 cores when started. "auto" is the whole call; the other columns time, apart, ` +
    `the steps it is made of: the subspace step of its start (subspace_with_rule), the variational start (identify_variational, its ` +
    `PEM to the end), the structured inverse-dynamic start, and the exact-sampling PEM refined from that start with its covariance ` +
    `(refine_exact_sampling: iterations, fresh Jacobian factors, seconds per iteration), and that PEM from the same start over a growing ` +
    `horizon (refine_over_growing_horizon: one period of the start's slowest mode, then doubled while below two thirds of the record, then the whole record; seconds, and the ` +
    `largest difference of its M, D and K entries from the whole-record PEM's in units of the sd that one reports). auto refines one ` +
    `start, compared by cost, so its time is not the sum of the columns.`,
  '',
  '| n | auto s | auto iterations | subspace step s (block rows) | variational start s | inverse-dynamic start s | exact-sampling PEM s | its iterations (factors) | PEM s per iteration | growing-horizon PEM s | its largest difference (sd) | status |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.n} | ${fmt(r.auto_s)} | ${r.auto_iterations ?? '–'} | ${fmt(r.subspace_s)} (${r.block_rows}) | ${fmt(r.variational_start_s)} | ` +
    `${fmt(r.inverse_dynamic_s)} | ${fmt(r.pem_s)} | ${r.pem_iterations ?? '–'} (${r.pem_factors ?? '–'}) | ${fmt(r.pem_per_iteration_s)} | ` +
    `${r.grown_s >= 0 ? `${fmt(r.grown_s)}${r.grown_status === 'ok' ? '' : ` (${r.grown_status})`}` : '–'} | ${r.grown_sd >= 0 ? r.grown_sd.toFixed(3) : '–'} | ${r.status} |`),
  '',
  `Growth with n (slope of log t on log n): auto ${slope('auto_s')}, subspace step ${slope('subspace_s')}, variational start ` +
    `${slope('variational_start_s')}, inverse-dynamic start ${slope('inverse_dynamic_s')}, exact-sampling PEM ${slope('pem_s')}, ` +
    `per PEM iteration ${slope('pem_per_iteration_s')}, growing-horizon PEM ${slope('grown_s')}.`,
].join('\n');
