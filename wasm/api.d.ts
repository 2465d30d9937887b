// Types of the mechid JS facade (wasm/api.js). Written by hand: emscripten 3.1.6 has no --emit-tsd.
//
// Layout, said once: every matrix crossing this API is a `Matrix` — `{rows, cols, data}` with
// `data` a row-major Float64Array (entry (i, j) at data[i * cols + j]). Time series are
// matrices with one row per sample and one column per channel. JSON files use nested arrays
// instead; `matrixFromNested`/`matrixToNested` convert at the file boundary.
// Units are SI, time in seconds, SNR in dB.

export interface Matrix {
  rows: number;
  cols: number;
  data: Float64Array;
}

/** M q'' + D q' + K q = L u (thesis eq. 1.1). L defaults to the identity. */
export interface MechanicalSystem {
  name?: string;
  M: Matrix;
  D: Matrix;
  K: Matrix;
  L?: Matrix;
}

/** Continuous state space of thesis eq. 1.4, x = [q; q'], y = q. */
export interface StateSpace {
  A: Matrix;
  B: Matrix;
  C: Matrix;
}

export type InputKind = 'prbs' | 'sine' | 'multisine' | 'chirp' | 'step' | 'samples';

export interface SimulationOptions {
  h: number;                 // sampling period, s, > 0
  n: number;                 // number of samples, >= 3
  input?: InputKind;         // default 'prbs'
  amplitude?: number;        // default 1 (peak for prbs/sine/chirp/step; RMS sqrt(1/2) for multisine)
  snr?: number;              // dB per output channel on q; Infinity (default) = noise-free
  seed?: number;             // unsigned integer < 2^53, default 1
  hold?: number;             // prbs: samples per bit, default 1
  freqHz?: number;           // sine frequency; chirp start; default as in simulate/signals.hpp
  freqHz2?: number;          // chirp end frequency; multisine band top
  samples?: Matrix;          // input 'samples': n x k forces, held constant over each period
  q0?: number[];             // initial displacement, default 0
  v0?: number[];             // initial velocity, default 0
  withDerivatives?: boolean; // also return v and a
}

export interface SimulatedData {
  h: number;
  t: Float64Array;           // n sample times, t[i] = i h
  u: Matrix;                 // n x k inputs
  q: Matrix;                 // n x n_dof displacements (noisy when snr is finite)
  v?: Matrix;                // n x n_dof velocities (noise-free), with withDerivatives
  a?: Matrix;                // n x n_dof accelerations (noise-free), with withDerivatives
  columns: string[];         // CSV column names: t, u1..uk, q1..qn[, v1..vn, a1..an]
  method: 'zoh-exact' | 'fine-step';
  substeps: number;          // 1 for zoh-exact; sub-steps per sample of the fine-step reference
  noiseStd: number[];        // per q channel (0 when noise-free)
}

export interface ValidationReport {
  ok: boolean;
  errors: string[];          // each names the matrix and the property, e.g. "M is not symmetric …"
}

export class MechidError extends Error {
  code: 'bad-input' | 'internal';
}

export interface Mechid {
  presetNames(): string[];
  preset(name: string): MechanicalSystem;           // throws MechidError('bad-input') for an unknown name
  checkSystem(system: MechanicalSystem): ValidationReport;
  stateSpace(system: MechanicalSystem): StateSpace; // throws when the system is invalid
  simulate(system: MechanicalSystem, options: SimulationOptions): SimulatedData;
  /** The first `count` outputs of the seeded generator, as [hi32, lo32] pairs (for cross-host checks). */
  randomStream(seed: number, count: number): Uint32Array;
}

/** Wraps an instantiated emscripten module (created by web/gen/mechid.mjs's default export). */
export function wrapModule(module: unknown): Mechid;

/** Node only, exported by wasm/node.js (not api.js): loads web/gen/mechid.{mjs,wasm} and wraps it. */
export function loadMechidNode(): Promise<Mechid>;

export function matrixFromNested(rows: number[][], what: string): Matrix;
export function matrixToNested(m: Matrix): number[][];
/** Parses a system JSON object ({name, M, D, K, L} with nested arrays); errors name `source`. */
export function systemFromJson(obj: unknown, source: string): MechanicalSystem;
export function systemToJson(system: MechanicalSystem): object;
/** CSV text of simulated data: header `t,u1..,q1..[,v1..,a1..]`, `.` decimal, `,` delimiter. */
export function simulationToCsv(data: SimulatedData): string;
