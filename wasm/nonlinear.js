// JS facade of the nonlinear-stiffness identification (seed 002; core in src/nonlinear/, bindings
// in wasm/bindings_nonlinear.cpp). wrapModule (api.js) mixes these functions into its API; the
// helpers come from there so errors are the same MechidError. Signals are Float64Arrays, one
// sample each; region indices are Int32Arrays into result.regions.regions.

export const NONLINEAR_SIMULATE_DEFAULTS = { h: 1e-3, n: 20000, substeps: 50, sigma: 0, a0: 0, seed: 1 };

// mass / damping null: estimated with the stiffness. swap: undefined = the seed's choice
// (Algorithm 3's swapping in the IDA, plain IRLS in the DIA).
export const NONLINEAR_IDENTIFY_DEFAULTS = {
  mass: null, damping: null, segments: 1, highpassHz: 0, detrend: false,
  tolerance: 1e-8, delta: 1e-6, lambda: 0, maxIterations: 1000, swapTolerance: 1,
};

/**
 * Regions from text: "thresholds:X0" (x <= -X0, |x| < X0, x >= X0), "sign" (x <= 0, x > 0) or
 * "breakpoints:B1,B2,.." (intervals between increasing breakpoints).
 */
export function parseRegions(text, badInput) {
  const spec = String(text ?? '').trim();
  const [kind, rest] = spec.split(/:(.*)/s);
  const numbers = (part) => part.split(',').map((s) => {
    const x = s.trim() === '' ? NaN : Number(s);
    if (!Number.isFinite(x)) throw badInput(`regions '${spec}': '${s.trim()}' is not a number`);
    return x;
  });
  if (kind === 'sign' && rest === undefined) return { kind: 'sign' };
  if (kind === 'thresholds' && rest !== undefined) {
    const [x0, ...extra] = numbers(rest);
    if (extra.length > 0 || !(x0 > 0)) throw badInput(`regions '${spec}': thresholds needs one positive x0, e.g. thresholds:0.005`);
    return { kind: 'thresholds', x0 };
  }
  if (kind === 'breakpoints' && rest !== undefined) return { kind: 'breakpoints', breakpoints: numbers(rest) };
  throw badInput(`regions '${spec}' not understood (expected thresholds:X0, sign or breakpoints:B1,B2,..)`);
}

export function wrapNonlinear(module, { unwrap, badInput, requireNumber }) {
  const merged = (defaults, options) => ({
    ...defaults, ...Object.fromEntries(Object.entries(options ?? {}).filter(([, value]) => value !== undefined)),
  });
  const toArray = (x, what) => {
    if (x instanceof Float64Array) return x;
    if (Array.isArray(x) && x.every((v) => typeof v === 'number')) return Float64Array.from(x);
    throw badInput(`${what} must be a Float64Array or an array of numbers`);
  };
  return {
    nonlinearSystemNames: () => module.nonlinearSystemNames(),
    /** Simulates a preset ('lin-ewins', 'beam'); `a` is the accelerometer signal (eq. 24). */
    nonlinearSimulate(name, options) {
      const o = merged(NONLINEAR_SIMULATE_DEFAULTS, options);
      requireNumber(o.h, 'h');
      requireNumber(o.n, 'n', { integer: true });
      requireNumber(o.substeps, 'substeps', { integer: true });
      requireNumber(o.sigma, 'sigma');
      requireNumber(o.a0, 'a0');
      if (!Number.isSafeInteger(o.seed) || o.seed < 0) throw badInput(`seed must be a whole number >= 0, got ${String(o.seed)}`);
      return unwrap(module.nonlinearSimulate(String(name), o));
    },
    /** Piecewise-linear stiffness from {h, a, f?} by 'ida' or 'dia' (options: NONLINEAR_IDENTIFY_DEFAULTS + method, regions). */
    nonlinearIdentify(data, options) {
      if (data === null || typeof data !== 'object') throw badInput('data must be an object {h, a, f}');
      requireNumber(data.h, 'h');
      const o = merged(NONLINEAR_IDENTIFY_DEFAULTS, options);
      if (o.method !== 'ida' && o.method !== 'dia') throw badInput(`unknown method ${JSON.stringify(o.method)} (expected ida or dia)`);
      if (o.regions === null || typeof o.regions !== 'object') throw badInput('regions are missing (thresholds, sign or breakpoints)');
      for (const key of ['mass', 'damping']) if (o[key] !== null) requireNumber(o[key], key);
      requireNumber(o.segments, 'segments', { integer: true, min: 1 });
      for (const key of ['highpassHz', 'tolerance', 'delta', 'lambda', 'swapTolerance']) requireNumber(o[key], key);
      requireNumber(o.maxIterations, 'maxIterations', { integer: true, min: 1 });
      o.swap = o.swap ?? o.method === 'ida';
      o.detrend = Boolean(o.detrend);
      const a = toArray(data.a, 'the acceleration');
      const f = data.f === undefined || data.f === null ? null : toArray(data.f, 'the force');
      return unwrap(module.nonlinearIdentify({ h: data.h, a, f }, o));
    },
  };
}

/** CSV of a nonlinear simulation: t,u1,a1 (force, accelerometer) and with derivatives q1,v1 (true). */
export function nonlinearToCsv(sim, withDerivatives) {
  const columns = [sim.t, sim.f, sim.a, ...(withDerivatives ? [sim.x, sim.v] : [])];
  const lines = [['t', 'u1', 'a1', ...(withDerivatives ? ['q1', 'v1'] : [])].join(',')];
  for (let i = 0; i < sim.t.length; i++) lines.push(columns.map((c) => c[i]).join(','));
  return lines.join('\n') + '\n';
}
