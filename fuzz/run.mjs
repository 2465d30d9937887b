#!/usr/bin/env node
// `npm run fuzz [-- options]`: in-process fuzzing of the WASM API (issue 20, item 5), one target
// after the other (or --jobs at a time), each in a worker thread. Not part of `npm test`.
//   --seconds S     time budget per target (default 60, or MECHID_FUZZ_SECONDS)
//   --runs N        a fixed number of cases per target instead
//   --target A,B    targets (default all of fuzz/targets/: csv, estimators, identify, nonlinear)
//   --seed S        first case seed (default from the clock; printed, so a run can be repeated)
//   --jobs J        targets run at once (default 1; the machine is shared)
//   --findings DIR  where crashes are saved (default fuzz/findings/)
//   --replay FILE…  rerun saved findings (fuzz/findings/*.json) and print each outcome
// Exit 1 when any case crashed (outcome.mjs), trapped or hung (> 10 s).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { loadMechidNode } from '../wasm/node.js';
import { runCall } from './calls.mjs';
import { fromJson } from './codec.mjs';
import { classifyAsync, isCrash } from './outcome.mjs';
import { runTarget } from './runner.mjs';
import { loadTarget, targetNames } from './targets.mjs';

function parseArgs(argv) {
  const o = { seconds: Number(process.env.MECHID_FUZZ_SECONDS ?? 60), runs: Infinity, targets: targetNames(),
    seed: Date.now() % 1e9, jobs: 1, findings: new URL('./findings/', import.meta.url), replay: null };
  for (let i = 0; i < argv.length; i++) {
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${argv[i]} needs a value`);
      return argv[++i];
    };
    const number = (name) => {
      const x = Number(value());
      if (!(x > 0 || (name === 'seed' && x === 0)) || !Number.isFinite(x)) throw new Error(`--${name} must be a positive number, got ${argv[i]}`);
      return x;
    };
    switch (argv[i]) {
      case '--seconds': o.seconds = number('seconds'); break;
      case '--runs': o.runs = Math.floor(number('runs')); o.seconds = Infinity; break;
      case '--target': case '--targets': o.targets = value().split(','); break;
      case '--seed': o.seed = Math.floor(number('seed')); break;
      case '--jobs': o.jobs = Math.floor(number('jobs')); break;
      case '--findings': o.findings = pathToFileURL(value().replace(/\/?$/, '/')); break;
      case '--replay': o.replay = argv.slice(i + 1); i = argv.length; break;
      default: throw new Error(`unknown option ${argv[i]} (see the comment at the top of fuzz/run.mjs)`);
    }
  }
  for (const t of o.targets) if (!targetNames().includes(t)) throw new Error(`no target '${t}' (targets: ${targetNames().join(', ')})`);
  return o;
}

/** A saved finding's outcome now: its call, or (a hang's file has none) its case prepared again. */
export async function replayFinding(mechid, finding) {
  const target = await loadTarget(finding.target);
  const ctx = (await target.setup?.(mechid)) ?? {};
  return classifyAsync(() => runCall(mechid, finding.call ?? target.prepare(mechid, finding.case, ctx)));
}

async function replay(files) {
  const mechid = await loadMechidNode();
  let crashes = 0;
  for (const file of files) {
    const finding = fromJson(readFileSync(file, 'utf8'));
    const began = performance.now();
    const outcome = await replayFinding(mechid, finding);
    if (isCrash(outcome.kind)) crashes++;
    console.log(`${file}: was ${finding.kind}, now ${outcome.kind} (${(performance.now() - began).toFixed(0)} ms): ${outcome.detail.slice(0, 300)}`);
  }
  return crashes;
}

const row = (r) => {
  const k = (name) => r.kinds[name] ?? 0;
  const crashes = Object.entries(r.kinds).filter(([kind]) => isCrash(kind)).map(([kind, n]) => `${n} ${kind}`).join(', ') || '0';
  return `| ${r.target} | ${r.executions} | ${r.seconds.toFixed(0)} | ${(r.executions / r.seconds).toFixed(0)} | ${k('bad-input')} | ${k('ok')} | ${k('warning')} | ${k('failed')} | ${crashes} | ${r.slowest.ms.toFixed(0)} (seed ${r.slowest.seed}) | ${(r.memory / 2 ** 20).toFixed(0)} |`;
};

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (o.replay) process.exit((await replay(o.replay)) > 0 ? 1 : 0);
  const budget = Number.isFinite(o.runs) ? `${o.runs} cases` : `${o.seconds} s`;
  console.log(`mechid fuzz: targets ${o.targets.join(', ')}; ${budget} each; --seed ${o.seed}; --jobs ${o.jobs}`);
  const queue = [...o.targets], results = [];
  const lane = async () => {
    for (let t = queue.shift(); t !== undefined; t = queue.shift()) {
      const r = await runTarget({ target: t, seconds: o.seconds, runs: o.runs, seed: o.seed, findingsDir: o.findings,
        onFinding: (f) => console.log(`FINDING ${t} seed ${f.seed}: ${f.kind}: ${f.detail.slice(0, 200)} -> ${f.file}`) });
      console.log(`${t}: ${r.executions} cases in ${r.seconds.toFixed(0)} s, ${r.findings.length} findings`);
      results.push(r);
    }
  };
  await Promise.all(Array.from({ length: Math.min(o.jobs, queue.length) }, lane));
  results.sort((a, b) => a.target.localeCompare(b.target));
  console.log('\n| target | cases | s | cases/s | bad-input | ok | warning | failed | crashes, traps, hangs | slowest ms | WASM MiB |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) console.log(row(r));
  const sum = (key) => results.reduce((s, r) => s + r[key], 0);
  const found = sum('executions') && results.flatMap((r) => r.findings).length;
  console.log(`\ntotal: ${sum('executions')} cases, ${found} crashes/traps/hangs (npm run fuzz -- --seed ${o.seed} ${budget.startsWith('∞') ? '' : ''})`);
  process.exit(found > 0 ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e) => { console.error(`mechid fuzz: ${e.message}`); process.exit(2); });
}
