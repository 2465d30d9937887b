// Target estimators: the SVF report's state-variable-filter least squares (svfIdentify on the
// mass-spring-damper, svfRlc on the RLC circuit) and Beckmann et al. 2016's augmented EKF (ekfBeltDrive) on
// their simulated experiments, shortened, scaled and with filter poles, grids and priors at extremes.
import { mostly } from '../arbitraries.mjs';

const SCALES = [1e-300, 1e-20, 1e20, 1e300, 0, -1];
const POLES = [0.5, 1, 2, 370, 380, 0, -1, 1e-300, 1e300];
const GRIDS = [[0.5, 1], [1, 1], [0.1, 0.2, 0.4, 0.8], [1e-300, 1e300], [350, 370, 390]];
const THETA = [[0, 0], [1, 1], [-1, 2], [1e300, 1e300], [1e-300, 1e-300]];

export function arbitrary(fc) {
  return fc.record({
    estimator: fc.constantFrom('svfIdentify', 'svfRlc', 'ekfBeltDrive'),
    sim: fc.record({ n: fc.integer({ min: 3, max: 1500 }), seed: fc.nat(), snr: fc.constantFrom(Infinity, 40, 10, 0) }),
    hFactor: mostly(fc, [1], [0.1, 10, 1e-300, 1e300]),
    scaleU: mostly(fc, [1], SCALES, 4), scaleY: mostly(fc, [1], SCALES, 4),
    svf: fc.record({
      p1: mostly(fc, [undefined], POLES, 1), p2: mostly(fc, [undefined], POLES, 1), grid: mostly(fc, [null], GRIDS, 4),
      form: fc.constantFrom('auto', 'siso', 'mimo'), robust: fc.boolean(), intersample: fc.constantFrom('cubic', 'linear'),
    }),
    ekf: fc.record({
      method: fc.constantFrom('ef', 'se', 'heun', 'lp', 'rk3', 'rk4'), reading: fc.constantFrom('kn-wide', 'kn', 'printed'),
      thetaInit: mostly(fc, [null], THETA, 3), thetaVar: mostly(fc, [undefined, [0.1, 1e-3]], [[0, 0], [1e300, 1e300]], 3),
      inputSampling: fc.constantFrom('hold', 'point'),
    }),
  });
}

const SCENARIO = { svfIdentify: 'msd-sine', svfRlc: 'rlc', ekfBeltDrive: 'belt-drive' };
const scaled = (m, s) => ({ ...m, data: m.data.map((x) => x * s) });

export function prepare(mechid, c) {
  const name = SCENARIO[c.estimator];
  const h = mechid.estimatorScenario(name).h;
  const sim = mechid.simulateEstimatorSystem(name, { ...c.sim, h });
  const y = c.estimator === 'ekfBeltDrive' ? sim.y : sim.q;
  const data = { h: h * c.hFactor, u: scaled(sim.u, c.scaleU), y: scaled(y, c.scaleY) };
  return { fn: c.estimator, args: { data, options: c.estimator === 'ekfBeltDrive' ? c.ekf : c.svf } };
}
