// Node loader of the WASM module: the ES module built for web/worker needs `wasmBinary` in Node
// (docs/toolchain.md §5). Used by bin/mechid.js and the Node tests.
import { readFile } from 'node:fs/promises';
import { MechidError, wrapModule } from './api.js';
import { useCore } from './core-instance.js';

const generated = new URL('../web/gen/', import.meta.url);

export async function loadMechidNode() {
  let wasmBinary;
  try {
    wasmBinary = await readFile(new URL('mechid.wasm', generated));
  } catch {
    throw new MechidError('internal', 'the WebAssembly module is not built (web/gen/mechid.wasm): run `npm run build:wasm`');
  }
  const { default: createMechidModule } = await import(new URL('mechid.mjs', generated).href);
  const mechid = wrapModule(await createMechidModule({ wasmBinary }));
  useCore(mechid);  // this thread's instance (wasm/core-instance.js)
  return mechid;
}
