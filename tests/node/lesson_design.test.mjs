// The lesson's design (web/views/lesson/lesson-design.js) and the per-h sample counts it needs from
// wasm/study.js: log-spaced h from 0.001 to 0.6 s, N per h within its bounds, and the tasks and
// rows carrying that N (task.n, row.n); a study without ns is unchanged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LESSON, logSpaced, samplesFor } from '../../web/views/lesson/lesson-design.js';
import { aggregateStudy, studyTasks } from '../../wasm/study.js';
import { loadMechidNode } from '../../wasm/node.js';

await loadMechidNode();  // the core that aggregates the study's runs (aggregateStudy)

test('logSpaced: ends kept, ratios equal to 3 significant digits', () => {
  assert.deepEqual(logSpaced(0.001, 1, 4), [0.001, 0.01, 0.1, 1]);
  assert.deepEqual(LESSON.hs, [0.001, 0.00249, 0.00622, 0.0155, 0.0387, 0.0965, 0.241, 0.6]);
});

test('samplesFor: an 11 s record (two periods of the slowest mode, 5.36 s), at least 1000 and at most 11000 samples', () => {
  assert.equal(samplesFor(0.001), 11000);
  assert.equal(samplesFor(0.0001), 11000);
  assert.equal(samplesFor(0.004), 2750);
  assert.equal(samplesFor(0.6), 1000);
  assert.deepEqual(LESSON.ns, LESSON.hs.map(samplesFor));
});

test('studyTasks with ns: each task has its h’s N; rows say it; without ns no n', () => {
  const spec = { hs: [0.001, 0.1], ns: [8000, 1000], runs: 2, methods: ['variational', 'n4sid-d2c'] };
  const tasks = studyTasks(spec);
  assert.equal(tasks.length, 8);
  assert.deepEqual([...new Set(tasks.map((t) => `${t.h}:${t.n}`))], ['0.001:8000', '0.1:1000']);
  const results = tasks.map((t) => ({ status: 'ok', errors: { M: t.h, K: t.h, D: t.h, A: t.h }, ms: 1 }));
  const rows = aggregateStudy({ ...spec, systemName: '3dof', snr: 30, n: null, seed: 1 }, tasks, results).rows;
  assert.deepEqual(rows.map((r) => r.n), [8000, 8000, 1000, 1000]);
  assert.ok(Math.abs(rows[0].rel_err.K - 0.001) < 1e-15);
  const plain = studyTasks({ hs: [0.1], runs: 1, methods: ['variational'] });
  assert.deepEqual(plain, [{ hIndex: 0, h: 0.1, run: 0, method: 'variational' }]);
});
