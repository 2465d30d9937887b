// Target identify: generated systems and data through mechid.identify: N 3…600 samples, 1–4 DOF
// chains with masses, springs and dampers over many decades, data scaled to extremes, constant or
// collinear columns, odd h, L and forceDofs, blockRows, init, accelerations with a cut-off,
// structure, friction, offset and several runs. Odd values come in a minority of cases (mostly())
// so that most cases reach the method. Independent odd choices still stopped 91 % of the cases
// before any method ran (2026-11-23: 9,000 of 9,837), so 3 cases in 4 are `coherent`: prepare()
// keeps only what the method accepts (its entry of mechid.methodInfo(): no friction, offset, runs,
// structure or low-pass where it has none; one run and point-sampled forces for accelerations),
// an L when k < n, no positive with a structure, blockRows by the rule.
import { recommendedFirst } from '../../wasm/method-help.js';
import { mostly, sometimes } from '../arbitraries.mjs';

/** The core's method table (methodInfo): the methods and what each honours. */
export const setup = (mechid) => ({ info: mechid.methodInfo() });

/**
 * The methods to generate, from methodInfo: the recommended one first, then the table's order
 * (with today's table: auto, variational, n4sid-d2c, equation-error, variational-zoh,
 * inverse-dynamic, the order the cases of a seed were made from before the table).
 */
export const methodsFrom = (info) => recommendedFirst(info).map((m) => m.name);

const SCALES = [1e-300, 1e-150, 1e-20, 1e-6, 1e6, 1e20, 1e150, 1e300, 0, -1];
const ODD_H = [1e-320, 1e-300, 1e-12, 1e6, 1e300, 0, -0.1, 5e-324];
const BLOCK_ROWS = [1, 2, 3, 5, 10, 50, 299, 1e9, 2 ** 31 - 1, 2 ** 31, 2 ** 32 + 1, 2 ** 53, -1];
const CUTOFF = [1e-12, 1e-3, 0.5, 5, 1e12, -1];
const LOWPASS = [0, 1e-9, 0.5, 5, 1e9, -1];

const matrix = (rows, cols, f) => ({ rows, cols, data: Float64Array.from({ length: rows * cols }, (_, k) => f(Math.floor(k / cols), k % cols)) });

// A chain of `dof` masses: m_i, springs k_i to the left neighbour (the first to the ground), dampers d_i.
function chain({ masses, springs, dampers }, dof) {
  const tri = (c) => matrix(dof, dof, (i, j) => {
    if (i === j) return c[i] + (i + 1 < dof ? c[i + 1] : 0);
    return Math.abs(i - j) === 1 ? -c[Math.max(i, j)] : 0;
  });
  return { M: matrix(dof, dof, (i, j) => (i === j ? masses[i] : 0)), D: tri(dampers), K: tri(springs) };
}

export function arbitrary(fc, { info }) {
  const positive = fc.constantFrom(1e-6, 1e-2, 0.1, 1, 2, 10, 1e3, 1e6);
  return fc.nat({ max: 3 }).chain((d) => {
    const dof = d + 1;
    const dofs = (arb) => fc.array(arb, { minLength: dof, maxLength: dof });
    return fc.record({
      coherent: fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 }),
      dof: fc.constant(dof),
      inputs: fc.integer({ min: 1, max: dof }),
      system: fc.record({ masses: dofs(positive), springs: dofs(positive), dampers: dofs(fc.constantFrom(0, 1e-3, 0.1, 1, 10)) }),
      lKind: mostly(fc, ['identity-columns', 'random'], ['zero-column']),
      lValues: fc.array(fc.integer({ min: -8, max: 8 }).map((x) => x / 4), { minLength: 16, maxLength: 16 }),
      sim: fc.record({
        h: fc.constantFrom(1e-3, 0.01, 0.05, 0.1, 0.5, 2), n: fc.oneof({ arbitrary: fc.integer({ min: 100, max: 600 }), weight: 4 }, { arbitrary: fc.integer({ min: 3, max: 100 }), weight: 1 }),
        input: mostly(fc, ['prbs', 'multisine', 'chirp'], ['sine', 'step']), snr: fc.constantFrom(Infinity, 60, 20, 0),
        seed: fc.nat(), hold: fc.integer({ min: 1, max: 3 }),
      }),
      runs: mostly(fc, [1, 1, 1, 2, 3], [1]),
      transforms: fc.oneof({ arbitrary: fc.constant([]), weight: 2 }, { arbitrary: fc.array(fc.record({
        what: fc.constantFrom('scale-u', 'scale-y', 'constant-y', 'constant-u', 'collinear-y', 'offset-y'),
        column: fc.nat(), other: fc.nat(), scale: fc.constantFrom(...SCALES),
      }), { minLength: 1, maxLength: 2 }), weight: 1 }),
      hOdd: sometimes(fc, fc.constantFrom(...ODD_H), 12),
      inputSampling: fc.constantFrom('point', 'hold'),
      acceleration: mostly(fc, [false, false, true], [true]), cutoffHz: mostly(fc, [0], CUTOFF, 3),
      method: fc.constantFrom(...methodsFrom(info)),
      options: fc.record({
        init: mostly(fc, ['n4sid', 'equation-error'], ['magic'], 20),
        blockRows: mostly(fc, [0], BLOCK_ROWS, 4),
        estimateInitial: fc.boolean(), positive: mostly(fc, [false], [true], 3),
        giveL: mostly(fc, ['none', 'none', 'true', 'forceDofs'], ['wrong-shape']),
        structure: sometimes(fc, fc.record({
          M: fc.constantFrom('full', 'diagonal', 'tridiagonal', 'zero', undefined),
          D: fc.constantFrom('full', 'diagonal', 'tridiagonal', 'zero', undefined),
          K: fc.constantFrom('full', 'diagonal', 'tridiagonal', 'zero', 'mask', undefined),
          mask: fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }),
          knownM: fc.boolean(),
        }), 4),
        friction: mostly(fc, [undefined, undefined, 'none', 'coulomb'], ['viscous']),
        offset: mostly(fc, [undefined, undefined, false, true], [undefined]),
        lowpassHz: mostly(fc, [undefined], LOWPASS, 3),
      }),
    });
  });
}

// The L of the simulated system: dof x inputs.
function inputMatrix(c) {
  return matrix(c.dof, c.inputs, (i, j) => {
    if (c.lKind === 'identity-columns') return i === j ? 1 : 0;
    if (c.lKind === 'zero-column' && j === c.inputs - 1) return 0;
    return c.lValues[(i * 4 + j) % 16];
  });
}

function transform(data, { what, column, other, scale }) {
  const m = what.endsWith('-u') ? data.u : data.y;
  const j = column % m.cols, k = other % m.cols;
  for (let i = 0; i < m.rows; i++) {
    const at = i * m.cols;
    if (what.startsWith('scale')) m.data[at + j] *= scale;
    else if (what.startsWith('constant')) m.data[at + j] = scale;
    else if (what === 'collinear-y') m.data[at + j] = scale * m.data[at + k];
    else m.data[at + j] += scale;
  }
}

function structureOption(s, dof, system) {
  if (s === undefined) return undefined;
  const out = {};
  for (const key of ['M', 'D', 'K']) {
    if (s[key] === 'mask') out[key] = Array.from({ length: dof }, (_, i) => Array.from({ length: dof }, (_, j) => (s.mask[Math.min(i, j) * 4 + Math.max(i, j)] ? 1 : 0)));
    else if (s[key] !== undefined) out[key] = s[key];
  }
  if (s.knownM) out.known = { M: Array.from({ length: dof }, (_, i) => Array.from({ length: dof }, (_, j) => (i === j ? null : system.M.data[i * dof + j]))) };
  return out;
}

// A coherent case: the options the method accepts (its entry of methodInfo), the odd values of the
// data and h kept.
export function cohere(c, info) {
  const can = info.find((m) => m.name === c.method);
  const o = { ...c.options };
  const acceleration = c.acceleration && can.outputs.includes('acceleration');
  if (!can.friction || acceleration || o.friction === 'viscous') o.friction = undefined;
  if (!can.offset) o.offset = undefined;
  if (!can.positive) o.positive = undefined;
  if (!can.structure || o.positive) o.structure = undefined;
  if (o.init === 'magic') o.init = 'n4sid';
  if (o.giveL === 'wrong-shape' || (c.inputs < c.dof && o.giveL === 'none')) o.giveL = 'forceDofs';
  if (!(o.blockRows >= 0 && o.blockRows <= 50)) o.blockRows = 0;
  if (!(can.lowpass === 'always' || (can.lowpass === 'with_friction' && o.friction === 'coulomb'))) o.lowpassHz = undefined;
  if (!(o.lowpassHz >= 0)) o.lowpassHz = undefined;
  return {
    ...c, acceleration, options: o, runs: can.runs && !acceleration ? c.runs : 1,
    lKind: o.giveL === 'forceDofs' || c.lKind === 'zero-column' ? 'identity-columns' : c.lKind,
    cutoffHz: c.cutoffHz >= 0 ? c.cutoffHz : 0, inputSampling: acceleration ? 'point' : c.inputSampling,
  };
}

export function prepare(mechid, generated, { info }) {
  const c = generated.coherent ? cohere(generated, info) : generated;
  const system = { ...chain(c.system, c.dof), L: inputMatrix(c) };
  const records = Array.from({ length: c.runs }, (_, run) => {
    const sim = mechid.simulate(system, { ...c.sim, seed: c.sim.seed + run, withDerivatives: c.acceleration });
    const data = {
      h: c.hOdd ?? sim.h, u: sim.u, y: c.acceleration ? sim.a : sim.q, inputSampling: c.inputSampling,
      outputs: c.acceleration ? 'acceleration' : 'displacement', cutoffHz: c.cutoffHz,
    };
    c.transforms.forEach((t) => transform(data, t));
    return data;
  });
  const { giveL, structure, ...options } = c.options;
  if (giveL === 'true') options.L = system.L;
  if (giveL === 'forceDofs') options.forceDofs = Array.from({ length: c.inputs }, (_, j) => 1 + (j % c.dof));
  if (giveL === 'wrong-shape') options.L = matrix(c.dof + 1, c.inputs, () => 1);
  options.structure = structureOption(structure, c.dof, system);
  return { fn: 'identify', args: { method: c.method, data: c.runs === 1 ? records[0] : records, options } };
}
