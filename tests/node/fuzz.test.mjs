// The fuzz harness of `npm run fuzz` (fuzz/): each target runs a fixed number of cases from a
// fixed seed (so the cases are the same every run: a failure is a real finding, not chance), every
// saved finding in fuzz/findings/ is replayed (its regression test), and the crash rules of
// fuzz/outcome.mjs are checked on constructed outcomes.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fromJson, toJson } from '../../fuzz/codec.mjs';
import { classify } from '../../fuzz/outcome.mjs';
import { replayFinding } from '../../fuzz/run.mjs';
import { runTarget } from '../../fuzz/runner.mjs';
import { targetNames } from '../../fuzz/targets.mjs';
import { MechidError } from '../../wasm/api.js';
import { mechid, root } from './helpers.mjs';

// Cases per target: about a second of CPU each (csv-parse cases are ~100x cheaper).
const RUNS = { blob: 300, mat: 500, 'csv-parse': 150, csv: 8, estimators: 6, geometry: 400, identify: 10, modes: 20, nonlinear: 20, report: 150, 'system-json': 100, uff: 500 };
const SEED = 20;
// Only a case that is really stuck counts as a hang here: the machine may be loaded.
const HANG_MS = 120_000;

for (const target of targetNames()) {
  test(`fuzz target ${target}: ${RUNS[target] ?? 5} cases from seed ${SEED}, no crash, trap or hang`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mechid-fuzz-'));
    try {
      const r = await runTarget({ target, runs: RUNS[target] ?? 5, seed: SEED, findingsDir: pathToFileURL(`${dir}/`), hangMs: HANG_MS });
      assert.equal(r.executions, RUNS[target] ?? 5);
      assert.deepEqual(r.findings.map((f) => `${f.kind} at seed ${f.seed}: ${f.detail}`), []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

// Every crash the fuzzers found, saved as fuzz/findings/<target>-<seed>.json: fixed now. A finding
// whose fix is still to come has "open": "<who fixes it>" and runs as a todo test until then.
const findingsDir = join(root, 'fuzz/findings');
for (const file of readdirSync(findingsDir).filter((f) => f.endsWith('.json')).sort()) {
  const finding = fromJson(readFileSync(join(findingsDir, file), 'utf8'));
  // An open hang is skipped, not run as a todo: it would stall the suite.
  const open = finding.kind === 'hang' ? { skip: finding.open } : { todo: finding.open };
  test(`fuzz finding ${file} (was ${finding.kind}) now gives a clear outcome`, finding.open ? open : {}, async () => {
    const outcome = await replayFinding(mechid, finding);
    assert.ok(['bad-input', 'ok', 'warning', 'failed'].includes(outcome.kind), `${outcome.kind}: ${outcome.detail}`);
  });
}

test('fuzz crash rules: traps, internal errors, other throws and non-finite ok results are crashes; bad input is not', () => {
  const identity = { rows: 1, cols: 1, data: Float64Array.of(1) };
  const nan = { rows: 1, cols: 1, data: Float64Array.of(NaN) };
  const kind = (f) => classify(f).kind;
  assert.equal(kind(() => { throw new WebAssembly.RuntimeError('memory access out of bounds'); }), 'trap');
  assert.equal(kind(() => { throw new MechidError('internal', 'x'); }), 'internal');
  assert.equal(kind(() => { throw new TypeError('x'); }), 'exception');
  assert.equal(kind(() => { throw new MechidError('bad-input', 'x'); }), 'bad-input');
  assert.equal(kind(() => ({ status: 'warning', M: identity, D: identity, K: nan })), 'non-finite');
  assert.equal(kind(() => ({ status: 'ok', M: identity, D: identity })), 'non-finite');  // K missing
  assert.equal(kind(() => ({ status: 'failed', message: 'm' })), 'failed');
  assert.equal(kind(() => ({ status: 'ok', method: 'dia', mass: 1, damping: 2, k: { k1: Infinity } })), 'non-finite');
  assert.equal(kind(() => ({ status: 'ok', model: 'belt-drive', theta: [1, NaN] })), 'non-finite');
  assert.equal(kind(() => ({ status: 'ok', model: 'dataset', broken: 'h = 0' })), 'non-finite');
});

test('fuzz files keep NaN, ±Infinity and typed arrays (fuzz/codec.mjs)', () => {
  const value = { a: [NaN, Infinity, -Infinity, 1.5], f: Float64Array.of(NaN, 2, -Infinity), i: Int32Array.of(3, -4), s: 'x', n: null };
  const back = fromJson(toJson(value));
  assert.deepEqual(back, value);
  assert.ok(back.f instanceof Float64Array && back.i instanceof Int32Array);
});
