// Issue 55, item 4: `auto` on the scale section's chains on 1 and 2 threads of the core
// (core/parallel_for.hpp), natively (bench/native/threads.cpp): the median of 5 calls each (MECHID_THREADS_REPEATS), the
// speed-up over one thread, and whether the estimates are the same bit for bit.
// MECHID_THREADS_SIZES="16 24" and MECHID_THREADS="1 2" pick the sizes and thread counts.
// Reproduce: `node bench/run.mjs threads` (needs the native build; about 3 min).
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { nativeCompiler, requiredNativeTool } from './native_tool.mjs';

const sizes = (process.env.MECHID_THREADS_SIZES ?? '16 24').split(/\s+/).filter(Boolean);
const threads = (process.env.MECHID_THREADS ?? '1 2').split(/\s+/).filter(Boolean);
const tool = requiredNativeTool('mechid_threads');
const load = loadavg()[0];
const repeats = Number(process.env.MECHID_THREADS_REPEATS ?? 5);
const rows = JSON.parse(execFileSync(tool, [...sizes, '--threads', ...threads, '--repeats', String(repeats)], { encoding: 'utf8', maxBuffer: 1 << 20 }));

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const r of rows) r.median = median(r.seconds);
const single = (n) => rows.find((r) => r.n === n && r.threads === 1);

export const table = [
  `identify("auto") on chains of n masses (presets chain<n>, N = 6000, h = 0.002, PRBS held on every mass, SNR 20 dB, seed 2, ` +
    `chain structure), natively (${nativeCompiler()}; bench/native/threads.cpp), on ${cpus().length} cores, 1-minute load average ` +
    `${load.toFixed(1)} when started; each thread count ${repeats} calls after a warm-up, the median and the spread shown. The core's threads ` +
    `run the exact-sampling sensitivity recursion by blocks of 32 columns, J'J by blocks of rows, the Fréchet derivatives of the ` +
    `exponential by blocks of 8 directions, and the subspace step's Schur complements, weighted projection and Gram matrix by ` +
    `blocks; the blocks do not depend on the thread count, so neither do the ` +
    `numbers ("same bits": M, D and K identical to one thread's, bit for bit). The page and the CLI still run the single-thread WebAssembly build.`,
  '',
  '| n | threads | seconds (median; min–max) | speed-up over 1 thread | same bits as 1 thread | status |',
  '|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.n} | ${r.threads} | ${r.median.toFixed(2)} (${Math.min(...r.seconds).toFixed(2)}–${Math.max(...r.seconds).toFixed(2)}) | ` +
    `${(single(r.n).median / r.median).toFixed(2)}× | ${r.digest === single(r.n).digest ? 'yes' : 'NO'} | ${r.status} |`),
].join('\n');
