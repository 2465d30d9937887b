// The threads of the CLI's computations: the machine's cores, up to MAX_THREADS, or the count in
// the environment variable MECHID_THREADS (docs/cli.md, "Common rules"); 1 runs the module without
// threads. The numbers are the same on any count (tests/node/threads.test.mjs).
import { availableParallelism } from 'node:os';
import { badInput, quoted } from '../wasm/api.js';

// As the page's worker (web/app/worker.js): each thread is a worker with its own instance.
export const MAX_THREADS = 8;
// The most MECHID_THREADS may ask for.
export const MAX_ASKED = 64;

/** The threads from `env` (process.env by default): MECHID_THREADS, else min(cores, MAX_THREADS). */
export function cliThreads(env = process.env, cores = availableParallelism()) {
  const text = env.MECHID_THREADS;
  if (text === undefined || text === '') return Math.max(1, Math.min(cores, MAX_THREADS));
  const count = /^\s*\d+\s*$/.test(text) ? Number(text) : NaN;
  if (!(count >= 1 && count <= MAX_ASKED)) {
    throw badInput(`MECHID_THREADS must be a whole number of threads from 1 to ${MAX_ASKED}, got '${quoted(text)}'`);
  }
  return count;
}
