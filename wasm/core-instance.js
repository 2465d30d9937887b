// The Mechid instance of this thread, for the functions of modules that read or aggregate without
// being handed one (wasm/study.js aggregateStudy, wasm/uff-convert.js uffToModes): the numbers
// they give are computed by it. wasm/node.js registers each instance it loads; a host may set one
// (useCore) or pass its own to those functions. The page's main thread has none: it asks its worker.
import { MechidError } from './errors.js';

let current = null;

/** Makes `mechid` (a wrapModule result) the instance of this thread. */
export function useCore(mechid) {
  current = mechid;
}

/** `given`, else the instance of this thread; `what` names the caller in the error when there is none. */
export function coreFor(what, given) {
  const core = given ?? current;
  if (!core) throw new MechidError('internal', `${what} needs the core: load it first (loadMechidNode) or pass a Mechid instance`);
  return core;
}
