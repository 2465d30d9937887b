// The fixed list of worker messages (docs: INTERFACES.md, "Worker protocol").
// Request:  {type: REQUEST.*, id, ...payload}; `system` is a preset name or a MechanicalSystem.
// Reply:    {type: REPLY.*, id, ...}; an error reply carries {code, message}.

export const REQUEST = Object.freeze({
  presetNames: 'presetNames', // -> {names: string[]}
  preset: 'preset',           // {name} -> {system}
  simulate: 'simulate',       // {system: name | MechanicalSystem, options} -> {data, ms}
  csv: 'csv',                 // {data: SimulatedData} -> {blob} (text/csv, built off the main thread)
  discretize: 'discretize',   // {system, h, method} -> {model: DiscreteStateSpace | DiscreteVariational}
  condition: 'condition',     // {hs: number[], system?} -> {rows: ConditionRow[]}
  modal: 'modal',             // {system} -> {modal: ModalResult}
  passivity: 'passivity',     // {system, h} -> {report: PassivityReport}
  perturbationStudy: 'perturbationStudy', // {system, options} -> {rows: PerturbationRow[], ms}
  identify: 'identify',       // {system, options: {h, n, snr, seed}, methods} -> {truth, modal, t, q, results}
  studyRun: 'studyRun',       // {system, options} -> {run}: one Monte Carlo run (Mechid.studyRun)
  nonlinear: 'nonlinear',     // {system, simulate, identify, methods} -> {sim, results, ms} (web/nonlinear.js)
  svfSearch: 'svfSearch',     // {experiment, grid, intersample} -> {search, estimate, ms} (seed 003)
  ekfRun: 'ekfRun',           // {duration, methods, reading, seed} -> {t, trueTheta, runs} (seed 004)
  csvColumns: 'csvColumns',   // {file} -> {name, header, hasHeader, delimiter, preview, columns}: a measurement CSV's header, first rows and first 2000 rows per column
  identifyCsv: 'identifyCsv', // {file, mapping, methods} -> {name, summary, t, q, results, ms}; progress {phase, …} (web/csv-import.js)
  cancel: 'cancel',           // {target: id}: answered {cancelled: false}; studies are cancelled by the page between runs
});

export const REPLY = Object.freeze({
  result: 'result',
  progress: 'progress',
  error: 'error',
});
