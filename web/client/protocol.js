// The fixed list of worker messages (docs: docs/interfaces.md, "Worker protocol"). worker-client.js
// generates one client method per entry of REQUEST, named after it: `client.simulate(payload)`
// posts {type: 'simulate', id, ...payload} and resolves with the reply's fields after `->`.
// Request:  {type: REQUEST.*, id, ...payload}; `system` is a preset name or a MechanicalSystem.
// Reply:    {type: REPLY.*, id, ...}; an error reply carries {code, message} (and phase, option
// when known); `crashed: true` when the request died of an untyped exception (a WebAssembly trap):
// the client then replaces the worker and rejects the call with code 'internal'.
// Cancelling is not a message: the worker runs each request to completion and reads no message
// meanwhile, so the client cancels a call (its AbortSignal) by terminating the worker: that call
// rejects with code CANCELLED and the other pending calls are sent again to a new worker. A study
// runs on its own pool of workers, so cancelling it stops the run in progress, not only the next ones.

export const REQUEST = Object.freeze({
  presetNames: 'presetNames', // -> {names: string[]}
  methodInfo: 'methodInfo',   // -> {methods: MethodInfo[]}: the method table, for the page's method lists (web/views/method-list.js)
  optionSchema: 'optionSchema', // -> {schema}: the core's options, defaults, ranges and help (Mechid.optionSchema); the forms' defaults
  preset: 'preset',           // {name} -> {system}
  simulate: 'simulate',       // {system: name | MechanicalSystem, options} -> {data, ms}
  csv: 'csv',                 // {data: SimulatedData} -> {blob} (text/csv, built off the main thread)
  discretize: 'discretize',   // {system, h, method} -> {model: DiscreteStateSpace | DiscreteVariational}
  condition: 'condition',     // {hs: number[], system?} -> {rows: ConditionRow[]}
  modal: 'modal',             // {system} -> {modal: ModalResult}
  passivity: 'passivity',     // {system, h} -> {report: PassivityReport}
  perturbationStudy: 'perturbationStudy', // {system, options} -> {rows: PerturbationRow[], ms}
  identify: 'identify',       // {system, options: {h, n, snr, seed, positive, maxWork}, methods, data?: {h, t, u, q, inputSampling}} -> {truth, modal, t, q, results, ms, threads}: data (threads: those the core computed on, web/app/worker.js) (step 2's simulation) or PRBS data simulated from h, n, snr, seed
  studyRun: 'studyRun',       // {system, options} -> {run}: one Monte Carlo run (Mechid.studyRun)
  checkStudyWork: 'checkStudyWork', // {system, options: {n, hValues, runs, methods, maxWork?}} -> {estimate}: a study's work guard (Mechid.checkStudyWork), before its first run
  studyAggregate: 'studyAggregate', // {spec, tasks, results} -> {aggregate}: a study's runs aggregated by the core (wasm/study.js aggregateStudy)
  nonlinear: 'nonlinear',     // {system, simulate, identify, methods} -> {sim, results, ms} (web/views/nonlinear.js)
  svfSearch: 'svfSearch',     // {experiment, grid, intersample} -> {experiment, search, estimate, ms} (the SVF report)
  ekfRun: 'ekfRun',           // {duration, methods, reading, seed} -> {t, trueTheta, runs} (Beckmann et al. 2016)
  csvColumns: 'csvColumns',   // {file} -> {name, header, units, hasHeader, delimiter, variant, notes, preview, columns}: a measurement text file's channels read from its first 256 KiB, first rows, and first 2000 rows of its first 20 channels (null for the others)
  inspectFile: 'inspectFile', // {file} -> {name, summary (the JSON of `mechid inspect`), header, quantities, units, hasHeader, delimiter, preview, columns, h?, uneven?, geometry (a universal file's nodes and lines: wasm/geometry.js; null without), geometryError?}: any file mechid reads, its time series as columns (web/views/csv/csv-import.js); progress {phase: 'reading', fraction}
  profile: 'profile',         // {file, mapping} -> {h, samples, period: {samples, periods, mismatch} | null, band: {lo, hi} | null}: whether the forces repeat (the core's find_input_period) and the band they excite (the core's FRF and its advice band_not_excited), for "What the data are" (web/views/csv/csv-route.js); progress {phase: 'reading', fraction}
  identifyCsv: 'identifyCsv', // {runs: [{file, role: 'training' | 'validation'}], mapping, methods, options} -> {name, summary (its channels: wasm/channel-labels.js), measured: [{file, role, t, y}], simulations: [per result: per validation record its simulated y], results, ms, threads}; progress {phase, …}; an error while identifying has phase 'identifying' (web/views/csv/csv-import.js)
  modes: 'modes',             // {file, mapping, options: ModesOptions} -> {name, summary, channels (wasm/channel-labels.js), result: ModesResult, msRead, ms}: modes in a band of a measurement file (web/views/modes.js); progress {phase: 'reading' | 'modes'}; an error of modes has phase 'modes' and its option
  oma: 'oma',                 // {file, mapping, options: OmaOptions} -> {name, summary, channels (wasm/channel-labels.js), result: OmaResult, ms}: output-only modal analysis of a file of responses only (web/views/oma.js); progress {phase: 'reading' | 'oma'}; an error of oma has phase 'oma' and its option
  hammer: 'hammer',           // {file, mapping, options: HammerOptions} -> {name, summary, channels, result: HammerResult, ms}: a hammer test on the record's force and responses (web/views/hammer.js); progress {phase: 'reading' | 'hammer'}; an error of hammer has phase 'hammer' and its option
  liveFrf: 'liveFrf',         // {h, u, y: Matrix (samples × channels), options: FrfOptions} -> {frf: FrfResult}: the running H1/H2 and coherence of the samples recorded so far (web/views/measure/measure.js)
  liveSpectrum: 'liveSpectrum', // {h, y: Matrix (samples × channels), options: {segment?}} -> {spectrum: {freq_hz, psd, segment, segments}}: each channel's running spectrum (api.spectrum; web/views/measure/measure-live.js)
  readGeometry: 'readGeometry', // {file} -> {geometry}: a geometry file (universal file 15/2411, 82, 2412; JSON; CSV: wasm/geometry-file.js), checked, for the Geometry section (web/views/geometry.js)
  mac: 'mac',                 // {a, b: lists of mode shapes} -> {mac: Matrix}: MAC of each shape of a against each of b
  memory: 'memory',           // -> {wasm_bytes}: the byte length of the WebAssembly memory (bench/page.mjs)
});

export const REPLY = Object.freeze({
  result: 'result',
  progress: 'progress',
  error: 'error',
});

// The `code` of the error a call rejects with when its worker was cancelled or closed.
export const CANCELLED = 'cancelled';
