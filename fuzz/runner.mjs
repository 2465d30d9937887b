// Runs one fuzz target in worker threads for a time budget or a number of cases, kills a worker
// whose case runs longer than HANG_MS and saves that case as a hang, saves every crash as
// <findingsDir>/<target>-<seed>.json ({target, seed, kind, detail, case, call}; codec.mjs JSON),
// and returns the counts. Used by run.mjs (`npm run fuzz`) and tests/node/fuzz.test.mjs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import fc from 'fast-check';
import { loadMechidNode } from '../wasm/node.js';
import { toJson } from './codec.mjs';
import { HANG_MS } from './outcome.mjs';
import { generateCase, loadTarget } from './targets.mjs';

const POLL_MS = 200;
// Files saved per kind of finding (same kind, message without its numbers, and place): a bug that
// many cases hit is counted, not saved thousands of times.
const SAME_KIND_FILES = 3;

function merge(total, part) {
  total.executions += part.executions;
  for (const [kind, count] of Object.entries(part.kinds)) total.kinds[kind] = (total.kinds[kind] ?? 0) + count;
  if (part.slowest.ms > total.slowest.ms) total.slowest = part.slowest;
}

// The case of a seed, generated here (the worker is dead) for a hang's file.
async function caseOf(name, seed) {
  const target = await loadTarget(name);
  const ctx = (await target.setup?.(await loadMechidNode())) ?? {};
  return generateCase(fc, target.arbitrary(fc, ctx), seed);
}

/**
 * {target, seconds | runs, seed, findingsDir, onFinding?, hangMs?} -> {target, executions, kinds,
 * slowest: {ms, seed}, findings: [{seed, kind, detail, file}], memory (WASM bytes, peak), seconds (running
 * cases), wallSeconds (with the workers' start-up)}.
 */
export async function runTarget({ target, seconds = Infinity, runs = Infinity, seed = 1, findingsDir, onFinding, hangMs = HANG_MS }) {
  const began = Date.now();
  // Time budget left for running cases (a worker's start-up is not counted).
  let budgetMs = Number.isFinite(seconds) ? seconds * 1000 : Number.MAX_SAFE_INTEGER;
  let caseMs = 0;
  const total = { executions: 0, kinds: {}, slowest: { ms: 0, seed: null } };
  const findings = [];
  let memory = 0;
  const seen = new Map();  // findings per signature: only the first SAME_KIND_FILES are saved
  const save = (finding) => {
    const signature = `${finding.kind}: ${finding.detail.replace(/[-+\d.e]+/g, '#').slice(0, 100)} ${finding.stack?.split('\n')[1] ?? ''}`;
    seen.set(signature, (seen.get(signature) ?? 0) + 1);
    if (seen.get(signature) > SAME_KIND_FILES) return;
    mkdirSync(findingsDir, { recursive: true });
    const file = new URL(`${finding.target}-${finding.seed}.json`, findingsDir);
    writeFileSync(file, JSON.stringify(JSON.parse(toJson(finding)), null, 1) + '\n');
    findings.push({ seed: finding.seed, kind: finding.kind, detail: finding.detail, file: file.pathname });
    onFinding?.(findings.at(-1));
  };

  let start = 0;
  const end = Number.isFinite(runs) ? runs : Number.MAX_SAFE_INTEGER;
  while (start < end && budgetMs > 0) {
    const progress = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(new URL('./worker.mjs', import.meta.url), {
      workerData: { target, baseSeed: seed, start, end, budgetMs, progress },
    });
    let last = { executions: 0, kinds: {}, slowest: { ms: 0, seed: null } };
    // Resolves to the index to go on from when the worker ends or is killed.
    start = await new Promise((resolve) => {
      let seen = 0, since = Date.now(), finished = false, readyAt = null;
      const finish = (next) => {
        if (finished) return;
        finished = true;
        clearInterval(timer);
        const used = readyAt === null ? 0 : Date.now() - readyAt;
        budgetMs -= used;
        caseMs += used;
        resolve(next);
      };
      const timer = setInterval(async () => {
        const current = Atomics.load(progress, 0);
        if (current !== seen) { seen = current; since = Date.now(); return; }
        if (current === 0 || Date.now() - since < hangMs) return;
        clearInterval(timer);
        await worker.terminate();
        const hangSeed = seed + current - 1;
        last.executions++;
        last.kinds.hang = (last.kinds.hang ?? 0) + 1;
        save({ target, seed: hangSeed, kind: 'hang', detail: `over ${hangMs / 1000} s`, case: await caseOf(target, hangSeed), call: null });
        finish(current);
      }, POLL_MS);
      worker.on('message', (m) => {
        if (m.type === 'ready') readyAt = Date.now();
        if (m.type === 'finding') save(m.finding);
        if (m.type === 'stats') { last = m.stats; memory = Math.max(memory, m.memory); }
        if (m.done) finish(end);
      });
      worker.on('error', (e) => {
        // The worker itself died (e.g. out of memory): a crash at the case it was running.
        const current = Atomics.load(progress, 0);
        save({ target, seed: seed + Math.max(current, 1) - 1, kind: 'worker-died', detail: String(e?.message ?? e), case: null, call: null });
        finish(current === 0 ? end : current);
      });
      worker.on('exit', (code) => {
        // Ended without its counts (e.g. a case awaiting a promise that never settles empties the
        // worker's event loop): a crash at the case it was running.
        const current = Atomics.load(progress, 0);
        if (!finished && current !== 0) {
          save({ target, seed: seed + current - 1, kind: 'worker-died', detail: `the worker ended (exit code ${code}) during a case`, case: null, call: null });
          finish(current);
        }
        finish(end);
      });
    });
    merge(total, last);
  }
  return { target, ...total, findings, memory, seconds: caseMs / 1000, wallSeconds: (Date.now() - began) / 1000 };
}
