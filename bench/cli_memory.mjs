// The CLI's peak memory on a 10⁶-sample record (issue 56 item 7: `identify --method auto` within
// 300 MB): a 3-DOF record of 10⁶ samples (simulate, h = 0.01, SNR 15 dB, seed 3: 79 MB of CSV)
// identified by each method in a fresh Node process (started as bin/mechid.js starts the CLI), whose peak resident set (getrusage's maxrss,
// the JS heap, the file's channels and the WebAssembly memory together) the child reports at exit
// with the module's WebAssembly memory. `node bench/run.mjs cli_memory` (~3 min).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NODE_ENVIRONMENT, NODE_FLAGS } from '../bin/launch.mjs';

const cli = new URL('../bin/mechid.js', import.meta.url).pathname;
const child = new URL('./cli_memory_child.mjs', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'mechid-cli-memory-'));
const data = join(dir, 'record.csv');
const made = spawnSync(process.execPath, [cli, 'simulate', '--system', '3dof', '--h', '0.01', '--n', '1000000', '--snr', '15', '--seed', '3', '--out', data]);
if (made.status !== 0) throw new Error(`simulate failed: ${made.stderr}`);

// One CLI run in a child that reports {maxRssMB, wasmMB} on its last stderr line, started as
// bin/mechid.js starts the CLI (bin/launch.mjs: node --no-concurrent-recompilation, which compiles
// JavaScript on the main thread, and MALLOC_ARENA_MAX=1), unless `launcher` is false (a plain node:
// V8's compiler threads then leave 10-50 MB more resident) or `arenas` is false (glibc's default
// malloc arenas: Node's threads keep one each, 14-18 MB).
function run(args, nodeFlags = [], { launcher = true, arenas = launcher } = {}) {
  const begin = performance.now();
  const flags = launcher ? [...NODE_FLAGS, ...nodeFlags] : nodeFlags;
  const env = { ...process.env, ...(arenas ? NODE_ENVIRONMENT : {}) };
  if (!arenas) for (const key of Object.keys(NODE_ENVIRONMENT)) delete env[key];
  const r = spawnSync(process.execPath, [...flags, child, ...args, '--out', join(dir, 'out.json')], { encoding: 'utf8', maxBuffer: 1 << 26, env });
  const seconds = (performance.now() - begin) / 1000;
  const last = r.stderr.trim().split('\n').at(-1);
  const report = last.startsWith('{') ? JSON.parse(last) : {};
  return { ...report, seconds, status: r.status };
}

// A table row of one run.
const row = (label, m) => `| ${label} | ${m.maxRssMB ?? '–'} | ${m.wasmMB ?? '–'} | ${m.seconds.toFixed(1)} | ${m.status === 0 ? 'ok' : `exit ${m.status}`} |`;
const auto = ['identify', '--data', data, '--method', 'auto'];
const rows = [];
// auto three times: its peak varied from run to run by up to 60 MB with glibc's default arenas.
for (let k = 1; k <= 3; k++) rows.push(row(`identify --method auto (run ${k})`, run(auto)));
for (const method of ['n4sid-d2c', 'variational']) rows.push(row(`identify --method ${method}`, run(['identify', '--data', data, '--method', method])));
rows.push(row('inspect (the file read, no estimate)', run(['inspect', '--data', data])));
rows.push(row('identify --method auto, node --max-semi-space-size=1', run(auto, ['--max-semi-space-size=1'])));
rows.push(row("identify --method auto, glibc's default malloc arenas (without the launcher's MALLOC_ARENA_MAX=1)", run(auto, [], { arenas: false })));
rows.push(row("identify --method auto, plain node (without the launcher's flag and MALLOC_ARENA_MAX=1)", run(auto, [], { launcher: false })));
rmSync(dir, { recursive: true, force: true });

export const table = [
  `A 3-DOF record of 10⁶ samples (79 MB of CSV: t, u1-u3, q1-q3), each command in a fresh Node ${process.version} process started as bin/mechid.js starts the CLI (MALLOC_ARENA_MAX=1 node --no-concurrent-recompilation); peak resident set (getrusage maxrss) and the WebAssembly memory at exit. Target (issue 56): identify --method auto within 300 MB.`,
  '',
  '| command | peak RSS (MB) | WebAssembly memory (MB) | wall s | status |',
  '|---|---|---|---|---|',
  ...rows,
].join('\n');
