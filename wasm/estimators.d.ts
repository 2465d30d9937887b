// Types of the estimators of seeds 003 and 004 (wasm/estimators.js); Mechid (api.d.ts) extends
// Estimators. Written by hand like api.d.ts.
import type { IdentifyData, Identification, Matrix, MechanicalSystem, Status } from './api.js';

export type Intersample = 'cubic' | 'linear';
export type Discretization = 'ef' | 'se' | 'heun' | 'lp' | 'rk3' | 'rk4';

export interface PoleSearch {
  grid: number[];
  surface: Matrix;       // grid x grid, symmetric: mean |y - ŷ| of (p1 = grid[i], p2 = grid[j]); NaN where the fit failed
  p1: number; p2: number; best: number; evaluated: number;
}

export interface SvfOptions {
  p1?: number; p2?: number;       // filter poles (default 0.5, 1) when no grid is given
  grid?: number[] | null;         // pole search over every pair of these values (see poleGrid)
  form?: 'auto' | 'siso' | 'mimo';
  robust?: boolean;               // Huber M-estimate (outliers in q)
  intersample?: Intersample;      // q (and point-sampled u) between samples; default 'cubic'
  L?: Matrix;
}

/** The identify result plus the SVF specifics; diagnostics hold p1, p2, condition, output_error. */
export interface SvfIdentification extends Identification {
  form: 'siso' | 'mimo';
  theta?: number[]; thetaNames?: string[];   // siso: θ_λ of seed 003 eq. 5
  search: PoleSearch | null;
  weights?: Matrix;                          // robust: Huber weight per sample and channel
}

export interface SvfRlcResult {
  method: 'svf'; model: 'rlc'; h: number; status: Status; message: string;
  inv_RC?: number; inv_LC?: number; theta?: number[]; thetaNames?: string[];
  output_error?: number; iterations?: number; condition?: number;
  p1: number; p2: number; search: PoleSearch | null;
}

export interface EkfOptions {
  method?: Discretization;        // default 'se'
  scale?: number;                 // θ = scale · ϑ; eq. 32's covariances apply to ϑ (default 1000: kN, kN s/m)
  thetaInit?: number[] | null;    // [c_spec, d] in N, N s/m; default eq. 32's [0.2 c_spec, 2 d]
  thetaVar?: number[];            // Θ_init diagonal in units of ϑ; default [0.1, 1e-3]
  inputSampling?: 'hold' | 'point';
}

export interface EkfResult {
  method: 'ekf'; model: 'belt-drive'; discretization: Discretization; h: number;
  status: Status; message: string; parameterNames: string[];
  theta: number[]; thetaStd: number[];
  parameters: Matrix; parameterStd: Matrix;  // N x 2 trajectories (N, N s/m)
  steps: number; errors?: number[]; timing_ms: number;
}

export interface EstimatorSystemData {
  h: number; system: string; t: Float64Array; u: Matrix; q: Matrix;
  v?: Matrix; y?: Matrix; setpoint?: Matrix; trueTheta?: number[]; noiseStd?: number[];
}

export interface Estimators {
  svfIdentify(data: IdentifyData, options?: SvfOptions, truth?: MechanicalSystem): SvfIdentification;
  svfRlc(data: IdentifyData, options?: SvfOptions): SvfRlcResult;
  ekfBeltDrive(data: IdentifyData, options?: EkfOptions, trueTheta?: number[]): EkfResult;
  beltDriveParameters(): Record<string, number> & { theta: number[] };
  simulateEstimatorSystem(name: 'rlc' | 'msd-sine' | 'belt-drive', options: { h: number; n: number; seed?: number; snr?: number }): EstimatorSystemData;
}

export function poleGrid(spec: string | { lo: number; hi: number; step: number }): number[];
export const EQ32_READINGS: Record<'kn-wide' | 'kn' | 'printed', { scale: number; thetaVar: number[] }>;
