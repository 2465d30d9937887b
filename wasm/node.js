// Node loader of the WASM module: the ES module built for web/worker needs `wasmBinary` in Node
// (docs/toolchain.md §5). Used by bin/mechid.js and the Node tests.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { MechidError, wrapModule } from './api.js';
import { useCore } from './core-instance.js';

const generated = new URL('../web/gen/', import.meta.url);

/**
 * Loads the core for Node. threads > 1: the module built with WebAssembly threads
 * (web/gen/node/mechid-threads.cjs, its pthreads on worker_threads), computing one identification
 * on that many threads, the same numbers to the bit (tests/node/threads.test.mjs).
 */
export async function loadMechidNode({ threads = 1 } = {}) {
  const mechid = threads > 1 ? await loadWithThreads(threads) : await loadSingle();
  useCore(mechid);  // this thread's instance (wasm/core-instance.js)
  return mechid;
}

async function readBinary(url) {
  try {
    return await readFile(url);
  } catch {
    throw new MechidError('internal', `the WebAssembly module is not built (${fileURLToPath(url)}): run \`npm run build:wasm\``);
  }
}

async function loadSingle() {
  const wasmBinary = await readBinary(new URL('mechid.wasm', generated));
  const { default: createMechidModule } = await import(new URL('mechid.mjs', generated).href);
  return wrapModule(await createMechidModule({ wasmBinary }));
}

// The binary is handed over (Node's global fetch would make Emscripten 3.1.6 fetch() a file path).
async function loadWithThreads(threads) {
  const wasmBinary = await readBinary(new URL('node/mechid-threads.wasm', generated));
  const createMechidModule = createRequire(import.meta.url)(fileURLToPath(new URL('node/mechid-threads.cjs', generated)));
  const module = await createMechidModule({ wasmBinary, mechidThreadPool: threads - 1 });
  // The pool's workers do not keep the process alive: it ends when its own work has (the core's
  // threads wait in them only while a computation runs).
  for (const worker of module.PThread.unusedWorkers) worker.unref();
  const mechid = wrapModule(module);
  mechid.setThreads(threads);
  return mechid;
}
