// `npm run bench`: runs each benchmark module and rewrites its section of docs/results.md
// (between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->`), leaving the rest of the file alone.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const results = new URL('../docs/results.md', import.meta.url);
// Optional sections, not in the default list (slow): bound8 (44-46 s on 2 workers in its last regenerations; `node bench/run.mjs bound8`).
// slicot (Octave's SLICOT n4sid against ours) runs in the default list and says 'skipped' without octave-cli.
// Optional too: scale (chains of 4-24 DOF, issue 19 item 5; ~20 min, `node bench/run.mjs scale`), and
// peer (Octave's n4sid against ours, timed; ~2.5 min, and its timings want the machine to itself:
// run it alone, `node bench/run.mjs peer`); it says 'skipped' without octave-cli. And kernels (Eigen's
// kernels alone natively, under Node and in Chromium; ~1.5 min, `node bench/run.mjs kernels`).
const benches = (process.argv[2] ?? 'foundation,conditioning,identification,uncertainty,speed,nonlinear,nonlinear_dia,estimators,page,acceleration,slicot,guard').split(',');

// Each section is written as soon as it is done, into the file as it is then: edits made to the
// rest of docs/results.md while a long bench runs are kept.
for (const name of benches) {
  const { table } = await import(`./${name}.mjs`);
  const section = `<!-- bench:${name} -->\n${table}\n<!-- /bench:${name} -->`;
  const pattern = new RegExp(`<!-- bench:${name} -->[\\s\\S]*?<!-- /bench:${name} -->`);
  const text = existsSync(results) ? readFileSync(results, 'utf8') : '# Results\n';
  writeFileSync(results, pattern.test(text) ? text.replace(pattern, () => section) : `${text}\n${section}\n`);
  console.log(`${name}:\n${table}\n`);
}
