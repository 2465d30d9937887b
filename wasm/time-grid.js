// The time axis of a record: how far measured times are from a uniform grid, the resolution they
// are printed with, and the one rule that accepts, rounds or resamples them (every reader's time
// channel: text, LVM, universal files; wasm/recording.js recordingToDataset).
import { MechidError } from './errors.js';
import { coreFor } from './core-instance.js';

const bad = (message) => new MechidError('bad-input', message);

/** Largest relative deviation of t from a uniform grid tolerated (1 % of h). */
export const MAX_TIME_JITTER = 0.01;
// The shortest sampling period the core accepts (src/core/sampling_period.hpp, kMinSamplingPeriod).
const MIN_STEP = 1e-300;

/**
 * The uniform grid nearest an axis x (a time column, a UFF record's abscissa): step = (x_last −
 * x_0)/(N − 1) and the largest deviation |x_i − (x_0 + i·step)| (worst) at index `at`; or
 * {notIncreasingAt: i} for the first i with x_i <= x_(i−1) (NaN included). One rule for the CSV
 * reader and the universal-file reader; the caller judges worst against MAX_TIME_JITTER·step.
 */
export function uniformGrid(x) {
  const N = x.length;
  for (let i = 1; i < N; i++) if (!(x[i] > x[i - 1])) return { notIncreasingAt: i };
  const step = N > 1 ? (x[N - 1] - x[0]) / (N - 1) : 0;
  let worst = 0, at = 0;
  for (let i = 0; i < N; i++) {
    const deviation = Math.abs(x[i] - (x[0] + i * step));
    if (deviation > worst) { worst = deviation; at = i; }
  }
  return { step, worst, at };
}

/**
 * The step of the last digit the times are printed with: 10^-d for the fewest decimals d ≤ 9 that
 * write every time exactly (to 1e-9 of the digit); 0 when none does.
 */
export function printedResolution(t) {
  for (let d = 0; d <= 9; d++) {
    const scale = 10 ** d;
    let exact = true;
    for (let i = 0; i < t.length && exact; i++) exact = Math.abs(t[i] * scale - Math.round(t[i] * scale)) <= 1e-9 * Math.max(1, Math.abs(t[i] * scale));
    if (exact) return 10 ** -d;
  }
  return 0;
}

/**
 * The uniform time axis of a record from its measured times t (sample i at `where(i)`, "line 17"):
 * {step, t, at(column), resampled, warnings}. Refuses a time that repeats or decreases; a time off the
 * uniform grid by more than MAX_TIME_JITTER·step is refused, or with `resample` (the user agreed)
 * put on the grid by linear interpolation (at(column) gives a column at the new times, by the core:
 * Mechid.resampleLinear; mechid the instance, default the thread's, wasm/core-instance.js; resampled
 * true; otherwise at(column) is the column), with a
 * warning naming the worst deviation; times within their last printed digit of the grid
 * (printedResolution) are that grid rounded, with a warning. h, when given, must agree with the time. One rule for
 * every reader's time channel (CSV, text, phone apps; recording.js recordingToDataset); timeName
 * and resampleHint word its messages.
 */
export function uniformTime(measuredTimes, { source, where = (i) => `sample ${i + 1}`, h, resample = false, timeName = 'the time column', resampleHint = '', mechid }) {
  let t = measuredTimes;
  const N = t.length;
  const grid = uniformGrid(t);
  const i = grid.notIncreasingAt;
  if (i !== undefined && t[i] === t[i - 1]) throw bad(`${source}: ${where(i)} repeats time ${t[i]} (duplicated sample)`);
  if (i !== undefined) throw bad(`${source}: time decreases at ${where(i)} (${t[i - 1]} then ${t[i]})`);
  const { step, worst } = grid;
  // Below MIN_STEP the step is subnormal and the grid k·h rounds to repeated times.
  if (!(step >= MIN_STEP)) throw bad(`${source}: ${timeName} advances by ${step.toPrecision(3)} s a sample, below ${MIN_STEP} s: give the times in seconds`);
  const warnings = [];
  let measured = null;  // the time column, when the data are resampled onto t
  const printed = printedResolution(t);
  if (worst > MAX_TIME_JITTER * step && worst <= printed * (1 + 1e-6)) {
    // Times printed with few decimals (the ECP rig's 0.009, 0.018, 0.027 for h = 0.008854 s) are
    // a uniform grid rounded, not jitter: each within half the last printed digit r of k·h, so
    // within r of the grid through the (rounded) first and last times.
    warnings.push(`time is printed to ${printed} s (worst deviation ${worst.toPrecision(3)} s at ${where(grid.at)}): ` +
      `read as the uniform grid h = ${step.toPrecision(6)} s it rounds`);
    t = Float64Array.from(t, (_, k) => (k === N - 1 ? measuredTimes[N - 1] : measuredTimes[0] + k * step));
  } else if (worst > MAX_TIME_JITTER * step) {
    const what = `time is not uniform: worst deviation ${worst.toPrecision(3)} s at ${where(grid.at)} ` +
      `(${(100 * worst / step).toFixed(1)} % of h = ${step.toPrecision(4)} s)`;
    if (!resample) throw bad(`${source}: ${what}; resample the data first${resampleHint}`);
    warnings.push(`${what}: resampled to h = ${step.toPrecision(4)} s by linear interpolation, as asked`);
    measured = t;
    t = Float64Array.from(t, (_, k) => (k === N - 1 ? measured[N - 1] : measured[0] + k * step));
  }
  if (h !== undefined && Math.abs(h - step) > 1e-6 * step) {
    throw bad(`${source}: --h ${h} disagrees with ${timeName} (h = ${step.toPrecision(9)})`);
  }
  // A column at the samples (or linearly interpolated onto the uniform t when resampled).
  const at = (column) => (measured ? coreFor('resampling', mechid).resampleLinear(measured, column, t) : column);
  return { step, t, at, resampled: measured !== null, warnings, worst };
}
