// Types of the mechid JS facade (wasm/api.js). Written by hand: emscripten 3.1.6 has no --emit-tsd.
//
// Layout, said once: every matrix crossing this API is a `Matrix` — `{rows, cols, data}` with
// `data` a row-major Float64Array (entry (i, j) at data[i * cols + j]). Time series are
// matrices with one row per sample and one column per channel. JSON files use nested arrays
// instead; `matrixFromNested`/`matrixToNested` convert at the file boundary.
// Units are SI, time in seconds, SNR in dB.
import type { NonlinearApi } from './nonlinear.js';

import type { Estimators } from './estimators.js';

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

export type Method = 'zoh' | 'tustin' | 'euler' | 'variational';

/** x_{k+1} = F x_k + G u_k, y_k = H x_k + J u_k (thesis eq. 1.7). */
export interface DiscreteStateSpace { method?: Method; h?: number; F: Matrix; G: Matrix; H: Matrix; J?: Matrix }
/** Md q_k + Dd q_{k-1} + Kd q_{k-2} = L u_d(k) (thesis eqs. 2.22-2.24). */
export interface DiscreteVariational { method?: 'variational'; h?: number; Md: Matrix; Dd: Matrix; Kd: Matrix; L?: Matrix }

export type Status = 'ok' | 'warning' | 'failed';

/** d2c: A, B, C, D present unless status is 'failed' (zoh/tustin/euler); M, D, K, L for variational. */
export interface ContinuousResult {
  method: Method; h: number; status: Status; message: string;
  eigenvalues?: [number, number][];  // eigenvalues of F behind a failure or warning, [re, im]
  A?: Matrix; B?: Matrix; C?: Matrix; D?: Matrix; M?: Matrix; K?: Matrix; L?: Matrix;
}

export interface ConditionRow {
  h: number;
  kappa: number;                 // σmax/σmin of R (eq. 3.33), by SVD
  sigma: number[];               // the three distinct singular values of R, descending
  kappa_closed_form: number;     // from (3.35)
  kappa_eq_3_36: number;         // σ+/σ- as printed in (3.36): differs for √5-1 < h < √5+1
  amplification?: { M: number; K: number; D: number };  // with a system: worst relative amplification per matrix
}

export interface Mode {
  omega_n: number; freq_hz: number; zeta: number;
  shape: number[];               // mass-normalised (shape' M shape = 1)
  complexity: number;            // 0 for a real (proportionally damped) mode
  eigenvalue: [number, number];  // s = [re, im], im >= 0
}
export interface ModalResult { status: Status; message: string; modes: Mode[] }

export interface PassivityCheck { passive: boolean; largest_eigenvalue: number; scale: number }
export interface PassivityReport { h: number; continuous: PassivityCheck; cayley: PassivityCheck; zoh: PassivityCheck; euler: PassivityCheck }

export interface PerturbationOptions { multiples?: number[]; samples?: number; relative?: number; seed?: number }
export interface PerturbationRow {
  i: number; h: number; method: 'zoh' | 'midpoint';
  rel_err: { A?: number; b?: number; m: number; d: number; k: number };
  failures: number;
}

/**
 * Sampled data for identification; inputSampling 'hold' for forces held over each period (ZOH,
 * PRBS); outputs 'acceleration' when y holds accelerations (high-passed at cutoffHz, 0 or absent:
 * automatic; point-sampled inputs only).
 */
export interface IdentifyData {
  h: number; u: Matrix; y: Matrix; inputSampling?: 'point' | 'hold';
  outputs?: 'displacement' | 'acceleration'; cutoffHz?: number;
}
export interface IdentifyOptions { L?: Matrix; init?: 'n4sid' | 'equation-error'; blockRows?: number; estimateInitial?: boolean }
/** The identify result of INTERFACES.md; M, D, K absent when status is 'failed'. */
export interface Identification {
  method: string; h: number; n: number;
  M?: Matrix; D?: Matrix; K?: Matrix; L?: Matrix; Md?: Matrix; Dd?: Matrix; Kd?: Matrix;
  status: Status; message: string; warnings: string[];
  checks: { M_pd: boolean; K_pd: boolean; D_psd: boolean };
  modal?: ModalResult;
  fit?: { fit_percent: number[]; nrmse: number[] };
  validation?: { simulated?: Matrix; max_autocorrelation: number; max_crosscorrelation: number; bound_99: number };
  diagnostics: Record<string, number | string>;
  errors?: { M: number; D: number; K: number; A: number };  // with a truth system
  /** Standard deviations (variational-zoh, auto): a 95 % interval is the estimate ± z95 · sd. */
  uncertainty?: { M_sd: Matrix; D_sd: Matrix; K_sd: Matrix; omega_n_sd: number[]; zeta_sd: number[]; z95: number; residual_variance: number };
  timing_ms: number;
}
export interface StudyRunOptions { h: number; snr: number; samples: number; method: string; seed: number; hIndex: number; run: number }
export interface StudyRunResult { status: Status; message: string; errors: { M: number; D: number; K: number; A: number }; ms: number }

export class MechidError extends Error {
  code: 'bad-input' | 'internal';
}

export interface Mechid extends NonlinearApi, Estimators {
  presetNames(): string[];
  /** Bytes of WebAssembly memory; memory only grows, so this is the peak so far. */
  memoryBytes(): number;
  preset(name: string): MechanicalSystem;           // throws MechidError('bad-input') for an unknown name
  checkSystem(system: MechanicalSystem): ValidationReport;
  stateSpace(system: MechanicalSystem): StateSpace; // throws when the system is invalid
  simulate(system: MechanicalSystem, options: SimulationOptions): SimulatedData;
  discretize(system: MechanicalSystem, h: number, method: Method): DiscreteStateSpace | DiscreteVariational;
  toContinuous(model: DiscreteStateSpace | DiscreteVariational, h: number, method: Method): ContinuousResult;
  condition(h: number[], system?: MechanicalSystem): { rows: ConditionRow[] };
  modal(system: MechanicalSystem): ModalResult;     // no definiteness required (identified models)
  passivity(system: MechanicalSystem, h: number): PassivityReport;
  /** Thesis Figs. 3.1, 3.2, A.1 on a 1-DOF system at h_i = 2π/(i ω_B); rows zoh then midpoint per i. */
  perturbationStudy(system: MechanicalSystem, options?: PerturbationOptions): PerturbationRow[];
  methodNames(): string[];
  identify(method: string, data: IdentifyData, options?: IdentifyOptions, truth?: MechanicalSystem): Identification;
  /** One Monte Carlo run (simulate, identify, compare); aggregate with wasm/study.js. */
  studyRun(system: MechanicalSystem, options: StudyRunOptions): StudyRunResult;
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
export function discreteModelFromJson(obj: unknown, source: string): DiscreteStateSpace | DiscreteVariational;
/** A copy with every Matrix as nested arrays and typed arrays as plain arrays, ready for JSON. */
export function toJson(value: unknown): unknown;
/** CSV text of simulated data: header `t,u1..,q1..[,v1..,a1..]`, `.` decimal, `,` delimiter. */
export function simulationToCsv(data: SimulatedData): string;
