// The work guard (issue 20) against measured time, for docs/results.md section `guard`
// (`node bench/run.mjs guard`): each method on a spring-mass chain of 3-40 DOF with 300-20000
// samples, one run each in WASM under Node and natively (build-native/mechid_work_guard, same
// data), next to the guard's estimate (estimateWork: flops, and seconds at the WASM rate it
// assumes). Cases the estimate puts beyond BUDGET_S are not run (that is what the guard is for).
import { execFileSync } from 'node:child_process';
import { loadMechidNode } from '../wasm/node.js';
import { nativeCompiler, nativeTool } from './native_tool.mjs';

const BUDGET_S = Number(process.env.GUARD_BUDGET_S ?? 40);
const H = 0.02;
const methods = ['equation-error', 'n4sid-d2c', 'variational', 'variational-zoh', 'inverse-dynamic', 'auto'];
const sizes = [[3, 300], [3, 2000], [3, 20000], [8, 300], [8, 2000], [8, 20000], [20, 2000], [20, 20000], [40, 2000]];

// The chain of bench/native/work_guard.cpp: M = I, K = 100 tridiag(-1, 2, -1), D = 0.1 M + 0.002 K, L = I.
function chain(n) {
  const M = new Float64Array(n * n), K = new Float64Array(n * n), D = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    M[i * n + i] = 1;
    K[i * n + i] = 200;
    if (i > 0) K[i * n + i - 1] = K[(i - 1) * n + i] = -100;
  }
  for (let i = 0; i < n * n; i++) D[i] = 0.1 * M[i] + 0.002 * K[i];
  const matrix = (data) => ({ rows: n, cols: n, data });
  return { M: matrix(M), D: matrix(D), K: matrix(K), L: matrix(M.slice()) };
}

const mechid = await loadMechidNode();
const data = new Map();
const record = (dof, N) => {
  const key = `${dof}/${N}`;
  if (!data.has(key)) {
    const sim = mechid.simulate(chain(dof), { h: H, n: N, snr: 30, seed: 1 });
    data.set(key, { h: H, u: sim.u, y: sim.q, inputSampling: 'hold' });
  }
  return data.get(key);
};

// Warm-up: V8 compiles the module's code on first use (bench/speed.mjs).
for (let i = 0; i < 3; i++) mechid.identify('auto', record(3, 2000), {});

const cases = [];
for (const [dof, N] of sizes) {
  for (const method of methods) {
    let estimate;
    try {
      estimate = mechid.estimateWork(method, record(dof, N), {});
    } catch (error) {
      cases.push({ method, dof, N, skipped: error.message });
      continue;
    }
    cases.push({ method, dof, N, estimate, run: estimate.seconds <= BUDGET_S && estimate.bytes < 1.5e9 });
  }
}

const native = new Map();
const tool = nativeTool('mechid_work_guard');
const toRun = cases.filter((c) => c.run);
if (tool) {
  const rows = JSON.parse(execFileSync(tool, toRun.map((c) => `${c.method}:${c.dof}:${c.N}`), { encoding: 'utf8', maxBuffer: 1 << 24 }));
  for (const r of rows) native.set(`${r.method}/${r.dof}/${r.samples}`, r);
}

const ratios = [];
const fmt = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const lines = [
  `Each method once on a spring-mass chain (unit masses, springs 100 N/m, D = 0.1 M + 0.002 K, PRBS held on every DOF, h = ${H}, SNR 30 dB, seed 1),`,
  `in WASM (Node ${process.version}) and natively (${nativeCompiler()} -O3); the estimate is the guard's (src/identify/work_estimate.cpp), its seconds at the`,
  'WASM rate it assumes (kWasmFlopsPerSecond). Cases estimated above ' + `${BUDGET_S} s are not run. measured/estimated is WASM s over estimated s.`, '',
  '| method | DOF | N | estimate flops | estimate s | WASM s | measured/estimated | native s | WASM flops/s | status |',
  '|---|---|---|---|---|---|---|---|---|---|'];
for (const c of cases) {
  if (c.skipped) {
    lines.push(`| ${c.method} | ${c.dof} | ${c.N} | – | – | – | – | – | – | refused: ${c.skipped.slice(0, 60)} |`);
    continue;
  }
  const e = c.estimate;
  if (!c.run) {
    lines.push(`| ${c.method} | ${c.dof} | ${c.N} | ${e.flops.toExponential(2)} | ${fmt(e.seconds)} | – | – | – | – | not run (over ${BUDGET_S} s or 1.5 GB) |`);
    continue;
  }
  const t0 = performance.now();
  let status;
  try {
    status = mechid.identify(c.method, record(c.dof, c.N), { maxWork: Infinity }).status;
  } catch (error) {
    status = `error: ${error.message.slice(0, 60)}`;
  }
  const seconds = (performance.now() - t0) / 1000;
  const nat = native.get(`${c.method}/${c.dof}/${c.N}`);
  const ratio = seconds / e.seconds;
  if (seconds >= 0.2) ratios.push({ ratio, c });  // below that, call overhead and validation dominate
  lines.push(`| ${c.method} | ${c.dof} | ${c.N} | ${e.flops.toExponential(2)} | ${fmt(e.seconds)} | ${fmt(seconds)} | ${ratio.toFixed(2)} | ` +
    `${nat ? fmt(nat.ms / 1000) : '–'} | ${(e.flops / seconds).toExponential(2)} | ${status} |`);
}
ratios.sort((a, b) => a.ratio - b.ratio);
const lo = ratios[0], hi = ratios[ratios.length - 1];
const median = ratios[Math.floor(ratios.length / 2)];
lines.push('', `Over the ${ratios.length} runs of at least 0.2 s: measured/estimated from ${lo.ratio.toFixed(2)} (${lo.c.method}, ${lo.c.dof} DOF, N = ${lo.c.N}) ` +
  `to ${hi.ratio.toFixed(2)} (${hi.c.method}, ${hi.c.dof} DOF, N = ${hi.c.N}), median ${median.ratio.toFixed(2)}.`);

// The probe's case: 60 inputs and 60 outputs, 2000 samples, refused before any heavy allocation.
const wide = { h: 0.01, u: { rows: 2000, cols: 60, data: Float64Array.from({ length: 120000 }, Math.random) },
  y: { rows: 2000, cols: 60, data: Float64Array.from({ length: 120000 }, Math.random) } };
const t0 = performance.now();
let refusal = '';
try {
  mechid.identify('equation-error', wide, {});
} catch (error) {
  refusal = `${error.option}: ${error.message}`;
}
lines.push('', `An equation-error request on 60 DOF x 2000 samples (94 s at 40 DOF without the guard): refused in ` +
  `${(performance.now() - t0).toFixed(0)} ms with "${refusal}"`);

export const table = lines.join('\n');
