// Two WASM builds side by side on the same simulations: the largest relative change of the
// estimates (M, D, K) and of their standard deviations (M, D, K, ω_n, ζ) between a saved build and
// the current one (web/gen), per case. For changes that should leave estimates alone and move
// intervals only within their own spread (docs/results.md, "Where the time goes").
// Run: cp -r web/gen /tmp/oldgen (before the change, after `npm run build:wasm`), then after
// rebuilding: node bench/compare-builds.mjs /tmp/oldgen
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { wrapModule } from '../wasm/api.js';

async function load(dir) {
  const wasmBinary = await readFile(resolve(dir, 'mechid.wasm'));
  const { default: create } = await import(pathToFileURL(resolve(dir, 'mechid.mjs')).href);
  return wrapModule(await create({ wasmBinary }));
}

// The largest |a - b| / max(|a|, |b|) over the entries of two matrices (or arrays).
function largestRelativeChange(a, b) {
  const A = Array.from(a.data ?? a), B = Array.from(b.data ?? b);
  let worst = 0;
  A.forEach((x, i) => {
    const scale = Math.max(Math.abs(x), Math.abs(B[i]));
    if (scale > 0) worst = Math.max(worst, Math.abs(x - B[i]) / scale);
  });
  return worst;
}

const oldDir = process.argv[2];
if (!oldDir) {
  console.error('usage: node bench/compare-builds.mjs <directory of the other build\'s mechid.mjs and mechid.wasm>');
  process.exit(2);
}
const before = await load(oldDir);
const after = await load(new URL('../web/gen/', import.meta.url).pathname);
// [system, h, N, SNR dB, seed, method]: PRBS held on all inputs.
const cases = [
  ['8dof', 0.0005, 6000, 20, 2, 'auto'], ['8dof', 0.001, 6000, 20, 2, 'auto'], ['8dof', 0.002, 6000, 20, 3, 'auto'],
  ['8dof', 0.005, 6000, 20, 2, 'variational-zoh'], ['3dof', 0.05, 6000, 15, 2, 'auto'], ['3dof', 0.005, 6000, 15, 4, 'auto'],
  ['msd', 0.1, 2000, 30, 1, 'auto'], ['3dof', 0.2, 3000, 30, 5, 'variational-zoh'],
];
console.log('| system | h | seed | method | status | covariance | estimates: largest relative change | sd: largest relative change | undetermined |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const [name, h, n, snr, seed, method] of cases) {
  const system = after.preset(name);
  const sim = after.simulate(system, { h, n, snr, seed, input: 'prbs' });
  const data = { h, u: sim.u, y: sim.q, inputSampling: 'hold' };
  const a = before.identify(method, data, {}, system), b = after.identify(method, data, {}, system);
  const estimates = Math.max(...['M', 'D', 'K'].map((k) => largestRelativeChange(a[k], b[k])));
  const sd = a.uncertainty && b.uncertainty
    ? Math.max(...['M_sd', 'D_sd', 'K_sd', 'omega_n_sd', 'zeta_sd'].map((k) => largestRelativeChange(a.uncertainty[k], b.uncertainty[k])))
    : NaN;
  console.log(`| ${name} | ${h} | ${seed} | ${method} | ${a.status} / ${b.status} | ${a.diagnostics.covariance} / ${b.diagnostics.covariance} | `
    + `${estimates.toExponential(1)} | ${sd.toExponential(1)} | ${a.uncertainty?.undetermined.length} / ${b.uncertainty?.undetermined.length} |`);
}
