// The CLI's peak memory on a 10⁶-sample record (issue 56 item 7: `identify --method auto` within
// 300 MB): a 3-DOF record of 10⁶ samples (simulate, h = 0.01, SNR 15 dB, seed 3: 79 MB of CSV)
// identified by each method in a fresh Node process (started as bin/mechid.js starts the CLI), whose peak resident set (getrusage's maxrss,
// the JS heap, the file's channels and the WebAssembly memory together) the child reports at exit
// with the module's WebAssembly memory. `node bench/run.mjs cli_memory` (~2 min).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const cli = new URL('../bin/mechid.js', import.meta.url).pathname;
const child = new URL('./cli_memory_child.mjs', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'mechid-cli-memory-'));
const data = join(dir, 'record.csv');
const made = spawnSync(process.execPath, [cli, 'simulate', '--system', '3dof', '--h', '0.01', '--n', '1000000', '--snr', '15', '--seed', '3', '--out', data]);
if (made.status !== 0) throw new Error(`simulate failed: ${made.stderr}`);

// One CLI run in a child that reports {maxRssMB, wasmMB} on its last stderr line, started as
// bin/mechid.js starts the CLI (its first line: node --no-concurrent-recompilation, which compiles
// JavaScript on the main thread), unless `launcher` is false (a plain node, as this bench's child
// was started before: V8's compiler threads then leave 10-50 MB more resident).
function run(args, nodeFlags = [], { launcher = true } = {}) {
  const begin = performance.now();
  const flags = launcher ? ['--no-concurrent-recompilation', ...nodeFlags] : nodeFlags;
  const r = spawnSync(process.execPath, [...flags, child, ...args, '--out', join(dir, 'out.json')], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const seconds = (performance.now() - begin) / 1000;
  const last = r.stderr.trim().split('\n').at(-1);
  const report = last.startsWith('{') ? JSON.parse(last) : {};
  return { ...report, seconds, status: r.status };
}

const rows = [];
for (const method of ['auto', 'n4sid-d2c', 'variational']) {
  const m = run(['identify', '--data', data, '--method', method]);
  rows.push(`| identify --method ${method} | ${m.maxRssMB ?? '–'} | ${m.wasmMB ?? '–'} | ${m.seconds.toFixed(1)} | ${m.status === 0 ? 'ok' : `exit ${m.status}`} |`);
}
const read = run(['inspect', '--data', data]);
rows.push(`| inspect (the file read, no estimate) | ${read.maxRssMB ?? '–'} | ${read.wasmMB ?? '–'} | ${read.seconds.toFixed(1)} | ${read.status === 0 ? 'ok' : `exit ${read.status}`} |`);
const young = run(['identify', '--data', data, '--method', 'auto'], ['--max-semi-space-size=1']);
rows.push(`| identify --method auto, node --max-semi-space-size=1 | ${young.maxRssMB ?? '–'} | ${young.wasmMB ?? '–'} | ${young.seconds.toFixed(1)} | ${young.status === 0 ? 'ok' : `exit ${young.status}`} |`);
const plain = run(['identify', '--data', data, '--method', 'auto'], [], { launcher: false });
rows.push(`| identify --method auto, plain node (without the launcher's --no-concurrent-recompilation) | ${plain.maxRssMB ?? '–'} | ${plain.wasmMB ?? '–'} | ${plain.seconds.toFixed(1)} | ${plain.status === 0 ? 'ok' : `exit ${plain.status}`} |`);
rmSync(dir, { recursive: true, force: true });

export const table = [
  `A 3-DOF record of 10⁶ samples (79 MB of CSV: t, u1-u3, q1-q3), each command in a fresh Node ${process.version} process started as bin/mechid.js starts the CLI (node --no-concurrent-recompilation); peak resident set (getrusage maxrss) and the WebAssembly memory at exit. Target (issue 56): identify --method auto within 300 MB.`,
  '',
  '| command | peak RSS (MB) | WebAssembly memory (MB) | wall s | status |',
  '|---|---|---|---|---|',
  ...rows,
].join('\n');
