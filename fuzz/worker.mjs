// One fuzz worker: generates the cases seed = baseSeed + i for i = start, start+1, … of one
// target and runs each through the WASM API until `end` cases or its time budget is used. Before each case it
// stores i + 1 in the shared `progress` array, so that the runner (runner.mjs) can see a case that
// runs too long, kill this worker and save the case as a hang. Crashes are posted as they happen,
// the counts every second and at the end.
import { parentPort, workerData } from 'node:worker_threads';
import fc from 'fast-check';
import { loadMechidNode } from '../wasm/node.js';
import { runCall } from './calls.mjs';
import { classifyAsync, isCrash } from './outcome.mjs';
import { generateCase, loadTarget } from './targets.mjs';

const { target: name, baseSeed, start, end, budgetMs, progress } = workerData;
const target = await loadTarget(name);
let mechid = await loadMechidNode();
const ctx = (await target.setup?.(mechid)) ?? {};
const arbitrary = target.arbitrary(fc, ctx);
const deadline = Date.now() + budgetMs;  // from now: loading the module is not the target's time
parentPort.postMessage({ type: 'ready' });

const stats = { executions: 0, kinds: {}, slowest: { ms: 0, seed: null } };
let lastPost = Date.now();
for (let i = start; i < end && Date.now() < deadline; i++) {
  const seed = baseSeed + i;
  Atomics.store(progress, 0, i + 1);
  const began = performance.now();
  const c = generateCase(fc, arbitrary, seed);
  let call = null;
  const outcome = await classifyAsync(() => {
    call = target.prepare(mechid, c, ctx);
    return runCall(mechid, call);
  });
  const ms = performance.now() - began;
  stats.executions++;
  stats.kinds[outcome.kind] = (stats.kinds[outcome.kind] ?? 0) + 1;
  if (ms > stats.slowest.ms) stats.slowest = { ms, seed };
  if (isCrash(outcome.kind)) {
    parentPort.postMessage({ type: 'finding', finding: { target: name, seed, ...outcome, case: c, call } });
    if (outcome.kind === 'trap') mechid = await loadMechidNode();  // a trapped instance may be corrupt
  }
  if (Date.now() - lastPost > 1000) {
    parentPort.postMessage({ type: 'stats', stats, memory: mechid.memoryBytes() });
    lastPost = Date.now();
  }
}
Atomics.store(progress, 0, 0);
parentPort.postMessage({ type: 'stats', stats, memory: mechid.memoryBytes(), done: true });
