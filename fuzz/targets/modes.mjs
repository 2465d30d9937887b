// Target modes: the frequency-domain requests (frf, modes; issue 17) on a short simulated record of
// the 3-DOF preset pushed on DOF 1, scaled, and with bands, periods, segments, windows, orders and
// tolerances at their extremes.
import { mostly } from '../arbitraries.mjs';

const SCALES = [1e-300, 1e-20, 1e20, 1e300, 0, -1];
const BANDS = [[0, Infinity], [0.05, 1], [1, 0.05], [0, 0], [4.9, 5], [10, 20], [-1, 1], [0.01, 0.02], [NaN, 1]];

export function arbitrary(fc) {
  return fc.record({
    fn: fc.constantFrom('frf', 'modes'),
    n: fc.integer({ min: 3, max: 3000 }), seed: fc.nat(), snr: fc.constantFrom(Infinity, 40, 0),
    hFactor: mostly(fc, [1], [1e-300, 1e300, 0.001]),
    scaleU: mostly(fc, [1], SCALES, 4), scaleY: mostly(fc, [1], SCALES, 4),
    band: mostly(fc, [[0.02, 1]], BANDS, 2),
    options: fc.record({
      method: fc.constantFrom(undefined, 'welch', 'lpm', 'other'), window: fc.constantFrom(undefined, 'hann', 'rectangular', 'impact'),
      segment: mostly(fc, [undefined], [0, 1, 16, 17, 5000, -3]), periods: mostly(fc, [undefined], [1, 2, 3, 7, 0]),
      skipPeriods: mostly(fc, [undefined], [0, 1, 5]), holdoutPeriods: mostly(fc, [undefined], [0, 1, 4]),
      maxOrder: mostly(fc, [undefined, 10], [2, 3, 400, 1, 0]), minStableOrders: mostly(fc, [undefined], [1, 100, 0]),
      freqTol: mostly(fc, [undefined], [0, 1e-300, 1, -1]), dampingTol: mostly(fc, [undefined], [0, 10]), macMin: mostly(fc, [undefined], [0, 1, 2]),
      impactEndValue: mostly(fc, [undefined], [0, 1, 1e-300]), weighting: fc.constantFrom(undefined, 'auto', 'inverse-sd', 'uniform'),
      drivingOutput: mostly(fc, [undefined, 1], [2, 3, 4, 0, -1, 1.5, 2 ** 40]),
    }),
  });
}

const scaled = (m, s) => ({ ...m, data: m.data.map((x) => x * s) });

export function prepare(mechid, c) {
  const preset = mechid.preset('3dof');
  const system = { ...preset, L: { rows: 3, cols: 1, data: Float64Array.from([1, 0, 0]) } };
  const h = 0.1;
  const sim = mechid.simulate(system, { h, n: c.n, input: 'prbs', seed: c.seed, snr: c.snr });
  const data = { h: h * c.hFactor, u: scaled(sim.u, c.scaleU), y: scaled(sim.q, c.scaleY) };
  const options = Object.fromEntries(Object.entries({ ...c.options, bandLoHz: c.band[0], bandHiHz: c.band[1] }).filter(([, v]) => v !== undefined));
  if (c.fn === 'modes') options.outputs = ['displacement', 'displacement', 'displacement'];
  return { fn: c.fn, args: { data, options } };
}
