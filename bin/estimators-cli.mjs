// The CLI side of the estimators of seeds 003 and 004 (bin/mechid.js dispatches here):
//   mechid identify --method svf|ekf …      (state-variable-filter least squares, augmented EKF)
//   mechid simulate --system rlc|msd-sine|belt-drive …
// Helpers of mechid.js (file reading, JSON output, system loading) come in as `io`.
import Papa from 'papaparse';
import { MechidError, matrixFromNested, simulationToCsv } from '../wasm/api.js';
import { parseDatasetCsv } from '../wasm/csv.js';
import { DISCRETIZATIONS, EQ32_READINGS, ESTIMATOR_SYSTEMS, poleGrid } from '../wasm/estimators.js';

const badInput = (message) => new MechidError('bad-input', message);

export const ESTIMATOR_METHODS = ['svf', 'ekf'];

/** Options of `identify` that only svf/ekf take (merged into mechid.js's option table). */
export const ESTIMATOR_IDENTIFY_OPTIONS = {
  poles: 'list', 'pole-grid': 'string', robust: 'flag', model: 'string', form: 'string', intersample: 'string',
  discretization: 'string', reading: 'string', theta0: 'list',
};

export const ESTIMATOR_USAGE = `  identify  --method svf --data FILE [--model mechanical|rlc] [--poles P1,P2 | --pole-grid LO:HI:STEP]
            [--robust] [--form auto|siso|mimo] [--intersample cubic|linear] [--L FILE] [--truth SYSTEM]
            state-variable-filter least squares (seed 003); rlc: inputs u1, u2, output q1 = V_C
  identify  --method ekf --data FILE [--model belt-drive] [--discretization rk4|rk3|lp|heun|se|ef]
            [--reading kn-wide|kn|printed] [--theta0 C_SPEC,D] [--truth belt-drive]
            augmented EKF (seed 004): u1 torque, measured angle q1 and speed v1 (--output-cols to rename);
            JSON final estimates and parameter trajectories`;

export const ESTIMATOR_SIMULATE_USAGE = `  simulate  --system rlc|msd-sine|belt-drive [--h H] [--n N] [--snr DB|inf] [--seed S] [--out FILE]
            seed 003's circuit (u1 = 2 sin t, u2 = 1; q1 = V_C) and mass-spring-damper (u = 5 sin 2t + 10.5),
            seed 004's belt drive under cascade control (u1 torque; q1, v1 = measured angle and speed with
            the noise of eq. 32, none with --snr inf; q2, v2 = load position and speed)`;

// Defaults per system: the seeds' sampling (RLC coarser than the seed's 1e-6 s, see docs/results.md).
const SYSTEM_DEFAULTS = { rlc: { h: 1e-5, n: 50001 }, 'msd-sine': { h: 0.1, n: 101 }, 'belt-drive': { h: 1e-3, n: 20001 } };

export const isEstimatorSystem = (name) => ESTIMATOR_SYSTEMS.includes(name);

const SVF_ONLY = ['poles', 'pole-grid', 'robust', 'form', 'intersample'];
const EKF_ONLY = ['discretization', 'reading', 'theta0'];

/** Rejects svf/ekf options given with another method (they would be ignored). */
export function rejectEstimatorOptions(options, method) {
  for (const name of [...SVF_ONLY, ...EKF_ONLY, 'model']) {
    if (options[name] !== undefined) throw badInput(`--${name} applies to --method svf or ekf, not ${method}`);
  }
}

export async function simulateEstimatorSystem(options, mechid, io) {
  const name = options.system;
  for (const key of Object.keys(options)) {
    if (!['system', 'h', 'n', 'snr', 'seed', 'out'].includes(key)) {
      throw badInput(`--${key} does not apply to --system ${name} (its inputs are the seed's)`);
    }
  }
  if (name === 'belt-drive' && options.snr !== undefined && options.snr !== Infinity) {
    throw badInput('--system belt-drive adds the measurement noise of eq. 32; --snr takes only inf (no noise)');
  }
  const { h, n } = { ...SYSTEM_DEFAULTS[name], ...Object.fromEntries(['h', 'n'].filter((k) => options[k] !== undefined).map((k) => [k, options[k]])) };
  const snr = options.snr ?? (name === 'belt-drive' ? 0 : Infinity);  // belt-drive: any finite value means eq. 32's noise
  const d = mechid.simulateEstimatorSystem(name, { h, n, seed: options.seed ?? 1, snr });
  let text;
  if (name === 'belt-drive') {
    // q1, v1: measured φ, φ'; q2, v2: true z, z'.
    const measured = d.y, q = { rows: d.q.rows, cols: 2, data: new Float64Array(2 * d.q.rows) };
    const v = { rows: d.v.rows, cols: 2, data: new Float64Array(2 * d.v.rows) };
    for (let i = 0; i < d.q.rows; i++) {
      q.data[2 * i] = measured.data[2 * i];
      q.data[2 * i + 1] = d.q.data[2 * i + 1];
      v.data[2 * i] = measured.data[2 * i + 1];
      v.data[2 * i + 1] = d.v.data[2 * i + 1];
    }
    text = simulationToCsv({ columns: ['t', 'u1', 'q1', 'q2', 'v1', 'v2'], t: d.t, u: d.u, q, v });
  } else {
    const inputs = Array.from({ length: d.u.cols }, (_, j) => `u${j + 1}`);
    text = simulationToCsv({ columns: ['t', ...inputs, 'q1'], t: d.t, u: d.u, q: d.q });
  }
  io.writeOutput(text, options.out);
}

function readDataset(options, io, outputCols) {
  const path = options.data;
  if (path === undefined) throw badInput('identify needs --data');
  return parseDatasetCsv({
    Papa, text: io.readText(path, 'data file'), source: path, h: options.h,
    timeCol: options['time-col'], inputCols: options['input-cols'], outputCols: options['output-cols'] ?? outputCols,
  });
}

function onlyFor(options, names, method) {
  for (const name of names) if (options[name] !== undefined) throw badInput(`--${name} does not apply to --method ${method}`);
}

async function identifySvf(options, mechid, io) {
  onlyFor(options, EKF_ONLY, 'svf');
  const model = options.model ?? 'mechanical';
  if (!['mechanical', 'rlc'].includes(model)) throw badInput(`--model for svf must be mechanical or rlc, got '${model}'`);
  if (options.poles !== undefined && options['pole-grid'] !== undefined) throw badInput('give --poles or --pole-grid, not both');
  if (options.poles !== undefined && options.poles.length !== 2) throw badInput(`--poles needs two values P1,P2, got ${options.poles.length}`);
  const [p1, p2] = options.poles ?? [0.5, 1.0];
  const grid = options['pole-grid'] === undefined ? null : poleGrid(options['pole-grid']);
  const sampling = options['input-sampling'] ?? 'point';
  if (!['point', 'hold'].includes(sampling)) throw badInput(`--input-sampling must be point or hold, got '${sampling}'`);
  const data = readDataset(options, io);
  const svf = { p1, p2, grid, robust: options.robust === true, intersample: options.intersample ?? 'cubic' };
  if (model === 'rlc') {
    onlyFor(options, ['form', 'L', 'truth', 'dof', 'init', 'block-rows'], 'svf --model rlc');
    const result = mechid.svfRlc({ h: data.h, u: data.u, y: data.y, inputSampling: sampling }, svf);
    io.writeJson(result, options.out);
    if (result.status !== 'ok') io.warn([result.message]);
    return;
  }
  onlyFor(options, ['init', 'block-rows'], 'svf');
  let L;
  if (options.L !== undefined) {
    const json = io.readJson(options.L, 'L file');
    L = matrixFromNested(Array.isArray(json) ? json : json.L, `matrix L in ${options.L}`);
  }
  if (options.dof !== undefined && options.dof !== data.y.cols) {
    throw badInput(`--dof ${options.dof} but ${options.data} has ${data.y.cols} output columns (${data.columns.outputs.join(', ')})`);
  }
  const truth = options.truth === undefined ? undefined : io.loadSystem(mechid, options.truth);
  const result = mechid.svfIdentify({ h: data.h, u: data.u, y: data.y, inputSampling: sampling },
    { ...svf, form: options.form ?? 'auto', L }, truth);
  if (result.status !== 'failed') result.modal = mechid.modal({ M: result.M, D: result.D, K: result.K, L: result.L });
  io.writeJson(result, options.out);
  io.warn(result.status === 'failed' ? [result.message] : result.warnings);
}

async function identifyEkf(options, mechid, io) {
  onlyFor(options, [...SVF_ONLY, 'L', 'dof', 'init', 'block-rows'], 'ekf');
  const model = options.model ?? 'belt-drive';
  if (model !== 'belt-drive') throw badInput(`--model for ekf must be belt-drive, got '${model}'`);
  const method = options.discretization ?? 'rk4';  // SE biases d here (docs/results.md, estimators)
  if (!DISCRETIZATIONS.includes(method)) throw badInput(`unknown discretization '${method}' (expected ${DISCRETIZATIONS.join(', ')})`);
  const readingName = options.reading ?? 'kn-wide';
  const reading = EQ32_READINGS[readingName];
  if (!reading) throw badInput(`--reading must be ${Object.keys(EQ32_READINGS).join(', ')}, got '${readingName}'`);
  if (options.theta0 !== undefined && options.theta0.length !== 2) throw badInput(`--theta0 needs two values C_SPEC,D, got ${options.theta0.length}`);
  if (options.truth !== undefined && options.truth !== 'belt-drive') throw badInput(`--truth for ekf must be belt-drive, got '${options.truth}'`);
  const sampling = options['input-sampling'] ?? 'hold';
  if (!['point', 'hold'].includes(sampling)) throw badInput(`--input-sampling must be point or hold, got '${sampling}'`);
  const data = readDataset(options, io, ['q1', 'v1']);
  const truth = options.truth === undefined ? undefined : mechid.beltDriveParameters().theta;
  const r = mechid.ekfBeltDrive({ h: data.h, u: data.u, y: data.y, inputSampling: sampling },
    { method, ...reading, thetaInit: options.theta0 }, truth);
  // Trajectories by parameter name, one value per sample.
  const trajectories = { t: Array.from(data.t ?? [], Number) };
  r.parameterNames.forEach((name, j) => {
    trajectories[name] = Array.from({ length: r.parameters.rows }, (_, i) => r.parameters.data[i * 2 + j]);
    trajectories[`${name}_std`] = Array.from({ length: r.parameterStd.rows }, (_, i) => r.parameterStd.data[i * 2 + j]);
  });
  const { parameters, parameterStd, ...rest } = r;
  const result = { ...rest, reading: readingName, estimates: Object.fromEntries(r.parameterNames.map((name, j) => [name, r.theta[j]])), trajectories };
  io.writeJson(result, options.out);
  if (r.status !== 'ok') io.warn([r.message]);
}

export async function identifyEstimator(options, mechid, io) {
  if (options.method === 'svf') return identifySvf(options, mechid, io);
  return identifyEkf(options, mechid, io);
}
