// The CLI commands of the nonlinear-stiffness identification (seed 002), dispatched from
// bin/mechid.js: `simulate --system lin-ewins|beam …` and `identify --method ida|dia …`.
import Papa from 'papaparse';
import { MechidError } from '../wasm/api.js';
import { parseDatasetCsv } from '../wasm/csv.js';
import { nonlinearToCsv, parseRegions } from '../wasm/nonlinear.js';

const badInput = (message) => new MechidError('bad-input', message);

export const NONLINEAR_METHODS = ['ida', 'dia'];

// Options these commands add to bin/mechid.js's tables (name -> kind).
export const NONLINEAR_SIMULATE_OPTIONS = { sigma: 'number', a0: 'number', substeps: 'integer' };
export const NONLINEAR_IDENTIFY_OPTIONS = {
  regions: 'string', mass: 'number', damping: 'number', segments: 'integer', highpass: 'number', detrend: 'flag',
  swap: 'string', 'swap-tol': 'number', tol: 'number', delta: 'number', lambda: 'number', 'accel-col': 'string',
  'force-col': 'string',
};

export const NONLINEAR_USAGE = `  simulate  --system lin-ewins|beam [--h H] [--n N] [--sigma S] [--a0 A0] [--seed S]
            [--substeps K] [--with-derivatives] [--out FILE]
            CSV t,u1,a1[,q1,v1]: force, accelerometer a + sigma z + a0 (seed 002 eq. 24)[, true x, v]
            defaults h 0.001, n 20000 (the seed's 20 s at 1 kHz), sigma 0, a0 0, 50 RK4 steps per sample
  identify  --data FILE --method ida|dia --regions thresholds:X0|sign|breakpoints:B1,B2,..
            [--mass M] [--damping C] [--segments K] [--highpass HZ] [--detrend] [--swap on|off]
            [--swap-tol T] [--tol T] [--delta D] [--lambda L] [--accel-col a1] [--force-col u1]
            [--h H] [--time-col t] [--truth lin-ewins|beam]
            JSON {k, stiffness, regions, classification, fit, mass, damping, ...}: piecewise-linear
            stiffness of m x'' + 2c x' + F(x) = f(t) (seed 002: DIA eq. 14, IDA eq. 16 with swapping);
            mass and damping estimated unless given (the mass needs the force column)`;

const LINEAR_ONLY_SIMULATE = ['input', 'amplitude', 'snr', 'hold', 'freq', 'freq2', 'q0', 'v0'];
const LINEAR_ONLY_IDENTIFY = ['dof', 'L', 'init', 'input-sampling', 'input-cols', 'output-cols', 'block-rows'];

export const isNonlinearSystem = (mechid, name) => mechid.nonlinearSystemNames().includes(name);

/** Refuses options that belong to the other kind of system or method. */
export function rejectOptions(options, names, what) {
  for (const name of names) if (options[name] !== undefined) throw badInput(`--${name} does not apply to ${what}`);
}

export function simulateNonlinear(options, mechid, io) {
  const name = options.system;
  rejectOptions(options, LINEAR_ONLY_SIMULATE, `--system ${name} (the accelerometer noise is --sigma and --a0)`);
  const sim = mechid.nonlinearSimulate(name, {
    h: options.h, n: options.n, sigma: options.sigma, a0: options.a0, seed: options.seed, substeps: options.substeps,
  });
  io.writeOutput(nonlinearToCsv(sim, options['with-derivatives'] === true), options.out);
}

// Relative error of each stiffness against a preset's (absolute where the true value is 0).
function errorsAgainst(result, truth) {
  const errors = {};
  for (const [name, k] of Object.entries(result.k)) {
    if (!(name in truth.k)) continue;
    const t = truth.k[name];
    errors[name] = t === 0 ? { absolute: Math.abs(k) } : { relative: Math.abs(k - t) / Math.abs(t) };
  }
  return errors;
}

export function identifyNonlinear(options, mechid, io) {
  const path = options.data;
  if (path === undefined) throw badInput('identify needs --data');
  rejectOptions(options, LINEAR_ONLY_IDENTIFY, `--method ${options.method}`);
  if (options.regions === undefined) {
    throw badInput(`identify --method ${options.method} needs --regions (thresholds:X0, sign or breakpoints:B1,B2,..)`);
  }
  const regions = parseRegions(options.regions, badInput);
  let swap;
  if (options.swap !== undefined) {
    if (!['on', 'off'].includes(options.swap)) throw badInput(`--swap must be on or off, got '${options.swap}'`);
    swap = options.swap === 'on';
  }
  let truth;
  if (options.truth !== undefined) {
    if (!isNonlinearSystem(mechid, options.truth)) {
      throw badInput(`--truth '${options.truth}' is not a nonlinear preset (${mechid.nonlinearSystemNames().join(', ')})`);
    }
    truth = mechid.nonlinearSimulate(options.truth, { n: 2 });
  }

  // The accelerometer column (default a1) and, when present, the force column (default u1).
  const text = io.readText(path, 'data file');
  const header = Papa.parse(text, { preview: 1, delimitersToGuess: [',', ';', '\t'] }).data[0]?.map((s) => String(s).trim()) ?? [];
  const accel = options['accel-col'] ?? 'a1';
  const force = options['force-col'] ?? 'u1';
  if (!header.includes(accel)) {
    throw badInput(`${path}: no acceleration column '${accel}' (give --accel-col NAME); the header has ${header.join(', ') || 'nothing'}`);
  }
  if (options['force-col'] !== undefined && !header.includes(force)) {
    throw badInput(`${path}: no force column '${force}'; the header has ${header.join(', ')}`);
  }
  const data = parseDatasetCsv({
    Papa, text, source: path, h: options.h, timeCol: options['time-col'],
    inputCols: header.includes(force) ? [force] : [], outputCols: [accel],
  });
  const result = mechid.nonlinearIdentify({ h: data.h, a: data.y.data, f: data.u.cols ? data.u.data : null }, {
    method: options.method, regions, mass: options.mass ?? null, damping: options.damping ?? null,
    segments: options.segments, highpassHz: options.highpass, detrend: options.detrend === true, swap,
    swapTolerance: options['swap-tol'], tolerance: options.tol, delta: options.delta, lambda: options.lambda,
  });
  // The per-sample arrays are for plots; the JSON keeps the numbers.
  delete result.signals;
  delete result.forceCurve;
  const out = { ...result, h: data.h, n: data.y.rows, columns: { acceleration: accel, force: data.u.cols ? force : null } };
  if (truth) {
    out.truth = { system: options.truth, k: truth.k, mass: truth.mass, damping: truth.damping };
    out.errors = errorsAgainst(result, truth);
  }
  io.writeJson(out, options.out);
  io.warn(result.warnings);
}
