// One result shape at the boundary (issue 47, item 4): every result of the API carries the core's
// Outcome {status, message, warnings} at its top; the numbers the page shows beside an estimate
// come from the core (95 % half-widths, the symmetry verdict, the validation residual, the
// nonlinear stiffness errors), each checked here against its definition computed independently.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mechid } from './helpers.mjs';

// z with Φ(z) = 0.975, by bisection on Φ(z) = (1 + erf(z/√2))/2, erf by its Taylor series (|z| < 3).
function erf(x) {
  let sum = 0, term = x;
  for (let n = 0; n < 80; n++) {
    sum += term / (2 * n + 1);
    term *= (-x * x) / (n + 1);
  }
  return (2 / Math.sqrt(Math.PI)) * sum;
}
let lo = 1, hi = 3;
for (let k = 0; k < 100; k++) {
  const mid = (lo + hi) / 2;
  if ((1 + erf(mid / Math.SQRT2)) / 2 < 0.975) lo = mid;
  else hi = mid;
}
const Z95 = (lo + hi) / 2;

const isOutcome = (r, what) => {
  assert.ok(['ok', 'warning', 'failed'].includes(r.status), `${what}: status ${r.status}`);
  assert.equal(typeof r.message, 'string', `${what}: message`);
  assert.ok(Array.isArray(r.warnings) && r.warnings.every((w) => typeof w === 'string'), `${what}: warnings`);
};

const msd = mechid.preset('msd');
const sim = mechid.simulate(msd, { h: 0.5, n: 800, snr: 40, seed: 2 });
const auto = mechid.identify('auto', { h: 0.5, u: sim.u, y: sim.q, inputSampling: 'hold' }, {}, msd);

test('every result of the API carries status, message and warnings at its top', () => {
  isOutcome(auto, 'identify');
  isOutcome(auto.modal, 'identify modal');
  isOutcome(mechid.modal(mechid.preset('3dof')), 'modal');
  const d = mechid.discretize(msd, 0.1, 'zoh');
  isOutcome(mechid.toContinuous(d, 0.1, 'zoh'), 'toContinuous');
  isOutcome(mechid.validateRecord(auto, { h: 0.5, u: sim.u, y: sim.q, inputSampling: 'hold' }), 'validateRecord');
  isOutcome(mechid.studyRun(msd, { h: 0.1, snr: 40, samples: 300, method: 'variational', seed: 1, hIndex: 0, run: 0 }), 'studyRun');
  const three = mechid.preset('3dof');
  const record = mechid.simulate({ ...three, L: { rows: 3, cols: 1, data: Float64Array.from([1, 0, 0]) } }, { h: 0.1, n: 4000, input: 'prbs', snr: 40, seed: 4 });
  isOutcome(mechid.frf({ h: record.h, u: record.u, y: record.q }, { bandHiHz: 1 }), 'frf');
  const modes = mechid.modes({ h: record.h, u: record.u, y: record.q }, { bandLoHz: 0.05, bandHiHz: 1, drivingOutput: 1 });
  isOutcome(modes, 'modes');
  isOutcome(modes.frf, 'modes frf');
  isOutcome(modes.reduced, 'modes reduced');
  const sine = mechid.simulateEstimatorSystem('msd-sine');
  isOutcome(mechid.svfIdentify({ h: sine.h, u: sine.u, y: sine.q }, { grid: [0.5, 1] }), 'svfIdentify');
  const rlc = mechid.simulateEstimatorSystem('rlc', { h: 1e-5, n: 2001 });
  isOutcome(mechid.svfRlc({ h: 1e-5, u: rlc.u, y: rlc.q }, { p1: 370, p2: 380 }), 'svfRlc');
  const belt = mechid.simulateEstimatorSystem('belt-drive', { h: 1e-3, n: 501, snr: Infinity });
  isOutcome(mechid.ekfBeltDrive({ h: 1e-3, u: belt.u, y: belt.y }, { method: 'rk4' }, belt.true_theta), 'ekfBeltDrive');
  const nl = mechid.nonlinearSimulate('lin-ewins', { n: 4000 });
  isOutcome(mechid.nonlinearIdentify({ h: nl.h, a: nl.a, f: nl.f }, { method: 'ida', regions: { kind: 'thresholds', x0: 0.005 } }), 'nonlinearIdentify');
});

test('the 95 % half-widths are z95 · sd (Φ(z95) = 0.975), for M, D, K, the modes, and the modes in a band', () => {
  assert.ok(Math.abs(Z95 - 1.959963984540054) < 1e-12, `z95 by bisection ${Z95}`);
  const u = auto.uncertainty;
  for (const key of ['M', 'D', 'K']) {
    const sd = u[`${key}_sd`], half = u[`${key}_half95`];
    assert.deepEqual([half.rows, half.cols], [sd.rows, sd.cols]);
    sd.data.forEach((s, k) => assert.ok(Math.abs(half.data[k] - Z95 * s) <= 1e-14 * Z95 * s, `${key}_half95[${k}] ${half.data[k]} vs ${Z95 * s}`));
  }
  for (const key of ['omega_n', 'zeta']) {
    u[`${key}_sd`].forEach((s, k) => assert.ok(Math.abs(u[`${key}_half95`][k] - Z95 * s) <= 1e-14 * Z95 * s, `${key}_half95[${k}]`));
  }
  const three = mechid.preset('3dof');
  const record = mechid.simulate({ ...three, L: { rows: 3, cols: 1, data: Float64Array.from([1, 0, 0]) } }, { h: 0.1, n: 20000, input: 'prbs', snr: 40, seed: 4 });
  const r = mechid.modes({ h: record.h, u: record.u, y: record.q }, { bandLoHz: 0.05, bandHiHz: 1 });
  assert.ok(r.modes.length > 0);
  for (const m of r.modes) {
    for (const key of ['freq_hz', 'zeta']) {
      const sd = m[`${key}_sd`], half = m[`${key}_half95`];
      if (sd === null) assert.equal(half, null);
      else assert.ok(Math.abs(half - Z95 * sd) <= 1e-14 * Z95 * sd, `${key}_half95 ${half} vs ${Z95 * sd}`);
    }
  }
});

test('checks.symmetric, the validation residual y − ŷ, and the nonlinear errors are the core\'s and right', () => {
  // Symmetric by its definition (max |X − Xᵀ| <= 1e-9 max |X|), for the 1-DOF estimate and a 3-DOF one.
  const symmetric = (X) => {
    let gap = 0, largest = 0;
    for (let i = 0; i < X.rows; i++) for (let j = 0; j < X.cols; j++) {
      largest = Math.max(largest, Math.abs(X.data[i * X.cols + j]));
      gap = Math.max(gap, Math.abs(X.data[i * X.cols + j] - X.data[j * X.cols + i]));
    }
    return gap <= 1e-9 * largest;
  };
  const three = mechid.preset('3dof');
  const data = mechid.simulate(three, { h: 0.05, n: 1500, snr: 30, seed: 1 });
  const r = mechid.identify('variational', { h: 0.05, u: data.u, y: data.q, inputSampling: 'hold' }, {}, three);
  for (const x of [auto, r]) assert.equal(x.checks.symmetric, ['M', 'D', 'K'].every((key) => symmetric(x[key])));
  assert.equal(r.checks.symmetric, true);
  const { residual, simulated } = r.validation;
  assert.deepEqual([residual.rows, residual.cols], [data.q.rows, data.q.cols]);
  // y − ŷ to rounding (the core works on the records scaled to unit amplitude and scales back).
  const scale = Math.max(...data.q.data.map(Math.abs));
  residual.data.forEach((e, k) => assert.ok(Math.abs(e - (data.q.data[k] - simulated.data[k])) <= 1e-13 * scale, `residual[${k}]: ${e}`));

  const nl = mechid.nonlinearSimulate('lin-ewins', { n: 4000 });
  const est = mechid.nonlinearIdentify({ h: nl.h, a: nl.a, f: nl.f }, { method: 'ida', regions: { kind: 'thresholds', x0: 0.005 } }, nl.k);
  for (const s of est.stiffness) {
    const truth = nl.k[s.name];
    assert.equal(s.true_k, truth);
    assert.equal(s.abs_error, Math.abs(s.k - truth));
    if (truth === 0) assert.equal(s.error, null);
    else assert.ok(Math.abs(s.error - Math.abs(s.k - truth) / Math.abs(truth)) <= 1e-15 * s.error, `${s.name}: ${s.error}`);
  }
});

test('the core sets a record of a duration (n = round(duration/h) + 1), the work estimate in seconds, drivingOutput\'s code', () => {
  const { h } = mechid.estimatorScenario('belt-drive');
  for (const duration of [1, 2.5, 3.0004]) {
    const d = mechid.simulateEstimatorSystem('belt-drive', { duration, seed: 1, snr: 0 });
    assert.equal(d.t.length, Math.round(duration / h) + 1, `duration ${duration}`);
  }
  // seconds: flops at one rate (the same ratio for any request).
  const a = mechid.estimateWork('auto', { h: 0.5, u: sim.u, y: sim.q }, {});
  const b = mechid.estimateWork('variational', { h: 0.05, u: { rows: 2000, cols: 3, data: new Float64Array(6000) }, y: { rows: 2000, cols: 3, data: new Float64Array(6000) } }, {});
  assert.ok(a.seconds > 0 && b.flops > a.flops);
  assert.ok(Math.abs(a.seconds / a.flops - b.seconds / b.flops) <= 1e-15 * (a.seconds / a.flops));
  const record = mechid.simulate(mechid.preset('3dof'), { h: 0.1, n: 2000, input: 'prbs', snr: 40, seed: 4 });
  for (const drivingOutput of [0, 9]) {  // not a column counted from 1; beyond the record's 3 outputs
    assert.throws(() => mechid.modes({ h: record.h, u: record.u, y: record.q }, { bandHiHz: 1, drivingOutput }),
      (e) => e.code === 'bad-input' && e.option === 'drivingOutput', `drivingOutput ${drivingOutput}`);
  }
});
