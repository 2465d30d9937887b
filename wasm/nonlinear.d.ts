// Types of wasm/nonlinear.js (nonlinear stiffness from acceleration, seed 002). Written by hand.
// Signals are Float64Arrays with one entry per sample; region indices are Int32Arrays into
// `regions.regions`. Infinite interval ends are null (JSON has no Infinity).

export interface NonlinearSimulateOptions {
  h?: number;          // sampling period, s (default 0.001)
  n?: number;          // samples (default 20000: the seed's 20 s at 1 kHz)
  substeps?: number;   // RK4 steps per sample (default 50)
  sigma?: number;      // accelerometer noise sd, eq. 24 (default 0)
  a0?: number;         // accelerometer zero drift, eq. 24 (default 0)
  seed?: number;       // noise seed (default 1)
}

export interface RegionInfo {
  index: number; lower: number | null; upper: number | null;
  interval: string;    // e.g. "x <= -0.005"
  stiffness: string;   // name of the stiffness class
  offset: number | null;  // x0_j of K_j (x - x0_j); null: unknown (estimated by the DIA)
}
export interface RegionsInfo { kind: 'thresholds' | 'sign' | 'breakpoints'; regions: RegionInfo[] }

export interface NonlinearSimulation {
  name: string; h: number; substeps: number;
  t: Float64Array; f: Float64Array;   // time, force f(t)
  a: Float64Array;                    // accelerometer signal (with the noise of eq. 24)
  aTrue: Float64Array; x: Float64Array; v: Float64Array; j: Float64Array;  // noise-free motion
  mass: number; damping: number;      // m and c of m x'' + 2c x' + F(x) = f
  k: Record<string, number>;          // stiffness per class
  regions: RegionsInfo;
  trueRegion: Int32Array;             // region of each sample by the true displacement
  forceCurve: { x: Float64Array; F: Float64Array };  // the exact piecewise-linear F(x)
}

export type RegionSpec = { kind: 'thresholds'; x0: number } | { kind: 'sign' } | { kind: 'breakpoints'; breakpoints: number[] };

export interface NonlinearIdentifyOptions {
  method: 'ida' | 'dia';
  regions: RegionSpec;
  mass?: number | null;       // known, or null (default) to estimate (needs a force)
  damping?: number | null;    // known, or null (default) to estimate
  segments?: number; highpassHz?: number; detrend?: boolean;  // reconstruction (seed sec. 3.2.2)
  tolerance?: number; delta?: number; lambda?: number; maxIterations?: number;  // IRLS (Algorithm 1)
  swap?: boolean;             // Algorithm 3's swapping; default: on for ida, off for dia
  swapTolerance?: number;     // tol of the swapping rule (default 1)
}

export interface NonlinearIdentification {
  method: 'ida' | 'dia'; status: 'ok' | 'warning' | 'failed'; message: string; warnings: string[];
  regions: RegionsInfo;
  k: Record<string, number>;
  stiffness: { name: string; k: number; offset: number | null; samples: number }[];
  mass: number; damping: number; massEstimated: boolean; dampingEstimated: boolean;
  classification: { changed: number; swaps: number; changes: { from: string; to: string; count: number }[] };
  fit: { fit_percent: number; nrmse: number };
  iterations: number; converged: boolean;
  signals?: {
    x: Float64Array; v: Float64Array; a: Float64Array; j: Float64Array;  // reconstructed
    y: Float64Array; yFit: Float64Array;                                // eq. 14 / 16 and its fit
    initialRegion: Int32Array; finalRegion: Int32Array;                 // before / after swapping
  };
  forceCurve?: { x: Float64Array; F: Float64Array };  // the identified F(x)
}

export interface NonlinearApi {
  nonlinearSystemNames(): string[];
  nonlinearSimulate(name: string, options?: NonlinearSimulateOptions): NonlinearSimulation;
  nonlinearIdentify(data: { h: number; a: Float64Array | number[]; f?: Float64Array | number[] | null },
                    options: NonlinearIdentifyOptions): NonlinearIdentification;
}

export function parseRegions(text: string, badInput: (message: string) => Error): RegionSpec;
export function nonlinearToCsv(sim: NonlinearSimulation, withDerivatives: boolean): string;
