// Pins every documented name: each CLI command and option of docs/interfaces.md's
// table (run, exit 0, the documented JSON keys), the error contract (exit 1, one line), and every
// exported name and result key declared in wasm/api.d.ts (with the estimators' and the nonlinear
// types). A rename anywhere in the layers fails here. The numbers are checked elsewhere; here a
// value is only checked where the name carries a meaning that can be tested (shape, sign, identity).
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as api from '../../wasm/api.js';
import * as nodeLoader from '../../wasm/node.js';
import * as study from '../../wasm/study.js';
import { cli, mechid } from './helpers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-interfaces-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
const file = (name) => join(dir, name);

/** Runs the CLI, asserts exit 0 and an empty stderr unless warnings (and advice lines) are allowed; returns stdout. */
async function ok(args, { warnings = false } = {}) {
  const r = await cli(...args);
  assert.equal(r.code, 0, `${args.join(' ')}: exit ${r.code}: ${r.stderr}`);
  if (!warnings) assert.equal(r.stderr, '', args.join(' '));
  // warnings, then an advice's options to type (docs/interfaces.md, "Advice": `mechid: what to do (CODE): ...`)
  else for (const line of r.stderr.split('\n').filter(Boolean)) assert.match(line, /^mechid: (warning: |what to do \([a-z_]+\): )/);
  return r.stdout;
}
const okJson = async (args, options) => JSON.parse(await ok(args, options));

/** Every key in `keys` is present in `object` (named by `what` in the message). */
function hasKeys(object, keys, what) {
  assert.ok(object !== null && typeof object === 'object', `${what} is not an object`);
  for (const key of keys) assert.ok(key in object, `${what}: missing key ${key} (has ${Object.keys(object).join(', ')})`);
}

const isNested = (m, rows, cols) =>
  Array.isArray(m) && m.length === rows && m.every((row) => Array.isArray(row) && row.length === cols);

// ---------------------------------------------------------------------------------------------
// CLI (docs/interfaces.md, "CLI" table)

const data = file('msd.csv');
const data3 = file('3dof.csv');

test('cli simulate: every documented option; CSV t,u…,q…[,v…,a…]; --out', async () => {
  for (const input of ['prbs', 'sine', 'multisine', 'chirp', 'step']) {
    const csv = await ok(['simulate', '--system', 'msd', '--h', '0.1', '--n', '20', '--input', input, '--amplitude', '2',
      '--snr', '30', '--seed', '3']);
    const lines = csv.trimEnd().split('\n');
    assert.equal(lines[0], 't,u1,q1', input);
    assert.equal(lines.length, 21, input);
  }
  const noiseFree = await ok(['simulate', '--system', 'msd', '--h', '0.1', '--n', '10', '--snr', 'inf', '--with-derivatives']);
  assert.equal(noiseFree.split('\n')[0], 't,u1,q1,v1,a1');
  // A system file (NAME|FILE) with the documented JSON keys name, M, D, K, L.
  const systemFile = file('two.json');
  writeFileSync(systemFile, JSON.stringify({ name: 'two', M: [[1, 0], [0, 2]], D: [[0.1, 0], [0, 0.1]], K: [[3, -1], [-1, 3]], L: [[1], [0]] }));
  assert.equal((await ok(['simulate', '--system', systemFile, '--h', '0.1', '--n', '5'])).split('\n')[0], 't,u1,q1,q2');
  // --out writes the file, nothing on stdout; the data files of the identify tests below.
  assert.equal(await ok(['simulate', '--system', 'msd', '--h', '0.1', '--n', '1500', '--snr', '40', '--seed', '2', '--out', data]), '');
  // Seed 1: on seed 2 the variational PEM from the equation-error start (M 100 % off) did not converge
  // in 100 iterations, before and after the per-output amplitude factors (M 118 % and 53 % off).
  assert.equal(await ok(['simulate', '--system', '3dof', '--h', '0.05', '--n', '1500', '--snr', '40', '--seed', '1', '--out', data3]), '');
  assert.equal(readFileSync(data, 'utf8').split('\n')[0], 't,u1,q1');
});

test('cli discretize: {method,h,F,G,H,J} and, for variational, {method,h,Md,Dd,Kd}', async () => {
  for (const method of ['zoh', 'tustin', 'euler']) {
    const r = await okJson(['discretize', '--system', 'msd', '--h', '0.1', '--method', method]);
    hasKeys(r, ['method', 'h', 'F', 'G', 'H', 'J'], `discretize ${method}`);
    assert.equal(r.method, method);
    assert.equal(r.h, 0.1);
    assert.ok(isNested(r.F, 2, 2) && isNested(r.G, 2, 1) && isNested(r.H, 1, 2) && isNested(r.J, 1, 1), method);
  }
  const out = file('variational.json');
  assert.equal(await ok(['discretize', '--system', '3dof', '--h', '0.05', '--method', 'variational', '--out', out]), '');
  const v = JSON.parse(readFileSync(out, 'utf8'));
  hasKeys(v, ['method', 'h', 'Md', 'Dd', 'Kd'], 'discretize variational');
  assert.ok(isNested(v.Md, 3, 3) && isNested(v.Dd, 3, 3) && isNested(v.Kd, 3, 3));
});

test('cli d2c: --model FILE --h H --method zoh|tustin|variational gives A,B,C,D or M,D,K with status and message', async () => {
  for (const method of ['zoh', 'tustin', 'variational']) {
    const model = file(`model-${method}.json`);
    await ok(['discretize', '--system', 'msd', '--h', '0.1', '--method', method, '--out', model]);
    const r = await okJson(['d2c', '--model', model, '--h', '0.1', '--method', method]);
    hasKeys(r, ['status', 'message', ...(method === 'variational' ? ['M', 'D', 'K'] : ['A', 'B', 'C', 'D'])], `d2c ${method}`);
    assert.equal(r.status, 'ok');
    if (method === 'variational') assert.ok(Math.abs(r.M[0][0] - 15) < 1e-9);  // the round trip of eq. 2.22 is exact
  }
  // The file's own h and method are used when the options are left out; --out.
  const out = file('continuous.json');
  assert.equal(await ok(['d2c', '--model', file('model-zoh.json'), '--out', out]), '');
  hasKeys(JSON.parse(readFileSync(out, 'utf8')), ['A', 'B', 'C', 'D', 'status', 'message'], 'd2c --out');
});

test('cli condition: {rows:[{h,kappa,sigma}]} with and without --system', async () => {
  for (const extra of [[], ['--system', 'msd']]) {
    const r = await okJson(['condition', '--h', '0.1,0.5,2', ...extra]);
    assert.deepEqual(r.rows.map((row) => row.h), [0.1, 0.5, 2]);
    for (const row of r.rows) {
      hasKeys(row, ['h', 'kappa', 'sigma'], 'condition row');
      assert.ok(Array.isArray(row.sigma) && row.sigma.length > 0);
      assert.ok(Math.abs(row.kappa - row.sigma[0] / row.sigma[row.sigma.length - 1]) < 1e-9 * row.kappa, 'κ = σmax/σmin');
    }
  }
  assert.equal(await ok(['condition', '--h', '0.1', '--out', file('condition.json')]), '');
});

test('cli modal: {modes:[{omega_n,freq_hz,zeta,shape}]} sorted by frequency, from --system or --result', async () => {
  const r = await okJson(['modal', '--system', '3dof']);
  assert.equal(r.modes.length, 3);
  for (const mode of r.modes) {
    hasKeys(mode, ['omega_n', 'freq_hz', 'zeta', 'shape'], 'mode');
    assert.ok(Math.abs(mode.freq_hz - mode.omega_n / (2 * Math.PI)) < 1e-12 * mode.omega_n);
    assert.equal(mode.shape.length, 3);
  }
  for (let i = 1; i < r.modes.length; i++) assert.ok(r.modes[i].freq_hz >= r.modes[i - 1].freq_hz, 'sorted by frequency');
  const result = file('identified.json');
  await ok(['identify', '--data', data, '--method', 'variational', '--input-sampling', 'hold', '--out', result]);  // simulate's PRBS is held
  const fromResult = await okJson(['modal', '--result', result]);
  assert.equal(fromResult.modes.length, 1);
  assert.equal(await ok(['modal', '--system', 'msd', '--out', file('modal.json')]), '');
  // mechid report --result FILE [--data FILE]: an HTML file with the result embedded (id mechid-result),
  // which --result reads back where a result is read.
  const report = file('report.html');
  assert.equal(await ok(['report', '--result', result, '--data', data, '--out', report]), '');
  const html = readFileSync(report, 'utf8');
  assert.ok(html.startsWith('<!DOCTYPE html>') && html.includes('<script type="application/json" id="mechid-result">'));
  assert.deepEqual(await okJson(['modal', '--result', report]), fromResult);
});

/** A preset's M, D, K as nested arrays (as the JSON prints them). */
const nested = (name) => {
  const system = mechid.preset(name);
  return Object.fromEntries(['M', 'D', 'K'].map((key) => [key, api.matrixToNested(system[key])]));
};

const IDENTIFY_KEYS = ['method', 'h', 'n', 'M', 'D', 'K', 'status', 'message', 'warnings', 'checks', 'modal', 'fit', 'diagnostics', 'timing_ms'];

/** The identify result of docs/interfaces.md. */
function checkIdentifyResult(r, { method, n, truth, discrete }) {
  hasKeys(r, IDENTIFY_KEYS, `identify ${method}`);
  assert.equal(r.method, method);
  assert.equal(r.n, n);
  assert.ok(['ok', 'warning', 'failed'].includes(r.status), r.status);
  assert.equal(typeof r.message, 'string');
  assert.ok(Array.isArray(r.warnings));
  for (const key of ['M', 'D', 'K']) assert.ok(isNested(r[key], n, n), key);
  if (discrete) for (const key of ['Md', 'Dd', 'Kd']) assert.ok(isNested(r[key], n, n), key);
  hasKeys(r.checks, ['M_pd', 'K_pd', 'D_psd', 'symmetric'], 'checks');
  hasKeys(r.modal, ['modes'], 'modal');
  for (const mode of r.modal.modes) hasKeys(mode, ['omega_n', 'freq_hz', 'zeta', 'shape'], 'modal mode');
  hasKeys(r.fit, ['fit_percent', 'nrmse'], 'fit');
  assert.equal(r.fit.fit_percent.length, n, 'fit_percent per output');
  assert.equal(r.fit.nrmse.length, n, 'nrmse per output');
  assert.equal(typeof r.diagnostics, 'object');
  assert.equal(typeof r.timing_ms, 'number');
  if (truth) {
    // errors: ||X̂ − X||_F / ||X||_F of the printed estimate against the preset (A: of the state matrix).
    hasKeys(r.errors, ['M', 'D', 'K', 'A'], 'errors');
    for (const key of ['M', 'D', 'K']) {
      const x = truth[key].flat(), e = r[key].flat().map((v, i) => v - x[i]);
      const expected = Math.hypot(...e) / Math.hypot(...x);
      assert.ok(Math.abs(r.errors[key] - expected) <= 1e-9 * Math.max(expected, 1e-12), `errors.${key} = ${r.errors[key]}, expected ${expected}`);
    }
    assert.ok(Number.isFinite(r.errors.A) && r.errors.A >= 0, `errors.A = ${r.errors.A}`);
  } else {
    assert.equal(r.errors, undefined, 'errors only with --truth');
  }
}

test('cli identify: --data --method variational|n4sid-d2c|equation-error [--h] [--dof] [--init] [--truth]: the identify result', async () => {
  for (const method of ['variational', 'n4sid-d2c', 'equation-error']) {
    const r = await okJson(['identify', '--data', data, '--method', method, '--h', '0.1', '--dof', '1', '--input-sampling', 'hold', '--truth', 'msd'],
      { warnings: true });
    checkIdentifyResult(r, { method, n: 1, truth: nested('msd'), discrete: method === 'variational' });
    assert.equal(r.h, 0.1);
  }
  hasKeys((await okJson(['identify', '--data', data, '--method', 'variational'], { warnings: true })).diagnostics, [], 'diagnostics');
  for (const init of ['n4sid', 'equation-error']) {
    const r = await okJson(['identify', '--data', data3, '--method', 'variational', '--init', init, '--input-sampling', 'hold', '--truth', '3dof'],
      { warnings: true });
    checkIdentifyResult(r, { method: 'variational', n: 3, truth: nested('3dof'), discrete: true });
    assert.equal(r.diagnostics.init, init, 'the PEM started from --init');
  }
  assert.equal(await ok(['identify', '--data', data, '--method', 'variational', '--out', file('id.json')], { warnings: true }), '');
  checkIdentifyResult(JSON.parse(readFileSync(file('id.json'), 'utf8')), { method: 'variational', n: 1, discrete: true });
});

test('cli oma: a record of responses only; {modes: [{freq_hz, zeta, shape, mpc, mpd_deg, orders_found}], stabilization, spectrum, advice, status, warnings, channels}', async () => {
  const ambient = file('ambient.csv');
  const sim = mechid.simulate(mechid.preset('3dof'), { h: 0.1, n: 3000, input: 'prbs', withDerivatives: true, seed: 4 });
  const lines = ['t,a1,a2,a3'];
  for (let t = 0; t < sim.a.rows; t++) lines.push([sim.t[t], ...sim.a.data.subarray(3 * t, 3 * t + 3)].join(','));
  writeFileSync(ambient, `${lines.join('\n')}\n`);
  const r = await okJson(['oma', '--data', ambient, '--band', '0.05:5', '--max-order', '20', '--block-rows', '20', '--references', '1,2',
    '--record', 'ambient'], { warnings: true });
  hasKeys(r, ['modes', 'stabilization', 'spectrum', 'advice', 'status', 'warnings', 'channels', 'block_rows', 'references', 'free_decay'], 'oma');
  for (const mode of r.modes) hasKeys(mode, ['freq_hz', 'zeta', 'shape', 'complex_shape', 'mpc', 'mpd_deg', 'orders_found', 'poles'], 'oma mode');
  hasKeys(r.spectrum, ['freq_hz', 'singular_values', 'segment', 'segments'], 'oma spectrum');
  assert.deepEqual(r.references, [1, 2]);
  assert.equal(r.block_rows, 20);
  hasKeys(mechid.optionSchema().oma, ['bandLoHz', 'bandHiHz', 'maxOrder', 'blockRows', 'references', 'freqTol', 'dampingTol', 'macMin',
    'clusterDistance', 'minOrders', 'record', 'method'], 'optionSchema().oma');
  assert.equal(r.method, 'ssi-cov');
  // --method ssi-data | efdd (docs/cli.md): the same result's keys
  for (const method of ['ssi-data', 'efdd']) {
    const other = await okJson(['oma', '--data', ambient, '--band', '0.05:5', '--max-order', '20', '--block-rows', '20', '--references', '1,2',
      '--record', 'ambient', '--method', method], { warnings: true });
    hasKeys(other, ['modes', 'stabilization', 'spectrum', 'advice', 'status', 'warnings', 'channels', 'method'], `oma --method ${method}`);
    assert.equal(other.method, method);
  }
});

// docs/interfaces.md "channels": the chosen channels' names, quantities and units in every result from a file.
test('cli identify, frf, modes --out: channels {inputs, outputs: [{name, quantity, unit}]}', async () => {
  const expected = { inputs: [{ name: 'u1', quantity: 'force', unit: 'N' }], outputs: [{ name: 'q1', quantity: 'displacement', unit: 'm' }] };
  assert.deepEqual((await okJson(['identify', '--data', data, '--method', 'equation-error'], { warnings: true })).channels, expected);
  assert.deepEqual((await okJson(['frf', '--data', data, '--band', '0.05:2'], { warnings: true })).channels, expected);
  assert.deepEqual((await okJson(['modes', '--data', data, '--band', '0.05:2', '--max-order', '6'], { warnings: true })).channels, expected);
});

test('cli identify --L FILE (the documented upper-case name): L of the system JSON is used', async () => {
  // L = 2 (a 1x1 input matrix): M, D, K come out halved, as M q'' + D q' + K q = L u says.
  const lFile = file('L.json');
  writeFileSync(lFile, JSON.stringify({ L: [[2]] }));
  const plain = await okJson(['identify', '--data', data, '--method', 'variational'], { warnings: true });
  const withL = await okJson(['identify', '--data', data, '--method', 'variational', '--L', lFile], { warnings: true });
  checkIdentifyResult(withL, { method: 'variational', n: 1, discrete: true });
  for (const key of ['M', 'D', 'K']) assert.ok(Math.abs(withL[key][0][0] - 2 * plain[key][0][0]) < 1e-9 * Math.abs(plain[key][0][0]), key);
});

test('cli study: {system,snr,n,runs,seed,rows:[{h,method,rel_err{M,K,D,A},failures,median_ms}]}', async () => {
  const r = await okJson(['study', '--system', 'msd', '--h', '0.1,0.2', '--snr', '40', '--runs', '2', '--n', '600',
    '--methods', 'variational,equation-error', '--seed', '5', '--workers', '1']);
  hasKeys(r, ['system', 'snr', 'n', 'runs', 'seed', 'rows'], 'study');
  assert.deepEqual([r.system, r.snr, r.n, r.runs, r.seed], ['msd', 40, 600, 2, 5]);
  assert.equal(r.rows.length, 4);
  for (const row of r.rows) {
    hasKeys(row, ['h', 'method', 'rel_err', 'failures', 'median_ms'], 'study row');
    hasKeys(row.rel_err, ['M', 'K', 'D', 'A'], 'rel_err');
    assert.ok(Number.isInteger(row.failures) && row.failures >= 0 && row.failures <= 2);
  }
  assert.equal(await ok(['study', '--system', 'msd', '--h', '0.1', '--snr', 'inf', '--runs', '1', '--n', '300', '--methods', 'variational',
    '--out', file('study.json')]), '');
});

test('cli error contract: exit 1 with exactly one line `mechid: error: …` naming the option or file', async () => {
  const cases = [
    [['simulate', '--system', 'msd', '--h', 'x', '--n', '10'], /--h/],
    [['discretize', '--system', 'msd', '--h', '0.1', '--method', 'cubic'], /cubic/],
    [['d2c', '--model', file('missing.json'), '--h', '0.1', '--method', 'zoh'], /missing\.json/],
    [['condition'], /--h/],
    [['modal'], /--system|--result/],
    [['identify', '--method', 'variational'], /--data/],
    [['identify', '--data', file('missing.csv'), '--method', 'variational'], /missing\.csv/],
    [['study', '--system', 'msd', '--h', '0.1', '--snr', '40', '--runs', '0', '--n', '100', '--methods', 'variational'], /--runs/],
    [['simulate', '--system', 'msd', '--h', '0.1', '--n', '10', '--no-such-option', '1'], /--no-such-option/],
  ];
  for (const [args, pattern] of cases) {
    const r = await cli(...args);
    assert.equal(r.code, 1, `${args.join(' ')}: exit ${r.code}: ${r.stderr}`);
    assert.equal(r.stdout, '');
    const lines = r.stderr.split('\n').filter(Boolean);
    assert.equal(lines.length, 1, r.stderr);
    assert.match(lines[0], /^mechid: error: /);
    assert.match(lines[0], pattern);
  }
});

// ---------------------------------------------------------------------------------------------
// JS API (wasm/api.d.ts, the one facade)

test('api: every exported name of the .d.ts files', async () => {
  for (const name of ['wrapModule', 'matrixFromNested', 'matrixToNested', 'systemFromJson', 'systemToJson', 'discreteModelFromJson',
    'toJson', 'simulationToCsv']) {
    assert.equal(typeof api[name], 'function', `api.js exports ${name}`);
  }
  assert.equal(typeof api.MechidError, 'function');
  assert.ok(new api.MechidError('bad-input', 'x') instanceof Error);
  assert.equal(new api.MechidError('bad-input', 'x').code, 'bad-input');
  assert.equal(new api.MechidError('bad-input', 'x').name, 'MechidError');
  // Folded into api.js from the former estimators.js and nonlinear.js.
  for (const name of ['poleGrid', 'parseRegions', 'nonlinearToCsv', 'withDefaults']) assert.equal(typeof api[name], 'function', name);
  for (const name of ['EQ32_READINGS', 'DEFAULTS']) assert.equal(typeof api[name], 'object', name);
  assert.equal(typeof nodeLoader.loadMechidNode, 'function');
  assert.equal(typeof study.studyTasks, 'function');
  assert.equal(typeof study.aggregateStudy, 'function');
});

test('api.d.ts declares exactly what api.js exports and what the wrapped module has', () => {
  const dts = readFileSync(new URL('../../wasm/api.d.ts', import.meta.url), 'utf8');
  const declared = [...dts.matchAll(/^export (?:function|const|class) (\w+)/gm)].map((m) => m[1]);
  for (const name of declared) assert.ok(name in api || name in nodeLoader, `${name} of api.d.ts is exported`);
  for (const name of Object.keys(api)) assert.ok(declared.includes(name), `api.js's ${name} is declared in api.d.ts`);
  const methods = [...dts.matchAll(/^ {2}(\w+)\(/gm)].map((m) => m[1]);
  assert.deepEqual([...methods].sort(), Object.keys(mechid).sort());
});

test('api: every method of the Mechid interface', () => {
  const methods = [
    'presetNames', 'memoryBytes', 'preset', 'checkSystem', 'stateSpace', 'simulate', 'discretize', 'toContinuous', 'condition',
    'modal', 'passivity', 'oma', 'perturbationStudy', 'methodNames', 'methodInfo', 'identify', 'estimateWork', 'studyRun', 'randomStream',
    // Estimators
    'svfIdentify', 'svfRlc', 'ekfBeltDrive', 'beltDriveParameters', 'simulateEstimatorSystem', 'estimatorScenarioNames', 'estimatorScenario',
    // NonlinearApi
    'nonlinearSystemNames', 'nonlinearSimulate', 'nonlinearIdentify',
  ];
  for (const name of methods) assert.equal(typeof mechid[name], 'function', `Mechid.${name}`);
});

test('api: Matrix layout, presets, simulate, checkSystem, stateSpace keys', () => {
  assert.deepEqual(mechid.presetNames(), ['3dof', '8dof', 'msd', 'chain16', 'chain24']);
  assert.equal(mechid.preset('chain5').M.rows, 5);  // any chain length 2 … 48, not only the listed two
  const msd = mechid.preset('msd');
  hasKeys(msd, ['name', 'M', 'D', 'K', 'L'], 'MechanicalSystem');
  for (const key of ['M', 'D', 'K', 'L']) {
    hasKeys(msd[key], ['rows', 'cols', 'data'], `Matrix ${key}`);
    assert.ok(msd[key].data instanceof Float64Array);
  }
  assert.ok(mechid.memoryBytes() > 0);
  hasKeys(mechid.checkSystem(msd), ['ok', 'errors'], 'ValidationReport');
  hasKeys(mechid.stateSpace(msd), ['A', 'B', 'C'], 'StateSpace');
  const sim = mechid.simulate(msd, { h: 0.1, n: 10, withDerivatives: true, input: 'step', snr: 30 });
  hasKeys(sim, ['h', 't', 'u', 'q', 'v', 'a', 'columns', 'method', 'substeps', 'noise_std', 'noiseStd'], 'SimulatedData');
  assert.ok(sim.t instanceof Float64Array && Array.isArray(sim.noise_std));
  assert.equal(sim.noiseStd, sim.noise_std, 'noiseStd: an alias of noise_std');
  const csv = api.simulationToCsv(sim);
  assert.equal(csv.split('\n')[0], sim.columns.join(','));
  const words = mechid.randomStream(1, 3);
  assert.ok(words instanceof Uint32Array && words.length === 6);
  // Nested arrays <-> Matrix and the system JSON of docs/interfaces.md.
  const m = api.matrixFromNested([[1, 2, 3], [4, 5, 6]], 'm');
  assert.deepEqual([m.rows, m.cols, Array.from(m.data)], [2, 3, [1, 2, 3, 4, 5, 6]]);
  assert.deepEqual(api.matrixToNested(m), [[1, 2, 3], [4, 5, 6]]);
  const json = api.systemToJson(msd);
  hasKeys(json, ['name', 'M', 'D', 'K', 'L'], 'system JSON');
  assert.deepEqual(api.matrixToNested(api.systemFromJson(json, 'msd').K), [[2]]);
  assert.deepEqual(api.toJson({ a: m, b: new Float64Array([1]) }), { a: [[1, 2, 3], [4, 5, 6]], b: [1] });
  const model = api.discreteModelFromJson({ F: [[1]], G: [[1]], H: [[1]] }, 'model');
  hasKeys(model, ['F', 'G', 'H'], 'discrete model');
});

test('api: discretize, toContinuous, condition, modal, passivity, perturbationStudy keys', () => {
  const msd = mechid.preset('msd');
  const zoh = mechid.discretize(msd, 0.1, 'zoh');
  hasKeys(zoh, ['method', 'h', 'F', 'G', 'H', 'J'], 'DiscreteStateSpace');
  const variational = mechid.discretize(msd, 0.1, 'variational');
  hasKeys(variational, ['method', 'h', 'Md', 'Dd', 'Kd', 'L'], 'DiscreteVariational');
  hasKeys(mechid.toContinuous(zoh, 0.1, 'zoh'), ['method', 'h', 'status', 'message', 'eigenvalues', 'A', 'B', 'C', 'D'], 'ContinuousResult');
  hasKeys(mechid.toContinuous(variational, 0.1, 'variational'), ['method', 'h', 'status', 'message', 'M', 'D', 'K', 'L'], 'ContinuousResult');
  const [row] = mechid.condition([0.5], msd).rows;
  hasKeys(row, ['h', 'kappa', 'sigma', 'kappa_closed_form', 'kappa_eq_3_36', 'amplification'], 'ConditionRow');
  hasKeys(row.amplification, ['M', 'K', 'D'], 'amplification');
  const modal = mechid.modal(msd);
  hasKeys(modal, ['status', 'message', 'modes'], 'ModalResult');
  hasKeys(modal.modes[0], ['omega_n', 'freq_hz', 'zeta', 'shape', 'complexity', 'eigenvalue'], 'Mode');
  const passivity = mechid.passivity(msd, 0.1);
  hasKeys(passivity, ['h', 'continuous', 'cayley', 'zoh', 'euler'], 'PassivityReport');
  hasKeys(passivity.zoh, ['passive', 'largest_eigenvalue', 'scale'], 'PassivityCheck');
  const rows = mechid.perturbationStudy(msd, { multiples: [2], samples: 3 });
  assert.deepEqual(rows.map((r) => r.method), ['zoh', 'midpoint']);
  for (const r of rows) {
    hasKeys(r, ['i', 'h', 'method', 'rel_err', 'failures'], 'PerturbationRow');
    hasKeys(r.rel_err, ['m', 'd', 'k', ...(r.method === 'zoh' ? ['A', 'b'] : [])], 'PerturbationRow.rel_err');
  }
});

test('api: identify (Identification keys, uncertainty of auto), studyRun, methodNames', () => {
  assert.deepEqual(mechid.methodNames(), ['variational', 'n4sid-d2c', 'equation-error', 'variational-zoh', 'inverse-dynamic', 'auto']);
  const msd = mechid.preset('msd');
  const sim = mechid.simulate(msd, { h: 0.5, n: 800, snr: 40, seed: 2 });
  const r = mechid.identify('auto', { h: 0.5, u: sim.u, y: sim.q, inputSampling: 'hold' }, {}, msd);
  hasKeys(r, [...IDENTIFY_KEYS, 'L', 'validation', 'errors', 'uncertainty'], 'Identification');
  hasKeys(r.validation, ['simulated', 'max_autocorrelation', 'max_crosscorrelation', 'bound_99', 'max_lag',
    'whiteness_statistic', 'whiteness_threshold', 'residual_whiteness_p', 'residuals_white', 'crosscorrelation_bound',
    'residuals_independent_of_input'], 'validation');
  hasKeys(r.uncertainty, ['M_sd', 'D_sd', 'K_sd', 'omega_n_sd', 'zeta_sd', 'z95', 'residual_variance', 'undetermined'], 'uncertainty');
  assert.ok(Array.isArray(r.uncertainty.undetermined), 'uncertainty.undetermined is a list');
  assert.ok(['white', 'sandwich'].includes(r.diagnostics.covariance), `diagnostics.covariance: ${r.diagnostics.covariance}`);
  hasKeys(r.errors, ['M', 'D', 'K', 'A'], 'errors');
  const v = mechid.identify('variational', { h: 0.5, u: sim.u, y: sim.q, inputSampling: 'hold', outputs: 'displacement', cutoffHz: 0 },
    { init: 'n4sid', blockRows: 0, estimateInitial: true });
  hasKeys(v, ['Md', 'Dd', 'Kd'], 'Identification (variational)');
  const run = mechid.studyRun(msd, { h: 0.1, snr: 40, samples: 300, method: 'variational', seed: 1, hIndex: 0, run: 0 });
  hasKeys(run, ['status', 'message', 'errors', 'ms'], 'StudyRunResult');
  const tasks = study.studyTasks({ hs: [0.1], runs: 1, methods: ['variational'] });
  const aggregated = study.aggregateStudy({ systemName: 'msd', hs: [0.1], snr: 40, n: 300, runs: 1, seed: 1, methods: ['variational'] }, tasks, [run]);
  hasKeys(aggregated, ['system', 'snr', 'n', 'runs', 'seed', 'rows'], 'aggregateStudy');
  hasKeys(aggregated.rows[0], ['h', 'method', 'rel_err', 'failures', 'median_ms'], 'study row');
});

test('api: errors are MechidError with code bad-input', () => {
  assert.throws(() => mechid.preset('nope'), (e) => e instanceof api.MechidError && e.code === 'bad-input');
  assert.throws(() => mechid.discretize(mechid.preset('msd'), 0.1, 'cubic'), (e) => e instanceof api.MechidError && e.code === 'bad-input');
});

test('api: estimators (svfIdentify, svfRlc, ekfBeltDrive, simulateEstimatorSystem, beltDriveParameters, poleGrid, EQ32_READINGS)', async () => {
  const estimators = api;  // folded into the one facade
  assert.deepEqual(estimators.poleGrid('1:2:0.5'), [1, 1.5, 2]);
  assert.deepEqual(estimators.poleGrid({ lo: 1, hi: 2, step: 0.5 }), [1, 1.5, 2]);
  assert.deepEqual(Object.keys(estimators.EQ32_READINGS).sort(), ['kn', 'kn-wide', 'printed']);
  for (const reading of Object.values(estimators.EQ32_READINGS)) hasKeys(reading, ['scale', 'thetaVar'], 'EQ32 reading');

  const msdSine = mechid.simulateEstimatorSystem('msd-sine', { h: 0.1, n: 101 });
  // Without h and n: the experiment's own sampling, from the core (the SVF report sec. 2.3: 10 s at 0.1 s).
  assert.deepEqual(mechid.estimatorScenarioNames().sort(), ['belt-drive', 'msd-sine', 'rlc']);
  hasKeys(mechid.estimatorScenario('msd-sine'), ['name', 'h', 'n', 'seed', 'snr'], 'EstimatorScenario');
  const scenario = mechid.simulateEstimatorSystem('msd-sine', { snr: Infinity });
  assert.deepEqual([scenario.h, scenario.t.length], [0.1, 101]);
  assert.deepEqual(api.withDefaults({ a: 1, b: 2 }, { a: undefined, b: 3, c: null }), { a: 1, b: 3, c: null });
  hasKeys(msdSine, ['h', 'system', 't', 'u', 'q', 'noise_std', 'noiseStd'], 'EstimatorSystemData msd-sine');
  const svf = mechid.svfIdentify({ h: 0.1, u: msdSine.u, y: msdSine.q }, { grid: [0.5, 1] }, mechid.preset('msd'));
  hasKeys(svf, [...IDENTIFY_KEYS.filter((k) => k !== 'modal'), 'form', 'theta', 'theta_names', 'thetaNames', 'search', 'errors'], 'SvfIdentification');
  hasKeys(svf.search, ['grid', 'surface', 'p1', 'p2', 'best', 'evaluated'], 'PoleSearch');
  const robust = mechid.svfIdentify({ h: 0.1, u: msdSine.u, y: msdSine.q }, { robust: true });
  hasKeys(robust, ['weights'], 'SvfIdentification (robust)');

  const rlc = mechid.simulateEstimatorSystem('rlc', { h: 1e-5, n: 2001 });
  const rlcFit = mechid.svfRlc({ h: 1e-5, u: rlc.u, y: rlc.q }, { p1: 370, p2: 380 });
  hasKeys(rlcFit, ['method', 'model', 'h', 'status', 'message', 'warnings', 'inv_RC', 'inv_LC', 'theta', 'theta_names', 'thetaNames', 'output_error', 'iterations',
    'condition', 'p1', 'p2', 'search'], 'SvfRlcResult');

  const belt = mechid.simulateEstimatorSystem('belt-drive', { h: 1e-3, n: 501, snr: Infinity });
  hasKeys(belt, ['h', 'system', 't', 'u', 'q', 'v', 'y', 'setpoint', 'true_theta', 'trueTheta'], 'EstimatorSystemData belt-drive');
  const ekf = mechid.ekfBeltDrive({ h: 1e-3, u: belt.u, y: belt.y }, { method: 'rk4' }, belt.trueTheta);
  hasKeys(ekf, ['method', 'model', 'discretization', 'h', 'status', 'message', 'warnings', 'parameter_names', 'parameterNames', 'theta',
    'theta_std', 'thetaStd', 'parameters', 'parameter_std', 'parameterStd', 'steps', 'errors', 'timing_ms'], 'EkfResult');
  for (const [key, alias] of [['parameter_names', 'parameterNames'], ['theta_std', 'thetaStd'], ['parameter_std', 'parameterStd']]) {
    assert.equal(ekf[alias], ekf[key], `${alias}: an alias of ${key}`);
  }
  assert.equal(belt.trueTheta, belt.true_theta, 'trueTheta: an alias of true_theta');
  assert.equal(rlcFit.thetaNames, rlcFit.theta_names, 'thetaNames: an alias of theta_names');
  const table = mechid.beltDriveParameters();
  hasKeys(table, ['theta', 'c_spec', 'd'], 'beltDriveParameters');
});

test('api: nonlinear (nonlinearSystemNames, nonlinearSimulate, nonlinearIdentify, parseRegions, nonlinearToCsv)', async () => {
  const nonlinear = api;  // folded into the one facade
  const bad = (message) => new api.MechidError('bad-input', message);
  assert.deepEqual(nonlinear.parseRegions('thresholds:0.005', bad), { kind: 'thresholds', x0: 0.005 });
  assert.deepEqual(nonlinear.parseRegions('sign', bad), { kind: 'sign' });
  assert.deepEqual(nonlinear.parseRegions('breakpoints:-1,1', bad), { kind: 'breakpoints', breakpoints: [-1, 1] });

  assert.deepEqual(mechid.nonlinearSystemNames(), ['lin-ewins', 'beam']);
  const sim = mechid.nonlinearSimulate('lin-ewins', { n: 4000 });
  hasKeys(sim, ['name', 'h', 'substeps', 't', 'f', 'a', 'a_true', 'aTrue', 'x', 'v', 'j', 'mass', 'damping', 'k', 'regions', 'true_region',
    'trueRegion', 'force_curve', 'forceCurve'], 'NonlinearSimulation');
  for (const [key, alias] of [['a_true', 'aTrue'], ['true_region', 'trueRegion'], ['force_curve', 'forceCurve']]) {
    assert.equal(sim[alias], sim[key], `${alias}: an alias of ${key}`);
  }
  hasKeys(sim.regions, ['kind', 'regions'], 'RegionsInfo');
  hasKeys(sim.regions.regions[0], ['index', 'lower', 'upper', 'interval', 'stiffness', 'offset'], 'RegionInfo');
  hasKeys(sim.forceCurve, ['x', 'F'], 'forceCurve');
  assert.equal(nonlinear.nonlinearToCsv(sim, true).split('\n')[0], 't,u1,a1,q1,v1');
  const r = mechid.nonlinearIdentify({ h: sim.h, a: sim.a, f: sim.f }, { method: 'ida', regions: { kind: 'thresholds', x0: 0.005 }, mass: 1, damping: 4 });
  hasKeys(r, ['method', 'status', 'message', 'warnings', 'regions', 'k', 'stiffness', 'mass', 'damping', 'mass_estimated', 'massEstimated',
    'damping_estimated', 'dampingEstimated', 'classification', 'fit', 'iterations', 'converged', 'signals', 'force_curve', 'forceCurve'],
  'NonlinearIdentification');
  assert.deepEqual([r.massEstimated, r.dampingEstimated], [r.mass_estimated, r.damping_estimated]);
  assert.equal(r.forceCurve, r.force_curve);
  hasKeys(r.stiffness[0], ['name', 'k', 'offset', 'samples'], 'stiffness');
  hasKeys(r.classification, ['changed', 'swaps', 'changes'], 'classification');
  hasKeys(r.fit, ['fit_percent', 'nrmse'], 'fit');
  hasKeys(r.signals, ['x', 'v', 'a', 'j', 'y', 'y_fit', 'yFit', 'initial_region', 'initialRegion', 'final_region', 'finalRegion'], 'signals');
  for (const [key, alias] of [['y_fit', 'yFit'], ['initial_region', 'initialRegion'], ['final_region', 'finalRegion']]) {
    assert.equal(r.signals[alias], r.signals[key], `${alias}: an alias of ${key}`);
  }
});
