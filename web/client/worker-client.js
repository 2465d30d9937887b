// Promise RPC over the module worker (worker.js). A client starts its worker on the first call
// (or on start()), and has one method per entry of protocol.js's REQUEST list (generated below):
// `await client.simulate({system, options})` resolves with the reply's fields, {data, ms}.
// `client` is the page's one shared client; a study makes a pool of its own (web/ui/study-view.js).
import { CANCELLED, REPLY, REQUEST } from './protocol.js';

export const BUILD_HINT = 'is web/gen built? Run `npm run build:wasm`, then reload the page';

// phase: where a request failed, when the worker says (identifyCsv: 'identifying').
function rpcError(code, message, phase, option) {
  return Object.assign(new Error(message), { code }, phase ? { phase } : {}, option ? { option } : {});
}

/** The error of a call whose worker was cancelled or closed (`code` is protocol.js's CANCELLED). */
export class CancelledError extends Error {
  constructor(message = 'cancelled') {
    super(message);
    this.name = 'CancelledError';
    this.code = CANCELLED;
  }
}

export const isCancelled = (e) => e?.code === CANCELLED;

// The one line a crashed request rejects with (code 'internal', crashed: true): what happened, that
// the page recovered, what to do. `what`: the worker's "RuntimeError: memory access out of bounds".
const crashMessage = (what) => `The computation crashed (${what}); the worker was restarted and your inputs are kept. `
  + 'Try another method or option; this is a bug in mechid: please report it with the file and the options';

export class WorkerClient {
  #worker = null;          // started by start() or the first call; null again after a stop
  #pending = new Map();    // id -> {type, payload, transfer, resolve, reject, onProgress}
  #nextId = 1;
  #threads;                // the threads its worker computes on (undefined: the machine's cores)

  /** threads: at most this many for one computation (a study's workers take 1: they run side by side). */
  constructor({ threads } = {}) {
    this.#threads = threads;
  }

  #start() {
    const url = new URL('../app/worker.js', import.meta.url);
    if (this.#threads !== undefined) url.searchParams.set('threads', String(this.#threads));
    const worker = new Worker(url, { type: 'module' });
    // Events of a worker already replaced (terminated after a crash or a cancel) are ignored.
    const current = () => this.#worker === worker;
    worker.onmessage = (e) => {
      if (current()) this.#receive(e.data);
    };
    // A module worker that cannot load gives an event without a message (wrong MIME, 404).
    worker.onerror = (e) => {
      e.preventDefault?.();
      const detail = e.message ? `: ${e.message}` : ` (${BUILD_HINT})`;
      if (current()) this.#stop(rpcError('internal', `The simulation worker stopped${detail}`));
    };
    worker.onmessageerror = () => {
      if (current()) this.#stop(rpcError('internal', 'A worker reply could not be read'));
    };
    this.#worker = worker;
    return worker;
  }

  #receive(msg) {
    const call = this.#pending.get(msg?.id);
    if (!call) return;
    if (msg.type === REPLY.progress) {
      call.onProgress?.(msg);
      return;
    }
    this.#pending.delete(msg.id);
    if (msg.type === REPLY.error && msg.crashed) {
      // A trap (WebAssembly.RuntimeError) or another untyped exception: the module's memory and
      // stack may be left inconsistent, so its worker is not used again.
      this.#restart();
      call.reject(Object.assign(rpcError('internal', crashMessage(msg.message), msg.phase), { crashed: true }));
    } else if (msg.type === REPLY.error) {
      call.reject(rpcError(msg.code ?? 'internal', msg.message, msg.phase, msg.option));
    } else {
      const { type, id, ...result } = msg;
      call.resolve(result);
    }
  }

  #post(worker, id, { type, payload, transfer }) {
    worker.postMessage({ ...payload, type, id }, transfer);
  }

  // Terminates the worker and rejects every pending call with `error`; the next call starts a
  // new worker (and a new WebAssembly instance).
  #stop(error) {
    this.#worker?.terminate();
    this.#worker = null;
    const calls = [...this.#pending.values()];
    this.#pending.clear();
    for (const call of calls) call.reject(error);
  }

  // Terminates the worker and starts a new one at once (its WebAssembly module loads while the
  // user reads the message, so the next request does not wait for it); the calls still pending
  // (other sections' requests) are sent again to it, except those whose buffers were transferred
  // (gone with the old worker): they reject with CancelledError.
  #restart() {
    this.#worker?.terminate();
    const worker = this.#start();
    for (const [id, call] of [...this.#pending]) {
      if (call.transfer.length) {
        this.#pending.delete(id);
        call.reject(new CancelledError('the worker was restarted while this request waited; send it again'));
      } else {
        this.#post(worker, id, call);
      }
    }
  }

  /**
   * Posts {type, id, ...payload}; resolves with the reply without its type and id, rejects with
   * Error{code} (CancelledError when cancelled meanwhile; code 'internal' with crashed: true when
   * the worker crashed on it, after which a new worker answers). `signal`: an AbortSignal whose
   * abort cancels this call: its worker is terminated at once and the other pending calls go to
   * a new one.
   */
  call(type, payload = {}, { transfer = [], onProgress, signal } = {}) {
    if (signal?.aborted) return Promise.reject(new CancelledError());
    const worker = this.#worker ?? this.#start();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const call = { type, payload, transfer, resolve, reject, onProgress };
      this.#pending.set(id, call);
      signal?.addEventListener('abort', () => {
        if (!this.#pending.has(id)) return;
        this.#pending.delete(id);
        this.#restart();
        reject(new CancelledError());
      }, { once: true });
      try {
        this.#post(worker, id, call);
      } catch (e) {
        this.#pending.delete(id);
        reject(e);
      }
    });
  }

  /** Starts the worker now unless one runs, so that its module and WebAssembly instance load
   *  while the caller does other work; otherwise the first call starts it. */
  start() {
    if (!this.#worker) this.#start();
  }

  /** Stops every request at once: terminates the worker, pending calls reject with CancelledError. */
  cancel(message = 'cancelled') {
    this.#stop(new CancelledError(message));
  }

  /** Frees the worker and its WebAssembly memory; a later call starts a new one. */
  close() {
    this.cancel('the worker was closed');
  }
}

// One method per request type: client[type](payload, options) = client.call(type, payload, options).
for (const type of Object.values(REQUEST)) {
  if (type in WorkerClient.prototype) throw new Error(`protocol.js: request ${type} would hide WorkerClient.${type}`);
  Object.defineProperty(WorkerClient.prototype, type, {
    value(payload, options) {
      return this.call(type, payload, options);
    },
  });
}

/** The page's one worker, shared by every section; main.js starts it as the page loads. */
export const client = new WorkerClient();
