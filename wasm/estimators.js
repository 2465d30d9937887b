// JS facade of the estimators of seeds 003 and 004 (wasm/bindings_estimators.cpp): the same
// conventions as api.js (plain objects; matrices {rows, cols, data} row-major; errors thrown as
// MechidError). wrapModule (api.js) adds these functions to the API object.
import { badInput, isMatrix, unwrap } from './api.js';

function given(options) {
  return Object.fromEntries(Object.entries(options ?? {}).filter(([, value]) => value !== undefined));
}

function numbers(value, name, count) {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || !value.every((x) => typeof x === 'number' && Number.isFinite(x))) {
    throw badInput(`${name} must be a list of numbers`);
  }
  if (count !== undefined && value.length !== count) throw badInput(`${name} needs ${count} values, got ${value.length}`);
  return value;
}

function dataset(data, outputName) {
  if (data === null || typeof data !== 'object') throw badInput('data must be an object {h, u, y}');
  if (typeof data.h !== 'number' || !(data.h > 0)) throw badInput(`h must be a positive number of seconds, got ${String(data.h)}`);
  if (!isMatrix(data.u)) throw badInput('input data u is missing or not a {rows, cols, data} matrix');
  if (!isMatrix(data.y)) throw badInput(`${outputName} is missing or not a {rows, cols, data} matrix`);
  if (data.u.rows !== data.y.rows) throw badInput(`inputs have ${data.u.rows} samples but outputs ${data.y.rows}`);
  return { h: data.h, u: data.u, y: data.y, inputSampling: data.inputSampling ?? 'point' };
}

/** `lo:hi:step` or {lo, hi, step} -> the grid values (as src/svf/pole_search.cpp builds them). */
export function poleGrid(spec) {
  const [lo, hi, step] = typeof spec === 'string' ? spec.split(':').map(Number) : [spec?.lo, spec?.hi, spec?.step];
  if (![lo, hi, step].every(Number.isFinite) || !(lo > 0) || !(hi >= lo) || !(step > 0)) {
    throw badInput(`a pole grid is lo:hi:step with 0 < lo <= hi and step > 0, got ${JSON.stringify(spec)}`);
  }
  const count = Math.floor((hi - lo) / step + 1e-9) + 1;
  if (count > 400) throw badInput(`the pole grid has ${count} values; at most 400 are allowed`);
  return Array.from({ length: count }, (_, i) => lo + i * step);
}

const SVF_DEFAULTS = { p1: 0.5, p2: 1.0, grid: null, form: 'auto', robust: false, intersample: 'cubic' };
export const ESTIMATOR_SYSTEMS = ['rlc', 'belt-drive', 'msd-sine'];

/**
 * Readings of eq. 32 of seed 004 (docs/results.md): as printed (N, N s/m) the covariances keep
 * c_spec and d at their initial values; in kN and kN s/m c_spec converges; d then needs a wider
 * prior Θ_init(d) = 1e-3 (kN s/m)² (our choice, the default).
 */
export const EQ32_READINGS = {
  'kn-wide': { scale: 1000, thetaVar: [0.1, 1e-3] },
  kn: { scale: 1000, thetaVar: [0.1, 1e-6] },
  printed: { scale: 1, thetaVar: [0.1, 1e-6] },
};
export const DISCRETIZATIONS = ['ef', 'se', 'heun', 'lp', 'rk3', 'rk4'];
const EKF_DEFAULTS = { method: 'rk4', ...EQ32_READINGS['kn-wide'], thetaInit: null, inputSampling: 'hold' };

export function wrapEstimators(module) {
  return {
    /** State-variable-filter least squares on mechanical data (seed 003): identify result + theta, search, weights. */
    svfIdentify(data, options, truth) {
      const o = { ...SVF_DEFAULTS, ...given(options) };
      o.grid = numbers(o.grid, 'the pole grid');
      if (o.L !== undefined && !isMatrix(o.L)) throw badInput('matrix L is not a {rows, cols, data} matrix');
      return unwrap(module.svfIdentify(dataset(data, 'output data q'), o, truth ?? null));
    },
    /** The RLC circuit of seed 003 sec. 3: data {h, u: N x 2, y: N x 1 (V_C)} -> 1/RC, 1/LC. */
    svfRlc(data, options) {
      const o = { ...SVF_DEFAULTS, ...given(options) };
      o.grid = numbers(o.grid, 'the pole grid');
      return unwrap(module.svfRlc(dataset(data, 'output data V_C'), o));
    },
    /**
     * Augmented EKF on the belt drive (seed 004): data {h, u: N x 1 torque, y: N x 2 [φ, φ']}.
     * Defaults: eq. 32 with c_spec in kN and d in kN s/m (scale 1000) and Θ_init = diag(0.1, 1e-3)
     * (docs/results.md: eq. 32 as printed keeps both parameters at their initial values).
     */
    ekfBeltDrive(data, options, trueTheta) {
      const o = { ...EKF_DEFAULTS, ...given(options) };
      if (!DISCRETIZATIONS.includes(o.method)) {
        throw badInput(`unknown discretization ${JSON.stringify(o.method)} (expected ${DISCRETIZATIONS.join(', ')})`);
      }
      if (typeof o.scale !== 'number' || !(o.scale > 0)) throw badInput(`the parameter scale must be positive, got ${String(o.scale)}`);
      const d = dataset(data, 'measurements y');
      if (d.u.cols !== 1) throw badInput(`the belt drive has one input (motor torque), the data have ${d.u.cols}`);
      if (d.y.cols !== 2) throw badInput(`the belt-drive EKF needs two measured columns (angle, speed), got ${d.y.cols}`);
      o.thetaInit = numbers(o.thetaInit, 'theta0', 2);
      o.thetaVar = numbers(o.thetaVar, 'the parameter variances', 2);
      return unwrap(module.ekfBeltDrive(d, o, numbers(trueTheta, 'the true parameters', 2)));
    },
    /** Table 1 of seed 004 in SI units, and theta = [c_spec, d]. */
    beltDriveParameters: () => module.beltDriveParameters(),
    /** Simulated data of 'rlc', 'msd-sine' (seed 003) or 'belt-drive' (seed 004); options {h, n, seed, snr}. */
    simulateEstimatorSystem(name, options) {
      if (!ESTIMATOR_SYSTEMS.includes(name)) throw badInput(`unknown system ${JSON.stringify(name)} (expected ${ESTIMATOR_SYSTEMS.join(', ')})`);
      const o = { seed: 1, snr: Infinity, ...given(options) };
      for (const key of ['h', 'n', 'seed', 'snr']) {
        if (typeof o[key] !== 'number' || Number.isNaN(o[key])) throw badInput(`${key} must be a number, got ${String(o[key])}`);
      }
      if (!Number.isSafeInteger(o.seed) || o.seed < 0) throw badInput(`seed must be a whole number >= 0, got ${o.seed}`);
      return unwrap(module.simulateEstimatorSystem(name, o));
    },
  };
}
