// mechid simulate: sampled data of a linear system (a preset or a system file), of an estimator
// experiment of the SVF report "Modeling & Simulation of Dynamic Systems" (rlc, msd-sine) or of
// Beckmann et al. 2016 (belt-drive), or of a nonlinear preset of Karimov et al. 2021 (lin-ewins, beam). The --system value picks the family; FAMILIES lists the options of each.
import { badInput, nonlinearToCsv, simulationToCsv } from '../../wasm/api.js';
import { loadSystem, writeOutput } from '../io.mjs';
import { checkFamily, choice, coreDefault, flag, int, num, nums, pick, requireOption, str, usageLines, withDefaults } from '../options.mjs';

export const name = 'simulate';
export const summary = 'sampled data (CSV) of a linear system, a nonlinear preset or an estimator experiment';
export const examples = ['mechid simulate --system 3dof --h 0.05 --n 2000 --hold 10 --snr 40 --seed 1 --out 3dof.csv', 'mechid simulate --system 3dof --h 0.1 --n 4000 --input prbs --snr 40 --seed 4 --out record.csv'];
const common = pick('system', 'h', 'n', 'snr', 'seed');
export const options = {
  system: str('NAME|FILE'), h: common.h, n: common.n,
  // linear systems: the input signal, the noise, the initial state (defaults: the core's group simulate)
  input: choice(['prbs', 'sine', 'multisine', 'chirp', 'step'], { core: 'simulate.input' }), amplitude: num('A', { core: 'simulate.amplitude' }),
  snr: { ...common.snr, core: 'simulate.snr' }, seed: { ...common.seed, core: 'simulate.seed' }, 'with-derivatives': flag(),
  hold: int('SAMPLES', { core: 'simulate.hold' }), freq: num('HZ', { core: 'simulate.freqHz', auto: true }),
  freq2: num('HZ', { core: 'simulate.freqHz2', auto: true }), q0: nums('a,b,..'), v0: nums('a,b,..'),
  // nonlinear presets: the accelerometer of eq. 24 and the integration
  sigma: num('S', { core: 'nonlinearSimulate.sigma' }), a0: num('A0', { core: 'nonlinearSimulate.a0' }),
  substeps: int('K', { core: 'nonlinearSimulate.substeps' }),
  ...pick('max-work'),
};

const NONLINEAR_SYSTEMS = 'lin-ewins|beam';

function simulateLinear(o, mechid) {
  const system = loadSystem(mechid, o.system);
  const data = mechid.simulate(system, {
    h: requireOption(o, 'h', name), n: requireOption(o, 'n', name),
    input: o.input, amplitude: o.amplitude, snr: o.snr, seed: o.seed, hold: o.hold,
    freqHz: o.freq, freqHz2: o.freq2, q0: o.q0, v0: o.v0, withDerivatives: o['with-derivatives'] === true,
    ...(o['max-work'] === undefined ? {} : { maxWork: o['max-work'] }),
  });
  writeOutput(simulationToCsv(data), o.out);
}

function simulateScenario(o, mechid) {
  if (o.system === 'belt-drive' && o.snr !== undefined && o.snr !== Infinity) {
    throw badInput('--system belt-drive adds the measurement noise of eq. 32; --snr takes only inf (no noise)');
  }
  // belt-drive: any finite snr means eq. 32's noise.
  const snr = o.snr ?? (o.system === 'belt-drive' ? 0 : Infinity);
  const d = mechid.simulateEstimatorSystem(o.system, { h: o.h, n: o.n, seed: o.seed, snr });
  if (o.system !== 'belt-drive') {
    const inputs = Array.from({ length: d.u.cols }, (_, j) => `u${j + 1}`);
    writeOutput(simulationToCsv({ columns: ['t', ...inputs, 'q1'], t: d.t, u: d.u, q: d.q }), o.out);
    return;
  }
  // q1, v1: the measured φ, φ' (y); q2, v2: the true z, z'.
  const rows = d.q.rows;
  const q = { rows, cols: 2, data: new Float64Array(2 * rows) }, v = { rows, cols: 2, data: new Float64Array(2 * rows) };
  for (let i = 0; i < rows; i++) {
    q.data.set([d.y.data[2 * i], d.q.data[2 * i + 1]], 2 * i);
    v.data.set([d.y.data[2 * i + 1], d.v.data[2 * i + 1]], 2 * i);
  }
  writeOutput(simulationToCsv({ columns: ['t', 'u1', 'q1', 'q2', 'v1', 'v2'], t: d.t, u: d.u, q, v }), o.out);
}

function simulateNonlinear(o, mechid) {
  const sim = mechid.nonlinearSimulate(o.system, { h: o.h, n: o.n, sigma: o.sigma, a0: o.a0, seed: o.seed, substeps: o.substeps });
  writeOutput(nonlinearToCsv(sim, o['with-derivatives'] === true), o.out);
}

// The experiments' own h and n, from the core (src/estimators/scenarios.cpp).
function scenarioDefaults(mechid) {
  return mechid.estimatorScenarioNames().map((s) => {
    const { h, n } = mechid.estimatorScenario(s);
    return `${s} h ${h}, n ${n}`;
  }).join('; ');
}

/** The families of --system: which values select each, its options, and its usage. */
export const FAMILIES = [
  {
    match: (system, mechid) => mechid.estimatorScenarioNames().includes(system),
    required: ['system'],
    options: ['system', 'h', 'n', 'snr', 'seed'],
    defaults: { snr: undefined, seed: undefined },
    args: { system: 'rlc|msd-sine|belt-drive' },
    help: ["the SVF report's circuit (u1 = 2 sin t, u2 = 1; q1 = V_C) and mass-spring-damper (u = 5 sin 2t + 10.5),",
      "Beckmann et al. 2016's belt drive under cascade control (u1 torque; q1, v1 = measured angle and speed with",
      'the noise of eq. 32, none with --snr inf; q2, v2 = load position and speed)'],
    helpOf: (mechid) => [`defaults: ${scenarioDefaults(mechid)}`],
    run: simulateScenario,
  },
  {
    match: (system, mechid) => mechid.nonlinearSystemNames().includes(system),
    required: ['system'],
    options: ['system', 'h', 'n', 'sigma', 'a0', 'seed', 'substeps', 'with-derivatives'],
    defaults: { h: coreDefault('nonlinearSimulate.h'), n: coreDefault('nonlinearSimulate.n') },
    args: { system: NONLINEAR_SYSTEMS },
    help: ['CSV t,u1,a1[,q1,v1]: force, accelerometer a + sigma z + a0 (Karimov et al. 2021 eq. 24)[, true x, v];',
      "n 20000 is the paper's 20 s at 1 kHz; K RK4 steps per sample"],
    run: simulateNonlinear,
  },
  {
    match: () => true,
    options: ['system', 'h', 'n', 'input', 'amplitude', 'snr', 'seed', 'with-derivatives', 'hold', 'freq', 'freq2', 'q0', 'v0', 'max-work'],
    required: ['system', 'h', 'n'],
    help: ['CSV t,u1..uk,q1..qn[,v1..vn,a1..an] (noise only on q) of a preset or a system file',
      '--max-work FLOPS|inf: refuse a simulation estimated to need more flops (about 100 s of work by default; inf: no limit)'],
    run: simulateLinear,
  },
];

// `mechid` (the loaded module) adds what the core knows, such as the experiments' defaults.
export const usage = (mechid) => FAMILIES.slice().reverse().flatMap((f) => usageLines(name, options, {
  names: f.options, ...f, help: [...f.help, ...(mechid && f.helpOf ? f.helpOf(mechid) : [])],
}));

export async function run(given, mechid) {
  const system = requireOption(given, 'system', name);
  const family = FAMILIES.find((f) => f.match(system, mechid));
  checkFamily({ ...family, label: `--system ${system}` }, given);
  // Only the family's own defaults: an option it does not take stays absent.
  const table = Object.fromEntries(family.options.map((key) => [key, options[key]]));
  await family.run({ ...withDefaults(table, given, family.defaults), out: given.out }, mechid);
}
