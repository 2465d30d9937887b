// mechid study: Monte Carlo identification studies (thesis ch. 5) on a pool of worker threads.
import { availableParallelism } from 'node:os';
import { badInput } from '../../wasm/api.js';
import { runStudyNode } from '../../wasm/node-study.js';
import { loadSystem, writeJson } from '../io.mjs';
import { int, nums, pick, requireOption, strs, withDefaults } from '../options.mjs';

export const name = 'study';
export const summary = 'a Monte Carlo study: the errors of each method per step h (Bruschetta 2011, ch. 5)';
export const examples = ['mechid study --system msd --h 0.1,0.5 --snr 40 --runs 4 --n 500 --methods variational,n4sid-d2c', 'mechid study --system 3dof --h 0.05 --snr 30 --runs 2 --n 1000 --methods auto --workers 2 --seed 7'];
const { seed } = pick('seed');
export const options = {
  ...pick('system'), h: nums('H1,H2,..'), ...pick('snr'), runs: int('R', { min: 1 }), ...pick('n'), methods: strs('m1,m2'),
  seed: { ...seed, default: 1 }, workers: int('W', { min: 1, default: Math.min(availableParallelism(), 8) }), ...pick('max-work'),
};
export const usage = {
  required: ['system', 'h', 'snr', 'runs', 'n', 'methods'],
  help: ['JSON rows per h and method: RMS relative errors of M, K, D, A, failures, median ms',
    '--max-work FLOPS|inf: refuse a study estimated to need more flops in all its runs (about 100 s of work by default; inf: no limit)'],
};

export async function run(given, mechid) {
  const o = withDefaults(options, given);
  for (const key of usage.required) requireOption(o, key, name);
  const system = loadSystem(mechid, o.system);
  // Checked here, not in the worker threads, so that a bad value is one line before any run starts.
  for (const m of o.methods) {
    if (!mechid.methodNames().includes(m)) throw badInput(`unknown method '${m}' (expected ${mechid.methodNames().join(', ')})`);
  }
  for (const h of o.h) if (!(h > 0)) throw badInput(`h must be a positive number of seconds, got ${h}`);
  if (o.n < 3) throw badInput(`n must be at least 3 samples, got ${o.n}`);
  // The work guard on the whole study, before any run starts (analysis/command_cost.hpp).
  mechid.checkStudyWork(system, { n: o.n, hValues: o.h.length, runs: o.runs, methods: o.methods, ...(o['max-work'] === undefined ? {} : { maxWork: o['max-work'] }) });
  const spec = { system, systemName: system.name || o.system, hs: o.h, snr: o.snr, n: o.n, runs: o.runs, methods: o.methods, seed: o.seed };
  writeJson(await runStudyNode(spec, o.workers, undefined, mechid), o.out);
}
