// Shared by the Node tests: the loaded module (once), and a runner of the CLI.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadMechidNode } from '../../wasm/node.js';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const mechid = await loadMechidNode();

/** Runs `node bin/mechid.js ...args`; returns {code, stdout, stderr}. */
export function cli(...args) {
  const r = spawnSync(process.execPath, [`${root}bin/mechid.js`, ...args], { encoding: 'utf8', cwd: root });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Entry (i, j) (0-based) of a row-major {rows, cols, data} matrix. */
export const at = (m, i, j) => m.data[i * m.cols + j];
