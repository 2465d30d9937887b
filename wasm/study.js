// Monte Carlo identification studies (thesis ch. 5): the list of independent runs, and their
// aggregation into the rows of docs/interfaces.md's study result. Runs are computed by
// Mechid.studyRun (seeds derived per h index and run), in any order and on any pool of workers.

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

const median = (values) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * results[i] is the studyRun result of tasks[i]. rel_err is the RMS over the runs that did not
 * fail; failures counts status 'failed'; warnings counts status 'warning' (e.g. non-PD);
 * too_short counts the runs whose record is shorter than a few periods of the slowest mode (advice
 * record_too_short, failed runs included), too_short_message the core's sentence for it (or null).
 */
export function aggregateStudy(spec, tasks, results) {
  const rows = [];
  spec.hs.forEach((h, hIndex) => {
    for (const method of spec.methods) {
      const mine = results.filter((_, i) => tasks[i].hIndex === hIndex && tasks[i].method === method);
      const ok = mine.filter((r) => r.status !== 'failed');
      const short = mine.map((r) => r.advice?.find((a) => a.code === 'record_too_short')).filter(Boolean);
      const rms = (key) => (ok.length ? Math.sqrt(ok.reduce((s, r) => s + r.errors[key] ** 2, 0) / ok.length) : null);
      rows.push({
        h, method, ...(spec.ns ? { n: spec.ns[hIndex] } : {}),
        rel_err: { M: rms('M'), K: rms('K'), D: rms('D'), A: rms('A') },
        failures: mine.length - ok.length,
        warnings: mine.filter((r) => r.status === 'warning').length,
        median_ms: median(mine.map((r) => r.ms)),
        messages: [...new Set(mine.filter((r) => r.status === 'failed').map((r) => r.message))].slice(0, 3),
        too_short: short.length,
        too_short_message: short[0]?.message ?? null,
      });
    }
  });
  return { system: spec.systemName, snr: spec.snr, n: spec.n, runs: spec.runs, seed: spec.seed, rows };
}
