// Speed of the identification pipeline for docs/results.md: native (build-native/
// mechid_identify_speed) against WASM under Node, best of 5, N = 6000, PRBS held, seed 2, native
// and WASM alternated in rounds; and n4sid on 10⁶ samples of the 3-DOF system in WASM, with the
// WebAssembly memory it needed.
// The memory case runs in a child process: the data are simulated by one module instance and
// identified by a second, fresh one, whose memory is then what the identification needed.
import { execFileSync } from 'node:child_process';
import { loadMechidNode } from '../wasm/node.js';
import { nativeCompiler, nativeTool } from './native_tool.mjs';
import { steadyState as timeSteadyState } from './timing.mjs';

const cases = [['3dof', 0.05, 15], ['3dof', 0.01, 15], ['8dof', 0.005, 20]];
const methods = ['variational', 'n4sid-d2c'];

if (process.argv[2] === '--n4sid-1e6') {
  const n = 1_000_000, h = 0.01;
  const simulator = await loadMechidNode();
  const sim = simulator.simulate(simulator.preset('3dof'), { h, n, snr: 15, seed: 3 });
  const mechid = await loadMechidNode();
  const before = mechid.memoryBytes();
  const t0 = performance.now();
  const r = mechid.identify('n4sid-d2c', { h, u: sim.u, y: sim.q, inputSampling: 'hold' }, {}, mechid.preset('3dof'));
  const ms = performance.now() - t0;
  console.log(JSON.stringify({ ms, status: r.status, errors: r.errors, before, wasmBytes: mechid.memoryBytes(), rssBytes: process.memoryUsage().rss }));
  process.exit(0);
}

// One method on one case in the steady state (timing.mjs: the first call apart, then the best of
// `repeats` after a warm-up of at least 3 calls and 1 s).
function steadyState(mechid, method, name, h, snr, repeats) {
  const sim = mechid.simulate(mechid.preset(name), { h, n: 6000, snr, seed: 2 });
  const { first, best, result } = timeSteadyState(() => mechid.identify(method, { h, u: sim.u, y: sim.q, inputSampling: 'hold' }, {}), repeats);
  return { first, best, diagnostics: result.diagnostics };
}

if (process.argv[2] === '--auto') {
  const [name, h, snr] = [process.argv[3], Number(process.argv[4]), Number(process.argv[5])];
  const { best, diagnostics } = steadyState(await loadMechidNode(), 'auto', name, h, snr, 3);
  console.log(JSON.stringify({ ms: best, start: diagnostics.start ?? '–', iterations: diagnostics.iterations ?? '–' }));
  process.exit(0);
}

// This machine's speed drifts by up to 20 % within minutes (docs/results.md, Build time), in
// bursts that a best-of-5 inside one process can sit in entirely. So native and WASM alternate, in
// `rounds` rounds, and each keeps its best round.
const rounds = 3;
const tool = nativeTool('mechid_identify_speed');
const keep = (map, key, row) => { if (!map.has(key) || row.ms < map.get(key).ms) map.set(key, row); };

const native = new Map(), wasm = new Map(), firstCall = new Map();
const mechid = await loadMechidNode();
for (let round = 0; round < rounds; ++round) {
  if (tool) {
    const rows = JSON.parse(execFileSync(tool, cases.map((c) => c.join(':')), { encoding: 'utf8' }));
    for (const r of rows) keep(native, `${r.system}/${r.h}/${r.method}`, r);
  }
  for (const [name, h, snr] of cases)
    for (const method of methods) {
      const { first, best, diagnostics } = steadyState(mechid, method, name, h, snr, 5);
      const key = `${name}/${h}/${method}`;
      keep(wasm, key, { ms: best, diagnostics });
      if (round === 0) firstCall.set(key, first);
    }
}
const lines = [`One identification, N = 6000, PRBS on all inputs (held), seed 2; native ${nativeCompiler()} -O3 and WASM (Node ${process.version}), best of 5 in the steady state (after a warm-up of ≥ 3 calls and ≥ 1 s), the better of ${rounds} alternated rounds each, and the first call of each case in the first round (compilation included):`, '',
  '| system | h | SNR dB | method | native ms | WASM ms | WASM / native | WASM first call ms | PEM iterations | block rows |', '|---|---|---|---|---|---|---|---|---|---|'];
for (const [name, h, snr] of cases) {
  for (const method of methods) {
    const key = `${name}/${h}/${method}`;
    const { ms: best, diagnostics } = wasm.get(key), first = firstCall.get(key);
    const nat = native.get(key);
    const ratio = nat ? (best / nat.ms).toFixed(2) : '–';
    const iterations = diagnostics.iterations ?? '–';
    lines.push(`| ${name} | ${h} | ${snr} | ${method} | ${nat ? nat.ms.toFixed(1) : '–'} | ${best.toFixed(1)} | ${ratio} | ${first.toFixed(0)} | ${iterations} | ${diagnostics.block_rows} |`);
  }
}

// auto at every h of the identification study (issue 19's targets: 3dof ≤ 100 ms, 8dof ≤ 1 s in
// WASM in the steady state). Each case in a fresh Node process (`--auto system h snr`): in one
// long-lived process the same call varied by up to 1.8x with what ran before it (the module's
// grown heap, V8's state), in fresh ones by a few %. steadyState's warm-up, then the best of 3;
// native best of 3, its own process per case too; the better of the alternated rounds each.
const autoCases = [...[0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.4, 0.6].map((h) => ['3dof', h, 15]),
  ...[0.0005, 0.001, 0.002, 0.005, 0.01, 0.02].map((h) => ['8dof', h, 20])];
const nativeAuto = new Map(), wasmAuto = new Map();
for (let round = 0; round < rounds; ++round)
  for (const c of autoCases) {
    const key = c.join('/');
    if (tool) keep(nativeAuto, key, JSON.parse(execFileSync(tool, [`${c.join(':')}:auto`], { encoding: 'utf8', env: { ...process.env, MECHID_SPEED_REPEATS: '3' } }))[0]);
    keep(wasmAuto, key, JSON.parse(execFileSync(process.execPath, [new URL(import.meta.url).pathname, '--auto', ...c.map(String)], { encoding: 'utf8' })));
  }
lines.push('', `\`auto\` at every h of the identification study, same data (N = 6000, PRBS held, seed 2); each case in a fresh process, native best of 3 and WASM best of 3 after the same warm-up, alternated in ${rounds} rounds, the better round each. Targets: 3dof ≤ 100 ms and 8dof ≤ 1 s in WASM:`, '',
  '| system | h | native ms | WASM ms | WASM / native | start refined | PEM iterations |', '|---|---|---|---|---|---|---|');
for (const c of autoCases) {
  const key = c.join('/');
  const w = wasmAuto.get(key), nat = nativeAuto.get(key);
  lines.push(`| ${c[0]} | ${c[1]} | ${nat ? nat.ms.toFixed(0) : '–'} | ${w.ms.toFixed(0)} | ${nat ? (w.ms / nat.ms).toFixed(2) : '–'} | ${w.start} | ${w.iterations} |`);
}

// Three fresh processes: the fastest time, the largest memory.
const bigRuns = Array.from({ length: 3 }, () => JSON.parse(execFileSync(process.execPath, [new URL(import.meta.url).pathname, '--n4sid-1e6'], { encoding: 'utf8' })));
const big = { ...bigRuns.reduce((a, b) => (b.ms < a.ms ? b : a)), wasmBytes: Math.max(...bigRuns.map((r) => r.wasmBytes)), rssBytes: Math.max(...bigRuns.map((r) => r.rssBytes)) };
const mb = (b) => (b / 2 ** 20).toFixed(0);
lines.push('', 'n4sid-d2c on N = 10⁶ samples of 3dof (h = 0.01, SNR 15 dB, seed 3) in WASM (Node), the fastest of 3 fresh processes (memory: the largest): ' +
  `${(big.ms / 1000).toFixed(1)} s, status ${big.status}, errors M ${(100 * big.errors.M).toFixed(2)} %, ` +
  `K ${(100 * big.errors.K).toFixed(2)} %, D ${(100 * big.errors.D).toFixed(2)} %; WebAssembly memory of the identifying module ` +
  `${mb(big.before)} MB at load, ${mb(big.wasmBytes)} MB peak (its input alone, u and y, is ${mb(2 * 3 * 8 * 1e6)} MB). ` +
  `Node process RSS ${mb(big.rssBytes)} MB (two module instances and the data in JS).`);

export const table = lines.join('\n');
