// Measures the page's lesson design (web/views/lesson/lesson-design.js) under Node on a pool of worker
// threads, as the page runs it on a pool of Web Workers: the RMS relative error of K per h and
// method, failed runs, and the wall time. Run: node scripts/lesson-timing.mjs [workers]
import { loadMechidNode } from '../wasm/node.js';
import { runStudyNode } from '../wasm/node-study.js';
import { LESSON } from '../web/views/lesson/lesson-design.js';

const mechid = await loadMechidNode();
const workers = Number(process.argv[2] ?? 2);
const t0 = performance.now();
const study = await runStudyNode({ ...LESSON, system: mechid.preset(LESSON.system), systemName: LESSON.system, n: null }, workers);
const seconds = (performance.now() - t0) / 1000;
for (const h of LESSON.hs) {
  const cells = study.rows.filter((r) => r.h === h).map((r) => `${r.method} K ${r.rel_err.K?.toPrecision(3)} (${r.failures} failed)`);
  console.log(`h ${h} N ${study.rows.find((r) => r.h === h).n}: ${cells.join(', ')}`);
}
console.log(`${LESSON.hs.length} h × ${LESSON.runs} runs × ${LESSON.methods.length} methods on ${workers} workers: ${seconds.toFixed(1)} s`);
