// Shared by the Node tests: the loaded module (once), and a runner of the CLI.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadMechidNode } from '../../wasm/node.js';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const mechid = await loadMechidNode();

const CLI_TIMEOUT_MS = 300_000;

/** Runs `mechid ...args` as its executable does (bin/mechid.js's first line: node with
 *  --no-concurrent-recompilation, so one process; `node bin/mechid.js` starts a second one with that
 *  flag, tested in cli.test.mjs); returns {code, stdout, stderr}. A run that outlives
 *  CLI_TIMEOUT_MS is killed and fails its test (code null) instead of stalling the suite. */
export function cli(...args) {
  const r = spawnSync(process.execPath, ['--no-concurrent-recompilation', `${root}bin/mechid.js`, ...args], { encoding: 'utf8', cwd: root, timeout: CLI_TIMEOUT_MS, maxBuffer: 2 ** 26 });
  const killed = r.signal ? `\nmechid ${args.join(' ')}: killed by ${r.signal} (after ${CLI_TIMEOUT_MS / 1000} s, or beyond 64 MiB of output)` : '';
  return { code: r.status, stdout: r.stdout, stderr: r.stderr + killed };
}

/** Entry (i, j) (0-based) of a row-major {rows, cols, data} matrix. */
export const at = (m, i, j) => m.data[i * m.cols + j];
