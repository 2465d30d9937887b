// Shared by the Node tests: the loaded module (once), and runners of the CLI (in this process, and as
// its executable).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadMechidNode } from '../../wasm/node.js';
import { runCli } from '../../bin/main.mjs';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const mechid = await loadMechidNode();

const CLI_TIMEOUT_MS = 300_000;

/** Runs `mechid ...args` as its executable does (bin/mechid.js's first line: node with
 *  --no-concurrent-recompilation, so one process; `node bin/mechid.js` starts a second one with that
 *  flag, tested in cli.test.mjs); returns {code, stdout, stderr}. A run that outlives
 *  CLI_TIMEOUT_MS is killed and fails its test (code null) instead of stalling the suite. */
export function cliProcess(...args) {
  const r = spawnSync(process.execPath, ['--no-concurrent-recompilation', `${root}bin/mechid.js`, ...args], { encoding: 'utf8', cwd: root, timeout: CLI_TIMEOUT_MS, maxBuffer: 2 ** 26 });
  const killed = r.signal ? `\nmechid ${args.join(' ')}: killed by ${r.signal} (after ${CLI_TIMEOUT_MS / 1000} s, or beyond 64 MiB of output)` : '';
  return { code: r.status, stdout: r.stdout, stderr: r.stderr + killed };
}

// Relative paths in the tests' arguments are the repository's, as for cliProcess.
process.chdir(root);

/** Runs `mechid ...args` in this process (bin/main.mjs, the CLI's run without its process) on the
 *  module above; resolves to {code, stdout, stderr} as cliProcess returns them. A spawned CLI costs
 *  0.2 s of CPU to start and runs its first calls in V8's baseline code; most tests check what a
 *  command computes and prints, which this checks the same. The executable itself (launcher, exit,
 *  output to a pipe, bytes reaching a terminal) is tested through cliProcess in cli.test.mjs and
 *  cli_messages.test.mjs. */
export async function cli(...args) {
  const sink = () => ({ text: '', write(t) { this.text += t; return true; } });
  const stdout = sink(), stderr = sink();
  const code = await runCli(args, { stdout, stderr, mechid });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/** Entry (i, j) (0-based) of a row-major {rows, cols, data} matrix. */
export const at = (m, i, j) => m.data[i * m.cols + j];

/** n uniform numbers in (−0.5, 0.5) from a Lehmer generator started at `seed` (1 … 2³¹ − 2). */
export function uniformNoise(n, seed) {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    seed = (seed * 16807) % 2147483647;
    out[i] = seed / 2147483647 - 0.5;
  }
  return out;
}
