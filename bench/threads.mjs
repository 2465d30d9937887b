// Issue 55, item 4: `auto` on the scale section's chains on 1 and 2 threads of the core
// (core/parallel_for.hpp), natively and in WebAssembly with threads (bench/native/threads.cpp, the
// same program): the median of 7 calls each (MECHID_THREADS_REPEATS; the thread counts take turns,
// round by round), the speed-up over one thread of the same build (the median of the rounds'
// ratios), and whether the estimates are the same bit for bit.
// MECHID_THREADS_SIZES="16 24" and MECHID_THREADS="1 2" pick the sizes and thread counts;
// MECHID_THREADS_WASM=0 leaves the WebAssembly build out.
// The WebAssembly tool is built here in its own directory, build-wasm-threads (wasm/CMakeLists.txt,
// option MECHID_WASM_THREADS: -pthread on every object of the core; about 5 min the first time),
// and runs in Node, whose worker_threads carry Emscripten's pthreads. The page (cross-origin
// isolated) and the CLI load the core built the same way (web/gen/mechid-threads.*, web/gen/node/).
// Reproduce: `node bench/run.mjs threads` (needs the native build; about 3 min, plus the build).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { nativeCompiler, requiredNativeTool } from './native_tool.mjs';

const sizes = (process.env.MECHID_THREADS_SIZES ?? '16 24').split(/\s+/).filter(Boolean);
const threads = (process.env.MECHID_THREADS ?? '1 2').split(/\s+/).filter(Boolean);
const repeats = Number(process.env.MECHID_THREADS_REPEATS ?? 7);
const withWasm = process.env.MECHID_THREADS_WASM !== '0';
const load = loadavg()[0];
const args = [...sizes, '--threads', ...threads, '--repeats', String(repeats)];

// The WebAssembly tool with threads, configured and brought up to date (incremental).
const root = new URL('../', import.meta.url).pathname;
const wasmDir = join(root, 'build-wasm-threads');
function wasmTool() {
  const env = { ...process.env, NODE_PATH: '/usr/share/nodejs' };  // em++'s JS optimizer needs Debian's acorn
  if (!existsSync(join(wasmDir, 'CMakeCache.txt')))
    execFileSync('emcmake', ['cmake', '-S', root, '-B', wasmDir, '-DCMAKE_BUILD_TYPE=Release', '-DMECHID_WASM_THREADS=ON'], { stdio: 'ignore', env });
  execFileSync('cmake', ['--build', wasmDir, '-j2', '--target', 'mechid_threads_wasm'], { stdio: 'ignore', env });
  return join(wasmDir, 'bench/threads.cjs');
}

const runs = [{ build: 'native', rows: JSON.parse(execFileSync(requiredNativeTool('mechid_threads'), args, { encoding: 'utf8', maxBuffer: 1 << 20 })) }];
if (withWasm) {
  const tool = wasmTool();
  runs.push({ build: 'WASM', rows: JSON.parse(execFileSync(process.execPath, [tool, ...args], { encoding: 'utf8', maxBuffer: 1 << 20 })) });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const lines = [];
for (const { build, rows } of runs) {
  for (const r of rows) r.median = median(r.seconds);
  const single = (n) => rows.find((r) => r.n === n && r.threads === 1);
  // Round i's calls on every thread count were made one after the other: their ratio cancels the
  // machine's drift over the run, which the ratio of the medians would not.
  const speedup = (r) => median(r.seconds.map((s, i) => single(r.n).seconds[i] / s));
  for (const r of rows)
    lines.push(`| ${build} | ${r.n} | ${r.threads} | ${r.median.toFixed(2)} (${Math.min(...r.seconds).toFixed(2)}–${Math.max(...r.seconds).toFixed(2)}) | ` +
      `${speedup(r).toFixed(2)}× | ${r.digest === single(r.n).digest ? 'yes' : 'NO'} | ${r.status} |`);
}

export const table = [
  `identify("auto") on chains of n masses (presets chain<n>, N = 6000, h = 0.002, PRBS held on every mass, SNR 20 dB, seed 2, ` +
    `chain structure), bench/native/threads.cpp natively (${nativeCompiler()})` +
    (withWasm ? ` and in WebAssembly with threads (Emscripten's pthreads, Node ${process.version})` : '') +
    `, on ${cpus().length} cores, 1-minute load average ${load.toFixed(1)} when started; each thread count ${repeats} calls after a ` +
    `warm-up, the thread counts taking turns call by call, the median and the spread shown; the speed-up is the median over the rounds of ` +
    `one thread's time over the other count's in the same round. The core's threads run the exact-sampling sensitivity recursion by ` +
    `blocks of at most 32 columns of about equal cost (beside them the next chunk's free run), J'J by row blocks holding equal parts of its lower triangle, ` +
    `the Fréchet derivatives of the exponential by blocks of 8 directions, the subspace step's Schur complements, weighted projection and Gram matrix by ` +
    `blocks, the sandwich meat and modal intervals' finite differences by columns, the inverse-dynamic filters and regressors by channel, the ` +
    `validation's residual tests by channel and its initial state's adjoint sums by blocks of samples, and the excitation check's lagged ` +
    `covariance and Cholesky factor by blocks; the blocks do not depend on the thread count, so neither do the ` +
    `numbers ("same bits": M, D and K identical to one thread's of the same build, bit for bit). The page (when cross-origin isolated) and the CLI run the core built the same way, on the machine's cores up to 8.`,
  '',
  '| build | n | threads | seconds (median; min–max) | speed-up over 1 thread | same bits as 1 thread | status |',
  '|---|---|---|---|---|---|---|',
  ...lines,
].join('\n');
