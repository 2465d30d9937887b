// The JS facade of mechid (types in api.d.ts). The page's worker and the Node CLI call these
// same functions. Layout: a matrix is {rows, cols, data} with row-major Float64Array data; time
// series have one row per sample. JSON files use nested arrays (matrixFromNested/matrixToNested).
// The bindings return errors as values (TOOLCHAIN.md §3); this module throws them as MechidError.
import { wrapNonlinear } from './nonlinear.js';
import { wrapEstimators } from './estimators.js';

export class MechidError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'MechidError';
    this.code = code;
  }
}

export const badInput = (message) => new MechidError('bad-input', message);

/** A binding's result, or its returned Error thrown as MechidError. */
export function unwrap(result) {
  if (result instanceof Error) throw new MechidError(result.code ?? 'internal', result.message);
  return result;
}

export const isMatrix = (m) =>
  m !== null && typeof m === 'object' && Number.isInteger(m.rows) && Number.isInteger(m.cols) &&
  m.data instanceof Float64Array && m.data.length === m.rows * m.cols;

export function identity(n) {
  const data = new Float64Array(n * n);
  for (let i = 0; i < n; i++) data[i * n + i] = 1;
  return { rows: n, cols: n, data };
}

// The system as the bindings expect it: every matrix present and well formed, L defaulted to I.
function normalizeSystem(system) {
  if (system === null || typeof system !== 'object') throw badInput('system must be an object with matrices M, D, K');
  for (const key of ['M', 'D', 'K']) {
    if (!isMatrix(system[key])) throw badInput(`matrix ${key} is missing or not a {rows, cols, data} matrix`);
  }
  if (system.L !== undefined && !isMatrix(system.L)) throw badInput('matrix L is not a {rows, cols, data} matrix');
  return { ...system, L: system.L ?? identity(system.M.rows) };
}

function requireNumber(value, name, { integer = false, min = -Infinity } = {}) {
  if (typeof value !== 'number' || Number.isNaN(value) || (integer && !Number.isInteger(value)) || value < min) {
    const what = integer ? `a whole number${min > -Infinity ? ` >= ${min}` : ''}` : 'a number';
    throw badInput(`${name} must be ${what}, got ${JSON.stringify(value) ?? String(value)}`);
  }
  return value;
}

const SIMULATION_DEFAULTS = {
  input: 'prbs', amplitude: 1, snr: Infinity, seed: 1, hold: 1, freqHz: 0, freqHz2: 0, withDerivatives: false,
};

function normalizeSimulationOptions(options) {
  const given = Object.entries(options ?? {}).filter(([, value]) => value !== undefined);
  const o = { ...SIMULATION_DEFAULTS, ...Object.fromEntries(given) };
  requireNumber(o.h, 'h');
  requireNumber(o.n, 'n', { integer: true });
  requireNumber(o.amplitude, 'amplitude');
  requireNumber(o.snr, 'snr');
  requireNumber(o.hold, 'hold', { integer: true });
  requireNumber(o.freqHz, 'freq');
  requireNumber(o.freqHz2, 'freq2');
  if (!Number.isSafeInteger(o.seed) || o.seed < 0) {
    throw badInput(`seed must be a whole number between 0 and 2^53-1, got ${String(o.seed)}`);
  }
  if (typeof o.input !== 'string') throw badInput('input must be a string such as "prbs"');
  if (o.input === 'samples' && !isMatrix(o.samples)) throw badInput('input "samples" needs a samples matrix');
  for (const key of ['q0', 'v0']) {
    if (o[key] !== undefined && !(Array.isArray(o[key]) && o[key].every((x) => typeof x === 'number'))) {
      throw badInput(`${key} must be an array of numbers`);
    }
  }
  return o;
}

const METHODS_C2D = ['zoh', 'tustin', 'euler', 'variational'];

function requireMethod(method) {
  if (!METHODS_C2D.includes(method)) {
    throw badInput(`unknown method ${JSON.stringify(method)} (expected ${METHODS_C2D.join(', ')})`);
  }
}

// A discrete model as the bindings expect it: F, G, H (and J, default 0) or Md, Dd, Kd (and L, default I).
function normalizeDiscreteModel(model, method) {
  if (model === null || typeof model !== 'object') throw badInput('model must be an object of matrices');
  const keys = method === 'variational' ? ['Md', 'Dd', 'Kd'] : ['F', 'G', 'H'];
  for (const key of keys) {
    if (!isMatrix(model[key])) throw badInput(`matrix ${key} is missing or not a {rows, cols, data} matrix (method ${method})`);
  }
  if (method === 'variational') return { ...model, L: model.L ?? identity(model.Md.rows) };
  const J = model.J ?? { rows: model.H.rows, cols: model.G.cols, data: new Float64Array(model.H.rows * model.G.cols) };
  return { ...model, J };
}

const IDENTIFY_DEFAULTS = { init: 'n4sid', blockRows: 0, estimateInitial: true };

function normalizeDataset(data) {
  if (data === null || typeof data !== 'object') throw badInput('data must be an object {h, u, y}');
  requireNumber(data.h, 'h');
  for (const [key, name] of [['u', 'input data u'], ['y', 'output data q']]) {
    if (!isMatrix(data[key])) throw badInput(`${name} is missing or not a {rows, cols, data} matrix`);
  }
  const inputSampling = data.inputSampling ?? 'point';
  const outputs = data.outputs ?? 'displacement';
  if (outputs !== 'displacement' && outputs !== 'acceleration') {
    throw badInput(`outputs must be 'displacement' or 'acceleration', got '${String(outputs)}'`);
  }
  const cutoffHz = data.cutoffHz ?? 0;
  requireNumber(cutoffHz, 'acceleration high-pass cut-off (Hz)', { min: 0 });
  return { h: data.h, u: data.u, y: data.y, inputSampling, outputs, cutoffHz };
}

const PERTURBATION_DEFAULTS = { multiples: [1, 2, 3], samples: 50, relative: 0.05, seed: 1 };

/** Wraps an instantiated emscripten module (the default export of web/gen/mechid.mjs). */
export function wrapModule(module) {
  return {
    ...wrapNonlinear(module, { unwrap, badInput, requireNumber }),
    ...wrapEstimators(module),  // seeds 003, 004 (estimators.js)
    presetNames: () => module.presetNames(),
    // Bytes of WebAssembly memory; it only grows, so this is the peak so far.
    memoryBytes: () => module.HEAP8.buffer.byteLength,
    preset: (name) => unwrap(module.preset(String(name))),
    checkSystem: (system) => unwrap(module.checkSystem(normalizeSystem(system))),
    stateSpace: (system) => unwrap(module.stateSpace(normalizeSystem(system))),
    simulate(system, options) {
      const o = normalizeSimulationOptions(options);
      const r = unwrap(module.simulate(normalizeSystem(system), o));
      const dof = r.q.cols;
      const names = (prefix, count) => Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);
      const data = {
        h: r.h, t: r.t, u: r.u, q: r.q, method: r.method, substeps: r.substeps, noiseStd: Array.from(r.noiseStd),
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
      requireMethod(method);
      return unwrap(module.discretize(normalizeSystem(system), h, method));
    },
    toContinuous(model, h, method) {
      requireNumber(h, 'h');
      requireMethod(method);
      return unwrap(module.toContinuous(normalizeDiscreteModel(model, method), h, method));
    },
    condition(hs, system) {
      if (!Array.isArray(hs) || !hs.every((h) => typeof h === 'number')) throw badInput('h must be a list of numbers');
      return unwrap(module.condition(hs, system === undefined || system === null ? null : normalizeSystem(system)));
    },
    modal: (system) => unwrap(module.modal(normalizeSystem(system))),
    passivity(system, h) {
      requireNumber(h, 'h');
      return unwrap(module.passivity(normalizeSystem(system), h));
    },
    methodNames: () => module.methodNames(),
    /** Identifies M, D, K from data {h, u, y, inputSampling, outputs, cutoffHz}; `truth` (a system) adds errors. */
    identify(method, data, options, truth) {
      if (typeof method !== 'string') throw badInput('method must be a string such as "variational"');
      const given = Object.entries(options ?? {}).filter(([, value]) => value !== undefined);
      const o = { ...IDENTIFY_DEFAULTS, ...Object.fromEntries(given) };
      if (o.L !== undefined && !isMatrix(o.L)) throw badInput('matrix L is not a {rows, cols, data} matrix');
      requireNumber(o.blockRows, 'block rows', { integer: true, min: 0 });
      return unwrap(module.identify(method, normalizeDataset(data), o, truth ? normalizeSystem(truth) : null));
    },
    /** One run of a Monte Carlo study (see analysis/study.hpp); aggregate with wasm/study.js. */
    studyRun(system, options) {
      for (const key of ['h', 'snr', 'samples', 'hIndex', 'run', 'seed']) requireNumber(options[key], key);
      return unwrap(module.studyRun(normalizeSystem(system), options));
    },
    perturbationStudy(system, options) {
      const given = Object.entries(options ?? {}).filter(([, value]) => value !== undefined);
      const o = { ...PERTURBATION_DEFAULTS, ...Object.fromEntries(given) };
      if (!Array.isArray(o.multiples) || !o.multiples.every((i) => typeof i === 'number')) {
        throw badInput('multiples must be a list of numbers i (h_i = 2π/(i ω_B))');
      }
      requireNumber(o.samples, 'samples', { integer: true });
      requireNumber(o.relative, 'relative');
      if (!Number.isSafeInteger(o.seed) || o.seed < 0) throw badInput(`seed must be a whole number >= 0, got ${String(o.seed)}`);
      return unwrap(module.perturbationStudy(normalizeSystem(system), o));
    },
  };
}

/** Nested arrays (JSON) to a Matrix; errors name `what`, the row and the column (1-based). */
export function matrixFromNested(rows, what) {
  if (!Array.isArray(rows) || rows.length === 0) throw badInput(`${what} must be a non-empty array of rows`);
  const cols = Array.isArray(rows[0]) ? rows[0].length : -1;
  const data = new Float64Array(rows.length * Math.max(cols, 0));
  rows.forEach((row, i) => {
    if (!Array.isArray(row)) throw badInput(`${what} row ${i + 1} is not an array of numbers`);
    if (row.length !== cols) {
      throw badInput(`${what} row ${i + 1} has ${row.length} entries but row 1 has ${cols}`);
    }
    row.forEach((x, j) => {
      if (typeof x !== 'number' || !Number.isFinite(x)) {
        throw badInput(`${what} row ${i + 1}, column ${j + 1} is not a finite number: ${JSON.stringify(x)}`);
      }
      data[i * cols + j] = x;
    });
  });
  return { rows: rows.length, cols, data };
}

export function matrixToNested(m) {
  return Array.from({ length: m.rows }, (_, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols)));
}

/** A system JSON object ({name, M, D, K, L} as nested arrays) to a MechanicalSystem. */
export function systemFromJson(obj, source) {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) {
    throw badInput(`${source}: a system must be a JSON object with matrices M, D, K (and optionally L)`);
  }
  const system = { name: typeof obj.name === 'string' ? obj.name : '' };
  for (const key of ['M', 'D', 'K', 'L']) {
    if (obj[key] === undefined) {
      if (key === 'L') continue;
      throw badInput(`${source}: matrix ${key} is missing`);
    }
    try {
      system[key] = matrixFromNested(obj[key], `matrix ${key}`);
    } catch (e) {
      throw badInput(`${source}: ${e.message}`);
    }
  }
  return system;
}

/** A discrete model JSON object (F, G, H[, J] or Md, Dd, Kd[, L], nested arrays) to matrices. */
export function discreteModelFromJson(obj, source) {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) {
    throw badInput(`${source}: a model must be a JSON object with matrices F, G, H (or Md, Dd, Kd)`);
  }
  const model = {};
  for (const key of ['F', 'G', 'H', 'J', 'Md', 'Dd', 'Kd', 'L']) {
    if (obj[key] === undefined) continue;
    try {
      model[key] = matrixFromNested(obj[key], `matrix ${key}`);
    } catch (e) {
      throw badInput(`${source}: ${e.message}`);
    }
  }
  return model;
}

/** A copy of `value` with every {rows, cols, data} matrix as nested arrays and typed arrays as arrays (for JSON). */
export function toJson(value) {
  if (isMatrix(value)) return matrixToNested(value);
  if (ArrayBuffer.isView(value)) return Array.from(value);
  if (Array.isArray(value)) return value.map(toJson);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, toJson(v)]));
  }
  return value;
}

export function systemToJson(system) {
  const out = { name: system.name ?? '' };
  for (const key of ['M', 'D', 'K', 'L']) if (system[key]) out[key] = matrixToNested(system[key]);
  return out;
}

/** CSV of simulated data: header t,u1..,q1..[,v1..,a1..]; shortest round-trip numbers. */
export function simulationToCsv(data) {
  const blocks = [data.u, data.q, data.v, data.a].filter(Boolean);
  const lines = [data.columns.join(',')];
  for (let i = 0; i < data.t.length; i++) {
    const row = [data.t[i]];
    for (const m of blocks) for (let j = 0; j < m.cols; j++) row.push(m.data[i * m.cols + j]);
    lines.push(row.join(','));
  }
  return lines.join('\n') + '\n';
}
