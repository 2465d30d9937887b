// What the page's routes (issue 50 items 3 and 4) take from the core, through the JS API: the period
// of a force (inputPeriod, src/analysis/input_period.hpp), the band a multisine excites as the
// advice band_not_excited's option (the modes section's band), and a study run of a record shorter
// than two periods of the slowest mode flagged record_too_short (failed runs included), counted by
// the study's aggregation (wasm/study.js).
// Run: node --test tests/node/page_routes.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadMechidNode } from '../../wasm/node.js';
import { aggregateStudy, studyTasks } from '../../wasm/study.js';

const mechid = await loadMechidNode();

// A multisine over lines first..last of a P-sample period, repeated R times.
function multisine(P, R, first, last, seed = 7) {
  const phases = mechid.randomStream(seed, P);
  const period = new Float64Array(P);
  for (let l = first; l <= last; l++) for (let i = 0; i < P; i++) period[i] += Math.cos(2 * Math.PI * (l * i / P + phases[l] / 2 ** 32));
  return { rows: R * P, cols: 1, data: Float64Array.from({ length: R * P }, (_, i) => period[i % P]) };
}

test('inputPeriod: a multisine repeated 6 times has period 1024 samples; a random force none', () => {
  const p = mechid.inputPeriod(multisine(1024, 6, 10, 150));
  assert.equal(p.samples, 1024);
  assert.equal(p.periods, 6);
  assert.ok(p.mismatch < 1e-20, String(p.mismatch));
  const random = mechid.randomStream(3, 3072);  // 6144 uniform 32-bit numbers
  assert.equal(mechid.inputPeriod({ rows: 6144, cols: 1, data: Float64Array.from(random, (x) => x / 2 ** 32 - 0.5) }), null);
  assert.throws(() => mechid.inputPeriod({ rows: 2, cols: 1 }), /input data u/);
});

test('frf of a multisine over part of the band: band_not_excited carries the excited lines\' span as the option band', () => {
  const system = mechid.preset('3dof');
  const h = 0.1, P = 1024;
  const u = multisine(P, 4, 20, 120);  // 0.1953–1.172 Hz of a band up to 5 Hz
  const sim = mechid.simulate({ ...system, L: { rows: 3, cols: 1, data: Float64Array.from([1, 0, 0]) } }, { h, n: 4 * P, input: 'samples', samples: u });
  const r = mechid.frf({ h, u: sim.u, y: sim.q }, {});
  const advice = r.advice.find((a) => a.code === 'band_not_excited');
  assert.equal(advice.level, 'warning');
  const [lo, hi] = advice.options.band.split(':').map(Number);
  const df = 1 / (P * h);
  assert.ok(Math.abs(lo - 20 * df) < 1e-12 && Math.abs(hi - 120 * df) < 1e-12, advice.options.band);
});

test('studyRun: the 3-DOF preset at h = 0.001 s, N = 2000 (2 s, the slowest period 5.4 s) is record_too_short; at h = 0.05 s it is not', () => {
  const hs = [0.001, 0.05], methods = ['variational', 'n4sid-d2c'];
  const tasks = studyTasks({ hs, runs: 1, methods });
  const results = tasks.map((t) => mechid.studyRun(mechid.preset('3dof'), { h: t.h, snr: 30, samples: 2000, method: t.method, seed: 1, hIndex: t.hIndex, run: t.run }));
  for (const [k, t] of tasks.entries()) {
    const flagged = results[k].advice.some((a) => a.code === 'record_too_short');
    assert.equal(flagged, t.h === 0.001, `${t.method} at h = ${t.h}: ${results[k].status} ${results[k].message}`);
  }
  const { rows } = aggregateStudy({ hs, methods, systemName: '3dof', snr: 30, n: 2000, runs: 1, seed: 1 }, tasks, results);
  for (const row of rows) {
    assert.equal(row.too_short, row.h === 0.001 ? 1 : 0, `${row.method} at h = ${row.h}`);
    if (row.too_short) assert.match(row.too_short_message, /shorter than 2 periods of the slowest mode/);
  }
});
