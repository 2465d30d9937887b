// The JS facade of mechid, the one API (types in api.d.ts): the page's worker, the Node CLI and
// scripts call these functions. Layout: a matrix is {rows, cols, data} with row-major
// Float64Array data; time series have one row per sample; JSON files use nested arrays (json.js).
//
// Defaults are the core's: an option not given (absent, undefined or null) keeps the C++ default
// of its options struct, which api.optionSchema() describes (name, type, default, range, choices,
// help) for the CLI and the page. Every function checks *types* only (a number, a whole number, a
// string, a matrix); values (ranges, known names) are checked by the core in C++ (the options'
// validate(), the converters of wasm/convert/) and arrive as MechidError 'bad-input' with the
// option's code.
import { MechidError, badInput, describeValue, unwrap } from './errors.js';
import { identity, isColumnMatrix, isMatrix } from './json.js';
import { poleGridOf } from './formats.js';

export { MechidError, badInput, printable, quoted, unwrap } from './errors.js';
export {
  discreteModelFromJson, identity, isMatrix, matrixFromNested, matrixToNested, systemFromJson, systemToJson, toJson,
} from './json.js';
export { nonlinearToCsv, parseRegions, simulationToCsv } from './formats.js';

// The core's pole_grid of the module wrapped last (wrapModule), for the free function poleGrid.
let boundPoleGrid = null;

/**
 * `lo:hi:step` or {lo, hi, step} -> the grid values, by the core's pole_grid (the module wrapped
 * last; mechid.poleGrid is the same on a given module).
 */
export function poleGrid(spec) {
  if (boundPoleGrid === null) throw new MechidError('internal', 'poleGrid needs a loaded module (wrapModule) first');
  return poleGridOf(spec, boundPoleGrid);
}

/**
 * Readings of eq. 32 of Beckmann et al. 2016 (docs/results.md): as printed (N, N s/m) the covariances keep
 * c_spec and d at their initial values; in kN and kN s/m c_spec converges; d then needs a wider
 * prior Θ_init(d) = 1e-3 (kN s/m)² (our choice, the default). Deprecated: the core applies the
 * reading named by the option `reading` (src/estimators/ekf/belt_drive_ekf.cpp, eq32_reading); this
 * table states the same values for callers of the former facade (a test runs both).
 */
export const EQ32_READINGS = {
  'kn-wide': { scale: 1000, thetaVar: [0.1, 1e-3] },
  kn: { scale: 1000, thetaVar: [0.1, 1e-6] },
  printed: { scale: 1, thetaVar: [0.1, 1e-6] },
};

/**
 * Deprecated: every group of options is filled from the core's schema (api.optionSchema()) when a
 * module is wrapped (wrapModule), for callers of the former table.
 */
export const DEFAULTS = {};

/** Each option's default in a group of the core's option schema (null: not given). */
function schemaDefaults(group) {
  return Object.fromEntries(Object.entries(group).map(([name, entry]) => [name, entry.default]));
}

/** `defaults` overridden by the options given (an undefined value counts as not given). */
export function withDefaults(defaults, options) {
  const given = Object.entries(options ?? {}).filter(([, value]) => value !== undefined);
  return { ...defaults, ...Object.fromEntries(given) };
}

// ------------------------------------------------------------------------------------------------
// Type checks: each names the field and says what it got.

const got = describeValue;

function requireNumber(value, name) {
  if (typeof value !== 'number' || Number.isNaN(value)) throw badInput(`${name} must be a number, got ${got(value)}`);
  return value;
}

function requireInteger(value, name) {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw badInput(`${name} must be a whole number, got ${got(value)}`);
  return value;
}

function requireString(value, name) {
  if (typeof value !== 'string') throw badInput(`${name} must be a string, got ${got(value)}`);
  return value;
}

function requireMatrix(value, name) {
  if (!isMatrix(value)) throw badInput(`${name} is missing or not a {rows, cols, data} matrix`);
  return value;
}

const given = (value) => value !== undefined && value !== null;

const optionalMatrix = (value, name) => (value === undefined || value === null ? undefined : requireMatrix(value, name));

/** null/undefined, or an array of numbers (optionally `count` of them: a type of fixed length). */
function optionalNumbers(value, name, count) {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || !value.every((x) => typeof x === 'number' && Number.isFinite(x))) {
    throw badInput(`${name} must be a list of numbers`);
  }
  if (count !== undefined && value.length !== count) throw badInput(`${name} needs ${count} values, got ${value.length}`);
  return value;
}

function requireSignal(value, name) {
  if (value instanceof Float64Array) return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'number')) return Float64Array.from(value);
  throw badInput(`${name} must be a Float64Array or an array of numbers`);
}

function requireObject(value, what) {
  if (value === null || typeof value !== 'object') throw badInput(`${what}`);
  return value;
}

// The system as the bindings expect it: every matrix present and well formed, L defaulted to I.
function normalizeSystem(system) {
  requireObject(system, 'system must be an object with matrices M, D, K');
  for (const key of ['M', 'D', 'K']) requireMatrix(system[key], `matrix ${key}`);
  optionalMatrix(system.L, 'matrix L');
  return { ...system, L: system.L ?? identity(system.M.rows) };
}

// A structure {M?, D?, K?, known?} (issue 16) as the bindings expect it: masks and known values
// (nested arrays of rows, null = unknown) as matrices, pattern names as they are.
function normalizeStructure(structure) {
  if (structure === undefined || structure === null) return undefined;
  if (typeof structure !== 'object' || Array.isArray(structure)) {
    throw badInput(`structure must be an object {M?, D?, K?, known?}, got ${got(structure)}`, 'structure');
  }
  const allowed = ['M', 'D', 'K', 'known'];
  for (const key of Object.keys(structure)) {
    if (!allowed.includes(key)) throw badInput(`structure: unknown key '${key}' (expected M, D, K or known)`, 'structure');
  }
  const out = {};
  for (const key of ['M', 'D', 'K']) {
    const pattern = structure[key];
    if (pattern === undefined || pattern === null) continue;
    out[key] = typeof pattern === 'string' ? pattern : nestedMatrix(pattern, `structure ${key}`, false);
  }
  if (structure.known !== undefined && structure.known !== null) {
    if (typeof structure.known !== 'object' || Array.isArray(structure.known)) {
      throw badInput(`structure known must be an object {M?, D?, K?}, got ${got(structure.known)}`, 'structure');
    }
    out.known = {};
    for (const key of Object.keys(structure.known)) {
      if (!['M', 'D', 'K'].includes(key)) throw badInput(`structure known: unknown key '${key}' (expected M, D or K)`, 'structure');
      out.known[key] = nestedMatrix(structure.known[key], `structure known.${key}`, true);
    }
  }
  return out;
}

// Rows of numbers (null = NaN when `nullable`) as a {rows, cols, data} matrix; a matrix as it is.
function nestedMatrix(rows, name, nullable) {
  if (isMatrix(rows)) return rows;
  const what = nullable ? 'numbers or null' : 'numbers';
  if (!Array.isArray(rows) || rows.length === 0 || !rows.every((r) => Array.isArray(r) && r.length === rows[0].length)) {
    const expected = nullable ? 'a square array of rows' : 'a pattern name or a square array of rows';
    throw badInput(`${name} must be ${expected} of ${what}, got ${got(rows)}`, 'structure');
  }
  const data = new Float64Array(rows.length * rows[0].length);
  rows.forEach((row, i) => row.forEach((x, j) => {
    if (x === null && nullable) data[i * row.length + j] = NaN;
    else if (typeof x === 'number' && Number.isFinite(x)) data[i * row.length + j] = x;
    else throw badInput(`${name}: entry [${i + 1},${j + 1}] must be one of ${what}, got ${got(x)}`, 'structure');
  }));
  return { rows: rows.length, cols: rows[0].length, data };
}

const optionalSystem = (system) => (system === undefined || system === null ? null : normalizeSystem(system));

// simulate's options, types checked (absent: the core's default, the schema's group simulate; ranges are the core's).
function normalizeSimulationOptions(options) {
  const o = { ...options };
  requireNumber(o.h, 'h');
  requireInteger(o.n, 'n');
  for (const key of ['amplitude', 'snr', 'freqHz', 'freqHz2']) if (given(o[key])) requireNumber(o[key], key);
  for (const key of ['hold', 'seed']) if (given(o[key])) requireInteger(o[key], key);
  if (given(o.input)) requireString(o.input, 'input');
  if (o.input === 'samples' && !isMatrix(o.samples)) throw badInput('input "samples" needs a samples matrix');
  for (const key of ['q0', 'v0']) optionalNumbers(o[key], key);
  return o;
}

// A discrete model as the bindings expect it: F, G, H (and J, default 0) or Md, Dd, Kd (and L, default I).
function normalizeDiscreteModel(model, method) {
  requireObject(model, 'model must be an object of matrices');
  const keys = method === 'variational' ? ['Md', 'Dd', 'Kd'] : ['F', 'G', 'H'];
  for (const key of keys) requireMatrix(model[key], `matrix ${key} (method ${method})`);
  if (method === 'variational') return { ...model, L: model.L ?? identity(model.Md.rows) };
  const J = model.J ?? { rows: model.H.rows, cols: model.G.cols, data: new Float64Array(model.H.rows * model.G.cols) };
  return { ...model, J };
}

// A record's u or y: a matrix, or its columns (json.js isColumnMatrix: the channels as read).
function requireSeries(value, name) {
  if (!isMatrix(value) && !isColumnMatrix(value)) throw badInput(`${name} is missing or not a {rows, cols, data} or {rows, cols, columns} matrix`);
  return value;
}

/** Sampled data {h, u, y} and its options, types checked (absent: the core's default); `outputName` names y in errors. */
function normalizeDataset(data, outputName = 'output data q') {
  requireObject(data, 'data must be an object {h, u, y}');
  requireNumber(data.h, 'h');
  requireSeries(data.u, 'input data u');
  requireSeries(data.y, outputName);
  if (given(data.inputSampling)) requireString(data.inputSampling, 'inputSampling');
  if (given(data.outputs)) requireString(data.outputs, 'outputs');
  if (given(data.cutoffHz)) requireNumber(data.cutoffHz, 'acceleration high-pass cut-off (Hz)');
  const inputScale = optionalNumbers(data.inputScale, 'inputScale') ?? undefined;
  const outputScale = optionalNumbers(data.outputScale, 'outputScale') ?? undefined;
  if (data.name !== undefined) requireString(data.name, 'name');
  return {
    h: data.h, u: data.u, y: data.y, inputSampling: data.inputSampling, outputs: data.outputs, cutoffHz: data.cutoffHz,
    inputScale, outputScale, name: data.name,
  };
}

// One record, or an array of records (several runs of one experiment).
function normalizeRuns(data) {
  return Array.isArray(data) ? data.map((record, i) => normalizeDataset(record, `output data q of run ${i + 1}`)) : normalizeDataset(data);
}

/** oma's options (src/analysis/oma/output_only_modes.hpp), types checked; a fresh copy. */
function omaOptions(options) {
  const o = { ...(options ?? {}) };
  for (const key of ['maxOrder', 'blockRows', 'minOrders', 'sdBlocks']) if (o[key] !== undefined) requireInteger(o[key], key);
  for (const key of ['bandLoHz', 'bandHiHz', 'freqTol', 'dampingTol', 'macMin', 'clusterDistance']) if (o[key] !== undefined) requireNumber(o[key], key);
  if (o.record !== undefined) requireString(o.record, 'record');
  return o;
}

/** oma's setups: a non-empty list of {h, y, channels: [one name per column of y]}. */
function normalizeSetups(list) {
  if (list.length === 0) throw badInput('oma: the list of setups is empty', 'data');
  return list.map((setup, s) => {
    requireObject(setup, `setup ${s + 1} must be an object {h, y, channels}`);
    const y = requireMatrix(setup.y, `setup ${s + 1} output data y`);
    if (!Array.isArray(setup.channels) || setup.channels.length !== y.cols || !setup.channels.every((c) => typeof c === 'string')) {
      throw badInput(`oma: setup ${s + 1} needs channels, one name per column of y (${y.cols})`, 'data');
    }
    return { h: requireNumber(setup.h, `setup ${s + 1} h`), y, channels: setup.channels };
  });
}

/** The reference channels of several setups: names (undefined: the channels common to all setups). */
function referenceNames(references) {
  if (references === undefined || references === null) return undefined;
  if (!Array.isArray(references) || !references.every((r) => typeof r === 'string')) {
    throw badInput('oma: with several setups, references are channel names (e.g. ["storey 2", "storey 5"])', 'references');
  }
  return references;
}

// nonlinearIdentify's data {h, a, f} and options, types checked (ranges are the core's).
function nonlinearInputs(data, options) {
  requireObject(data, 'data must be an object {h, a, f}');
  requireNumber(data.h, 'h');
  const o = { ...(options ?? {}) };
  if (given(o.method)) requireString(o.method, 'method');
  requireObject(o.regions, 'regions are missing (thresholds, sign or breakpoints)');
  for (const key of ['mass', 'damping', 'highpassHz', 'tolerance', 'delta', 'lambda', 'swapTolerance']) if (given(o[key])) requireNumber(o[key], key);
  for (const key of ['segments', 'maxIterations']) if (given(o[key])) requireInteger(o[key], key);
  for (const key of ['swap', 'detrend']) if (given(o[key])) o[key] = Boolean(o[key]);
  const a = requireSignal(data.a, 'the acceleration');
  const f = data.f === undefined || data.f === null ? null : requireSignal(data.f, 'the force');
  return { d: { h: data.h, a, f }, o };
}

// ekfBeltDrive's options, types checked (absent: the core's default, the schema's group ekf).
function normalizeEkfOptions(options) {
  const o = { ...options };
  for (const key of ['method', 'reading', 'inputSampling']) if (given(o[key])) requireString(o[key], key);
  if (given(o.scale)) requireNumber(o.scale, 'the parameter scale');
  o.thetaInit = optionalNumbers(o.thetaInit, 'theta0', 2);
  o.thetaVar = optionalNumbers(o.thetaVar, 'the parameter variances', 2);
  return o;
}

// The options of frf and modes: types only (names and ranges are the core's).
function normalizeFrequencyOptions(options) {
  const o = { ...(options ?? {}) };
  for (const key of ['method', 'window', 'weighting']) if (o[key] !== undefined) requireString(o[key], key);
  for (const key of ['segment', 'periods', 'skipPeriods']) if (o[key] !== undefined) requireInteger(o[key], key);
  for (const key of ['bandLoHz', 'bandHiHz', 'impactForceFraction', 'impactEndValue']) if (o[key] !== undefined) requireNumber(o[key], key);
  return o;
}

// A list of mode shapes (each an array of [re, im] pairs, or of real numbers) as {re, im}: two
// matrices with one shape per row, for the MAC binding. Types and equal lengths only.
function shapesMatrix(shapes, name) {
  if (!Array.isArray(shapes)) throw badInput(`${name} must be a list of mode shapes`, 'shapes');
  const m = shapes.length ? shapes[0]?.length ?? 0 : 0;
  const re = new Float64Array(shapes.length * m), im = new Float64Array(shapes.length * m);
  shapes.forEach((shape, i) => {
    if (!Array.isArray(shape) || shape.length !== m) {
      throw badInput(`${name}: shape ${i + 1} must be a list of ${m} entries ([re, im] or numbers), got ${got(shape)}`, 'shapes');
    }
    shape.forEach((z, k) => {
      const [x, y] = Array.isArray(z) ? z : [z, 0];
      re[i * m + k] = x ?? NaN;
      im[i * m + k] = y ?? NaN;
    });
  });
  return { re: { rows: shapes.length, cols: m, data: re }, im: { rows: shapes.length, cols: m, data: im } };
}

// identify's options, types checked (absent: the core's default; ranges are the core's).
function normalizeIdentifyOptions(options) {
  const o = { ...(options ?? {}) };
  o.L = optionalMatrix(o.L, 'matrix L');
  o.forceDofs = optionalNumbers(o.forceDofs, 'force DOFs') ?? undefined;
  if (given(o.init)) requireString(o.init, 'init');
  if (given(o.blockRows)) requireInteger(o.blockRows, 'block rows');
  o.structure = normalizeStructure(o.structure);
  if (given(o.friction)) requireString(o.friction, 'friction');
  if (given(o.lowpassHz)) requireNumber(o.lowpassHz, 'low-pass cut-off (Hz)');
  if (given(o.initialWindow)) requireInteger(o.initialWindow, 'initialWindow');
  if (given(o.maxWork)) requireNumber(o.maxWork, 'maxWork');
  if (given(o.series) && typeof o.series !== 'boolean') throw badInput('series must be true or false', 'series');
  if (o.validation !== undefined) {
    if (!Array.isArray(o.validation)) throw badInput('validation must be a list of records {h, u, y, ...}', 'validation');
    o.validation = o.validation.map((record, i) => normalizeDataset(record, `output data q of validation run ${i + 1}`));
  }
  return o;
}

// svf's options, types checked (absent: the core's default, the schema's group svf; ranges are the core's).
function normalizeSvfOptions(options) {
  const o = { ...options };
  o.grid = optionalNumbers(o.grid, 'the pole grid');
  for (const key of ['p1', 'p2']) if (given(o[key])) requireNumber(o[key], key);
  o.L = optionalMatrix(o.L, 'matrix L');
  return o;
}

// ------------------------------------------------------------------------------------------------

/** Wraps an instantiated emscripten module (the default export of web/gen/mechid.mjs). */
export function wrapModule(module) {
  const schema = typeof module.optionSchema === 'function' ? module.optionSchema() : {};  // builds before the schema: none
  for (const [group, entries] of Object.entries(schema)) DEFAULTS[group] = schemaDefaults(entries);
  const grid = (lo, hi, step) => unwrap(module.poleGrid(lo, hi, step));
  boundPoleGrid = grid;
  return {
    /**
     * The core's options: {group: {option: {type, default, min?, above?, max?, choices?, help}}}
     * (src/core/option_schema.hpp); default null: not given (estimated, automatic). A fresh copy.
     */
    optionSchema: () => structuredClone(schema),
    /** `lo:hi:step` or {lo, hi, step} -> the grid of an SVF pole search (the core's pole_grid). */
    poleGrid: (spec) => poleGridOf(spec, grid),
    presetNames: () => module.presetNames(),
    // Bytes of WebAssembly memory; it only grows, so this is the peak so far.
    memoryBytes: () => module.HEAP8.buffer.byteLength,
    /**
     * The threads one identification may use (the core's parallel_for), at most one more than the
     * pthread pool the module was created with ({mechidThreadPool}: a thread beyond the pool would
     * start only when the worker's event loop runs, which a computation never lets it do); 1 in the
     * module without WebAssembly threads. Every number is the same whatever the count. Returns the
     * count in effect.
     */
    setThreads: (count) => module.setThreadCount(Math.max(1, Math.min(requireInteger(count, 'threads'), (module.mechidThreadPool ?? 0) + 1))),
    threads: () => module.threadCount(),
    preset: (name) => unwrap(module.preset(String(name))),
    checkSystem: (system) => unwrap(module.checkSystem(normalizeSystem(system))),
    stateSpace: (system) => unwrap(module.stateSpace(normalizeSystem(system))),
    simulate(system, options) {
      const o = normalizeSimulationOptions(options);
      const r = unwrap(module.simulate(normalizeSystem(system), o));
      const dof = r.q.cols;
      const names = (prefix, count) => Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);
      const noise = Array.from(r.noise_std);  // noiseStd: its older name, kept as an alias
      const data = {
        h: r.h, t: r.t, u: r.u, q: r.q, method: r.method, substeps: r.substeps, noise_std: noise, noiseStd: noise,
        columns: ['t', ...names('u', r.u.cols), ...names('q', dof)],
      };
      if (o.withDerivatives) {
        Object.assign(data, { v: r.v, a: r.a });
        data.columns.push(...names('v', dof), ...names('a', dof));
      }
      return data;
    },
    randomStream: (seed, count) => unwrap(module.randomStream(seed, count)),
    discretize(system, h, method) {
      requireNumber(h, 'h');
      return unwrap(module.discretize(normalizeSystem(system), h, requireString(method, 'method')));
    },
    toContinuous(model, h, method) {
      requireNumber(h, 'h');
      requireString(method, 'method');
      return unwrap(module.toContinuous(normalizeDiscreteModel(model, method), h, method));
    },
    condition(hs, system) {
      if (!Array.isArray(hs) || !hs.every((h) => typeof h === 'number')) throw badInput('h must be a list of numbers');
      return unwrap(module.condition(hs, optionalSystem(system)));
    },
    /**
     * Modes of a system; with options {sensorDofs, forceDofs?, response?} (1-based DOFs; forces
     * through the system's L when forceDofs is absent) each mode also says how much a test set-up
     * sees of it (participation_percent, observable).
     */
    modal(system, options = {}) {
      const o = { ...options };
      o.sensorDofs = optionalNumbers(o.sensorDofs, 'sensor DOFs') ?? undefined;
      o.forceDofs = optionalNumbers(o.forceDofs, 'force DOFs') ?? undefined;
      if (o.response !== undefined) requireString(o.response, 'response');
      return unwrap(module.modal(normalizeSystem(system), o));
    },
    passivity: (system, h) => unwrap(module.passivity(normalizeSystem(system), requireNumber(h, 'h'))),
    /**
     * FRFs of a record {h, u, y}: H1 (and H2 for one input) with coherence and standard deviations,
     * by Welch, by averaging periods (options.periods) or by the local polynomial method ('lpm').
     */
    frf: (data, options) => unwrap(module.frf(normalizeDataset(data), normalizeFrequencyOptions(options))),
    /** Each channel's power spectral density (Welch, Hann, half overlap) of {h, y}; options {segment?}. */
    spectrum(data, options) {
      requireObject(data, 'data must be an object {h, y}');
      const o = { ...(options ?? {}) };
      if (o.segment !== undefined) requireInteger(o.segment, 'segment');
      return unwrap(module.spectrum({ h: requireNumber(data.h, 'h'), y: requireMatrix(data.y, 'data y') }, o));
    },
    /** Modes in a band from a record {h, u, y}: stabilization diagram, modes with sd, band model. */
    modes(data, options) {
      const o = normalizeFrequencyOptions(options);
      if (o.outputs !== undefined && (!Array.isArray(o.outputs) || !o.outputs.every((k) => typeof k === 'string'))) {
        throw badInput('outputs must be a list of response kinds (displacement, velocity, acceleration)', 'outputs');
      }
      for (const key of ['maxOrder', 'minStableOrders', 'holdoutPeriods', 'drivingOutput']) if (o[key] !== undefined) requireInteger(o[key], key);
      for (const key of ['freqTol', 'dampingTol', 'macMin']) if (o[key] !== undefined) requireNumber(o[key], key);
      return unwrap(module.modes(normalizeDataset(data), o));
    },
    /**
     * A hammer (impact) test from a record {h, u: the force (one column), y: the responses}
     * (src/analysis/impact/): the hits, double hits and overloads rejected with their reasons,
     * H1/H2 and coherence over the accepted hits, and with a band the modes, their damping
     * corrected for the exponential window.
     */
    hammer(data, options) {
      const o = normalizeFrequencyOptions(options);
      for (const key of ['pretrigger', 'length', 'maxOrder', 'minStableOrders']) if (o[key] !== undefined) requireInteger(o[key], key);
      for (const key of ['trigger', 'doubleHit', 'expTau', 'freqTol', 'dampingTol', 'macMin']) if (o[key] !== undefined) requireNumber(o[key], key);
      o.reject = optionalNumbers(o.reject, 'reject') ?? undefined;
      o.accept = optionalNumbers(o.accept, 'accept') ?? undefined;
      return unwrap(module.hammer(normalizeDataset(data), o));
    },
    /**
     * Output-only modal analysis of responses {h, y} (no force; src/analysis/oma/): SSI-cov over
     * orders, the stabilization diagram, its stable poles clustered into modes, MPC/MPD, and the
     * singular values of the output spectrum.
     */
    // Several setups (roving sensors, shared references): data a list of {h, y, channels: [names]},
    // options.references the reference channels' names (default: the channels common to all setups),
    // merged into one set of modes over the union of the channels (src/analysis/oma/setup_merging.hpp).
    oma(data, options) {
      if (Array.isArray(data)) {
        const { references, ...o } = omaOptions(options);
        return unwrap(module.omaSetups(normalizeSetups(data), o, referenceNames(references)));
      }
      requireObject(data, 'data must be an object {h, y}');
      const o = omaOptions(options);
      o.references = optionalNumbers(o.references, 'references') ?? undefined;
      return unwrap(module.oma({ h: requireNumber(data.h, 'h'), y: requireMatrix(data.y, 'output data y') }, o));
    },
    /**
     * MAC |aᴴb|²/(|a|²|b|²) of each shape of `a` against each of `b` (lists of shapes: [re, im]
     * pairs, e.g. modes()'s mode.shape, or real numbers, e.g. modal()'s): a matrix a.length × b.length.
     */
    mac: (a, b) => unwrap(module.mac(shapesMatrix(a, 'shapes a'), shapesMatrix(b, 'shapes b'))),
    /** The period of the inputs u ({rows, cols, data}, samples x inputs): {samples, periods, mismatch}, or null (src/analysis/input_period.hpp). */
    inputPeriod: (u) => unwrap(module.inputPeriod(requireMatrix(u, 'input data u'))),
    perturbationStudy(system, options) {
      // Types only (absent: the core's default, the schema's group perturbation; ranges are the core's).
      const o = { ...options };
      if (given(o.multiples) && (!Array.isArray(o.multiples) || !o.multiples.every((i) => typeof i === 'number'))) {
        throw badInput('multiples must be a list of numbers i (h_i = 2π/(i ω_B))');
      }
      for (const key of ['samples', 'seed']) if (given(o[key])) requireInteger(o[key], key);
      if (given(o.relative)) requireNumber(o.relative, 'relative');
      return unwrap(module.perturbationStudy(normalizeSystem(system), o));
    },
    methodNames: () => module.methodNames(),
    /** The method table (src/identify/method_table.hpp): per method its name, capabilities and text. */
    methodInfo: () => module.methodInfo(),
    /**
     * Identifies M, D, K from data {h, u, y, inputSampling, outputs, cutoffHz}, or from an array of
     * such records (several runs of one experiment); `truth` (a system) adds errors. Options as
     * the core's, and series: false for a result without its N x n series (validation.simulated
     * and residual, validation_records' simulated), which only plots need; release (a function)
     * for a caller done with the records: once the core has copied them, before the estimate, the
     * column lists of their u and y given as {rows, cols, columns} (those of options.validation
     * too) are emptied and release() is called (the CLI collects its garbage there, so that the
     * channels' memory is free before the estimate grows the module's memory).
     */
    identify(method, data, options, truth) {
      requireString(method, 'method');
      const { release, ...o } = normalizeIdentifyOptions(options);
      if (release !== undefined && typeof release !== 'function') throw badInput('release must be a function', 'release');
      const records = normalizeRuns(data);
      const copied = release && (() => {
        for (const r of [records, o.validation ?? []].flat()) for (const m of [r.u, r.y]) if (isColumnMatrix(m)) m.columns.length = 0;
        release();
      });
      return unwrap(module.identify(method, records, o, optionalSystem(truth), copied));
    },
    /**
     * The work guard's estimate for identify(method, data, options), without running it:
     * {flops, bytes, seconds} (seconds at the reference machine's WASM rate; see docs/results.md).
     */
    estimateWork(method, data, options) {
      requireString(method, 'method');
      // The methods outside the method table, on their own data and options (src/analysis/estimator_cost.hpp).
      if (method === 'ida' || method === 'dia') {
        const { d, o } = nonlinearInputs(data, options);
        return unwrap(module.estimatorWork(method, d, o));
      }
      if (method === 'ekf') return unwrap(module.estimatorWork(method, normalizeDataset(data, 'measurements y'), normalizeEkfOptions(options)));
      if (method === 'svf') return unwrap(module.estimatorWork(method, normalizeDataset(data), normalizeSvfOptions(options)));
      const records = normalizeRuns(data);
      return unwrap(module.estimateWork(method, records, normalizeIdentifyOptions(options)));
    },
    /**
     * The free-run fit of a model {M, D, K, L} on a record {h, u, y, ...}, with the force terms the
     * caller states (forces: {coulomb, offset, lowpassHz}, each optional; friction needs lowpassHz):
     * {status, message, fit_percent, nrmse, simulated}. Held-out runs of an identification need
     * none of this: identify(method, data, {validation: [records]}) returns their validation_records.
     * An identify result with friction or offset and no `forces` is refused (its fit would leave
     * out the forces it estimated).
     */
    validateRecord(model, data, forces) {
      requireObject(model, 'model must be a system with matrices M, D, K and L');
      if (forces === undefined && (model.friction !== undefined || model.offset !== undefined)) {
        throw badInput('validateRecord: the model has friction or offset; give them as forces {coulomb, offset, lowpassHz}, '
          + 'or let identify validate held-out runs (options.validation)', 'forces');
      }
      if (forces !== undefined) requireObject(forces, 'forces must be an object {coulomb?, offset?, lowpassHz?}');
      return unwrap(module.validateRecord(normalizeSystem(model), normalizeDataset(data), forces ?? null));
    },
    /**
     * A record {h, u, y, inputScale?, outputScale?} with each column times its factor (by the
     * core): {h, u, y} in SI, for a host that shows the samples (identify takes the factors itself).
     */
    scaledRecord(data) {
      return unwrap(module.scaledRecord(normalizeDataset(data)));
    },
    /** One run of a Monte Carlo study (see analysis/study.hpp); aggregate with wasm/study.js. */
    /** The work guard of a study (o {n, hValues, runs, methods, maxWork?}): throws MechidError option 'work' above the limit, else {flops, bytes, seconds}. */
    checkStudyWork: (system, o) => unwrap(module.checkStudyWork(normalizeSystem(system), o)),
    /**
     * The work guard's estimate of frf, modes or oma (command) on a record (frf, modes: {h, u, y};
     * oma: {h, y}) with that command's options: {flops, bytes, seconds} (src/analysis/frequency_cost.hpp).
     */
    analysisWork(command, data, options) {
      requireString(command, 'command');
      if (command === 'oma') {
        requireObject(data, 'data must be an object {h, y}');
        const o = omaOptions(options);
        o.references = optionalNumbers(o.references, 'references') ?? undefined;
        return unwrap(module.analysisWork(command, { h: requireNumber(data.h, 'h'), y: requireMatrix(data.y, 'output data y') }, o));
      }
      return unwrap(module.analysisWork(command, normalizeDataset(data), normalizeFrequencyOptions(options)));
    },
    /** The cost model of a command (modal, simulate, svf) on sizes {dof, inputs?, samples?, gridValues?}: {flops, bytes, seconds}. */
    commandWork: (command, sizes) => unwrap(module.commandWork(command, sizes)),
    studyRun(system, options) {
      for (const key of ['h', 'snr', 'samples', 'hIndex', 'run', 'seed']) requireNumber(options[key], key);
      return unwrap(module.studyRun(normalizeSystem(system), options));
    },
    /** The aggregate of one method's runs at one h (analysis/study_aggregate.hpp); wasm/study.js groups them. */
    studyAggregate: (runs) => unwrap(module.studyAggregate(runs)),
    /** {omega_n, freq_hz, zeta} of the continuous-time pole re + i·im (model/pole_frequency.hpp). */
    poleFrequency: (re, im) => module.poleFrequency(re, im),
    /** `values` sampled at the increasing `times` put on the increasing times `at` by linear interpolation (core/linear_resample.hpp). */
    resampleLinear: (times, values, at) => unwrap(module.resampleLinear(times, values, at)),

    // The estimators of the SVF report (state-variable filter) and Beckmann et al. 2016 (augmented EKF).
    /** State-variable-filter least squares on mechanical data (the SVF report): identify result + theta, search, weights. */
    svfIdentify: (data, options, truth) =>
      unwrap(module.svfIdentify(normalizeDataset(data), normalizeSvfOptions(options), optionalSystem(truth))),
    /** The RLC circuit of the SVF report sec. 3: data {h, u: N x 2, y: N x 1 (V_C)} -> 1/RC, 1/LC. */
    svfRlc: (data, options) => unwrap(module.svfRlc(normalizeDataset(data, 'output data V_C'), normalizeSvfOptions(options))),
    /**
     * Augmented EKF on the belt drive (Beckmann et al. 2016): data {h, u: N x 1 torque, y: N x 2 [φ, φ']};
     * options (absent: the core's default, the schema's group ekf): `reading` gives scale and
     * thetaVar (explicit scale or thetaVar win); trueTheta [c_spec, d] adds the relative errors.
     */
    ekfBeltDrive(data, options, trueTheta) {
      const o = normalizeEkfOptions(options);
      const d = normalizeDataset(data, 'measurements y');
      return unwrap(module.ekfBeltDrive(d, o, optionalNumbers(trueTheta, 'the true parameters', 2)));
    },
    /** Table 1 of Beckmann et al. 2016 in SI units, and theta = [c_spec, d]. */
    beltDriveParameters: () => module.beltDriveParameters(),
    /** The estimator experiments' names ('rlc', 'msd-sine', 'belt-drive'), from the core. */
    estimatorScenarioNames: () => module.estimatorScenarioNames(),
    /** An experiment's own sampling and noise {name, h, n, seed, snr} (src/estimators/scenarios.cpp). */
    estimatorScenario: (name) => unwrap(module.estimatorScenario(requireString(name, 'system'))),
    /** Simulated data of 'rlc', 'msd-sine' (the SVF report) or 'belt-drive' (Beckmann et al. 2016); options {h, n, seed, snr}, default the experiment's own. */
    simulateEstimatorSystem(name, options) {
      // An option not given keeps the core's scenario default (estimatorScenario).
      const o = { ...options };
      for (const key of ['h', 'n', 'snr']) if (o[key] !== undefined) requireNumber(o[key], key);
      if (o.seed !== undefined) requireInteger(o.seed, 'seed');
      return unwrap(module.simulateEstimatorSystem(requireString(name, 'system'), o));
    },

    // Nonlinear stiffness from acceleration (Karimov et al. 2021). Signals are Float64Arrays, one sample each.
    nonlinearSystemNames: () => module.nonlinearSystemNames(),
    /** Simulates a preset ('lin-ewins', 'beam'); `a` is the accelerometer signal (eq. 24). */
    nonlinearSimulate(name, options) {
      const o = { ...(options ?? {}) };
      for (const key of ['h', 'sigma', 'a0']) if (given(o[key])) requireNumber(o[key], key);
      for (const key of ['n', 'substeps', 'seed']) if (given(o[key])) requireInteger(o[key], key);
      return unwrap(module.nonlinearSimulate(String(name), o));
    },
    /**
     * Piecewise-linear stiffness from {h, a, f?} by 'ida' or 'dia' (options: optionSchema().nonlinearIdentify, and regions);
     * truth ({class name: k}, e.g. nonlinearSimulate's k) adds each stiffness's error against it.
     */
    nonlinearIdentify(data, options, truth) {
      const { d, o } = nonlinearInputs(data, options);
      if (truth !== undefined && truth !== null) {
        requireObject(truth, 'the true stiffnesses must be an object {class name: k}');
        for (const [name, k] of Object.entries(truth)) requireNumber(k, `the true stiffness ${name}`);
      }
      return unwrap(module.nonlinearIdentify(d, o, truth ?? null));
    },
  };
}
