// Octave's n4sid against mechid's subspace route, timed on the same CSV files in one run (issue 19,
// item 7; done when the subspace step is ≥ 3× faster than Octave's n4sid on the same data at equal
// or better accuracy). Cases: 3dof at h = 0.05 and 0.2 (SNR 15 dB, the slicot section's design and
// its first runs' seeds: at 0.05 the rule's block rows are near their cap, at 0.2 SLICOT's accuracy
// is nearest ours) and 8dof at h = 0.005 (SNR 20 dB, as the 8dof study and the speed section);
// N = 6000, PRBS held on all inputs, 5 runs each.
//
// Each run in the steady state on both sides: the first call, a warm-up of ≥ 3 calls and ≥ 1 s,
// then the best of 5; the table gives the median over the runs of those bests.
// - Octave (bench/octave.mjs: one session for every file, tic/toc, iddata built before):
//   n4sid(dat, 2n) with its defaults (SLICOT IB01AD/IB01BD/IB01CD: s = min(2 order, order + 10)
//   block rows, A, B, C, D, Kalman gain and x0), and separately n4sid + d2c + the extraction;
//   OpenBLAS on one thread unless OPENBLAS_NUM_THREADS says otherwise.
// - mechid (WASM under Node, one module): the whole identify('n4sid-d2c') call, at the rule's block
//   rows and at Octave's s (IdentifyOptions blockRows). The call also copies the data in, scales
//   them, converts (d2c), extracts M, D, K and finishes the result (checks, modal analysis, free-run
//   validation, residual tests), so its time bounds the subspace step's from above.
// - The subspace step alone in WASM (what issue 19 compares): bench/native/identify_speed.cpp built
//   as a WebAssembly program for Node (target mechid_identify_speed_wasm, brought up to date here),
//   which simulates the same run (same seed and options as mechid.simulate below) and times
//   subspace_with_rule (steps 1-4 at the given block rows; under the rule the pilot too), best of
//   `toolRepeats` calls, enough that the last ones run after V8 has tiered the module up (with 5,
//   3dof's step took 9 ms instead of 3).
// Accuracy: RMS over the runs of ‖X̂ − X‖_F/‖X‖_F for M, K, D (octave.mjs, the same measure for both).
// Runs only when `octave-cli` with the control package is installed (Debian: octave octave-control);
// otherwise the section says so. Reproduce: `node bench/run.mjs peer` (needs the wasm build; about
// 2.5 min on the 2-core machine with a build running, two thirds of it the 8dof case in WASM).
import { cpus, loadavg, tmpdir } from 'node:os';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadMechidNode } from '../wasm/node.js';
import { octaveIdentify, octaveMissing, octaveVersions, pct, relativeErrors, rms, writeRecordCsv } from './octave.mjs';
import { steadyState } from './timing.mjs';

const cases = [
  { system: '3dof', h: 0.05, snr: 15, seed: 2000 },
  { system: '3dof', h: 0.2, snr: 15, seed: 4000 },
  { system: '8dof', h: 0.005, snr: 20, seed: 9000 },
];
const runs = 5, repeats = 5, n = 6000;

// The WASM build of the native timing tool (wasm/CMakeLists.txt), brought up to date with the core
// here (an incremental build: a no-op when nothing changed).
const root = new URL('../', import.meta.url).pathname;
const tool = join(root, 'build-wasm/bench/identify_speed.cjs');
function buildTool() {
  execFileSync('cmake', ['--build', join(root, 'build-wasm'), '-j2', '--target', 'mechid_identify_speed_wasm'],
    { stdio: 'ignore', env: { ...process.env, NODE_PATH: '/usr/share/nodejs' } });
}
// The subspace step's best time (ms) in WASM on the run simulated with `seed`.
const toolRepeats = { '3dof': 100, '8dof': 20 };
function subspaceStepMs(system, h, snr, seed, blockRows) {
  const out = execFileSync(process.execPath, [tool, `${system}:${h}:${snr}:n4sid-d2c`], {
    encoding: 'utf8',
    env: { ...process.env, MECHID_SPEED_SEED: String(seed), MECHID_SPEED_BLOCK_ROWS: String(blockRows), MECHID_SPEED_REPEATS: String(toolRepeats[system]) },
  });
  return JSON.parse(out)[0].n4sid_ms;
}
// OpenBLAS's threads in Octave: one, as WASM's one thread, unless OPENBLAS_NUM_THREADS is given
// (with its default of one per core, a build on the other core doubled Octave's times from one file
// to the next; one thread was steady and not slower).
const threads = process.env.OPENBLAS_NUM_THREADS ?? '1';
// Octave's block rows for order n4sid(dat, order) (control 3.4.0, __slicot_identification__.m:
// s = min (2*n, n+10), then at most fix((N + 1)/(2 (m + p + 1))), which N = 6000 does not reach).
const octaveBlockRows = (order) => Math.min(2 * order, order + 10);

const median = (xs) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2 : NaN;
};
const ms = (x) => (Number.isFinite(x) ? (x >= 100 ? x.toFixed(0) : x.toPrecision(3)) : '–');
const ratio = (a, b) => (Number.isFinite(a / b) ? `${(a / b).toFixed(2)}` : '–');
const span = (xs) => {
  const lo = Math.min(...xs), hi = Math.max(...xs);
  return lo === hi ? `${lo}` : `${lo}–${hi}`;
};

async function compare() {
  const started = performance.now(), load = loadavg()[0];
  const mechid = await loadMechidNode();
  buildTool();
  const dir = mkdtempSync(join(tmpdir(), 'mechid-peer-'));
  try {
    // mechid first, every case; then one Octave session over every file (not both at once).
    const files = [], ours = [];
    for (const [c, { system, h, snr, seed }] of cases.entries()) {
      const truth = mechid.preset(system), dofs = truth.M.rows;
      const settings = [{ label: 'rule', blockRows: 0 }, { label: 'Octave\'s s', blockRows: octaveBlockRows(2 * dofs) }];
      const mine = settings.map((s) => ({ ...s, ms: [], step: [], errors: [], rows: [] }));
      for (let run = 0; run < runs; run++) {
        const sim = mechid.simulate(truth, { h, n, snr, seed: seed + run });
        const name = `c${c}_r${run}.csv`;
        writeRecordCsv(join(dir, name), sim);
        files.push({ name, dofs, case: c });
        const data = { h, u: sim.u, y: sim.q, inputSampling: 'hold' };
        for (const m of mine) {
          const { best, result: r } = steadyState(() => mechid.identify('n4sid-d2c', data, { blockRows: m.blockRows }), repeats);
          m.ms.push(best);
          m.step.push(subspaceStepMs(system, h, snr, seed + run, m.blockRows));
          m.rows.push(r.diagnostics.block_rows);
          m.errors.push(r.status === 'failed' ? null : relativeErrors([...r.M.data, ...r.K.data, ...r.D.data], truth));
        }
      }
      ours.push(mine);
    }
    const octave = octaveIdentify(dir, files, { repeats, threads });

    const v = octaveVersions();
    const cpu = cpus();
    const lines = [
      `Machine: ${cpu.length} cores (${cpu[0].model.trim()}), load average ${load.toFixed(1)} when the section started; Node ${process.version}; ` +
      `Octave ${v.octave}, control ${v.control}, ${v.blas} with ${threads} thread${threads === '1' ? '' : 's'} (OPENBLAS_NUM_THREADS; WASM runs one). ` +
      `Reproduce: \`node bench/run.mjs peer\` (this run took ${((performance.now() - started) / 60000).toFixed(1)} min, Octave's session ${octave.seconds.toFixed(0)} s of it).`, '',
      `Data: N = ${n}, PRBS held on all inputs, ${runs} runs per case (simulate seeds ${cases.map((c) => `${c.system} h = ${c.h}: ${c.seed} + run`).join(', ')}), ` +
      'written to CSV files that both tools read.', '',
      `Timed: each run in the steady state (first call, warm-up of ≥ 3 calls and ≥ 1 s, best of ${repeats}); the table gives the median over the runs. ` +
      'Octave (one session, tic/toc, iddata built before): n4sid(dat, 2n) with its defaults (SLICOT IB01AD/IB01BD/IB01CD, s = min(2 order, order + 10) ' +
      'block rows, Kalman gain and x0 included), and n4sid + d2c + the Luş extraction. mechid (WASM): the whole identify(\'n4sid-d2c\') call, at the ' +
      'rule\'s block rows and at Octave\'s s (option blockRows): copy in, scaling, the subspace step (under the rule a pilot at 2 order block rows, then ' +
      'the final step), d2c, extraction, and the result\'s checks, modal analysis and free-run validation; and the subspace step alone in WASM ' +
      '(subspace_with_rule: steps 1-4, under the rule with its pilot; bench/native/identify_speed.cpp built with em++, best of ' +
      `${toolRepeats['3dof']} calls for 3dof and ${toolRepeats['8dof']} for 8dof, so that the last ones run after V8 has optimized the module; on the same simulated run). ` +
      'A ratio above 1 means mechid is faster; the target is ≥ 3 for the subspace step.', '',
      '| system | h | SNR dB | mechid block rows | mechid subspace step ms | mechid n4sid-d2c ms | Octave n4sid ms | Octave n4sid + d2c + extraction ms | Octave n4sid / mechid subspace step | Octave n4sid / mechid n4sid-d2c | Octave n4sid + d2c + extraction / mechid n4sid-d2c |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
    ];
    const systems = [...new Set(cases.map((c) => c.system))];
    const octaveRows = systems.map((s) => `${octaveBlockRows(2 * mechid.preset(s).M.rows)} for ${s}`).join(', ');
    const accuracy = ['', `Accuracy on the same runs: RMS over the runs that did not fail of ‖X̂ − X‖_F/‖X‖_F (Octave's block rows s = ${octaveRows}):`, '',
      '| system | h | mechid block rows | M mechid | M Octave | K mechid | K Octave | D mechid | D Octave | failed mechid / Octave |',
      '|---|---|---|---|---|---|---|---|---|---|'];
    for (const [c, { system, h, snr }] of cases.entries()) {
      const theirs = files.filter((f) => f.case === c).map((f) => octave.byName.get(f.name));
      const tN4sid = median(theirs.map((t) => 1000 * t.seconds[0])), tAll = median(theirs.map((t) => 1000 * t.seconds[1]));
      const truth = mechid.preset(system);
      const b = theirs.filter((t) => t.values).map((t) => relativeErrors(t.values, truth));
      for (const m of ours[c]) {
        const tOurs = median(m.ms), tStep = median(m.step), a = m.errors.filter(Boolean);
        const rows = `${span(m.rows)} (${m.label})`;
        lines.push(`| ${system} | ${h} | ${snr} | ${rows} | ${ms(tStep)} | ${ms(tOurs)} | ${ms(tN4sid)} | ${ms(tAll)} | ${ratio(tN4sid, tStep)} | ${ratio(tN4sid, tOurs)} | ${ratio(tAll, tOurs)} |`);
        const col = (xs, key) => pct(rms(xs.map((e) => e[key])));
        accuracy.push(`| ${system} | ${h} | ${rows} | ${col(a, 'M')} | ${col(b, 'M')} | ${col(a, 'K')} | ${col(b, 'K')} | ${col(a, 'D')} | ${col(b, 'D')} | ${runs - a.length} / ${runs - b.length} |`);
      }
    }
    return [...lines, ...accuracy].join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const missing = octaveMissing();
export const table = missing ? `Skipped: ${missing}.` : await compare();
