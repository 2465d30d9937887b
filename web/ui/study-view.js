// Monte Carlo study (thesis ch. 5), used by the "Identify" section's study and by the lesson
// (views/lesson.js): one studyRun request per (h, run, method), spread over a pool of workers
// started for the study and closed after it (each takes the next task when it is free; seeds come
// from (h, run), so the pool size does not change the numbers), progress after each run, and a
// log-log plot of the RMS relative error of K against h per method. Cancel terminates the pool at
// once, the run in progress included; the finished runs are kept (and shown, unless the view was
// made with {partial: false}). The plot shows K, or one plot per matrix given (the lesson shows
// M, K, D and A, as thesis Figs. 5.2–5.5). Aggregation: the core's, by the page's worker (gen/study.js).
import { client as pageClient, isCancelled, WorkerClient } from '../client/worker-client.js';
import { studyTasks } from '../gen/study.js';
import { COLOR, PALETTE } from './palette.js';
import { LogLogPlot } from './plot-loglog.js';

// The form's defaults: the h values and runs of the study before it was configurable.
export const STUDY_HS = [0.02, 0.05, 0.1];
export const STUDY_RUNS = 3;
// One worker per core, at least two and at most four (each holds a WebAssembly instance).
const POOL_SIZE = Math.min(4, Math.max(2, navigator.hardwareConcurrency || 2));

export const METHOD_COLORS = { variational: COLOR.blue, 'n4sid-d2c': COLOR.red, 'equation-error': COLOR.green, 'variational-zoh': COLOR.purple, auto: COLOR.orange };

/**
 * The colour of each of a plot's methods: its own in METHOD_COLORS, else (a method without one,
 * e.g. one new in the core's table) the palette's next colour that no method of the plot has.
 */
export function methodColors(methods) {
  const taken = new Set(methods.map((m) => METHOD_COLORS[m]));
  const free = PALETTE.filter((c) => !taken.has(c));
  let k = 0;
  return methods.map((m) => METHOD_COLORS[m] ?? free[k++ % free.length]);
}

export class StudyView {
  /**
   * plotEl: container of the plot of K; progressEl: gets "k / total" after each run; partial:
   * false draws nothing after a cancel (the lesson shows a whole result or none); plots: instead
   * of plotEl, one container per matrix, {M: element, K: element, …} (keys of rel_err).
   */
  constructor(plotEl, progressEl, { partial = true, plots } = {}) {
    this.plotEls = plots ?? { K: plotEl };
    this.progressEl = progressEl;
    this.partial = partial;
    this.plots = [];
    this.cancelled = false;
    this.pool = [];   // the study's workers while it runs
  }

  get running() {
    return this.pool.length > 0;
  }

  /** Stops the study now: its workers are terminated, the runs in progress lost. */
  cancel() {
    this.cancelled = true;
    for (const client of this.pool) client.cancel('the study was cancelled');
  }

  /** Removes the plots (a new lesson starts from empty figures). */
  clear() {
    for (const plot of this.plots) {
      plot.destroy();
      plot.observer.disconnect();
    }
    this.plots = [];
    for (const el of Object.values(this.plotEls)) el.replaceChildren();
  }

  /**
   * spec: {system (preset name), snr, n, seed, methods, hs?, runs?, ns?} (hs and runs default to
   * STUDY_HS and STUDY_RUNS; ns: samples per h, instead of n). onProgress(done, total) after each
   * run. Resolves with {aggregate, done, total, cancelled, ms}; rejects on a worker error (the
   * other workers are stopped then).
   */
  async run(spec, { onProgress } = {}) {
    const { system, snr, n, seed, methods, hs = STUDY_HS, runs = STUDY_RUNS, ns } = spec;
    const tasks = studyTasks({ hs, runs, methods, ns });
    const total = tasks.length;
    const results = new Array(total);
    let next = 0, done = 0;
    const clients = Array.from({ length: Math.min(POOL_SIZE, total) }, () => new WorkerClient({ threads: 1 }));  // the runs side by side, each on one thread
    const perWorker = clients.map(() => 0);  // runs each worker did (data-per-worker, for the test)
    this.cancelled = false;
    this.pool = clients;
    this.progressEl.textContent = `0 / ${total}`;
    onProgress?.(0, total);
    const t0 = performance.now();
    const drain = async (client, w) => {
      while (!this.cancelled && next < total) {
        const index = next++;
        const task = tasks[index];
        results[index] = (await client.studyRun({ system, options: {
          h: task.h, snr, samples: task.n ?? n, method: task.method, seed, hIndex: task.hIndex, run: task.run,
        } })).run;
        perWorker[w] += 1;
        this.progressEl.dataset.perWorker = perWorker.join(',');
        this.progressEl.textContent = `${++done} / ${total}`;
        onProgress?.(done, total);
      }
    };
    const stopped = (e) => {
      if (isCancelled(e) && this.cancelled) return;  // cancelled by the user: keep what is done
      this.cancel();
      throw e;
    };
    try {
      await Promise.all(clients.map((client, w) => drain(client, w).catch(stopped)));
    } finally {
      for (const client of clients) client.close();
      this.pool = [];
    }
    const cancelled = done < total;
    if (cancelled) this.progressEl.textContent = `${done} / ${total} (cancelled)`;
    // The rows' numbers are the core's: the finished runs are aggregated by the page's worker
    // (wasm/study.js aggregateStudy, with the core's studyAggregate).
    const finished = tasks.map((task, i) => [task, results[i]]).filter(([, r]) => r !== undefined);
    const { aggregate } = await pageClient.studyAggregate({
      spec: { hs, methods, systemName: system, snr, n, runs, seed, ns },
      tasks: finished.map(([task]) => task), results: finished.map(([, r]) => r),
    });
    if (!cancelled || this.partial) this.#show(hs, methods, aggregate.rows);
    return { aggregate, done, total, cancelled, ms: performance.now() - t0 };
  }

  // One plot per matrix: a line per method over h. An h whose record is shorter than a few periods
  // of the slowest mode (advice record_too_short of its runs) is not drawn as an error of the
  // methods: their points there give way to one grey marker, named in the legend, at the largest
  // error there (at the top of the plot when every run there failed), as the lesson teaches.
  #show(hs, methods, rows) {
    this.clear();
    const short = hs.map((h) => rows.some((r) => r.h === h && r.too_short > 0));
    for (const [matrix, el] of Object.entries(this.plotEls)) {
      const colors = methodColors(methods);
      const series = methods.map((m, k) => ({ label: m, stroke: colors[k], width: 2, points: true }));
      const errors = methods.map((m) => hs.map((h) => rows.find((r) => r.h === h && r.method === m)?.rel_err[matrix] ?? NaN));
      const ys = errors.map((y) => y.map((x, i) => (short[i] ? NaN : x)));
      if (short.some(Boolean)) {
        const finite = (values) => values.filter((x) => Number.isFinite(x) && x > 0);
        const top = Math.max(...finite(errors.flat()), 1);
        series.push({ label: 'record too short for the slowest mode', stroke: COLOR.grey, marker: true });
        ys.push(hs.map((h, i) => (short[i] ? Math.max(...finite(errors.map((y) => y[i])), 0) || top : NaN)));
      }
      const plot = new LogLogPlot(el, { xLabel: 'h (s)', yLabel: `RMS relative error of ${matrix}`, series });
      plot.show(hs, ys);
      el.dataset.tooShort = hs.filter((h, i) => short[i]).join(',');
      this.plots.push(plot);
    }
  }
}
