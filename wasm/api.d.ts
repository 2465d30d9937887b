// Types of the mechid JS facade (wasm/api.js, the one API; errors.js, json.js and formats.js are
// re-exported by it). Written by hand: emscripten 3.1.6 has no --emit-tsd.
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
/** A record's u or y given by its columns (json.js isColumnMatrix): the channels as read, no row-major copy. */
export interface ColumnMatrix {
  rows: number;
  cols: number;
  columns: Float64Array[];
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
  noise_std: number[];       // per q channel (0 when noise-free)
  /** @deprecated alias of noise_std */
  noiseStd: number[];
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
/** What every result carries at its top (src/core/status.hpp's Outcome, wasm/convert/outcome.hpp). */
export interface Outcome { status: Status; message: string; warnings: string[] }

/** d2c: A, B, C, D present unless status is 'failed' (zoh/tustin/euler); M, D, K, L for variational. */
export interface ContinuousResult extends Outcome {
  method: Method; h: number;
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
  participation_percent?: number; // with a test set-up: the mode's FRF peak at the sensors, % of the largest
  observable?: boolean;           // participation of at least 1 %
}
export interface ModalResult extends Outcome { modes: Mode[] }
/** A test set-up for modal(): the measured DOFs (1-based), the forced ones (default: the system's L), the response kind. */
export interface TestSetup { sensorDofs: number[]; forceDofs?: number[]; response?: 'displacement' | 'velocity' | 'acceleration' }

export interface PassivityCheck { passive: boolean; largest_eigenvalue: number; scale: number }
export interface PassivityReport { h: number; continuous: PassivityCheck; cayley: PassivityCheck; zoh: PassivityCheck; euler: PassivityCheck }

/** [re, im]; null parts where the value is not finite (a frequency without input power). */
export type ComplexPair = [number | null, number | null];

/** FRF estimation (src/analysis/frf_estimate.hpp). periods > 0: a periodic record, averaged over its periods; 0: random; absent (-1): found from the inputs (advice `periodic`). */
export interface FrfOptions {
  method?: 'welch' | 'lpm'; window?: 'hann' | 'rectangular' | 'impact'; segment?: number;
  periods?: number; skipPeriods?: number; bandLoHz?: number; bandHiHz?: number;
  impactForceFraction?: number; impactEndValue?: number;
}
export interface FrfResult {
  status: Status; message: string; warnings: string[];
  freq_hz: number[];
  /** H[output][input][frequency] = [re, im] (H1). */
  H: ComplexPair[][][];
  /** One input only: H2 = S_yy / S_uy. */
  H2: ComplexPair[][][];
  /** coherence[output][frequency]: multiple coherence (LPM: 1 − noise power / output power). */
  coherence: (number | null)[][];
  /** H_sd[output][input][frequency]: sqrt E|Ĥ − H|². */
  H_sd: (number | null)[][][];
  averages: number; periods: number; segment: number; window_decay_rate: number;
}
/** Modes in a band (src/analysis/modes_in_band.hpp); method defaults to 'lpm' here. */
export interface ModesOptions extends FrfOptions {
  outputs?: ('displacement' | 'velocity' | 'acceleration')[];
  maxOrder?: number; freqTol?: number; dampingTol?: number; macMin?: number; minStableOrders?: number;
  holdoutPeriods?: number; weighting?: 'auto' | 'inverse-sd' | 'uniform';
  /**
   * The output column (1-based) measured at the reference input's force, in its direction: the
   * result then has `reduced`, the band's M, D, K when it has as many modes as outputs.
   */
  drivingOutput?: number;
}
export interface StabilizationPole { freq_hz: number; zeta: number; stable: boolean; stable_freq: boolean; stable_damping: boolean; stable_shape: boolean }
export interface BandMode {
  freq_hz: number; zeta: number; freq_hz_sd: number | null; zeta_sd: number | null;
  /** Half-widths of the 95 % intervals, z95 · sd (null where the sd is). */
  freq_hz_half95: number | null; zeta_half95: number | null;
  /** Residues at the outputs for the reference input, the largest entry real and positive. */
  shape: ComplexPair[]; mpc: number; pole: ComplexPair; order: number; stable_orders: number; batches: number;
}
export interface ModesResult extends Outcome {
  stabilization: { order: number; poles: StabilizationPole[] }[];
  modes: BandMode[];
  frf: FrfResult;
  /** The band model's FRF on frf.freq_hz, [output][input][frequency]. */
  model_H: ComplexPair[][][];
  validation: { output: number; fit_percent_band: number; fit_percent: number }[];
  reference_input: number; batches: number; outputs: string[];
  /** The options freqTol, dampingTol, macMin, minStableOrders; freq, damping, mac: their older names. */
  tolerances: { freq_tol: number; damping_tol: number; mac_min: number; min_stable_orders: number; freq: number; damping: number; mac: number };
  max_order: number; weighting: string; method: string;
  /** null unless options.drivingOutput was given. */
  reduced: ReducedModel | null;
}
/** A hammer test (src/analysis/impact/hammer_test.hpp: defaults and ranges in optionSchema().hammer and .modes). */
export interface HammerOptions {
  /** Trigger level: a fraction of the record's largest |force|. */
  trigger?: number; pretrigger?: number; length?: number; doubleHit?: number;
  /** The exponential window's time constant in s (absent: 1 % at the hit's end; Infinity: none). */
  expTau?: number;
  /** Hits counted from 1 left out of the averages, or averaged although a fault was found. */
  reject?: number[]; accept?: number[];
  bandLoHz?: number; bandHiHz?: number; maxOrder?: number; freqTol?: number; dampingTol?: number; macMin?: number; minStableOrders?: number;
  outputs?: ('displacement' | 'velocity' | 'acceleration')[];
}
export interface ImpactHit {
  hit: number; time_s: number; trigger_sample: number; peak: number; accepted: boolean;
  /** The fault found (null: none); a hit accepted through options.accept keeps its fault. */
  reason: 'double-hit' | 'overload' | 'truncated' | 'rejected-by-user' | null;
  reason_time_s: number | null;
  /** overload: the clipped channel (0: the force, 1…: the responses). */
  reason_channel: number | null;
}
export interface HammerResult extends Outcome {
  hits: ImpactHit[]; averages: number; rejected: number; length: number; pretrigger: number; trigger_level: number; force_window: number;
  /** The exponential window's time constant (null: no window) and its decay rate 1/τ (s⁻¹). */
  tau_s: number | null; window_decay_rate: number;
  frf: FrfResult;
  /** With a band: the modes, zeta corrected for the window; zeta_windowed before, damping_correction their difference. */
  modes: (BandMode & { zeta_windowed: number; damping_correction: number })[];
  damping_corrected: boolean;
  stabilization: { order: number; poles: StabilizationPole[] }[];
}
/** Output-only modal analysis (src/analysis/oma/output_only_modes.hpp: defaults and ranges in optionSchema().oma). */
export interface OmaOptions {
  bandLoHz?: number; bandHiHz?: number; maxOrder?: number; blockRows?: number;
  /** Reference output columns, counted from 1 (default: every output). */
  references?: number[];
  freqTol?: number; dampingTol?: number; macMin?: number; clusterDistance?: number; minOrders?: number;
  /** Standard deviations by the jackknife over this many blocks of an ambient record (0: none). */
  sdBlocks?: number;
  record?: 'auto' | 'ambient' | 'free-decay';
}
export interface OmaMode {
  freq_hz: number; zeta: number;
  /** λ = −ζω + iω√(1 − ζ²) (rad/s) of freq_hz and zeta: the pole a UFF 55 file carries. */
  pole: ComplexPair;
  /** Real shape in the outputs' units, its largest entry +1. */
  shape: number[];
  complex_shape: ComplexPair[];
  mpc: number; mpd_deg: number; orders_found: number; poles: number;
  /** Jackknife standard deviations and 95 % half-widths (Student's t); null for a free decay or sdBlocks < 2. */
  freq_hz_sd: number | null; zeta_sd: number | null; freq_hz_half95: number | null; zeta_half95: number | null;
}
export interface OmaResult extends Outcome {
  modes: OmaMode[];
  stabilization: { order: number; poles: StabilizationPole[] }[];
  /** Singular values of the cross-spectral matrix of the outputs divided by their RMS: one series per singular value. */
  spectrum: { freq_hz: number[]; singular_values: number[][]; segment: number; segments: number };
  block_rows: number; min_orders: number; references: number[]; free_decay: boolean; sd_blocks: number; max_order: number;
  tolerances: { freq_tol: number; damping_tol: number; mac_min: number; cluster_distance: number };
}
/**
 * The band's reduced model M = Φ^{-T}Φ^{-1}, K = Φ^{-T} diag(ω²) Φ^{-1}, D = Φ^{-T} diag(2ζω) Φ^{-1}
 * from the mass-normalised real shapes Φ (outputs × modes) of the band model's residues; status
 * 'failed' with a typed reason when it cannot be formed, 'warning' with typed caveats when doubtful.
 */
export interface ReducedModel extends Outcome {
  reason: 'none' | 'mode-count' | 'no-driving-point' | 'driving-point-out-of-range' | 'negative-modal-mass' | 'singular-shapes';
  caveats: ('complex-modes' | 'ill-conditioned')[];
  /** 1-based output column and input. */
  driving_output: number; input: number;
  /** κ(Φ), null before it was computed. */
  condition: number | null;
  /** Per mode (null where the refusal came first): |λ| in rad/s, ζ, MPC, the phase (rad) turned off at the driving point, φ_d². */
  omega_n: (number | null)[]; zeta: (number | null)[]; mpc: (number | null)[]; driving_phase: (number | null)[]; modal_scale: (number | null)[];
  /** Present unless status is 'failed': outputs × outputs (shapes: outputs × modes), in the record's units. */
  shapes?: Matrix; M?: Matrix; D?: Matrix; K?: Matrix;
}

export interface PerturbationOptions { multiples?: number[]; samples?: number; relative?: number; seed?: number }
export interface PerturbationRow {
  i: number; h: number; method: 'zoh' | 'midpoint';
  rel_err: { A?: number; b?: number; m: number; d: number; k: number };
  failures: number;
}

/**
 * Sampled data for identification; inputSampling 'hold' for forces held over each period (ZOH,
 * PRBS), 'point' for samples of a continuous force, 'auto' (the default) to read it off the inputs:
 * hold when each is constant between changes at no more than 1 in 8 samples (a held command);
 * outputs 'acceleration' when y holds accelerations (high-passed at cutoffHz, 0 or absent:
 * automatic; point-sampled inputs only).
 */
export interface IdentifyData {
  h: number; u: Matrix | ColumnMatrix; y: Matrix | ColumnMatrix; inputSampling?: 'auto' | 'point' | 'hold';
  outputs?: 'displacement' | 'acceleration'; cutoffHz?: number;
  /** A factor per input / output column into SI (counts to metres, a unit, -1 flips a sign), applied by the core. */
  inputScale?: number[]; outputScale?: number[];
  /** The record's name (its file): in validation_records and in messages about runs. */
  name?: string;
}
/** Free entries of M, D or K: a pattern, or an n x n symmetric 0/1 mask (1 = free). */
export type MatrixPattern = 'full' | 'diagonal' | 'tridiagonal' | 'zero' | number[][];
/** Known structure (issue 16); known entries fix values (null = unknown). */
export interface Structure { M?: MatrixPattern; D?: MatrixPattern; K?: MatrixPattern;
  known?: { M?: (number | null)[][]; D?: (number | null)[][]; K?: (number | null)[][] } }
export interface IdentifyOptions { L?: Matrix; init?: 'n4sid' | 'equation-error'; blockRows?: number; estimateInitial?: boolean;
  /** The DOF (1-based) each input column acts on: L with one 1 per column (instead of L). */
  forceDofs?: number[];
  /** M, K positive definite and D positive semidefinite by parametrisation (the PEMs of auto, variational and variational-zoh). */
  positive?: boolean;
  /** Honoured by auto, variational-zoh and inverse-dynamic; the other methods refuse it. */
  structure?: Structure;
  /** Coulomb friction F_c sign(q') per DOF and a constant force f_0 per DOF and run (inverse-dynamic, auto). */
  friction?: 'none' | 'coulomb'; offset?: boolean;
  /** inverse-dynamic: the zero-phase low-pass cut-off before differentiation (0 = the rule). */
  lowpassHz?: number;
  /** Held-out records (validation): each one's initial state from its first N samples only, the rest scored (0 = the whole record). */
  initialWindow?: number;
  /**
   * The work guard: the most floating-point operations a request may need (estimated before it
   * starts); above it identify throws MechidError 'bad-input' with option 'work' and a message
   * with the estimate, the limit and what to do. Default 1.5e11 (about 100 s in WASM); Infinity
   * lifts it ("run anyway"). A request whose peak memory would exceed the build's memory is
   * refused with option 'memory' whatever maxWork says.
   */
  maxWork?: number;
  /**
   * Runs of the same experiment kept back from identification (refused with option 'runs' when
   * their h, columns, input sampling or output kind differ): the result's validation_records
   * hold the estimate's free-run fit on each.
   */
  validation?: IdentifyData[];
  /** false: the result without its N x n series (validation.simulated and residual, validation_records' simulated); default true. */
  series?: boolean;
  /**
   * For a caller done with the records: once the core has copied them, before the estimate, the
   * column lists of u and y given as {rows, cols, columns} (the data's and validation's) are
   * emptied and release() is called (e.g. to collect garbage before the module's memory grows).
   */
  release?: () => void }
/** identify's work guard estimate (estimateWork). */
export interface WorkEstimate { flops: number; bytes: number; seconds: number }
/**
 * One method of the method table (methodInfo): what it honours beyond one record of displacements
 * with the plain symmetric model (several runs, a structure, friction, an offset, positive, the
 * output kinds, lowpassHz: always, never or only with friction), its page text (label), its help
 * line (summary), and whether the page checks it by default (recommended; thesis_comparison: in
 * the Identify section, the methods Bruschetta 2011, ch. 5 compares).
 */
export interface MethodInfo {
  name: string; family: 'prediction_error' | 'subspace' | 'least_squares' | 'choice'; label: string; summary: string;
  runs: boolean; structure: boolean; friction: boolean; offset: boolean; positive: boolean;
  outputs: ('displacement' | 'acceleration')[]; lowpass: 'never' | 'always' | 'with_friction';
  recommended: boolean; thesis_comparison: boolean;
}
/** validateRecord: the free-run fit of a model on one record. */
export interface RecordValidation extends Outcome { fit_percent?: number[]; nrmse?: number[]; rmse?: number[]; simulated?: Matrix }
/** The force terms of validateRecord's model: F_c per DOF (with the low-pass cut-off in Hz it was estimated at) and f_0 per DOF. */
export interface ForceTerms { coulomb?: number[]; offset?: number[]; lowpassHz?: number }
/** identify's fit on a held-out run (options.validation), by the record's name; simulated: N x n free-run outputs. */
export type HeldOutFit = { file: string; fit_percent: number[]; nrmse: number[]; rmse: number[]; scored_from: number; simulated?: Matrix }
  | { file: string; status: 'failed'; message: string; simulated?: Matrix };
/**
 * An entry of M, D or K the estimate does not determine: 'sd_exceeds_scale' when its sd exceeds
 * sqrt(|X_ii X_jj|), 'interval_contains_zero' when a mass or stiffness M_ii, K_ii has a 95 % interval
 * that holds 0, 'not_converged' when a Gauss-Newton step from the estimate moves it by more than its sd.
 */
export interface UndeterminedEntry { matrix: 'M' | 'D' | 'K'; row: number; col: number; reason: 'sd_exceeds_scale' | 'interval_contains_zero' | 'not_converged' }
/** The identify result of docs/interfaces.md; M, D, K absent when status is 'failed'. */
export interface Identification extends Outcome {
  method: string; h: number; n: number;
  M?: Matrix; D?: Matrix; K?: Matrix; L?: Matrix; Md?: Matrix; Dd?: Matrix; Kd?: Matrix;
  /** sign_reversed: M, D, K all negative (flip the input's sign); rigid_body: K singular by the structure;
   *  symmetric: M, D, K symmetric up to rounding (max |X − Xᵀ| <= 1e-9 max |X|). */
  checks: { M_pd: boolean; K_pd: boolean; D_psd: boolean; symmetric: boolean; sign_reversed: boolean; rigid_body: boolean };
  /** With friction 'coulomb': F_c per DOF, its sd and the half-width of its 95 % interval. */
  friction?: { coulomb: number[]; coulomb_sd: number[]; coulomb_half95: number[] };
  /** With offset: f_0 per DOF (of the first run), its sd and 95 % half-width; per run when there are several. */
  offset?: number[]; offset_sd?: number[]; offset_half95?: number[];
  offset_by_run?: Matrix; offset_sd_by_run?: Matrix; offset_half95_by_run?: Matrix;
  modal?: ModalResult;
  fit?: { fit_percent: number[]; nrmse: number[] };
  /** Residual tests: Ljung–Box Q (largest over the output channels) against its χ² threshold and
   *  the input cross-correlation against its bound, each at 0.5 % (Bonferroni over channels and
   *  lags 0..max_lag), so a correct model fails one of them on ~1 % of data sets. */
  validation?: {
    /** The free run ŷ and the residual y − ŷ (N x n each; not in the CLI's JSON). */
    simulated?: Matrix; residual?: Matrix; max_autocorrelation: number; max_crosscorrelation: number; bound_99: number;
    max_lag: number; whiteness_statistic: number; whiteness_threshold: number; residual_whiteness_p: number;
    residuals_white: boolean; crosscorrelation_bound: number; residuals_independent_of_input: boolean;
  };
  diagnostics: Record<string, number | string>;
  errors?: { M: number; D: number; K: number; A: number };  // with a truth system
  /**
   * Standard deviations (variational-zoh, auto): a 95 % interval is the estimate ± *_half95 (= z95 · sd). The
   * covariance is diagnostics.covariance ('white', or 'sandwich' for coloured residuals, with
   * diagnostics.covariance_max_lag). undetermined: the entries whose interval says nothing (row,
   * col 1-based, row <= col); the result then has a warning naming them.
   */
  uncertainty?: {
    M_sd: Matrix; D_sd: Matrix; K_sd: Matrix; omega_n_sd: number[]; zeta_sd: number[]; z95: number; residual_variance: number;
    M_half95: Matrix; D_half95: Matrix; K_half95: Matrix; omega_n_half95: number[]; zeta_half95: number[];
    undetermined: UndeterminedEntry[];
  };
  timing_ms: number;
  /** With options.validation (not when failed): the estimate's free-run fit on each held-out run, in their order. */
  validation_records?: HeldOutFit[];
}
export interface StudyRunOptions { h: number; snr: number; samples: number; method: string; seed: number; hIndex: number; run: number }
export interface StudyRunResult extends Outcome { errors: { M: number; D: number; K: number; A: number }; ms: number }
/** One row of a study result (wasm/study.js aggregateStudy; the numbers from Mechid.studyAggregate). */
export interface StudyRow {
  h: number; method: string; n?: number;
  rel_err: { M: number | null; K: number | null; D: number | null; A: number | null };
  failures: number; warnings: number; median_ms: number | null; messages: string[];
  too_short: number; too_short_message: string | null;
}

// ------------------------------------------------------------------------------------------------
// Estimators of the SVF report (state-variable filter) and Beckmann et al. 2016 (augmented EKF).

export type Intersample = 'cubic' | 'linear';
export type Discretization = 'ef' | 'se' | 'heun' | 'lp' | 'rk3' | 'rk4';

export interface PoleSearch {
  grid: number[];
  surface: Matrix;       // grid x grid, symmetric: mean |y - ŷ| of (p1 = grid[i], p2 = grid[j]); NaN where the fit failed
  p1: number; p2: number; best: number; evaluated: number;
}

export interface SvfOptions {
  p1?: number; p2?: number;       // filter poles when no grid is given (both 0, the default: a grid from the data)
  grid?: number[] | null;         // pole search over every pair of these values (see poleGrid)
  form?: 'auto' | 'siso' | 'mimo';
  robust?: boolean;               // Huber M-estimate (outliers in q)
  intersample?: Intersample;      // q (and point-sampled u) between samples; default 'cubic'
  L?: Matrix;
}

/** The identify result plus the SVF specifics; diagnostics hold p1, p2, condition, output_error. */
export interface SvfIdentification extends Identification {
  form: 'siso' | 'mimo';
  theta?: number[]; theta_names?: string[];  // siso: θ_λ of the SVF report's eq. 5
  /** @deprecated alias of theta_names */
  thetaNames?: string[];
  search: PoleSearch | null;
  weights?: Matrix;                          // robust: Huber weight per sample and channel
}

/** status, message, warnings: the fit's. */
export interface SvfRlcResult extends Outcome {
  method: 'svf'; model: 'rlc'; h: number;
  inv_RC?: number; inv_LC?: number; theta?: number[]; theta_names?: string[];
  /** @deprecated alias of theta_names */
  thetaNames?: string[];
  output_error?: number; iterations?: number; condition?: number;
  p1: number; p2: number; search: PoleSearch | null;
}

export interface EkfOptions {
  method?: Discretization;        // default 'rk4' (DEFAULTS.ekf)
  reading?: 'kn-wide' | 'kn' | 'printed';  // the EQ32_READINGS entry scale and thetaVar come from (default 'kn-wide'; explicit scale or thetaVar win)
  scale?: number;                 // θ = scale · ϑ; eq. 32's covariances apply to ϑ (default 1000: kN, kN s/m)
  thetaInit?: number[] | null;    // [c_spec, d] in N, N s/m; default eq. 32's [0.2 c_spec, 2 d]
  thetaVar?: number[];            // Θ_init diagonal in units of ϑ; default [0.1, 1e-3]
  inputSampling?: 'hold' | 'point';  // default 'hold' (a torque held by the controller)
}

/** status, message, warnings: the filter's. */
export interface EkfResult extends Outcome {
  method: 'ekf'; model: 'belt-drive'; discretization: Discretization; h: number;
  parameter_names: string[];
  theta: number[]; theta_std: number[];
  parameters: Matrix; parameter_std: Matrix;  // N x 2 trajectories (N, N s/m)
  /** @deprecated aliases of parameter_names, theta_std, parameter_std */
  parameterNames: string[]; thetaStd: number[]; parameterStd: Matrix;
  steps: number; errors?: number[]; timing_ms: number;
}

export interface EstimatorSystemData {
  h: number; system: string; t: Float64Array; u: Matrix; q: Matrix;
  v?: Matrix; y?: Matrix; setpoint?: Matrix; true_theta?: number[]; noise_std?: number[];
  /** @deprecated aliases of true_theta, noise_std */
  trueTheta?: number[]; noiseStd?: number[];
}

export interface Estimators {
  svfIdentify(data: IdentifyData, options?: SvfOptions, truth?: MechanicalSystem): SvfIdentification;
  svfRlc(data: IdentifyData, options?: SvfOptions): SvfRlcResult;
  ekfBeltDrive(data: IdentifyData, options?: EkfOptions, trueTheta?: number[]): EkfResult;
  beltDriveParameters(): Record<string, number> & { theta: number[] };
  /** The experiments' names, from the core. */
  estimatorScenarioNames(): string[];
  /** An experiment's own sampling and noise (the core's src/estimators/scenarios.cpp). */
  estimatorScenario(name: 'rlc' | 'msd-sine' | 'belt-drive'): EstimatorScenario;
  /** h, n, seed, snr default to estimatorScenario(name). */
  simulateEstimatorSystem(name: 'rlc' | 'msd-sine' | 'belt-drive', options?: { h?: number; n?: number; seed?: number; snr?: number; duration?: number }): EstimatorSystemData;
}


// ------------------------------------------------------------------------------------------------
// Nonlinear stiffness from acceleration (Karimov et al. 2021). Signals are Float64Arrays with one entry per
// sample; region indices are Int32Arrays into `regions.regions`. Infinite interval ends are null
// (JSON has no Infinity).

export interface NonlinearSimulateOptions {
  h?: number;          // sampling period, s (default 0.001)
  n?: number;          // samples (default 20000: the paper's 20 s at 1 kHz)
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
  a_true: Float64Array; x: Float64Array; v: Float64Array; j: Float64Array;  // noise-free motion
  mass: number; damping: number;      // m and c of m x'' + 2c x' + F(x) = f
  k: Record<string, number>;          // stiffness per class
  regions: RegionsInfo;
  true_region: Int32Array;            // region of each sample by the true displacement
  force_curve: { x: Float64Array; F: Float64Array };  // the exact piecewise-linear F(x)
  /** @deprecated aliases of a_true, true_region, force_curve */
  aTrue: Float64Array; trueRegion: Int32Array; forceCurve: { x: Float64Array; F: Float64Array };
}

export type RegionSpec = { kind: 'thresholds'; x0: number } | { kind: 'sign' } | { kind: 'breakpoints'; breakpoints: number[] };

export interface NonlinearIdentifyOptions {
  method: 'ida' | 'dia';
  regions: RegionSpec;
  mass?: number | null;       // known, or null (default) to estimate (needs a force)
  damping?: number | null;    // known, or null (default) to estimate
  segments?: number; highpassHz?: number; detrend?: boolean;  // reconstruction (the paper's sec. 3.2.2)
  tolerance?: number; delta?: number; lambda?: number; maxIterations?: number;  // IRLS (Algorithm 1)
  swap?: boolean;             // Algorithm 3's swapping; default: on for ida, off for dia
  swapTolerance?: number;     // tol of the swapping rule (default 1)
}

export interface NonlinearIdentification extends Outcome {
  method: 'ida' | 'dia';
  regions: RegionsInfo;
  k: Record<string, number>;
  /** With a truth: true_k, error (|k̂ − k|/|k|, null for k = 0) and abs_error (|k̂ − k|). */
  /** k_half95, offset_half95: 95 % half-widths (null when unknown; the offset's only where the DIA estimates it). */
  stiffness: { name: string; k: number; offset: number | null; samples: number; k_half95: number | null; offset_half95: number | null;
    true_k?: number; error?: number | null; abs_error?: number }[];
  mass: number; damping: number; mass_estimated: boolean; damping_estimated: boolean;
  mass_half95: number | null; damping_half95: number | null;  // 95 % half-widths of the estimated m, c (null when given)
  /** @deprecated aliases of mass_estimated, damping_estimated */
  massEstimated: boolean; dampingEstimated: boolean;
  classification: { changed: number; swaps: number; changes: { from: string; to: string; count: number }[] };
  fit: { fit_percent: number; nrmse: number };
  iterations: number; converged: boolean;
  signals?: {
    x: Float64Array; v: Float64Array; a: Float64Array; j: Float64Array;  // reconstructed
    y: Float64Array; y_fit: Float64Array;                               // eq. 14 / 16 and its fit
    initial_region: Int32Array; final_region: Int32Array;               // before / after swapping
    /** @deprecated aliases of y_fit, initial_region, final_region */
    yFit: Float64Array; initialRegion: Int32Array; finalRegion: Int32Array;
  };
  force_curve?: { x: Float64Array; F: Float64Array };  // the identified F(x)
  /** @deprecated alias of force_curve */
  forceCurve?: { x: Float64Array; F: Float64Array };
}

export interface NonlinearApi {
  nonlinearSystemNames(): string[];
  nonlinearSimulate(name: string, options?: NonlinearSimulateOptions): NonlinearSimulation;
  /** truth: the true stiffness per class (nonlinearSimulate's k) adds each stiffness's errors. */
  nonlinearIdentify(data: { h: number; a: Float64Array | number[]; f?: Float64Array | number[] | null },
                    options: NonlinearIdentifyOptions, truth?: Record<string, number> | null): NonlinearIdentification;
}

export class MechidError extends Error {
  code: 'bad-input' | 'internal';
  /**
   * The option a bad-input message is about, when it is about one (to show it next to that control).
   * 'work': the request needs more work than options.maxWork (retry with maxWork: Infinity to run
   * it anyway); 'memory': its peak memory exceeds what this build can allocate (cannot be lifted).
   */
  // …or the name (or code) of a described option out of its range: optionSchema()'s camelCase name
  // ('blockRows', 'cutoffHz', 'init', …) or its code ('max_order', 'tolerances', 'band', 'grid', …).
  option?: 'structure' | 'friction' | 'offset' | 'lowpass' | 'runs' | 'work' | 'memory' | string;
}

/** One option of the core (src/core/option_schema.hpp): its default (null: not given, e.g.
 *  estimated or automatic), range (min, or above for an excluded bound; max) or choices, help. */
export interface OptionSpec {
  type: 'number' | 'integer' | 'boolean' | 'choice' | 'string' | 'numbers';
  default: number | boolean | string | number[] | null;
  min?: number; above?: number; max?: number;
  choices?: string[];
  help: string;
}
/** The core's options by group (the options objects of the functions below), by camelCase name. */
export type OptionSchema = Record<'dataset' | 'identify' | 'frf' | 'modes' | 'oma' | 'hammer' | 'nonlinearSimulate' | 'nonlinearIdentify' | string,
  Record<string, OptionSpec>>;

export interface Mechid extends NonlinearApi, Estimators {
  /** The core's options: default, range, choices and help of each (a fresh copy); an option not given keeps its default. */
  optionSchema(): OptionSchema;
  /** `lo:hi:step` or {lo, hi, step} -> the grid of an SVF pole search (the core's pole_grid, at most 400 values). */
  poleGrid(spec: string | { lo: number; hi: number; step: number }): number[];
  presetNames(): string[];
  /** Bytes of WebAssembly memory; memory only grows, so this is the peak so far. */
  memoryBytes(): number;
  /** The threads of one identification (1 in the module without WebAssembly threads); the count in effect. */
  setThreads(count: number): number;
  threads(): number;
  preset(name: string): MechanicalSystem;           // throws MechidError('bad-input') for an unknown name
  checkSystem(system: MechanicalSystem): ValidationReport;
  stateSpace(system: MechanicalSystem): StateSpace; // throws when the system is invalid
  simulate(system: MechanicalSystem, options: SimulationOptions): SimulatedData;
  discretize(system: MechanicalSystem, h: number, method: Method): DiscreteStateSpace | DiscreteVariational;
  toContinuous(model: DiscreteStateSpace | DiscreteVariational, h: number, method: Method): ContinuousResult;
  condition(h: number[], system?: MechanicalSystem): { rows: ConditionRow[] };
  modal(system: MechanicalSystem, setup?: TestSetup): ModalResult;     // no definiteness required (identified models)
  passivity(system: MechanicalSystem, h: number): PassivityReport;
  frf(data: IdentifyData, options?: FrfOptions): FrfResult;
  modes(data: IdentifyData, options?: ModesOptions): ModesResult;
  /** A hammer test from {h, u: the force, y: the responses} (src/analysis/impact/hammer_test.hpp). */
  hammer(data: IdentifyData, options?: HammerOptions): HammerResult;
  /** Each channel's power spectral density, Welch with Hann segments (src/analysis/oma/singular_value_spectrum.hpp): y² per Hz. */
  spectrum(data: { h: number; y: Matrix }, options?: { segment?: number }): { freq_hz: number[]; psd: number[][]; segment: number; segments: number };
  /** Output-only modal analysis of responses (no force; src/analysis/oma/output_only_modes.hpp). */
  oma(data: { h: number; y: Matrix }, options?: OmaOptions): OmaResult;
  /** MAC of each shape of a against each of b (complex or real shapes of equal length): a.length × b.length. */
  mac(a: (ComplexPair[] | number[])[], b: (ComplexPair[] | number[])[]): Matrix;
  /** The period of the inputs u (samples x inputs; src/analysis/input_period.hpp): null when they do not repeat. */
  inputPeriod(u: Matrix): { samples: number; periods: number; mismatch: number } | null;
  /** Thesis Figs. 3.1, 3.2, A.1 on a 1-DOF system at h_i = 2π/(i ω_B); rows zoh then midpoint per i. */
  perturbationStudy(system: MechanicalSystem, options?: PerturbationOptions): PerturbationRow[];
  methodNames(): string[];
  /** The method table, in methodNames() order: what each method honours, its page text and help line. */
  methodInfo(): MethodInfo[];
  identify(method: string, data: IdentifyData | IdentifyData[], options?: IdentifyOptions, truth?: MechanicalSystem): Identification;
  /**
   * The work guard's estimate of identify(method, data, options) without running it: floating-point
   * operations, peak bytes, and seconds at the WASM rate of the reference machine (docs/results.md, "Work guard").
   */
  /** Also the methods outside the method table: 'ida' and 'dia' on {h, a, f} with nonlinearIdentify's options, 'ekf' and 'svf' on {h, u, y} with theirs. */
  estimateWork(method: string, data: IdentifyData | IdentifyData[] | { h: number; a: Float64Array; f?: Float64Array | null }, options?: IdentifyOptions | Record<string, unknown>): WorkEstimate;
  /** The work guard's estimate of frf, modes ({h, u, y}) or oma ({h, y}) with that command's options. */
  analysisWork(command: 'frf' | 'modes' | 'oma', data: { h: number; u?: Matrix; y: Matrix }, options?: Record<string, unknown>): WorkEstimate;
  /** The free run of a model on a record, with the force terms given (an identify result's held-out runs: options.validation). */
  validateRecord(model: MechanicalSystem, data: IdentifyData, forces?: ForceTerms): RecordValidation;
  /** A record with its columns times inputScale / outputScale (by the core): {h, u, y} in SI. */
  scaledRecord(data: IdentifyData): { h: number; u: Matrix; y: Matrix };
  /** The work guard of a whole study: throws MechidError option 'work' above maxWork (default: identify's), else the estimate. */
  checkStudyWork(system: MechanicalSystem, options: { n: number; hValues: number; runs: number; methods: string[]; maxWork?: number }): WorkEstimate;
  /** The cost model of a command on its sizes: modal {dof}, simulate {dof, inputs, samples}, svf {dof, inputs, samples, gridValues}. */
  commandWork(command: 'modal' | 'simulate' | 'svf', sizes: { dof: number; inputs?: number; samples?: number; gridValues?: number }): WorkEstimate;
  /** One Monte Carlo run (simulate, identify, compare); aggregate with wasm/study.js. */
  studyRun(system: MechanicalSystem, options: StudyRunOptions): StudyRunResult;
  /** The aggregate of one method's runs at one h: a study row without h, method and n (docs/interfaces.md, "study result"). */
  studyAggregate(runs: StudyRunResult[]): Omit<StudyRow, 'h' | 'method' | 'n'>;
  /** The natural frequency and damping ratio of the continuous-time pole re + i·im: |λ|, |λ|/2π, −Re λ/|λ| (0 for λ = 0). */
  poleFrequency(re: number, im: number): { omega_n: number; freq_hz: number; zeta: number };
  /** `values` sampled at the increasing `times` put on the increasing times `at` by linear interpolation (the readers' --resample). */
  resampleLinear(times: ArrayLike<number>, values: ArrayLike<number>, at: ArrayLike<number>): Float64Array;
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

/** A binding's result, or its returned Error thrown as MechidError. */
export function unwrap<T>(result: T | Error): T;
export function badInput(message: string): MechidError;
/** A message as one printable line: control characters (ESC, BEL, NUL, C1, bidi overrides) as \xNN or \uNNNN, cut after 2000 characters (every MechidError's message is made so). */
export function printable(message: string): string;
/** User text (a name, a cell, an argument) as a message names it: escaped, cut after `max` (40) characters with its length. */
export function quoted(text: string, max?: number): string;
export function isMatrix(m: unknown): m is Matrix;
export function identity(n: number): Matrix;

/**
 * Deprecated: Mechid.optionSchema() is the one source of the defaults. The groups the schema
 * describes (dataset, identify, frf, modes, nonlinearSimulate, nonlinearIdentify, svf, perturbation, simulate) are filled from it
 * when a module is wrapped; the others are those of the options not yet described in C++.
 */
export const DEFAULTS: {
  simulate: Required<Pick<SimulationOptions, 'input' | 'amplitude' | 'snr' | 'seed' | 'hold' | 'freqHz' | 'freqHz2'>>;
  dataset: { inputSampling: 'auto' | 'point' | 'hold'; outputs: 'displacement' | 'acceleration'; cutoffHz: number };
  identify: Required<Omit<IdentifyOptions, 'L'>>;
  perturbation: Required<PerturbationOptions>;
  svf: Required<Omit<SvfOptions, 'L'>>;
  ekf: Required<EkfOptions>;
  nonlinearSimulate: Required<NonlinearSimulateOptions>;
  nonlinearIdentify: Required<Omit<NonlinearIdentifyOptions, 'method' | 'regions' | 'swap'>>;
};
/** `defaults` overridden by the options given (an undefined value counts as not given). */
export function withDefaults<T extends object>(defaults: T, options?: Partial<T> | null): T;
/** An estimator experiment's own sampling and noise (snr in dB; Infinity: none). */
export interface EstimatorScenario { name: string; h: number; n: number; seed: number; snr: number }
export const EQ32_READINGS: Record<'kn-wide' | 'kn' | 'printed', { scale: number; thetaVar: number[] }>;
/** `lo:hi:step` or {lo, hi, step} -> the grid values (at most 400), by the core's pole_grid of the module wrapped last (Mechid.poleGrid). */
export function poleGrid(spec: string | { lo: number; hi: number; step: number }): number[];
/** "thresholds:X0", "sign" or "breakpoints:B1,B2,.."; makeError builds the error thrown (default MechidError). */
export function parseRegions(text: string, makeError?: (message: string) => Error): RegionSpec;
export function nonlinearToCsv(sim: NonlinearSimulation, withDerivatives: boolean): string;
