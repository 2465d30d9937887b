// The work guard on every command (issue 56, item 6): modal, simulate, svf's pole search, study,
// frf, modes and oma (one record or several setups)
// refuse a request above the limit before any work (MechidError option 'work', naming the sizes,
// the estimate, the limit and what to do; the CLI says --max-work), as identify does; the 16-DOF
// chain with its structure is accepted at the default limit. Each command with a cost model is listed here:
// a command of the CLI doing work that grows with its request, without one, fails the last test.
// Times are not asserted beyond "refused within a few seconds" (calibration: docs/results.md).
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, mechid } from './helpers.mjs';
import { uniformChain } from '../fixtures/uniform-chain.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-guard-commands-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));


const DEFAULT = mechid.optionSchema().identify.maxWork.default;

/** Asserts that f() throws MechidError option 'work' within 5 s, its message starting with `what`. */
function refusedAtOnce(f, what) {
  const t0 = performance.now();
  assert.throws(f, (error) => {
    assert.equal(error.option, 'work', error.message);
    assert.ok(error.message.startsWith(what), error.message);
    assert.match(error.message, /needs about [0-9.e+]+ floating-point operations \(about [0-9.]+ (s|min|h) here\), above the limit of [0-9.e+]+ \(about [0-9.]+ (s|min) here\): .+; to run it anyway, raise maxWork/);
    return true;
  });
  assert.ok(performance.now() - t0 < 5000, `${what}: refused after ${performance.now() - t0} ms`);
}

test('the default limit is about 100 s at the calibrated rate', () => {
  const e = mechid.commandWork('modal', { dof: 10 });
  const rate = e.flops / e.seconds;
  assert.ok(Math.abs(DEFAULT / rate - 100) < 1, `default ${DEFAULT} at ${rate} flops/s is ${DEFAULT / rate} s`);
});

test('modal of a 1500-DOF system is refused at once; 1000 DOF (144 s of wall time on a loaded machine) is estimated at 25-100 s', () => {
  refusedAtOnce(() => mechid.modal(uniformChain(1500), {}), 'modal of a 1500-DOF system needs about');
  // The 2n x 2n eigenproblem is O(n³): 3.5 s of CPU at 400 DOF (docs/results.md, Work guard), about 54 s at 1000.
  const thousand = mechid.commandWork('modal', { dof: 1000 });
  assert.ok(thousand.seconds > 25 && thousand.seconds < 100, JSON.stringify(thousand));
  // A 100-DOF system is well within the limit and runs; maxWork below its estimate refuses it.
  const e = mechid.commandWork('modal', { dof: 100 });
  assert.equal(mechid.modal(uniformChain(100), {}).modes.length, 100);
  refusedAtOnce(() => mechid.modal(uniformChain(100), { maxWork: e.flops / 2 }), 'modal of a 100-DOF system');
  assert.equal(mechid.modal(uniformChain(100), { maxWork: Infinity }).modes.length, 100);
});

test('svf --pole-grid 0.1:40:0.1 (80,200 pole pairs, about 71 h before the guard) is refused at once', () => {
  const sim = mechid.simulate(uniformChain(8), { h: 0.01, n: 20000, snr: 30, seed: 1 });
  const data = { h: 0.01, u: sim.u, y: sim.q, inputSampling: 'hold' };
  refusedAtOnce(() => mechid.svfIdentify(data, { grid: mechid.poleGrid('0.1:40:0.1') }),
    'svf on 8 DOF x 20000 samples with a pole search over 80200 pole pairs needs about');
});

test('simulate of a 2000-DOF system is refused at once; a study of 100,000 runs too', () => {
  refusedAtOnce(() => mechid.simulate(uniformChain(2000), { h: 0.01, n: 5000, snr: 30, seed: 1 }),
    'simulate of a 2000-DOF system with 2000 input(s) for 5000 samples needs about');
  refusedAtOnce(() => mechid.checkStudyWork(mechid.preset('8dof'), { n: 20000, hValues: 1, runs: 100000, methods: ['auto'] }),
    'a study of 100000 identifications (1 h x 100000 runs x 1 methods) of 20000 samples on a 8-DOF system needs about');
  const small = mechid.checkStudyWork(mechid.preset('3dof'), { n: 1000, hValues: 2, runs: 2, methods: ['auto', 'variational'] });
  assert.ok(small.flops > 0 && small.seconds < 100, JSON.stringify(small));
});

test('CLI: study --runs 100000 and modal of a 300-DOF system at a low --max-work are refused in one line naming --max-work', async () => {
  const t0 = performance.now();
  const study = await cli('study', '--system', '8dof', '--h', '0.005', '--snr', '30', '--runs', '100000', '--n', '20000', '--methods', 'auto', '--workers', '1');
  assert.equal(study.code, 1, study.stderr);
  assert.match(study.stderr.trim(), /^mechid: error: a study of 100000 identifications .* needs about .*raise --max-work/);
  assert.equal(study.stderr.trim().split('\n').length, 1, study.stderr);
  assert.ok(performance.now() - t0 < 10000);
  const file = join(dir, 'chain300.json');
  const c = uniformChain(300);
  const rows = (m) => Array.from({ length: 300 }, (_, i) => Array.from(m.data.subarray(i * 300, (i + 1) * 300)));
  writeFileSync(file, JSON.stringify({ M: rows(c.M), D: rows(c.D), K: rows(c.K) }));
  const low = await cli('modal', '--system', file, '--max-work', '1e9');
  assert.equal(low.code, 1, low.stderr);
  assert.match(low.stderr, /modal of a 300-DOF system needs about .* above the limit of 1e\+09 .*raise --max-work/);
});

test('frf, modes and oma (ssi-cov, ssi-data, efdd) refuse a record above maxWork at once, the CLI naming --max-work', async () => {
  const sim = mechid.simulate(mechid.preset('3dof'), { h: 0.05, n: 20000, snr: 40, seed: 1 });
  const record = { h: 0.05, u: sim.u, y: sim.q };
  const cases = [['frf', record, {}, (o) => mechid.frf(record, o), 'frf of 20000 samples of 3 input(s) and 3 output(s)'],
    ['modes', record, { bandHiHz: 1 }, (o) => mechid.modes(record, o), 'modes of 20000 samples of 3 input(s) and 3 output(s)']];
  for (const method of ['ssi-cov', 'ssi-data', 'efdd']) {
    cases.push(['oma', { h: 0.05, y: sim.q }, { method }, (o) => mechid.oma({ h: 0.05, y: sim.q }, o), `oma (${method}) of 20000 samples of 3 output(s)`]);
  }
  for (const [command, data, options, run, what] of cases) {
    const e = mechid.analysisWork(command, data, options);
    refusedAtOnce(() => run({ ...options, maxWork: e.flops / 2 }), `${what} needs about`);
    assert.equal(run({ ...options, maxWork: 2 * e.flops }).status === 'failed', false, `${what}: runs at twice its estimate`);
  }
  // More block rows or samples cost more: SSI-data's Hankel rows grow with N p, its LQ with N p² (frequency_cost.cpp).
  const oma = (n, o) => mechid.analysisWork('oma', { h: 0.05, y: { rows: n, cols: 3, data: sim.q.data.subarray(0, 3 * n) } }, { method: 'ssi-data', ...o });
  assert.ok(oma(20000, { blockRows: 50 }).flops > 2.5 * oma(20000, { blockRows: 25 }).flops);
  assert.ok(oma(20000, {}).flops > 1.8 * oma(10000, {}).flops);
  const file = join(dir, 'record.csv');
  const lines = ['t,u1,q1'];
  for (let i = 0; i < 4000; i++) lines.push(`${(i * 0.05).toFixed(2)},${sim.u.data[3 * i]},${sim.q.data[3 * i]}`);
  writeFileSync(file, lines.join('\n'));
  for (const args of [['frf', '--data', file], ['oma', '--data', file, '--band', '0:5'], ['modes', '--data', file, '--band', '0.05:5']]) {
    const out = await cli(...args, '--max-work', '1e5');
    assert.equal(out.code, 1, out.stderr);
    assert.match(out.stderr.trim(), new RegExp(`^mechid: error: ${args[0]} .*needs about .* above the limit of 1e\\+05 .*raise --max-work`), out.stderr);
  }
});

test('oma of several setups: each setup priced with its own reference columns, summed; refused above maxWork at once, the CLI naming --max-work', async () => {
  const sim = mechid.simulate(mechid.preset('3dof'), { h: 0.05, n: 20000, snr: 40, seed: 1 });
  const columns = (cols, n) => ({ rows: n, cols: cols.length, data: Float64Array.from({ length: n * cols.length }, (_, k) => sim.q.data[3 * Math.floor(k / cols.length) + cols[k % cols.length]]) });
  // setup 1: q1, q2; setup 2 (shorter): q2, q3; the reference q2 is column 2 of the first, 1 of the second
  const setups = [{ h: 0.05, y: columns([0, 1], 20000), channels: ['q1', 'q2'] }, { h: 0.05, y: columns([1, 2], 12000), channels: ['q2', 'q3'] }];
  const single = (s, references) => mechid.analysisWork('oma', { h: 0.05, y: setups[s].y }, { references }).flops;
  const flops = single(0, [2]) + single(1, [1]);
  refusedAtOnce(() => mechid.oma(setups, { maxWork: flops / 1.01 }), 'oma (ssi-cov) of 2 setups of 32000 samples in all needs about');
  assert.notEqual(mechid.oma(setups, { maxWork: flops * 1.01 }).status, 'failed');
  const files = setups.map((setup, s) => {
    const file = join(dir, `setup${s + 1}.csv`);
    const lines = [`t,${setup.channels.join(',')}`];
    for (let i = 0; i < setup.y.rows; i++) lines.push(`${(i * 0.05).toFixed(2)},${setup.y.data[2 * i]},${setup.y.data[2 * i + 1]}`);
    writeFileSync(file, lines.join('\n'));
    return file;
  });
  const out = await cli('oma', '--data', files[0], '--data', files[1], '--band', '0:5', '--max-work', '1e5');
  assert.equal(out.code, 1, out.stderr);
  assert.match(out.stderr.trim(), /^mechid: error: oma \(ssi-cov\) of 2 setups of 32000 samples in all needs about .* above the limit of 1e\+05 .*raise --max-work/, out.stderr);
});

test('the chains with their structure are accepted at the default limit up to 32 DOF (16 DOF refused as "about 7.3 min" once)', () => {
  const structure = { M: 'diagonal', D: 'tridiagonal', K: 'tridiagonal' };
  const estimate = (dof) => {
    const sim = mechid.simulate(mechid.preset(`chain${dof}`), { h: 0.002, n: 6000, snr: 20, seed: 2 });
    return mechid.estimateWork('auto', { h: 0.002, u: sim.u, y: sim.q, inputSampling: 'hold' }, { structure });
  };
  // They run in 1.29 and 9.84 s in WASM (docs/results.md, Scale): the estimate bounds them, and
  // stays below the default limit.
  const e16 = estimate(16), e32 = estimate(32);
  assert.ok(e16.flops < DEFAULT / 2 && e16.seconds > 1.29 && e16.seconds < 10, JSON.stringify(e16));
  assert.ok(e32.flops < DEFAULT && e32.seconds > 9.84, JSON.stringify(e32));
});

test('every command doing work that grows with its request has a cost model', () => {
  const commands = readdirSync(new URL('../../bin/commands/', import.meta.url)).filter((f) => f.endsWith('.mjs')).map((f) => f.replace('.mjs', ''));
  // Guarded by a cost model: identify (each method, estimateWork), svf's pole search, modal,
  // simulate, study, frf, modes, oma (analysisWork). Linear in the record (a few FFTs or one pass
  // per channel), bounded by the readers' memory check: hammer, inspect, report. Closed form on the system's
  // matrices (small next to modal's eigenproblem): condition, d2c, discretize, passivity,
  // perturb-study (10⁴ perturbed modal analyses at most of a system modal accepts).
  const guarded = { modal: { dof: 50 }, simulate: { dof: 8, inputs: 8, samples: 1000 }, svf: { dof: 3, inputs: 3, samples: 1000, gridValues: 5 } };
  const sim = mechid.simulate(mechid.preset('3dof'), { h: 0.05, n: 4000, snr: 40, seed: 1 });
  const record = { h: 0.05, u: sim.u, y: sim.q };
  const analysis = { frf: [record, {}], modes: [record, { bandHiHz: 1 }], oma: [{ h: 0.05, y: sim.q }, {}] };
  const linear = ['hammer', 'inspect', 'report', 'condition', 'd2c', 'discretize', 'passivity', 'perturb-study'];
  for (const command of commands) {
    if (command === 'identify') {
      for (const method of mechid.methodInfo().map((m) => m.name)) {
        const sim = mechid.simulate(mechid.preset('3dof'), { h: 0.05, n: 500, snr: 40, seed: 1 });
        assert.ok(mechid.estimateWork(method, { h: 0.05, u: sim.u, y: sim.q }, {}).flops > 0, method);
      }
    } else if (command === 'study') {
      assert.ok(mechid.checkStudyWork(mechid.preset('3dof'), { n: 500, hValues: 1, runs: 1, methods: ['auto'] }).flops > 0);
    } else if (analysis[command]) {
      const e = mechid.analysisWork(command, ...analysis[command]);
      assert.ok(e.flops > 0 && e.bytes > 0 && Number.isFinite(e.seconds), `${command}: ${JSON.stringify(e)}`);
    } else if (guarded[command]) {
      const e = mechid.commandWork(command, guarded[command]);
      assert.ok(e.flops > 0 && e.bytes > 0 && Number.isFinite(e.seconds), `${command}: ${JSON.stringify(e)}`);
    } else {
      assert.ok(linear.includes(command), `command ${command} has no cost model and is not listed as linear in its input`);
    }
  }
});
