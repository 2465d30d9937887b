// Module worker: owns the WebAssembly instance and answers the requests of protocol.js.
import createMechidModule from './gen/mechid.mjs';
import { wrapModule, simulationToCsv } from './gen/api.js';
import { REQUEST, REPLY } from './protocol.js';
import { estimatorHandlers } from './estimators-worker.js';
import Papa from './gen/vendor/papaparse.mjs';
import { cellNumber, headerOf, PAPA_OPTIONS, parseDatasetFile } from './gen/csv.js';

// createMechidModule fetches mechid.wasm next to mechid.mjs (import.meta.url).
const ready = createMechidModule().then(wrapModule);
ready.catch(() => {}); // reported per request below

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

const handlers = {
  ...estimatorHandlers,  // seeds 003, 004 (estimators-worker.js)
  [REQUEST.presetNames]: (api) => ({ result: { names: api.presetNames() } }),

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

  // A measurement CSV (a File from the page): its header (or `column 1`… when the first row is
  // numbers), the first rows for the preview table, and up to 2000 rows as numbers per column
  // for the preview plot (NaN where a cell is not a number); read from the first 256 KiB only.
  [REQUEST.csvColumns]: async (api, { file }) => {
    const head = await file.slice(0, 262144).text();
    if (head.trim() === '' && file.size <= 262144) throw Object.assign(new Error(`${file.name}: the file is empty`), { code: 'bad-input' });
    const parsed = Papa.parse(head, { ...PAPA_OPTIONS, preview: 2002 });
    const delimiter = parsed.meta.delimiter;
    const [first = [], ...rest] = parsed.data;
    const { header, hasHeader } = headerOf(first, delimiter);
    const blank = (row) => row.length === 1 && String(row[0]).trim() === '';
    const rows = (hasHeader ? rest : parsed.data).slice(0, file.size > 262144 ? -1 : undefined).filter((row) => !blank(row));  // the last may be cut
    const columns = header.map((_, c) => Float64Array.from(rows, (row) => cellNumber(row[c] ?? '', delimiter !== ',')));
    return { result: { name: file.name, header, hasHeader, delimiter, preview: rows.slice(0, 5), columns }, transfer: columns.map((a) => a.buffer) };
  },

  // A measurement CSV streamed, parsed and checked by wasm/csv.js (errors name the line and
  // column; progress after each chunk read), then identified by each method.
  [REQUEST.identifyCsv]: async (api, { file, mapping, methods }, progress) => {
    const t0 = performance.now();
    const data = await parseDatasetFile({ Papa, file, source: file.name, ...mapping, detectHeader: true,
      onProgress: (fraction) => progress({ phase: 'reading', fraction }) });
    const scaled = (m, factor) => (factor === 1 ? m : { ...m, data: m.data.map((x) => x * factor) });
    const { inputSampling = 'point', outputs = 'displacement', cutoffHz, forceScale = 1, outputScale = 1 } = mapping;
    const dataset = { h: data.h, u: scaled(data.u, forceScale), y: scaled(data.y, outputScale), inputSampling, outputs, cutoffHz };
    const results = methods.map((method, k) => {
      progress({ phase: 'identifying', method, done: k, total: methods.length });
      return api.identify(method, dataset, {});
    });
    const summary = { h: data.h, samples: data.y.rows, inputs: data.u.cols, outputs: data.y.cols, delimiter: data.delimiter, warnings: data.warnings };
    return { result: { name: file.name, summary, t: data.t, q: data.y, results, ms: performance.now() - t0 } };
  },

  // Simulates PRBS data from the preset and identifies it with each method (the preset as truth).
  [REQUEST.identify]: (api, { system, options, methods }) => {
    const t0 = performance.now();
    const truth = systemOf(api, system);
    const { h, n, snr, seed } = options;
    const data = api.simulate(truth, { h, n, input: 'prbs', snr, seed });
    const results = methods.map((method) => api.identify(method,
      { h: data.h, u: data.u, y: data.q, inputSampling: 'hold' }, {}, truth));
    const result = { truth, modal: api.modal(truth), t: data.t, q: data.q, results, ms: performance.now() - t0 };
    return { result, transfer: buffersOf(data.t, data.q.data) };
  },

  // A nonlinear preset (seed 002) simulated with accelerometer noise and identified by each
  // method; m and c known (the preset's) or estimated.
  [REQUEST.nonlinear]: (api, { system, simulate, identify, methods }) => {
    const t0 = performance.now();
    const sim = api.nonlinearSimulate(system, simulate);
    const { known, ...options } = identify;
    const results = methods.map((method) => api.nonlinearIdentify({ h: sim.h, a: sim.a, f: sim.f }, {
      ...options, method, mass: known ? sim.mass : null, damping: known ? sim.damping : null,
    }));
    const arrays = (o) => Object.values(o ?? {}).filter((v) => ArrayBuffer.isView(v));
    const transfer = buffersOf(...arrays(sim), ...arrays(sim.forceCurve),
      ...results.flatMap((r) => [...arrays(r.signals), ...arrays(r.forceCurve)]));
    return { result: { sim, results, ms: performance.now() - t0 }, transfer };
  },

  [REQUEST.studyRun]: (api, { system, options }) => ({
    result: { run: api.studyRun(systemOf(api, system), options) },
  }),

  // Each request runs to completion, so nothing is running when a cancel is read: studies are
  // sent one run per request and the page stops sending (web/study-view.js).
  [REQUEST.cancel]: (api, { target }) => ({ result: { target, cancelled: false } }),
};

function errorReply(id, e) {
  return {
    type: REPLY.error,
    id,
    code: typeof e?.code === 'string' ? e.code : 'internal',
    message: e?.message ? String(e.message) : String(e),
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
