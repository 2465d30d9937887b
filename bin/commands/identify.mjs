// mechid identify: one option table for every estimator, and FAMILIES, the one table of which
// --method (and --model) takes which options. A family's run() is in identify/<family>.mjs.
import { badInput } from '../../wasm/api.js';
import { capabilityLines, recommendedFirst } from '../../wasm/method-help.js';
import { checkFamily, choice, coreDefault, flag, int, num, nums, pick, requireOption, str, strs, usageLines, withDefaults } from '../options.mjs';
import { identifyEkf } from './identify/ekf.mjs';
import { identifyLinear } from './identify/linear.mjs';
import { identifyNonlinear } from './identify/nonlinear.mjs';
import { identifySvf, identifySvfRlc } from './identify/svf.mjs';

export const name = 'identify';
export const summary = 'M, D, K (or a nonlinear stiffness, or an estimator\'s parameters) from measured data';
export const examples = ['mechid identify --data 3dof.csv --method auto --truth 3dof --out result.json', 'mechid identify --data 3dof.csv --method variational-zoh --positive'];
export const options = {
  ...pick('data', 'method', 'h'), dof: int('n'), ...pick('L'), 'force-dofs': nums('D1,D2,..'), init: str('NAME', { core: 'identify.init' }),
  ...pick('truth'), 'block-rows': int('I', { core: 'identify.blockRows' }), positive: flag(),
  // several runs and held-out records; known structure, friction, offset; units and signs (issue 16)
  data: str('FILE', { repeat: true }), validate: str('FILE', { repeat: true }), 'initial-window': int('N', { core: 'identify.initialWindow' }),
  structure: str('FILE|JSON'),
  friction: str('NAME', { core: 'identify.friction' }), offset: flag(), lowpass: num('HZ', { core: 'identify.lowpassHz', auto: true }),
  scale: strs('COL=FACTOR,..'),
  // the work guard (issue 20): the most floating-point operations a request may need; inf lifts it
  'max-work': { type: 'limit', arg: 'FLOPS|inf', core: 'identify.maxWork' },
  // the columns of the data file and how its inputs and outputs were sampled
  'time-col': str('NAME'), 'input-cols': strs('a,b,..'), 'output-cols': strs('a,b,..'), resample: flag(),
  'input-sampling': str('NAME', { core: 'dataset.inputSampling' }),
  // --outputs: default the quantity the file states (wasm/recording.js), else displacement
  outputs: str('NAME', { core: 'dataset.outputs', auto: true }), cutoff: num('HZ', { core: 'dataset.cutoffHz', auto: true }),
  // svf (the SVF report "Modeling & Simulation of Dynamic Systems")
  model: str('MODEL'), poles: nums('P1,P2', { count: 2 }), 'pole-grid': str('LO:HI:STEP'), robust: flag(),
  form: str('auto|siso|mimo', { core: 'svf.form' }), intersample: str('cubic|linear', { core: 'svf.intersample' }),
  // ekf (Beckmann et al. 2016)
  discretization: str('METHOD', { core: 'ekf.method' }), reading: str('READING', { core: 'ekf.reading' }), theta0: nums('C_SPEC,D', { count: 2 }),
  // ida, dia (Karimov et al. 2021): regions, known m and c, reconstruction (sec. 3.2.2), IRLS and swapping (Algorithms 1, 3)
  regions: str('thresholds:X0|sign|breakpoints:B1,B2,..'), mass: num('M'), damping: num('C'),
  segments: int('K', { core: 'nonlinearIdentify.segments' }), highpass: num('HZ', { core: 'nonlinearIdentify.highpassHz' }), detrend: flag(),
  swap: choice(['on', 'off']), 'swap-tol': num('T', { core: 'nonlinearIdentify.swapTolerance' }),
  tol: num('T', { core: 'nonlinearIdentify.tolerance' }), delta: num('D', { core: 'nonlinearIdentify.delta' }),
  lambda: num('L', { core: 'nonlinearIdentify.lambda' }),
  'accel-col': str('NAME', { default: 'a1' }), 'force-col': str('NAME'),  // force: default u1 when the file has it
};

const COLUMNS = ['h', 'time-col', 'input-cols', 'output-cols', 'input-sampling'];
const SVF = ['poles', 'pole-grid', 'robust', 'intersample'];

/**
 * The families of --method: the methods (and --model, when the method has several models) each
 * selects, its options, its own defaults and its usage. Linear methods are the core's methodNames().
 */
export const FAMILIES = [
  {
    methods: (mechid) => mechid.methodNames(),
    // The method names and which of them honour which option: the core's method table (methodInfo).
    args: (mechid) => ({ method: recommendedFirst(mechid.methodInfo()).map((m) => m.name).join('|') }),
    options: ['data', 'method', ...COLUMNS, 'resample', 'dof', 'L', 'force-dofs', 'init', 'truth', 'block-rows', 'positive', 'outputs', 'cutoff',
      'structure', 'friction', 'offset', 'lowpass', 'scale', 'validate', 'initial-window', 'max-work'],
    help: (mechid) => ['JSON identify result (M, D, K, status, checks, modal, fit, diagnostics[, uncertainty][, errors]);',
      '--input-sampling hold: inputs held over each period (ZOH actuator, PRBS); point: samples of a continuous',
      '  force; auto: hold when every input changes at most at 1 in 8 samples, else point (diagnostics.input_sampling)',
      '--outputs (default: what the file states, else displacement) acceleration: inputs and outputs high-passed',
      "  at --cutoff Hz (default: a quarter of the slowest mode's frequency) instead of integrating twice; point inputs",
      '--positive: M, K > 0 and D >= 0 by construction; --force-dofs D1,..: the DOF (1-based) each input pushes (L)',
      '--data FILE repeated: runs of one experiment; --validate FILE: the fit on each held-out record (rmse too)',
      '--structure FILE|JSON: {"M": P, "D": P, "K": P, "known": {"M": [[..]]}}, P = full|diagonal|tridiagonal|zero',
      '  or an n x n 0/1 mask of the free entries; known entries fixed (null = unknown); e.g. \'{"M":"diagonal"}\'',
      "--friction coulomb: F_c sign(q') per DOF; --offset: f_0 per DOF and run; --lowpass HZ: before differentiating",
      '--scale COL=FACTOR,..: multiply columns (units: q1=1.786e-5 for counts to m; u1=-1 flips a sign)',
      '--max-work FLOPS|inf: refuse a request estimated to need more flops (about 100 s of work by default; inf: no limit)',
      ...capabilityLines(mechid.methodInfo())],
    run: identifyLinear,
  },
  {
    methods: () => ['ida', 'dia'],
    args: { method: 'ida|dia' },
    options: ['data', 'method', 'regions', 'mass', 'damping', 'segments', 'highpass', 'detrend', 'swap', 'swap-tol', 'tol', 'delta',
      'lambda', 'accel-col', 'force-col', 'h', 'time-col', 'truth', 'max-work'],
    required: ['regions'],
    help: ["JSON {k, stiffness, regions, classification, fit, mass, damping, ...}: piecewise-linear stiffness of",
      "m x'' + 2c x' + F(x) = f(t) (Karimov et al. 2021: DIA eq. 14, IDA eq. 16, swapping); mass and damping",
      'estimated unless given (the mass needs the force column, default u1); --swap: on for ida, off for dia'],
    run: identifyNonlinear,
  },
  {
    methods: () => ['svf'], model: 'mechanical', args: { method: 'svf', model: 'mechanical' },
    options: ['data', 'method', 'model', ...SVF, 'form', 'L', 'dof', 'truth', ...COLUMNS, 'max-work'],
    help: ['state-variable-filter least squares (the SVF report) of M, D, K; poles from the data unless given'],
    run: identifySvf,
  },
  {
    methods: () => ['svf'], model: 'rlc', args: { method: 'svf', model: 'rlc' }, required: ['model'],
    options: ['data', 'method', 'model', ...SVF, ...COLUMNS],
    help: ["the SVF report's RLC circuit: inputs u1, u2, output q1 = V_C; JSON 1/RC, 1/LC"],
    run: identifySvfRlc,
  },
  {
    methods: () => ['ekf'], model: 'belt-drive', args: { method: 'ekf', model: 'belt-drive' },
    options: ['data', 'method', 'model', 'discretization', 'reading', 'theta0', 'truth', ...COLUMNS, 'max-work'],
    defaults: { 'input-sampling': coreDefault('ekf.inputSampling') },
    help: ['augmented EKF (Beckmann et al. 2016): u1 torque, angle q1, speed v1; JSON estimates and trajectories'],
    run: identifyEkf,
  },
];

// A family's args and help as given, or made from the module (the linear methods' from the method table).
export const usage = (mechid) => FAMILIES.flatMap((f) => {
  const of = (x) => (typeof x === 'function' ? x(mechid) : x);
  return usageLines(name, options, { names: f.options, required: ['data', 'method', ...(f.required ?? [])], defaults: f.defaults, args: of(f.args), help: of(f.help) });
});

/** The family of --method (and --model); an unknown name is an error listing every method. */
function familyOf(given, mechid) {
  const method = given.method;
  const candidates = FAMILIES.filter((f) => f.methods(mechid).includes(method));
  if (candidates.length === 0) {
    const all = [...new Set(FAMILIES.flatMap((f) => f.methods(mechid)))];
    throw badInput(`unknown method '${method}' (expected ${all.join(', ')})`);
  }
  if (candidates[0].model === undefined) return { ...candidates[0], label: `--method ${method}` };
  const model = given.model ?? candidates[0].model;
  const family = candidates.find((f) => f.model === model);
  if (!family) throw badInput(`--model must be ${candidates.map((f) => f.model).join(' or ')} for --method ${method}, got '${model}'`);
  return { ...family, label: `--method ${method}${given.model === undefined ? '' : ` --model ${model}`}` };
}

export async function run(given, mechid) {
  requireOption(given, 'data', name);
  requireOption(given, 'method', name);
  const family = familyOf(given, mechid);
  checkFamily(family, given);
  const table = Object.fromEntries(family.options.map((key) => [key, options[key]]));
  await family.run({ ...withDefaults(table, given, family.defaults), out: given.out }, mechid);
}
