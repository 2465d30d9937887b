// Worker handlers of the seeds 003/004 section (web/estimators.js): the SVF pole search and the
// augmented EKF on the belt drive. worker.js merges them into its handler table.
import { EQ32_READINGS, poleGrid } from './gen/estimators.js';
import { REQUEST } from './protocol.js';

// Sampling of each SVF experiment: seed 003 sec. 2.3 (10 s at 0.1 s) and sec. 3 (0.2 s at 1e-5 s).
const SVF_DATA = { 'msd-sine': { h: 0.1, n: 101 }, rlc: { h: 1e-5, n: 20001 } };

export const estimatorHandlers = {
  // {experiment: 'msd-sine' | 'rlc', grid: 'lo:hi:step', intersample} -> {search, estimate, ms}
  [REQUEST.svfSearch]: (api, { experiment, grid, intersample }) => {
    const t0 = performance.now();
    const sampling = SVF_DATA[experiment];
    if (!sampling) throw Object.assign(new Error(`unknown experiment ${experiment}`), { code: 'bad-input' });
    const data = api.simulateEstimatorSystem(experiment, sampling);
    const options = { grid: poleGrid(grid), intersample };
    let estimate;
    let search;
    if (experiment === 'rlc') {
      const r = api.svfRlc({ h: data.h, u: data.u, y: data.q }, options);
      search = r.search;
      estimate = { status: r.status, message: r.message, p1: r.p1, p2: r.p2, inv_RC: r.inv_RC, inv_LC: r.inv_LC, outputError: r.output_error };
    } else {
      const r = api.svfIdentify({ h: data.h, u: data.u, y: data.q }, options, api.preset('msd'));
      search = r.search;
      estimate = {
        status: r.status, message: r.message, p1: r.diagnostics.p1, p2: r.diagnostics.p2, m: r.M?.data[0], b: r.D?.data[0],
        k: r.K?.data[0], outputError: r.diagnostics.output_error,
      };
    }
    return { result: { experiment, search, estimate, ms: performance.now() - t0 }, transfer: [search.surface.data.buffer] };
  },

  // {duration, methods, reading, seed} -> {t, trueTheta, runs: [{method, status, message, parameters, theta, errors, ms}]}
  [REQUEST.ekfRun]: (api, { duration, methods, reading, seed }) => {
    const h = 1e-3;
    const data = api.simulateEstimatorSystem('belt-drive', { h, n: Math.round(duration / h) + 1, seed, snr: 0 });
    const settings = EQ32_READINGS[reading];
    if (!settings) throw Object.assign(new Error(`unknown reading ${reading}`), { code: 'bad-input' });
    const runs = methods.map((method) => {
      const r = api.ekfBeltDrive({ h, u: data.u, y: data.y }, { method, ...settings }, data.trueTheta);
      return { method, status: r.status, message: r.message, parameters: r.parameters, theta: r.theta, errors: r.errors, ms: r.timing_ms };
    });
    return {
      result: { t: data.t, trueTheta: data.trueTheta, runs },
      transfer: [data.t.buffer, ...runs.map((r) => r.parameters.data.buffer)],
    };
  },
};
