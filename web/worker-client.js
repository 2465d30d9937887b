// Promise RPC over the module worker (worker.js). One instance owns one worker.
import { REQUEST, REPLY } from './protocol.js';

const LOAD_HINT = 'is web/gen built? Run `npm run build:wasm`, then reload the page';

function rpcError(code, message) {
  return Object.assign(new Error(message), { code });
}

export class MechidClient {
  constructor() {
    this.nextId = 1;
    this.pending = new Map(); // id -> {resolve, reject, onProgress}
    this.failure = null;      // Error once the worker is dead
    this.worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e) => this.#receive(e.data);
    // A module worker that cannot load gives an event without a message (wrong MIME, 404).
    this.worker.onerror = (e) => {
      e.preventDefault?.();
      const detail = e.message ? `: ${e.message}` : ` (${LOAD_HINT})`;
      this.#fail(rpcError('internal', `The simulation worker stopped${detail}`));
    };
    this.worker.onmessageerror = () => {
      this.#fail(rpcError('internal', 'A worker reply could not be read'));
    };
  }

  get failed() {
    return this.failure !== null;
  }

  #receive(msg) {
    const call = this.pending.get(msg?.id);
    if (!call) return;
    if (msg.type === REPLY.progress) {
      call.onProgress?.(msg);
      return;
    }
    this.pending.delete(msg.id);
    if (msg.type === REPLY.error) call.reject(rpcError(msg.code ?? 'internal', msg.message));
    else call.resolve(msg);
  }

  #fail(error) {
    this.failure = error;
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
    this.worker.terminate();
  }

  /** Sends {type, id, ...payload}; resolves with the result reply, rejects with Error{code}. */
  call(type, payload = {}, { transfer = [], onProgress } = {}) {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      try {
        this.worker.postMessage({ ...payload, type, id }, transfer);
      } catch (e) {
        this.pending.delete(id);
        reject(e);
      }
    });
  }

  async presetNames() {
    return (await this.call(REQUEST.presetNames)).names;
  }

  async preset(name) {
    return (await this.call(REQUEST.preset, { name })).system;
  }

  /** system: a preset name or a MechanicalSystem; resolves with {data, ms}. */
  async simulate(system, options) {
    const { data, ms } = await this.call(REQUEST.simulate, { system, options });
    return { data, ms };
  }

  /** CSV of simulated data as a Blob; the data is copied, not transferred (the plots keep it). */
  async csv(data) {
    return (await this.call(REQUEST.csv, { data })).blob;
  }

  /** Discrete model of `system` (preset name or object) at h by `method`; resolves with the model. */
  async discretize(system, h, method) {
    return (await this.call(REQUEST.discretize, { system, h, method })).model;
  }

  /** κ(h) rows for each h; with a system, also the per-matrix amplification. */
  async condition(hs, system) {
    return (await this.call(REQUEST.condition, { hs, system })).rows;
  }

  async modal(system) {
    return (await this.call(REQUEST.modal, { system })).modal;
  }

  async passivity(system, h) {
    return (await this.call(REQUEST.passivity, { system, h })).report;
  }

  /** Monte Carlo study of Figs. 3.1, 3.2, A.1 (1-DOF systems only); resolves with {rows, ms}. */
  async perturbationStudy(system, options) {
    const { rows, ms } = await this.call(REQUEST.perturbationStudy, { system, options });
    return { rows, ms };
  }

  /** PRBS data from `system`, identified by each of `methods`; resolves with {truth, modal, t, q, results, ms}. */
  async identify(system, options, methods) {
    const { type, id, ...result } = await this.call(REQUEST.identify, { system, options, methods });
    return result;
  }

  /** One Monte Carlo run {h, snr, samples, method, seed, hIndex, run}; resolves with {status, message, errors, ms}. */
  async studyRun(system, options) {
    return (await this.call(REQUEST.studyRun, { system, options })).run;
  }

  /** Header, delimiter and first rows of a measurement CSV (a File). */
  async csvColumns(file) {
    const { type, id, ...result } = await this.call(REQUEST.csvColumns, { file });
    return result;
  }

  /**
   * A measurement CSV identified by each method; mapping {timeCol, inputCols, outputCols, h,
   * inputSampling, outputs, cutoffHz, forceScale, outputScale}; onProgress({phase: 'reading', fraction} | {phase: 'identifying', method, done, total}).
   */
  async identifyCsv(file, mapping, methods, onProgress) {
    const { type, id, ...result } = await this.call(REQUEST.identifyCsv, { file, mapping, methods }, { onProgress });
    return result;
  }

  /** A nonlinear preset simulated and identified by each method; resolves with {sim, results, ms}. */
  async nonlinear(payload) {
    const { sim, results, ms } = await this.call(REQUEST.nonlinear, payload);
    return { sim, results, ms };
  }

  cancel(target) {
    return this.call(REQUEST.cancel, { target });
  }

  terminate() {
    this.#fail(rpcError('internal', 'The worker was terminated'));
  }
}
