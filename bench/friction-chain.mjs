// Data of a 2-DOF chain with Coulomb friction (the case of issue 48, item 4): M diag(2, 1),
// D diag(3, 1), K [[3000, −1000], [−1000, 1000]], Coulomb friction 2 N on DOF 1 with sign(v)
// smoothed as tanh(v / 1e-4 m/s), the force on DOF 1 only: a random-phase multisine 0.2–20 Hz on
// the 0.1 Hz grid (periodic in the 10 s record), RMS 17.7 N, continuous in time (point samples);
// sampled at 1 kHz, N 10 000, from rest; white noise on q1, q2 at 40 dB SNR.
// The equation of motion is integrated independently of the core (which has no simulator with
// friction): Dormand–Prince 5(4) with an adaptive step (Dormand & Prince 1980; Hairer, Nørsett &
// Wanner 1993, sec. II.4), relative and absolute tolerances 1e-10 and 1e-13, every sampling
// instant a step end. The smoothed friction makes the equation stiff near v = 0 (Fc/(1e-4 m) =
// 2e4 N·s/m against m = 2 kg); the step control resolves that boundary layer.
import { withNoise } from './noise.mjs';

export const chainTruth = {
  name: 'friction-chain',
  M: [[2, 0], [0, 1]], D: [[3, 0], [0, 1]], K: [[3000, -1000], [-1000, 1000]], L: [[1], [0]],
};
export const coulombTruth = [2, 0];
const smoothing = 1e-4;  // m/s

const matrix = (rows) => ({ rows: rows.length, cols: rows[0].length, data: Float64Array.from(rows.flat()) });
export const chainSystem = () => ({ name: chainTruth.name, M: matrix(chainTruth.M), D: matrix(chainTruth.D), K: matrix(chainTruth.K), L: matrix(chainTruth.L) });

// The force: lines f = 0.2 … 20 Hz every 0.1 Hz, phases uniform from the core's seeded stream.
function multisine(mechid, seed) {
  const lines = [];
  for (let j = 2; j <= 200; j++) lines.push(0.1 * j);
  const words = mechid.randomStream(seed, lines.length);
  const phases = lines.map((_, i) => 2 * Math.PI * ((words[2 * i] * 2 ** 32 + words[2 * i + 1]) / 2 ** 64));
  const amplitude = 17.7 * Math.sqrt(2 / lines.length);
  const omega = lines.map((f) => 2 * Math.PI * f);
  return (t) => {
    let u = 0;
    for (let i = 0; i < omega.length; i++) u += Math.sin(omega[i] * t + phases[i]);
    return amplitude * u;
  };
}

// x = [q1, q2, v1, v2]: the state derivative at t.
function rhs(force, t, x, out) {
  const [M, D, K] = [chainTruth.M, chainTruth.D, chainTruth.K];
  const f1 = force(t) - D[0][0] * x[2] - K[0][0] * x[0] - K[0][1] * x[1] - coulombTruth[0] * Math.tanh(x[2] / smoothing);
  const f2 = -D[1][1] * x[3] - K[1][0] * x[0] - K[1][1] * x[1] - coulombTruth[1] * Math.tanh(x[3] / smoothing);
  out[0] = x[2]; out[1] = x[3]; out[2] = f1 / M[0][0]; out[3] = f2 / M[1][1];
}

// Dormand–Prince 5(4) tableau.
const c = [0, 1 / 5, 3 / 10, 4 / 5, 8 / 9, 1, 1];
const a = [[], [1 / 5], [3 / 40, 9 / 40], [44 / 45, -56 / 15, 32 / 9], [19372 / 6561, -25360 / 2187, 64448 / 6561, -212 / 729],
  [9017 / 3168, -355 / 33, 46732 / 5247, 49 / 176, -5103 / 18656], [35 / 384, 0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84]];
const b5 = [35 / 384, 0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84, 0];
const b4 = [5179 / 57600, 0, 7571 / 16695, 393 / 640, -92097 / 339200, 187 / 2100, 1 / 40];

/** q (N x 2, noise-free) and u (N x 1) of the chain for one seed. */
export function simulateChain(mechid, seed, { h = 1e-3, n = 10000 } = {}) {
  const force = multisine(mechid, seed);
  const x = new Float64Array(4), k = Array.from({ length: 7 }, () => new Float64Array(4));
  const xs = new Float64Array(4), x5 = new Float64Array(4);
  const q = new Float64Array(2 * n), u = new Float64Array(n);
  let t = 0, dt = h / 4;
  for (let s = 0; s < n; s++) {
    u[s] = force(s * h);
    q[2 * s] = x[0]; q[2 * s + 1] = x[1];
    const end = (s + 1) * h;
    while (t < end - 1e-15 * h) {
      const step = Math.min(dt, end - t);
      for (let i = 0; i < 7; i++) {
        for (let j = 0; j < 4; j++) {
          let sum = x[j];
          for (let m = 0; m < i; m++) sum += step * a[i][m] * k[m][j];
          xs[j] = sum;
        }
        rhs(force, t + c[i] * step, xs, k[i]);
      }
      let error = 0;
      for (let j = 0; j < 4; j++) {
        let y5 = x[j], y4 = x[j];
        for (let m = 0; m < 7; m++) { y5 += step * b5[m] * k[m][j]; y4 += step * b4[m] * k[m][j]; }
        x5[j] = y5;
        const tolerance = 1e-13 + 1e-10 * Math.max(Math.abs(x[j]), Math.abs(y5));
        error = Math.max(error, Math.abs(y5 - y4) / tolerance);
      }
      if (error <= 1) {
        t += step;
        x.set(x5);
      }
      dt = step * Math.min(5, Math.max(0.2, 0.9 * error ** -0.2));
    }
    t = end;
  }
  return { q: { rows: n, cols: 2, data: q }, u: { rows: n, cols: 1, data: u } };
}

/** The record of one seed as identify takes it (q with 40 dB white noise per channel). */
export function chainRecord(mechid, seed, { h = 1e-3, n = 10000, snr = 40 } = {}) {
  const { q, u } = simulateChain(mechid, seed, { h, n });
  return { h, u, y: withNoise(mechid, q, 1000 + seed, snr), inputSampling: 'auto' };
}

export const chainOptions = { forceDofs: [1], structure: { M: 'diagonal', D: 'diagonal', K: 'tridiagonal' }, friction: 'coulomb' };
