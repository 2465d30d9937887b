// Module worker: owns the page's one WebAssembly instance and answers every request of
// protocol.js (one handler per REQUEST entry), for all sections.
import { badInput, simulationToCsv, wrapModule } from '../gen/api.js';
import { MAX_TIME_JITTER, uniformGrid } from '../gen/time-grid.js';
import { identifyRecords, readRecord, readRecording } from '../gen/record.js';
import { channelSamples, channelSlice, inspectRecording } from '../gen/recording.js';
import { resultChannels } from '../gen/channel-labels.js';
import { textColumns } from '../gen/text-columns.js';
import { geometryFromRecording } from '../gen/geometry-read.js';
import { readGeometryFile } from '../gen/geometry-file.js';
import { REQUEST, REPLY } from '../client/protocol.js';
import { aggregateStudy } from '../gen/study.js';
import { useCore } from '../gen/core-instance.js';

// The most threads one identification takes: each is a worker with its own stack and instance,
// and the speed-up is measured up to 2 threads only (docs/results.md, threads).
const MAX_THREADS = 8;
// How long the module with threads may take to start its pool before the worker takes the other.
const THREADS_START_MS = 20000;

// The threads this worker computes on: the machine's cores (up to MAX_THREADS), or fewer when the
// page asks (worker.js?threads=k: a study's workers take one each, web/client/worker-client.js);
// one when the page is not cross-origin isolated (no SharedArrayBuffer: served without the
// headers of scripts/serve.mjs, before the service worker supplies them; README, "Threads").
function threadsWanted() {
  if (!self.crossOriginIsolated || typeof SharedArrayBuffer !== 'function') return 1;
  const cores = Math.min(navigator.hardwareConcurrency || 1, MAX_THREADS);
  const asked = Number(new URL(self.location.href).searchParams.get('threads'));
  return Number.isInteger(asked) && asked >= 1 ? Math.min(asked, cores) : cores;
}

// The core: gen/mechid-threads.mjs (WebAssembly threads, its pthread pool threads − 1 workers)
// when more than one thread is wanted, else gen/mechid.mjs; the same numbers to the bit either way
// (tests/e2e/threads.test.mjs). A module with threads that fails or does not start in time leaves
// the other. Each module fetches its .wasm next to its .mjs (import.meta.url).
async function loadCore() {
  const threads = threadsWanted();
  if (threads > 1) {
    try {
      const { default: create } = await import('../gen/mechid-threads.mjs');
      let timer;
      const late = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('timeout')), THREADS_START_MS); });
      const module = await Promise.race([create({ mechidThreadPool: threads - 1 }), late]).finally(() => clearTimeout(timer));
      const api = wrapModule(module);
      api.setThreads(threads);
      return api;
    } catch {
      // one thread below
    }
  }
  const { default: create } = await import('../gen/mechid.mjs');
  return wrapModule(await create());
}

// The instance is also the thread's (gen/core-instance.js): the readers' resampling uses it.
const ready = loadCore().then((api) => { useCore(api); return api; });
ready.catch(() => {}); // reported per request below


// The part of a CSV read for its columns and preview (csvColumns), and how many of its columns
// the preview plot shows: more lines than its 10 colours tell apart show nothing more.
const HEAD_BYTES = 256 * 1024;
const PLOTTED_COLUMNS = 20;
// The longest FRF `profile` computes for the excited band, in the guard's seconds (analysisWork):
// 1 force, 2 responses and 2·10⁵ samples take 0.12 s; 60 forces and 60 responses of 2000 samples 1.1 s.
const PROFILE_SECONDS = 0.25;

// Buffers of the matrices in an object, each once (a buffer listed twice cannot be transferred).
function buffersOf(...arrays) {
  const set = new Set();
  for (const a of arrays) if (a && a.buffer instanceof ArrayBuffer) set.add(a.buffer);
  return [...set];
}

function systemBuffers(s) {
  return buffersOf(s.M?.data, s.D?.data, s.K?.data, s.L?.data);
}

// A preset name or a MechanicalSystem object.
function systemOf(api, system) {
  return typeof system === 'string' ? api.preset(system) : system;
}

// A measurement file (any format) read with the mapping by wasm/record.js (its `dataset` for the
// core carries the units and factors); onProgress(fraction read) while it is read.
const readFile = (file, mapping, onProgress) => readRecord(file, file.name, mapping, { onProgress });

// How far a time channel is from a uniform grid, when further than identify accepts
// (MAX_TIME_JITTER of its step, as wasm/recording.js recordingToDataset): {step, worst, at,
// percent} (at: where in the file, for the page's message next to its resample choice; percent:
// the worst deviation in % of the step); null when uniform
// enough or not increasing (identify refuses that whatever the choice).
function unevenness(channel, where) {
  const grid = uniformGrid(channelSamples(channel));
  if (grid.notIncreasingAt !== undefined || !(grid.worst > MAX_TIME_JITTER * grid.step)) return null;
  return { step: grid.step, worst: grid.worst, at: where(grid.at), percent: 100 * grid.worst / grid.step };
}

/**
 * What the page shows of a file read into a Recording: `summary`, the JSON of `mechid inspect`
 * (wasm/recording.js inspectRecording); the time series as the column lists see them (`header`
 * their names, `quantities` and `units` theirs, `hasHeader` false when a text file names none,
 * `preview` their first rows, `columns` the first 2000 samples of the first PLOTTED_COLUMNS of
 * them), `h` the sample spacing the channels state (undefined when
 * none or several), `uneven` {name: unevenness} of the channels of quantity time (and t).
 */
function recordingView(file, recording) {
  const summary = inspectRecording(recording);
  const series = recording.channels.filter((c) => (c.axis ?? 'time') === 'time' && !c.imag);
  const n = series.reduce((least, c) => Math.min(least, c.values.length), series.length ? 2000 : 0);
  const columns = series.map((c, k) => (k < PLOTTED_COLUMNS ? channelSlice(c, 0, n) : null));
  const firstRows = series.map((c) => channelSlice(c, 0, Math.min(5, n)));
  const preview = Array.from({ length: Math.min(5, n) }, (_, i) => firstRows.map((rows) => String(rows[i])));
  const stated = [...new Set(series.map((c) => c.h).filter((h) => h !== undefined))];
  const where = recording.where ?? ((i) => `sample ${i + 1}`);
  const uneven = {};
  for (const c of series) {
    if (c.quantity === 'time' || c.name === 't') uneven[c.name] = unevenness(c, where);
  }
  const transfer = columns.filter((a) => a !== null).map((a) => a.buffer);
  // A universal file's nodes and lines (issue 53): the page's geometry unless the user chose one;
  // a faulty geometry is said beside the Geometry section's file control, the data still read.
  let geometry = null, geometryError;
  try {
    geometry = recording.format === 'uff' ? geometryFromRecording(recording, file.name) : null;
  } catch (e) {
    geometryError = e.message;
  }
  return {
    result: {
      name: file.name, summary, header: series.map((c) => c.name), quantities: series.map((c) => c.quantity), units: series.map((c) => c.unit ?? ''),
      hasHeader: !series.every((c, k) => c.name === `column ${k + 1}`),  // a text file without names: column 1, column 2, ...
      delimiter: recording.delimiter ?? recording.format, preview, columns, h: stated.length === 1 ? stated[0] : undefined, uneven,
      geometry, ...(geometryError ? { geometryError } : {}),
    },
    transfer,
  };
}

const handlers = {
  [REQUEST.presetNames]: (api) => ({ result: { names: api.presetNames() } }),
  [REQUEST.methodInfo]: (api) => ({ result: { methods: api.methodInfo() } }),

  [REQUEST.optionSchema]: (api) => ({ result: { schema: api.optionSchema() } }),

  [REQUEST.preset]: (api, { name }) => {
    const system = api.preset(name);
    return { result: { system }, transfer: systemBuffers(system) };
  },

  [REQUEST.simulate]: (api, { system, options }) => {
    const t0 = performance.now();
    const data = api.simulate(systemOf(api, system), options);
    const ms = performance.now() - t0;
    const transfer = buffersOf(data.t, data.u?.data, data.q?.data, data.v?.data, data.a?.data);
    return { result: { data, ms }, transfer };
  },

  [REQUEST.csv]: (api, { data }) => ({
    result: { blob: new Blob([simulationToCsv(data)], { type: 'text/csv' }) },
  }),

  [REQUEST.discretize]: (api, { system, h, method }) => {
    const model = api.discretize(systemOf(api, system), h, method);
    const transfer = buffersOf(...['F', 'G', 'H', 'J', 'Md', 'Dd', 'Kd', 'L'].map((k) => model[k]?.data));
    return { result: { model }, transfer };
  },

  [REQUEST.condition]: (api, { hs, system }) => ({
    result: { rows: api.condition(hs, system == null ? undefined : systemOf(api, system)).rows },
  }),

  [REQUEST.modal]: (api, { system }) => ({ result: { modal: api.modal(systemOf(api, system)) } }),

  [REQUEST.passivity]: (api, { system, h }) => ({
    result: { report: api.passivity(systemOf(api, system), h) },
  }),

  [REQUEST.perturbationStudy]: (api, { system, options }) => {
    const t0 = performance.now();
    const rows = api.perturbationStudy(systemOf(api, system), options);
    return { result: { rows, ms: performance.now() - t0 } };
  },

  // A measurement text file (a File from the page), from its first HEAD_BYTES only: its channels'
  // names and units, the first rows for the preview table, and up to 2000 rows of the first
  // PLOTTED_COLUMNS channels (wasm/text-columns.js: the text reader on whole lines of the head);
  // the text reader's refusal (binary data, no line break, no rows of numbers) as it says it.
  [REQUEST.csvColumns]: async (api, { file }) => {
    const text = await textColumns(file, HEAD_BYTES, PLOTTED_COLUMNS);
    return { result: text, transfer: text.columns.filter((a) => a !== null).map((a) => a.buffer) };
  },

  // Any file mechid reads (wasm/readers.js, by its first bytes; text when no other reader
  // recognises it), read whole in the worker with progress {phase: 'reading', fraction}, as
  // recordingView shows it: its summary (`mechid inspect`), its time series as columns.
  [REQUEST.inspectFile]: async (api, { file }, progress) => {
    const onProgress = (fraction) => progress({ phase: 'reading', file: file.name, fraction });
    return recordingView(file, await readRecording(file, file.name, { onProgress }));
  },

  // What "What the data are" says of a record read with the page's mapping: whether its forces
  // repeat (api.inputPeriod: src/analysis/input_period.hpp) and the band they excite: the span of
  // the excited lines that the FRF's advice band_not_excited gives as its option band, else the
  // FRF's whole band. Records whose FRF would take more than PROFILE_SECONDS get the period only
  // (the FRF's time would hold the worker from the identification the user asks for next: the
  // guard's refusal of a 60-DOF record waited 0.8 s behind it).
  [REQUEST.profile]: async (api, { file, mapping }, progress) => {
    const data = await readFile(file, mapping, (fraction) => progress({ phase: 'reading', file: file.name, fraction }));
    const { h, u, y } = api.scaledRecord(data.dataset);
    const period = api.inputPeriod(u);
    let band = null;
    let frf = { status: 'failed', advice: [], freq_hz: [] };
    try {
      // the periods found from the force, as modes finds them
      if (api.analysisWork('frf', { h, u, y }, {}).seconds <= PROFILE_SECONDS) frf = api.frf({ h, u, y }, {});
    } catch {
      // a record the FRF refuses (too short): no band to propose; identify and modes say why
    }
    const narrowed = frf.advice.find((a) => a.code === 'band_not_excited')?.options?.band;
    const [lo, hi] = narrowed ? narrowed.split(':').map(Number) : [frf.freq_hz[0], frf.freq_hz.at(-1)];
    if (frf.status !== 'failed' && Number.isFinite(lo) && Number.isFinite(hi) && hi > lo) band = { lo, hi };
    return { result: { h, samples: u.rows, period, band } };
  },

  // Measurement CSVs (runs of one experiment, the same columns) streamed, parsed and checked by
  // wasm/csv.js (errors name the file, line and column; progress after each chunk read), then
  // identified by each method in one call with the training runs and the validation runs
  // (wasm/record.js identifyRecords): the core puts the columns in SI with the units and
  // per-column factors, checks that the runs are of one experiment and fits each validation run
  // (the result's validation_records). An error while identifying (not reading) carries phase
  // 'identifying': the options, not the file, are at fault.
  [REQUEST.identifyCsv]: async (api, { runs, mapping, methods, options = {} }, progress) => {
    const t0 = performance.now();
    const records = [];
    for (const [k, { file, role }] of runs.entries()) {
      const data = await readFile(file, mapping, (fraction) => progress({ phase: 'reading', file: file.name, fraction: (k + fraction) / runs.length }));
      records.push({ ...data, role });
    }
    const training = records.filter((r) => r.role !== 'validation');
    const validation = records.filter((r) => r.role === 'validation');
    // Per result, the simulated outputs of each validation record (for the overlays; the result's
    // validation_records keep the CLI's shape, {file, fit_percent, nrmse} or {file, status, message}).
    const simulations = [];
    const results = methods.map((method, k) => {
      progress({ phase: 'identifying', method, done: k, total: methods.length });
      let r;
      try {
        r = identifyRecords(api, method, records, options);
      } catch (e) {
        throw Object.assign(e, { phase: 'identifying' });
      }
      simulations.push((r.validation_records ?? []).map((v) => v.simulated ?? null));
      for (const v of r.validation_records ?? []) delete v.simulated;
      return r;
    });
    const first = training[0];
    const summary = {
      h: first.h, samples: first.y.rows, inputs: first.u.cols, outputs: first.y.cols, delimiter: first.delimiter,
      warnings: records.flatMap((r) => (records.length > 1 ? r.warnings.map((w) => `${r.name}: ${w}`) : r.warnings)),
      runs: records.map((r) => ({ file: r.name, role: r.role, samples: r.y.rows })),
      channels: resultChannels(first),  // names, quantities and units of the numbers, for the exports
    };
    // The outputs in SI (the core's scaling, as identified) of the first training run and of each
    // validation run, for the overlays of measured and simulated outputs.
    const measured = [first, ...validation].map((r) => ({ file: r.name, role: r.role, t: r.t, y: api.scaledRecord(r.dataset).y }));
    return { result: { name: first.name, summary, measured, simulations, results, ms: performance.now() - t0, threads: api.threads() } };
  },

  // Modes in a band (issue 17) of the measurement file of the CSV section: the file read with its
  // mapping and scaled to SI (as identifyCsv), then api.modes with the section's options (outputs:
  // the response kind per output column). An error of modes (not of reading) has phase 'modes'
  // and the option it is about. Progress: {phase: 'reading', fraction}, then {phase: 'modes'}.
  [REQUEST.modes]: async (api, { file, mapping, options }, progress) => {
    const t0 = performance.now();
    const data = await readFile(file, mapping, (fraction) => progress({ phase: 'reading', file: file.name, fraction }));
    const { h, u, y } = api.scaledRecord(data.dataset);
    const msRead = performance.now() - t0;
    progress({ phase: 'modes', samples: y.rows });
    let result;
    try {
      result = api.modes({ h, u, y }, options);
    } catch (e) {
      throw Object.assign(e, { phase: 'modes' });
    }
    const summary = { h, samples: y.rows, inputs: u.cols, outputs: y.cols, warnings: data.warnings ?? [] };
    const channels = resultChannels(data, { outputs: options.outputs });  // for the exports
    return { result: { name: file.name, summary, channels, result, msRead, ms: performance.now() - t0 } };
  },

  // Output-only modal analysis (issue 51) of a file of responses only: read with its mapping (no
  // force columns: inputCols []), then api.oma (SSI-cov, clustered stable poles, the
  // singular-value spectrum), as `mechid oma` does. Progress: {phase: 'reading', fraction}, then
  // {phase: 'oma', samples}; an error of oma (not of reading) has phase 'oma' and its option.
  [REQUEST.oma]: async (api, { file, mapping, options }, progress) => {
    const t0 = performance.now();
    const data = await readFile(file, { ...mapping, inputCols: [], outputs: 'any' }, (fraction) => progress({ phase: 'reading', file: file.name, fraction }));
    const { h, y } = data;  // as the CLI reads it (bin/commands/oma.mjs), so that both give the same numbers
    progress({ phase: 'oma', samples: y.rows, outputs: y.cols });
    let result;
    try {
      result = api.oma({ h, y }, options);
    } catch (e) {
      throw Object.assign(e, { phase: 'oma' });
    }
    const summary = { h, samples: y.rows, outputs: y.cols, warnings: data.warnings ?? [] };
    return { result: { name: file.name, summary, channels: resultChannels(data), result, ms: performance.now() - t0 } };
  },

  // A hammer (impact) test (issue 54) on the record's force column (its first input) and its
  // responses, read and scaled as for modes; api.hammer finds, checks and averages the hits.
  [REQUEST.hammer]: async (api, { file, mapping, options }, progress) => {
    const t0 = performance.now();
    const data = await readFile(file, mapping, (fraction) => progress({ phase: 'reading', file: file.name, fraction }));
    const { h, u, y } = api.scaledRecord(data.dataset);
    progress({ phase: 'hammer', samples: y.rows });
    let result;
    try {
      result = api.hammer({ h, u, y }, options);
    } catch (e) {
      throw Object.assign(e, { phase: 'hammer' });
    }
    const summary = { h, samples: y.rows, outputs: y.cols, warnings: data.warnings ?? [] };
    return { result: { name: file.name, summary, channels: resultChannels(data, { outputs: options.outputs }), result, ms: performance.now() - t0 } };
  },

  // The Measure section's live view (issue 54): the FRF (H1, H2, coherence, averages) of the
  // samples recorded so far, as they arrived (no file).
  [REQUEST.liveFrf]: (api, { h, u, y, options }) => ({ result: { frf: api.frf({ h, u, y }, options) } }),
  [REQUEST.liveSpectrum]: (api, { h, y, options }) => ({ result: { spectrum: api.spectrum({ h, y }, options) } }),

  // The MAC of two lists of mode shapes: {mac: Matrix a.length × b.length}.
  [REQUEST.mac]: (api, { a, b }) => ({ result: { mac: api.mac(a, b) } }),

  // Identifies with each method (the preset as truth) the given data of the page's step 2, or PRBS
  // data simulated from the preset; progress before a simulation and before each method, for the
  // page's status line.
  [REQUEST.identify]: (api, { system, options, methods, data: given }, progress) => {
    const t0 = performance.now();
    const truth = systemOf(api, system);
    const { h, n, snr, seed, positive = false, maxWork } = options;
    let data = given;
    if (!data) {
      progress({ phase: 'simulating' });
      data = { ...api.simulate(truth, { h, n, input: 'prbs', snr, seed }), inputSampling: 'hold' };
    }
    const results = methods.map((method, k) => {
      progress({ phase: 'identifying', method, done: k, total: methods.length });
      return api.identify(method, { h: data.h, u: data.u, y: data.q, inputSampling: data.inputSampling },
        { positive, ...(maxWork === undefined ? {} : { maxWork }) }, truth);
    });
    const result = { truth, modal: api.modal(truth), t: data.t, q: data.q, results, ms: performance.now() - t0, threads: api.threads() };
    return { result, transfer: buffersOf(data.t, data.q.data) };
  },

  // A nonlinear preset (Karimov et al. 2021) simulated with accelerometer noise and identified by
  // each method, against the preset's stiffnesses (each result's errors); m and c known (the
  // preset's) or estimated.
  [REQUEST.nonlinear]: (api, { system, simulate, identify, methods }) => {
    const t0 = performance.now();
    const sim = api.nonlinearSimulate(system, simulate);
    const { known, ...options } = identify;
    const results = methods.map((method) => api.nonlinearIdentify({ h: sim.h, a: sim.a, f: sim.f }, {
      ...options, method, mass: known ? sim.mass : null, damping: known ? sim.damping : null,
    }, sim.k));
    const arrays = (o) => Object.values(o ?? {}).filter((v) => ArrayBuffer.isView(v));
    const transfer = buffersOf(...arrays(sim), ...arrays(sim.force_curve),
      ...results.flatMap((r) => [...arrays(r.signals), ...arrays(r.force_curve)]));
    return { result: { sim, results, ms: performance.now() - t0 }, transfer };
  },

  [REQUEST.checkStudyWork]: (api, { system, options }) => ({
    result: { estimate: api.checkStudyWork(systemOf(api, system), options) },
  }),
  [REQUEST.studyRun]: (api, { system, options }) => ({
    result: { run: api.studyRun(systemOf(api, system), options) },
  }),
  [REQUEST.studyAggregate]: (api, { spec, tasks, results }) => ({ result: { aggregate: aggregateStudy(spec, tasks, results, api) } }),

  // The SVF pole search (the SVF report "Modeling & Simulation of Dynamic Systems") on one experiment.
  // {experiment: 'msd-sine' | 'rlc', grid: 'lo:hi:step', intersample} -> {experiment, estimate, ms}:
  // estimate is the core's result unchanged (svfRlc's, or svfIdentify's with its search).
  [REQUEST.svfSearch]: (api, { experiment, grid, intersample }) => {
    const t0 = performance.now();
    if (experiment !== 'rlc' && experiment !== 'msd-sine') throw badInput(`unknown experiment ${experiment}`);
    // The experiment's own sampling (the core's scenario, as in the CLI and docs/results.md).
    const data = api.simulateEstimatorSystem(experiment);
    const options = { grid: api.poleGrid(grid), intersample };
    const estimate = experiment === 'rlc'
      ? api.svfRlc({ h: data.h, u: data.u, y: data.q }, options)
      : api.svfIdentify({ h: data.h, u: data.u, y: data.q }, options, api.preset('msd'));
    return { result: { experiment, estimate, ms: performance.now() - t0 }, transfer: [estimate.search.surface.data.buffer] };
  },

  // The augmented EKF on the belt drive (Beckmann et al. 2016), one run per discretization, on a
  // record of `duration` seconds at the scenario's own sampling.
  // {duration, methods, reading, seed} -> {t, true_theta, runs: [ekfBeltDrive's result per method]}
  [REQUEST.ekfRun]: (api, { duration, methods, reading, seed }) => {
    const data = api.simulateEstimatorSystem('belt-drive', { duration, seed, snr: 0 });
    const runs = methods.map((method) => api.ekfBeltDrive({ h: data.h, u: data.u, y: data.y }, { method, reading }, data.true_theta));
    return {
      result: { t: data.t, true_theta: data.true_theta, runs },
      transfer: buffersOf(data.t, ...runs.flatMap((r) => [r.parameters.data, r.parameter_std.data])),
    };
  },

  // A geometry file (issue 53): a universal file's nodes, lines and sensors, or the JSON or CSV form.
  [REQUEST.readGeometry]: async (api, { file }) => ({ result: { geometry: await readGeometryFile(file, file.name) } }),

  // The WebAssembly memory's size now (it only grows), for the page's memory report.
  [REQUEST.memory]: (api) => ({ result: { wasm_bytes: api.memoryBytes() } }),
};

// An error without a string code is no MechidError: a WebAssembly trap (RuntimeError: memory
// access out of bounds, unreachable), an allocation failure or a bug in this file. It is marked
// `crashed`: the client does not use this worker again (the module's state may be broken).
function errorReply(id, e) {
  const typed = typeof e?.code === 'string';
  return {
    type: REPLY.error,
    id,
    code: typed ? e.code : 'internal',
    message: typed ? String(e.message) : `${e?.name ?? 'Error'}: ${e?.message ?? e}`,
    ...(typed ? {} : { crashed: true }),
    ...(typeof e?.phase === 'string' ? { phase: e.phase } : {}),
    ...(typeof e?.option === 'string' ? { option: e.option } : {}),
  };
}

onmessage = async ({ data: msg }) => {
  const { type, id, ...payload } = msg ?? {};
  let api;
  try {
    api = await ready;
  } catch (e) {
    const message = `could not start the WebAssembly module (gen/mechid.mjs): ${e?.message ?? e}`;
    postMessage(errorReply(id, { code: 'internal', message }));
    return;
  }
  try {
    const handler = Object.hasOwn(handlers, type) ? handlers[type] : null;
    if (!handler) throw Object.assign(new Error(`unknown request type: ${type}`), { code: 'internal' });
    const progress = (info) => postMessage({ type: REPLY.progress, id, ...info });
    const { result, transfer = [] } = await handler(api, payload, progress);
    postMessage({ type: REPLY.result, id, ...result }, transfer);
  } catch (e) {
    postMessage(errorReply(id, e));
  }
};
