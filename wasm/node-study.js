// Runs a study on a pool of Node worker_threads, each with its own WASM instance.
import { Worker } from 'node:worker_threads';
import { MechidError } from './errors.js';
import { loadMechidNode } from './node.js';
import { aggregateStudy, studyTasks } from './study.js';

/**
 * spec: {system, systemName, hs, snr, n, runs, methods, seed, ns?} (ns: samples per h, see study.js); onProgress(done, total) optional.
 * core: the Mechid instance that aggregates the runs (loaded here when not given).
 * Resolves to the study result of docs/interfaces.md.
 */
export async function runStudyNode(spec, workers, onProgress, core) {
  const tasks = studyTasks(spec);
  const results = new Array(tasks.length);
  let next = 0, done = 0;
  const pool = Array.from({ length: Math.max(1, Math.min(workers, tasks.length)) }, () =>
    new Worker(new URL('./node-study-worker.js', import.meta.url), { workerData: { system: spec.system } }));
  try {
    await Promise.all(pool.map((worker) => new Promise((resolve, reject) => {
      const give = () => {
        if (next >= tasks.length) { resolve(); return; }
        const index = next++;
        const t = tasks[index];
        worker.once('message', (reply) => {
          // The worker's MechidError, rebuilt (a thread passes plain data): bad input stays bad input.
          if (reply.error) { reject(new MechidError(reply.error.code, reply.error.message, reply.error.option)); return; }
          results[index] = reply.result;
          onProgress?.(++done, tasks.length);
          give();
        });
        worker.postMessage({ h: t.h, snr: spec.snr, samples: t.n ?? spec.n, method: t.method, seed: spec.seed, hIndex: t.hIndex, run: t.run });
      };
      worker.once('error', reject);
      give();
    })));
  } finally {
    await Promise.all(pool.map((worker) => worker.terminate()));
  }
  return aggregateStudy(spec, tasks, results, core ?? await loadMechidNode());
}
