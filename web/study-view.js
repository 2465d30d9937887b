// Monte Carlo study of the "Identify" section (thesis ch. 5): one studyRun request per
// (h, run, method), spread over a pool of workers (each takes the next task when it is free;
// seeds come from (h, run), so the pool size does not change the numbers), progress after each
// run, cancel between runs, and a log-log plot of the RMS relative error of K against h per
// method. Aggregation: gen/study.js.
import { studyTasks, aggregateStudy } from './gen/study.js';
import { LogLogPlot } from './conditioning-plots.js';

export const STUDY_HS = [0.02, 0.05, 0.1];
export const STUDY_RUNS = 3;

const COLORS = { variational: '#1f77b4', 'n4sid-d2c': '#d62728', 'equation-error': '#2ca02c', 'variational-zoh': '#9467bd', auto: '#ff7f0e' };

export class StudyView {
  /** plotEl: container of the plot; progressEl: gets "k / total" after each run. */
  constructor(plotEl, progressEl) {
    this.plotEl = plotEl;
    this.progressEl = progressEl;
    this.plot = null;
    this.cancelled = false;
    this.running = false;
  }

  cancel() {
    this.cancelled = true;
  }

  /**
   * spec: {system (preset name), snr, n, seed, methods}; clients: the MechidClient pool.
   * Resolves with {aggregate, done, total, cancelled, ms}; rejects on a worker error.
   */
  async run(clients, spec) {
    const { system, snr, n, seed, methods } = spec;
    const tasks = studyTasks({ hs: STUDY_HS, runs: STUDY_RUNS, methods });
    const total = tasks.length;
    const results = new Array(total);
    let next = 0, done = 0;
    const perWorker = clients.map(() => 0);  // runs each worker did (data-per-worker, for the test)
    this.cancelled = false;
    this.running = true;
    this.progressEl.textContent = `0 / ${total}`;
    const t0 = performance.now();
    const drain = async (client, w) => {
      while (!this.cancelled && next < total) {
        const index = next++;
        const task = tasks[index];
        results[index] = await client.studyRun(system, {
          h: task.h, snr, samples: n, method: task.method, seed, hIndex: task.hIndex, run: task.run,
        });
        perWorker[w] += 1;
        this.progressEl.dataset.perWorker = perWorker.join(',');
        this.progressEl.textContent = `${++done} / ${total}`;
      }
    };
    try {
      await Promise.all(clients.map((client, w) => drain(client, w).catch((e) => { this.cancelled = true; throw e; })));
    } finally {
      this.running = false;
    }
    const cancelled = done < total;
    if (cancelled) this.progressEl.textContent = `${done} / ${total} (cancelled)`;
    const finished = tasks.map((task, i) => [task, results[i]]).filter(([, r]) => r !== undefined);
    const aggregate = aggregateStudy(
      { hs: STUDY_HS, methods, systemName: system, snr, n, runs: STUDY_RUNS, seed },
      finished.map(([task]) => task), finished.map(([, r]) => r),
    );
    this.#show(methods, aggregate.rows);
    return { aggregate, done, total, cancelled, ms: performance.now() - t0 };
  }

  #show(methods, rows) {
    this.plot?.destroy();
    this.plot?.observer.disconnect();
    this.plot = new LogLogPlot(this.plotEl, {
      xLabel: 'h (s)',
      yLabel: 'RMS relative error of K',
      series: methods.map((m) => ({ label: m, stroke: COLORS[m] ?? '#111111', width: 2, points: true })),
    });
    const ys = methods.map((m) => STUDY_HS.map((h) => rows.find((r) => r.h === h && r.method === m)?.rel_err.K ?? null));
    this.plot.show(STUDY_HS, ys.map((y) => y.map((v) => (v == null ? NaN : v))));
  }
}
