// Target nonlinear: the piecewise-linear stiffness methods of Karimov et al. 2021 (mechid.nonlinearIdentify,
// 'dia' and 'ida') on simulated accelerometer records ('lin-ewins', 'beam') that are shortened,
// scaled, made constant or noisy, with regions, known mass/damping and IRLS options at extremes.
import { mostly, sometimes } from '../arbitraries.mjs';

const SCALES = [1e-300, 1e-20, 1e20, 1e300, 0, -1];
const X0 = [1e-300, 1e-12, 1, 1e300, 5e-324];
const BREAKPOINTS = [[-0.005, 0.005], [0], [0.005, -0.005], [0, 0], [-1e300, 1e300], [-0.01, 0, 0.01, 0.02], [5e-324]];

export function arbitrary(fc) {
  return fc.record({
    system: fc.constantFrom('lin-ewins', 'beam'),
    sim: fc.record({
      h: mostly(fc, [1e-3], [1e-4, 0.01, 0.1], 3), n: fc.oneof({ arbitrary: fc.integer({ min: 500, max: 3000 }), weight: 4 }, { arbitrary: fc.integer({ min: 3, max: 500 }), weight: 1 }),
      substeps: fc.constantFrom(1, 5, 50), sigma: mostly(fc, [0, 0.01, 1], [1e6]), a0: mostly(fc, [0, 0.1], [1e6]), seed: fc.nat(),
    }),
    scaleA: mostly(fc, [1], SCALES, 3), scaleF: mostly(fc, [1], SCALES, 3), dropForce: mostly(fc, [false], [true], 4),
    constantFrom: sometimes(fc, fc.nat(), 5),
    hOdd: sometimes(fc, fc.constantFrom(1e-320, 1e300, 0, -1e-3), 12),
    regions: fc.oneof(
      mostly(fc, [0.005], X0, 2).map((x0) => ({ kind: 'thresholds', x0 })),
      fc.constant({ kind: 'sign' }),
      fc.constantFrom(...BREAKPOINTS).map((breakpoints) => ({ kind: 'breakpoints', breakpoints })),
    ),
    options: fc.record({
      method: fc.constantFrom('dia', 'ida'),
      mass: mostly(fc, [null, null, 1], [0, -1, 1e-300, 1e300]), damping: mostly(fc, [null, null, 4], [0, -1, 1e300]),
      segments: mostly(fc, [1, 1, 2, 7], [0, 1000000]),
      highpassHz: mostly(fc, [0, 0, 0.1], [1e-12, 1e12, -1]), detrend: fc.boolean(),
      tolerance: mostly(fc, [1e-8], [0, 1, 1e-300]), delta: mostly(fc, [1e-6], [0, 1e300]),
      lambda: mostly(fc, [0, 1e-3], [1e300, -1]), maxIterations: mostly(fc, [1, 10, 1000], [0]),
      swap: fc.constantFrom(undefined, false, true), swapTolerance: mostly(fc, [1], [0, 1e300, -1]),
    }),
  });
}

export function prepare(mechid, c) {
  const sim = mechid.nonlinearSimulate(c.system, c.sim);
  const a = sim.a.map((x) => x * c.scaleA), f = sim.f.map((x) => x * c.scaleF);
  if (c.constantFrom !== undefined) a.fill(a[c.constantFrom % a.length], c.constantFrom % a.length);
  return { fn: 'nonlinearIdentify', args: { data: { h: c.hOdd ?? sim.h, a, f: c.dropForce ? null : f }, options: { ...c.options, regions: c.regions } } };
}
