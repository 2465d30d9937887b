// The fixed list of worker messages (docs: INTERFACES.md, "Worker protocol").
// Request:  {type: REQUEST.*, id, ...payload}
// Reply:    {type: REPLY.*, id, ...}; an error reply carries {code, message}.

export const REQUEST = Object.freeze({
  presetNames: 'presetNames', // -> {names: string[]}
  preset: 'preset',           // {name} -> {system}
  simulate: 'simulate',       // {system: name | MechanicalSystem, options} -> {data, ms}
  csv: 'csv',                 // {data: SimulatedData} -> {blob} (text/csv, built off the main thread)
  cancel: 'cancel',           // {target: id}: studies stop between runs (none yet)
});

export const REPLY = Object.freeze({
  result: 'result',
  progress: 'progress',
  error: 'error',
});
