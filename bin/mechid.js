#!/usr/bin/env node
// mechid CLI: runs the WASM core under Node (the same calls as the page). Interfaces in
// ../shared/design/INTERFACES.md: exit 0 on success; exit 1 on bad input and exit 2 on an
// internal failure, each with exactly one line `mechid: error: …` on stderr.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import Papa from 'papaparse';
import { MechidError, discreteModelFromJson, matrixFromNested, simulationToCsv, systemFromJson, toJson } from '../wasm/api.js';
import { parseDatasetCsv } from '../wasm/csv.js';
import { loadMechidNode } from '../wasm/node.js';
import { runStudyNode } from '../wasm/node-study.js';
import * as nonlinear from './nonlinear-cli.mjs';
import {
  ESTIMATOR_IDENTIFY_OPTIONS, ESTIMATOR_METHODS, ESTIMATOR_SIMULATE_USAGE, ESTIMATOR_USAGE, identifyEstimator,
  isEstimatorSystem, rejectEstimatorOptions, simulateEstimatorSystem,
} from './estimators-cli.mjs';

const USAGE = `usage: mechid <command> [options]

commands:
  simulate  --system NAME|FILE --h H --n N [--input prbs|sine|multisine|chirp|step]
            [--amplitude A] [--snr DB|inf] [--seed S] [--with-derivatives]
            [--hold SAMPLES] [--freq HZ] [--freq2 HZ] [--q0 a,b,..] [--v0 a,b,..] [--out FILE]
            CSV t,u1..uk,q1..qn[,v1..vn,a1..an] (noise only on q) to stdout or FILE
${ESTIMATOR_SIMULATE_USAGE}
  discretize --system S --h H --method zoh|tustin|euler|variational
            JSON {method, h, F, G, H, J} or, for variational, {method, h, Md, Dd, Kd, L}
  d2c       --model FILE [--h H] [--method zoh|tustin|euler|variational]
            JSON continuous model (A, B, C, D or M, D, K) with status and message
  condition --h H1,H2,.. [--system S]
            JSON {rows: [{h, kappa, sigma, ...}]}: κ of the map R of eq. 3.33
  modal     --system S | --result FILE
            JSON {modes: [{omega_n, freq_hz, zeta, shape}]} sorted by frequency
  passivity --system S --h H
            JSON verdicts of the LMI 3.42 and the DLMI 3.45 (Cayley, ZOH, Euler)
  perturb-study [--system S] [--i I1,I2,..] [--samples N] [--relative R] [--seed S]
            JSON rows per h_i = 2π/(i ω_B) and method (zoh, midpoint): thesis Figs. 3.1, 3.2, A.1
  identify  --data FILE --method auto|variational|variational-zoh|n4sid-d2c|equation-error [--h H] [--dof n] [--L FILE]
            [--init n4sid|equation-error] [--truth SYSTEM] [--input-sampling point|hold]
            [--time-col NAME] [--input-cols a,b,..] [--output-cols a,b,..] [--block-rows I]
            [--outputs displacement|acceleration] [--cutoff HZ]
            JSON identify result (M, D, K, status, checks, modal, fit, diagnostics[, uncertainty][, errors])
            auto: the recommended estimate (exact-sampling PEM from the variational start) and why
            --input-sampling hold: inputs held over each period (ZOH actuator, PRBS from simulate)
            --outputs acceleration: the output columns are accelerations; inputs and outputs are
              high-passed at --cutoff Hz (default: a quarter of the slowest mode's frequency, found
              in a first pass) instead of integrating twice; needs sampled (point) inputs
${ESTIMATOR_USAGE}
  study     --system S --h H1,H2,.. --snr DB --runs R --n N --methods m1,m2 [--seed S] [--workers W]
            JSON rows per h and method: RMS relative errors of M, K, D, A, failures, median ms
${nonlinear.NONLINEAR_USAGE}
  help      this text

Every command takes --out FILE (otherwise the result goes to stdout).

presets: 3dof (thesis sec. 5.2.1), 8dof (thesis app. A.5), msd (m=15, b=0.2, k=2);
nonlinear: lin-ewins (seed 002 eqs. 18-21), beam (seed 002 eqs. 25-29, free vibration)
simulate only: rlc, msd-sine (seed 003), belt-drive (seed 004)`;

const badInput = (message) => new MechidError('bad-input', message);

// Options of each command: name -> kind ('number', 'integer', 'string', 'flag', 'list').
const OPTIONS = {
  simulate: {
    system: 'string', h: 'number', n: 'integer', input: 'string', amplitude: 'number', snr: 'snr',
    seed: 'integer', 'with-derivatives': 'flag', hold: 'integer', freq: 'number', freq2: 'number',
    q0: 'list', v0: 'list', out: 'string', ...nonlinear.NONLINEAR_SIMULATE_OPTIONS,
  },
  discretize: { system: 'string', h: 'number', method: 'string', out: 'string' },
  d2c: { model: 'string', h: 'number', method: 'string', out: 'string' },
  condition: { h: 'list', system: 'string', out: 'string' },
  modal: { system: 'string', result: 'string', out: 'string' },
  passivity: { system: 'string', h: 'number', out: 'string' },
  'perturb-study': { system: 'string', i: 'list', samples: 'integer', relative: 'number', seed: 'integer', out: 'string' },
  identify: {
    data: 'string', method: 'string', h: 'number', dof: 'integer', L: 'string', init: 'string', truth: 'string',
    'input-sampling': 'string', 'time-col': 'string', 'input-cols': 'strings', 'output-cols': 'strings',
    'block-rows': 'integer', outputs: 'string', cutoff: 'number', out: 'string', ...nonlinear.NONLINEAR_IDENTIFY_OPTIONS, ...ESTIMATOR_IDENTIFY_OPTIONS,
  },
  study: {
    system: 'string', h: 'list', snr: 'snr', runs: 'integer', n: 'integer', methods: 'strings', seed: 'integer',
    workers: 'integer', out: 'string',
  },
};

function parseNumber(text, option, kind) {
  if (kind === 'snr' && /^\+?inf(inity)?$/i.test(text)) return Infinity;
  const value = text.trim() === '' ? NaN : Number(text);
  if (!Number.isFinite(value) || (kind === 'integer' && !Number.isInteger(value))) {
    const what = kind === 'integer' ? 'a whole number' : kind === 'snr' ? 'a number of dB or inf' : 'a number';
    throw badInput(`--${option} must be ${what}, got '${text}'`);
  }
  return value;
}

// argv after the command -> {option: value}; every option is checked against the command's list.
function parseOptions(command, argv) {
  const known = OPTIONS[command];
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const match = /^--([a-z0-9-]+)(?:=(.*))?$/.exec(arg);
    if (!match) throw badInput(`unexpected argument '${arg}' for ${command} (options start with --)`);
    const [, name, inline] = match;
    const kind = known[name];
    if (!kind) throw badInput(`unknown option --${name} for ${command} (known: ${Object.keys(known).map((k) => `--${k}`).join(', ')})`);
    if (kind === 'flag') {
      if (inline !== undefined) throw badInput(`--${name} takes no value`);
      options[name] = true;
      continue;
    }
    const text = inline ?? argv[++i];
    if (text === undefined) throw badInput(`--${name} needs a value`);
    if (kind === 'string') options[name] = text;
    else if (kind === 'strings') options[name] = text.split(',').map((part) => part.trim());
    else if (kind === 'list') options[name] = text.split(',').map((part) => parseNumber(part, name, 'number'));
    else options[name] = parseNumber(text, name, kind);
  }
  return options;
}

function requireOption(options, name, command) {
  if (options[name] === undefined) throw badInput(`${command} needs --${name}`);
  return options[name];
}

function readJson(path, what) {
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw badInput(`cannot read ${what} ${path}: ${e.code ?? e.message}`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw badInput(`${what} ${path} is not valid JSON: ${e.message}`);
  }
}

// A preset name or a system JSON file, checked (unless `check` is false); errors name the file.
function loadSystem(mechid, spec, { check = true } = {}) {
  if (mechid.presetNames().includes(spec)) return mechid.preset(spec);
  if (!existsSync(spec)) {
    throw badInput(`--system '${spec}' is neither a preset (${mechid.presetNames().join(', ')}) nor an existing file`);
  }
  const system = systemFromJson(readJson(spec, 'system file'), `system file ${spec}`);
  const report = check ? mechid.checkSystem(system) : { ok: true };
  if (!report.ok) throw badInput(`system file ${spec}: ${report.errors[0]}`);
  return system;
}

const writeJson = (result, out) => writeOutput(`${JSON.stringify(toJson(result), null, 2)}\n`, out);

function writeOutput(text, out) {
  if (out === undefined) process.stdout.write(text);
  else {
    try {
      writeFileSync(out, text);
    } catch (e) {
      throw badInput(`cannot write --out ${out}: ${e.code ?? e.message}`);
    }
  }
}

async function simulate(options, mechid) {
  if (isEstimatorSystem(options.system)) return simulateEstimatorSystem(options, mechid, { writeOutput });
  const systemSpec = requireOption(options, 'system', 'simulate');
  if (nonlinear.isNonlinearSystem(mechid, systemSpec)) return nonlinear.simulateNonlinear(options, mechid, io);
  nonlinear.rejectOptions(options, Object.keys(nonlinear.NONLINEAR_SIMULATE_OPTIONS), 'a linear system');
  const h = requireOption(options, 'h', 'simulate');
  const n = requireOption(options, 'n', 'simulate');
  const system = loadSystem(mechid, systemSpec);
  const data = mechid.simulate(system, {
    h, n,
    input: options.input, amplitude: options.amplitude, snr: options.snr, seed: options.seed, hold: options.hold,
    freqHz: options.freq, freqHz2: options.freq2, q0: options.q0, v0: options.v0,
    withDerivatives: options['with-derivatives'] === true,
  });
  writeOutput(simulationToCsv(data), options.out);
}

async function discretize(options, mechid) {
  const system = loadSystem(mechid, requireOption(options, 'system', 'discretize'));
  const h = requireOption(options, 'h', 'discretize');
  writeJson(mechid.discretize(system, h, requireOption(options, 'method', 'discretize')), options.out);
}

// The model file may carry "h" and "method" (as `discretize` writes them); options override.
async function d2c(options, mechid) {
  const path = requireOption(options, 'model', 'd2c');
  const json = readJson(path, 'model file');
  const model = discreteModelFromJson(json, `model file ${path}`);
  const h = options.h ?? json.h;
  if (typeof h !== 'number') throw badInput(`d2c needs --h (model file ${path} has no "h")`);
  const method = options.method ?? json.method;
  if (typeof method !== 'string') throw badInput(`d2c needs --method (model file ${path} has no "method")`);
  const result = mechid.toContinuous(model, h, method);
  writeJson(result, options.out);
  if (result.status !== 'ok') process.stderr.write(`mechid: warning: ${result.message}\n`);
}

async function condition(options, mechid) {
  const hs = requireOption(options, 'h', 'condition');
  const system = options.system === undefined ? undefined : loadSystem(mechid, options.system);
  writeJson(mechid.condition(hs, system), options.out);
}

async function modal(options, mechid) {
  if ((options.system === undefined) === (options.result === undefined)) throw badInput('modal needs exactly one of --system or --result');
  const system = options.system !== undefined
    ? loadSystem(mechid, options.system)
    : systemFromJson(readJson(options.result, 'result file'), `result file ${options.result}`);
  const result = mechid.modal(system);
  writeJson(result, options.out);
  if (result.status !== 'ok') process.stderr.write(`mechid: warning: ${result.message}\n`);
}

async function passivity(options, mechid) {
  const system = loadSystem(mechid, requireOption(options, 'system', 'passivity'));
  writeJson(mechid.passivity(system, requireOption(options, 'h', 'passivity')), options.out);
}

async function perturbStudy(options, mechid) {
  const system = loadSystem(mechid, options.system ?? 'msd');
  const rows = mechid.perturbationStudy(system, {
    multiples: options.i, samples: options.samples, relative: options.relative, seed: options.seed,
  });
  writeJson({ system: system.name || options.system, seed: options.seed ?? 1, rows }, options.out);
}

function readText(path, what) {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw badInput(`cannot read ${what} ${path}: ${e.code ?? e.message}`);
  }
}

const warn = (messages) => { for (const m of messages) process.stderr.write(`mechid: warning: ${m}\n`); };
const io = { writeOutput, writeJson, readText, warn };  // for bin/nonlinear-cli.mjs

async function identify(options, mechid) {
  const path = requireOption(options, 'data', 'identify');
  const method = requireOption(options, 'method', 'identify');
  if (nonlinear.NONLINEAR_METHODS.includes(method)) return nonlinear.identifyNonlinear(options, mechid, io);
  if (ESTIMATOR_METHODS.includes(method)) {
    return identifyEstimator(options, mechid, { readText, readJson, writeJson, writeOutput, loadSystem, warn });
  }
  nonlinear.rejectOptions(options, Object.keys(nonlinear.NONLINEAR_IDENTIFY_OPTIONS), `--method ${method}`);
  if (!mechid.methodNames().includes(method)) {
    const all = [...mechid.methodNames(), ...nonlinear.NONLINEAR_METHODS, ...ESTIMATOR_METHODS];
    throw badInput(`unknown method '${method}' (expected ${all.join(', ')})`);
  }
  rejectEstimatorOptions(options, method);
  const sampling = options['input-sampling'] ?? 'point';
  if (!['point', 'hold'].includes(sampling)) throw badInput(`--input-sampling must be point or hold, got '${sampling}'`);
  const outputs = options.outputs ?? 'displacement';
  if (!['displacement', 'acceleration'].includes(outputs)) throw badInput(`--outputs must be displacement or acceleration, got '${outputs}'`);
  if (options.cutoff !== undefined && !(options.cutoff > 0)) throw badInput(`--cutoff must be a frequency in Hz > 0, got ${options.cutoff}`);
  if (options.cutoff !== undefined && outputs !== 'acceleration') throw badInput('--cutoff applies to --outputs acceleration only');
  const data = parseDatasetCsv({
    Papa, text: readText(path, 'data file'), source: path, h: options.h,
    timeCol: options['time-col'], inputCols: options['input-cols'], outputCols: options['output-cols'],
  });
  if (options.dof !== undefined && options.dof !== data.y.cols) {
    throw badInput(`--dof ${options.dof} but ${path} has ${data.y.cols} output columns (${data.columns.outputs.join(', ')})`);
  }
  let L;
  if (options.L !== undefined) {
    const json = readJson(options.L, 'L file');
    L = matrixFromNested(Array.isArray(json) ? json : json.L, `matrix L in ${options.L}`);
  }
  const truth = options.truth === undefined ? undefined : loadSystem(mechid, options.truth);
  const result = mechid.identify(method, { h: data.h, u: data.u, y: data.y, inputSampling: sampling, outputs, cutoffHz: options.cutoff },
    { L, init: options.init, blockRows: options['block-rows'] }, truth);
  if (result.validation) delete result.validation.simulated;  // N x n: the page plots it, the JSON need not carry it
  writeJson(result, options.out);
  warn(result.status === 'failed' ? [result.message] : result.warnings);
}

async function study(options, mechid) {
  const systemSpec = requireOption(options, 'system', 'study');
  const system = loadSystem(mechid, systemSpec);
  const methods = requireOption(options, 'methods', 'study');
  for (const m of methods) {
    if (!mechid.methodNames().includes(m)) throw badInput(`unknown method '${m}' (expected ${mechid.methodNames().join(', ')})`);
  }
  const hs = requireOption(options, 'h', 'study');
  for (const h of hs) if (!(h > 0)) throw badInput(`h must be a positive number of seconds, got ${h}`);
  const runs = requireOption(options, 'runs', 'study');
  const n = requireOption(options, 'n', 'study');
  if (runs < 1) throw badInput(`--runs must be at least 1, got ${runs}`);
  if (n < 3) throw badInput(`n must be at least 3 samples, got ${n}`);
  const seed = options.seed ?? 1;
  if (seed < 0) throw badInput(`--seed must be >= 0, got ${seed}`);
  const workers = options.workers ?? Math.min(availableParallelism(), 8);
  if (workers < 1) throw badInput(`--workers must be at least 1, got ${workers}`);
  requireOption(options, 'snr', 'study');
  const result = await runStudyNode({ system, systemName: system.name || systemSpec, hs, snr: options.snr, n, runs, methods, seed }, workers);
  writeJson(result, options.out);
}

const COMMANDS = {
  simulate, discretize, d2c, condition, modal, passivity, 'perturb-study': perturbStudy, identify, study,
};

async function main(argv) {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (!COMMANDS[command]) throw badInput(`unknown command '${command}' (known: ${Object.keys(COMMANDS).join(', ')}, help)`);
  const options = parseOptions(command, rest);
  await COMMANDS[command](options, await loadMechidNode());
}

process.stdout.on('error', (e) => { if (e.code === 'EPIPE') process.exit(0); });
main(process.argv.slice(2)).catch((e) => {
  const bad = e instanceof MechidError && e.code === 'bad-input';
  const message = String(e?.message ?? e).split('\n')[0];
  process.stderr.write(`mechid: error: ${bad ? '' : 'internal: '}${message}\n`);
  process.exit(bad ? 1 : 2);
});
