// A full garbage collection on demand, for a command that has handed a long record to the core and
// dropped its own arrays (issue 56 item 7): V8 collects them only when its own heap asks for it,
// and the estimate that follows grows the WebAssembly memory without asking, so the channels of a
// 10⁶-sample record (56 MB) stayed resident through `identify`. Node exposes gc() only under
// --expose-gc; the flag set at run time takes effect in a context made after it (node:vm).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc = typeof globalThis.gc === 'function' ? globalThis.gc : undefined;

/** Collects the garbage now; twice, so that the array buffers found dead are freed before it returns. */
export function collectGarbage() {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc');
  }
  gc();
  gc();
}
