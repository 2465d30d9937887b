// Monte Carlo identification studies (thesis ch. 5): the list of independent runs, and their
// aggregation into the rows of docs/interfaces.md's study result. Runs are computed by
// Mechid.studyRun (seeds derived per h index and run), in any order and on any pool of workers;
// their numbers are aggregated by the core (Mechid.studyAggregate), this module only groups them.
import { coreFor } from './core-instance.js';

/**
 * One task per (h, run, method). `ns` (optional, one per h) gives each h its own number of
 * samples (task.n), so that the record length N h in seconds stays sensible over a wide h range
 * (the page's lesson); without it every task uses the study's n.
 */
export function studyTasks({ hs, runs, methods, ns }) {
  const tasks = [];
  hs.forEach((h, hIndex) => {
    for (let run = 0; run < runs; run++) {
      for (const method of methods) tasks.push({ hIndex, h, run, method, ...(ns ? { n: ns[hIndex] } : {}) });
    }
  });
  return tasks;
}

/**
 * results[i] is the studyRun result of tasks[i]; mechid a Mechid instance (default: the thread's,
 * wasm/core-instance.js). The numbers of each row are the core's (Mechid.studyAggregate,
 * src/analysis/study_aggregate.hpp): rel_err the RMS over the runs that did not fail; failures
 * counts status 'failed'; warnings counts status 'warning' (e.g. non-PD); too_short counts the runs
 * whose record is shorter than a few periods of the slowest mode (advice record_too_short, failed
 * runs included), too_short_message the core's sentence for it (or null). Here only the grouping
 * of the runs per (h, method).
 */
export function aggregateStudy(spec, tasks, results, mechid) {
  const core = coreFor('aggregateStudy', mechid);
  const rows = [];
  spec.hs.forEach((h, hIndex) => {
    for (const method of spec.methods) {
      const mine = results.filter((_, i) => tasks[i].hIndex === hIndex && tasks[i].method === method);
      rows.push({ h, method, ...(spec.ns ? { n: spec.ns[hIndex] } : {}), ...core.studyAggregate(mine) });
    }
  });
  return { system: spec.systemName, snr: spec.snr, n: spec.n, runs: spec.runs, seed: spec.seed, rows };
}
