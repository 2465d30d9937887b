// The work guard (issues 20 and 56) against measured time, for docs/results.md section `guard`
// (`node bench/run.mjs guard`): every identify method (ida, dia, ekf and svf included), svf's pole
// search, modal, simulate, study, frf, modes and oma
// on spring-mass chains, next to the guard's estimate (src/identify/method_cost.cpp,
// src/analysis/command_cost.cpp: flop-equivalents, and seconds at the calibrated rate). Time is
// the CPU seconds of this process around the call (process.cpuUsage): on the shared 2-core machine
// wall time runs 1-4x CPU time with the load of other work; CPU time much less. Cases the estimate
// puts beyond BUDGET_S are not run (that is what the guard is for); requests above the default
// limit are shown refused, with the time the refusal took.
import { cpus, loadavg } from 'node:os';
import { loadMechidNode } from '../wasm/node.js';
import { runStudyNode } from '../wasm/node-study.js';
import { uniformChain } from '../tests/fixtures/uniform-chain.mjs';

const BUDGET_S = Number(process.env.GUARD_BUDGET_S ?? 25);
const H = 0.02;
const methods = ['equation-error', 'n4sid-d2c', 'variational', 'variational-zoh', 'inverse-dynamic', 'auto'];
const sizes = [[3, 20000], [3, 100000], [8, 2000], [8, 20000], [8, 60000], [16, 2000], [20, 2000]];


const mechid = await loadMechidNode();
const records = new Map();
// A record of the chain; `last`: what replaces the last output (constant 0.25, or noise only).
function record(dof, N, last = null) {
  const key = `${dof}/${N}/${last}`;
  if (!records.has(key)) {
    const sim = mechid.simulate(uniformChain(dof), { h: H, n: N, snr: 30, seed: 1 });
    const y = { rows: N, cols: dof, data: Float64Array.from(sim.q.data) };
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) - 0.5;
    if (last === 'constant') for (let i = 0; i < N; i++) y.data[i * dof + dof - 1] = 0.25;
    if (last === 'noise') for (let i = 0; i < N; i++) y.data[i * dof + dof - 1] = 1e-3 * random();
    records.set(key, { h: H, u: sim.u, y, inputSampling: 'hold' });
  }
  return records.get(key);
}

/** CPU seconds of this process (all its threads) around f(), and f's result or error. */
async function cpu(f) {
  const c0 = process.cpuUsage(), t0 = performance.now();
  let out, error;
  try {
    out = await f();
  } catch (e) {
    error = e;
  }
  const c = process.cpuUsage(c0);
  return { cpu: (c.user + c.system) / 1e6, wall: (performance.now() - t0) / 1000, out, error };
}

// Warm-up: V8 compiles the module's code on first use (bench/speed.mjs), in background threads whose
// CPU time process.cpuUsage counts: every method once, so that no measured case pays for it.
for (let i = 0; i < 3; i++) mechid.identify('auto', record(3, 2000), {});
for (const method of methods) mechid.identify(method, record(3, 2000), {});

const rows = [];  // {what, size, estimate: {flops, seconds}, cpu, wall, status}
const load = [loadavg()[0]];
async function measure(what, size, estimate, run, budget = BUDGET_S) {
  if (estimate.seconds > budget) {
    rows.push({ what, size, estimate, status: `not run (estimated over ${budget} s)` });
    return;
  }
  const r = await cpu(run);
  load.push(loadavg()[0]);
  const status = r.error ? `error: ${r.error.message.slice(0, 70)}` : r.out?.status ?? 'ok';
  const extra = r.out?.diagnostics?.iterations !== undefined ? `, ${r.out.diagnostics.iterations} PEM iterations` : '';
  rows.push({ what, size, estimate, cpu: r.cpu, wall: r.wall, status: status + extra });
}

for (const [dof, N] of sizes) {
  for (const method of methods) {
    const estimate = mechid.estimateWork(method, record(dof, N), {});
    await measure(method, `${dof} DOF x ${N}`, estimate, () => mechid.identify(method, record(dof, N), { maxWork: Infinity }));
  }
}

// Degenerate records: the last output constant (refused before any work: its sensor recorded
// nothing) or noise only (refused after the subspace step, whose model's states do not explain it:
// identify/output_response.hpp; before, the PEMs crept to 15-140 times their estimate).
const refusals = [];
// `plain`: only the message's first sentence (the plain one; the numbers follow it).
async function refusal(what, f, { plain = false } = {}) {
  const t0 = performance.now();
  let message = 'accepted';
  try {
    await f();
  } catch (error) {
    message = `${error.option ?? error.code}: ${plain ? error.message.replace(/\. .*$/s, '.') : error.message}`;
  }
  refusals.push(`- ${what}: refused in ${(performance.now() - t0).toFixed(0)} ms with "${message}"`);
}
await refusal('variational on 3 DOF x 100000 samples whose last output is constant (0.25)',
  () => mechid.identify('variational', record(3, 100000, 'constant'), {}));
for (const N of [20000, 100000]) {
  for (const method of ['n4sid-d2c', 'variational', 'variational-zoh', 'auto']) {
    await refusal(`${method} on 3 DOF x ${N} samples whose last output is noise only`,
      () => mechid.identify(method, record(3, N, 'noise'), { maxWork: Infinity }), { plain: refusals.length > 1 });
  }
}

// The chains of docs/results.md's scale section with their structure (M diagonal, D and K
// tridiagonal): presets chain<n>, h = 0.002, N = 6000, SNR 20 dB, seed 2, PRBS held on every mass.
const structure = { M: 'diagonal', D: 'tridiagonal', K: 'tridiagonal' };
for (const dof of [8, 16]) {
  const sim = mechid.simulate(mechid.preset(`chain${dof}`), { h: 0.002, n: 6000, snr: 20, seed: 2 });
  const data = { h: 0.002, u: sim.u, y: sim.q, inputSampling: 'hold' };
  const estimate = mechid.estimateWork('auto', data, { structure });
  const accepted = estimate.flops <= mechid.optionSchema().identify.maxWork.default;
  await measure('auto, chain structure', `chain${dof}, 6000 (${accepted ? 'accepted' : 'refused'} at the default limit)`, estimate,
    () => mechid.identify('auto', data, { structure }));
}

// svf: the pole search over a grid (g values: g(g + 1)/2 pole pairs), and the default (the grid from the data).
for (const [dof, N, spec] of [[3, 20000, '0.5:1.4:0.1'], [8, 5000, '0.5:0.8:0.1'], [8, 20000, '0.5:0.7:0.1']]) {
  const data = record(dof, N);
  const grid = mechid.poleGrid(spec);
  const estimate = mechid.commandWork('svf', { dof, inputs: dof, samples: N, gridValues: grid.length });
  await measure('svf --pole-grid', `${dof} DOF x ${N}, ${grid.length} values`, estimate, () => mechid.svfIdentify(data, { grid, maxWork: Infinity }));
}

for (const dof of [200, 400, 600]) {
  await measure('modal', `${dof} DOF`, mechid.commandWork('modal', { dof }), () => mechid.modal(uniformChain(dof), { maxWork: Infinity }));
}
for (const [dof, N] of [[3, 200000], [8, 200000], [200, 5000], [300, 20000], [500, 4000]]) {
  await measure('simulate', `${dof} DOF x ${N}`, mechid.commandWork('simulate', { dof, inputs: dof, samples: N }),
    () => mechid.simulate(uniformChain(dof), { h: 0.01, n: N, snr: 30, seed: 1, maxWork: Infinity }));
}

// study: one worker thread (its CPU time is this process's); 2 h x 3 runs of auto on 8dof.
{
  const system = mechid.preset('8dof');
  const spec = { system, systemName: '8dof', hs: [0.005, 0.01], snr: 30, n: 6000, runs: 3, methods: ['auto'], seed: 1 };
  const estimate = mechid.checkStudyWork(system, { n: spec.n, hValues: 2, runs: 3, methods: spec.methods, maxWork: Infinity });
  await measure('study', '8dof, 2 h x 3 runs, auto, N = 6000, 1 worker', estimate, () => runStudyNode(spec, 1, undefined, mechid));
}

// The identify methods outside the method table (src/analysis/estimator_cost.cpp): ida and dia on
// the presets of Karimov et al. 2021 (lin-ewins as given; beam with the paper's reconstruction:
// 20 fragments, 2 Hz high-pass, detrended), the belt drive's augmented EKF, svf with the grid from the data.
const nonlinear = new Map();
const nonlinearRecord = (name, n) => {
  if (!nonlinear.has(`${name}/${n}`)) nonlinear.set(`${name}/${n}`, mechid.nonlinearSimulate(name, { n }));
  return nonlinear.get(`${name}/${n}`);
};
const linEwins = { regions: { kind: 'thresholds', x0: 0.005 }, mass: 1 };
const beam = { regions: { kind: 'sign' }, mass: 1.139e-2, segments: 20, highpassHz: 2, detrend: true };
for (let i = 0; i < 2; i++) {  // warm-up of the code paths measured below
  const sim = nonlinearRecord('lin-ewins', 4000);
  mechid.nonlinearIdentify({ h: sim.h, a: sim.a, f: sim.f }, { ...linEwins, method: 'dia' });
  const belt = mechid.simulateEstimatorSystem('belt-drive', { n: 4000 });
  mechid.ekfBeltDrive({ h: belt.h, u: belt.u, y: belt.y }, {});
  mechid.frf(record(3, 4000), { method: 'lpm' });
  mechid.modes(record(3, 4000), { bandHiHz: 2 });
  for (const method of ['ssi-cov', 'ssi-data', 'efdd']) mechid.oma({ h: H, y: record(3, 4000).y }, { method });
}
for (const [method, name, options, n] of [['ida', 'lin-ewins', linEwins, 100000], ['ida', 'lin-ewins', linEwins, 300000], ['dia', 'lin-ewins', linEwins, 300000],
  ['ida', 'beam', beam, 300000], ['dia', 'beam', beam, 300000]]) {
  const sim = nonlinearRecord(name, n), data = { h: sim.h, a: sim.a, f: sim.f };
  const o = { ...options, method };
  await measure(method, `${name} x ${n}${options.segments ? ', 20 fragments, 2 Hz high-pass' : ''}`, mechid.estimateWork(method, data, o), () => {
    const out = mechid.nonlinearIdentify(data, { ...o, maxWork: Infinity });
    return { status: `${out.status}, ${out.iterations} IRLS iterations` };
  });
}
nonlinear.clear();
for (const [method, n] of [['rk4', 200000], ['rk4', 600000], ['se', 600000]]) {  // 600 s at h = 1 ms: the simulation's longest
  const sim = mechid.simulateEstimatorSystem('belt-drive', { n }), data = { h: sim.h, u: sim.u, y: sim.y };
  await measure('ekf', `belt drive x ${n}, ${method}`, mechid.estimateWork('ekf', data, { method }),
    () => mechid.ekfBeltDrive(data, { method, maxWork: Infinity }));
}
for (const [dof, N] of [[3, 20000], [8, 20000]]) {
  const data = record(dof, N);
  await measure('svf (grid from the data)', `${dof} DOF x ${N}`, mechid.estimateWork('svf', data, {}), () => mechid.svfIdentify(data, { maxWork: Infinity }));
}

// frf, modes and oma (src/analysis/frequency_cost.cpp): Welch and the local polynomial method,
// the modes in a band, and the three methods of oma.
for (const [dof, N, options] of [[8, 200000, {}], [16, 100000, { segment: 4096 }], [3, 100000, { method: 'lpm' }], [8, 60000, { method: 'lpm' }]]) {
  const data = record(dof, N);
  await measure(`frf${options.method ? ' --frf lpm' : ''}`, `${dof} DOF x ${N}${options.segment ? `, segment ${options.segment}` : ''}`, mechid.analysisWork('frf', data, options), () => mechid.frf(data, { ...options, maxWork: Infinity }));
}
for (const [dof, N, options] of [[3, 100000, { bandHiHz: 2 }], [8, 20000, { bandHiHz: 1, maxOrder: 20 }], [8, 60000, { bandHiHz: 1, maxOrder: 20 }]]) {
  const data = record(dof, N);
  await measure('modes', `${dof} DOF x ${N}, ${JSON.stringify(options)}`, mechid.analysisWork('modes', data, options), () => mechid.modes(data, { ...options, maxWork: Infinity }));
}
for (const [dof, N, options] of [[16, 300000, { method: 'ssi-cov', blockRows: 40, maxOrder: 80 }], [16, 300000, { method: 'ssi-data' }],
  [16, 100000, { method: 'ssi-data', blockRows: 20, maxOrder: 40, sdBlocks: 0 }], [8, 200000, { method: 'efdd' }], [16, 300000, { method: 'efdd' }]]) {
  const data = { h: H, y: record(dof, N).y };
  const { method, ...rest } = options;
  await measure(`oma --method ${method}`, `${dof} DOF x ${N}${Object.keys(rest).length ? `, ${JSON.stringify(rest)}` : ''}`,
    mechid.analysisWork('oma', data, options), () => mechid.oma(data, { ...options, maxWork: Infinity }));
}
records.clear();
// SSI-data on 16 channels x 10⁶ samples (docs/results.md, oma_methods: 43 s): the chain16 preset's
// displacements, 40 block rows, orders to 80, 4 references; run whatever the budget (it is the case
// the estimate must get right).
{
  const chain = mechid.preset('chain16');
  const hBig = 0.2 / Math.max(...mechid.modal(chain).modes.map((m) => m.freq_hz));
  const big = mechid.simulate(chain, { h: hBig, n: 1e6, input: 'prbs', snr: 40, seed: 3 });
  const options = { bandHiHz: 0.5 / hBig, blockRows: 40, maxOrder: 80, method: 'ssi-data', references: [1, 6, 11, 16], sdBlocks: 0 };
  await measure('oma --method ssi-data', 'chain16 x 1000000, 40 block rows, 4 references, no jackknife', mechid.analysisWork('oma', { h: hBig, y: big.q }, options),
    () => mechid.oma({ h: hBig, y: big.q }, { ...options, maxWork: Infinity }), Infinity);
  await refusal('oma --method ssi-data on chain16 x 1000000 with all 16 outputs as references', () => mechid.oma({ h: hBig, y: big.q }, { ...options, references: undefined }));
}

// The refusals at the default limit (each request above it, refused before any work).
await refusal('modal of a 1500-DOF chain', () => mechid.modal(uniformChain(1500), {}));
await refusal('svf --pole-grid 0.1:40:0.1 on 8 DOF x 20000', () => mechid.svfIdentify(record(8, 20000), { grid: mechid.poleGrid('0.1:40:0.1') }));
await refusal('simulate of a 2000-DOF chain for 5000 samples', () => mechid.simulate(uniformChain(2000), { h: 0.01, n: 5000, snr: 30, seed: 1 }));
await refusal('a study of 100000 runs of auto on 8dof, N = 20000',
  () => mechid.checkStudyWork(mechid.preset('8dof'), { n: 20000, hValues: 1, runs: 100000, methods: ['auto'] }));
const wide = { h: 0.01, u: { rows: 2000, cols: 60, data: Float64Array.from({ length: 120000 }, Math.random) },
  y: { rows: 2000, cols: 60, data: Float64Array.from({ length: 120000 }, Math.random) } };
await refusal('equation-error on 60 DOF x 2000 samples', () => mechid.identify('equation-error', wide, {}));

const fmt = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const lines = [
  `Spring-mass chains (unit masses, springs 100 N/m, D = 0.1 M + 0.002 K, PRBS held on every DOF, h = ${H}, SNR 30 dB, seed 1; the`,
  'structured chains are the presets of the scale section; ida and dia on the presets of Karimov et al. 2021, ekf on the belt drive',
  'of Beckmann et al. 2016), each case once in WASM under Node ' + `${process.version} on the ${cpus().length}-core`,
  'reference machine. **Time is CPU seconds of the process** (process.cpuUsage around the call): the machine is shared, and wall',
  'time ran up to 4x CPU time under the load of other work; the calibrated rate of the guard (kWasmFlopsPerSecond = 5e9',
  'flop-equivalents a second, and the weight of each loop in src/identify/method_cost.cpp and src/analysis/command_cost.cpp,',
  'estimator_cost.cpp (ida, dia, ekf, svf) and frequency_cost.cpp (frf, modes, oma)) was',
  `fitted on CPU seconds. Load average (1 min) during the runs: ${Math.min(...load).toFixed(1)}-${Math.max(...load).toFixed(1)}.`,
  `Cases estimated above ${BUDGET_S} s are not run. measured/estimated = CPU s over the guard's estimated s.`, '',
  '| command / method | size | estimate (flop-eq.) | estimated s | CPU s | wall s | measured/estimated | status |',
  '|---|---|---|---|---|---|---|---|'];
const ratios = [];
for (const r of rows) {
  if (r.cpu === undefined) {
    lines.push(`| ${r.what} | ${r.size} | ${r.estimate.flops.toExponential(2)} | ${fmt(r.estimate.seconds)} | – | – | – | ${r.status} |`);
    continue;
  }
  const ratio = r.cpu / r.estimate.seconds;
  if (r.cpu >= 1) ratios.push({ ratio, r });
  lines.push(`| ${r.what} | ${r.size} | ${r.estimate.flops.toExponential(2)} | ${fmt(r.estimate.seconds)} | ${fmt(r.cpu)} | ${fmt(r.wall)} | ` +
    `${r.cpu >= 1 ? `**${ratio.toFixed(2)}**` : ratio.toFixed(2)} | ${r.status} |`);
}
ratios.sort((a, b) => a.ratio - b.ratio);
const within = ratios.filter((x) => x.ratio >= 0.5 && x.ratio <= 2).length;
const name = (x) => `${x.r.what}, ${x.r.size}`;
lines.push('', `Over the ${ratios.length} runs of at least 1 s CPU: measured/estimated from ${ratios[0].ratio.toFixed(2)} (${name(ratios[0])}) ` +
  `to ${ratios.at(-1).ratio.toFixed(2)} (${name(ratios.at(-1))}); ${within} of ${ratios.length} within 0.5-2` +
  (within < ratios.length ? `; outside: ${ratios.filter((x) => x.ratio < 0.5 || x.ratio > 2).map((x) => `${name(x)} ${x.ratio.toFixed(2)}`).join('; ')}.` : '.'));
// The methods and commands with a cost model since ida, dia, ekf, frf, modes and oma got theirs (estimator_cost.cpp, frequency_cost.cpp).
const later = ratios.filter((x) => /^(ida|dia|ekf|svf \(grid|frf|modes|oma)/.test(x.r.what));
if (later.length) {
  const inside = later.filter((x) => x.ratio >= 0.5 && x.ratio <= 2).length;
  lines.push('', `Of these, ida, dia, ekf, svf with the grid from the data, frf, modes and oma: ${later.length} runs of at least 1 s, ` +
    `measured/estimated from ${later[0].ratio.toFixed(2)} (${name(later[0])}) to ${later.at(-1).ratio.toFixed(2)} (${name(later.at(-1))}); ` +
    `${inside} of ${later.length} within 0.5-2.`);
}
lines.push('', 'Refused at the default limit (about 100 s here):', ...refusals);

export const table = lines.join('\n');
