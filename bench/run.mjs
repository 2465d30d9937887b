// `npm run bench`: runs each benchmark module and rewrites its section of docs/results.md
// (between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->`), leaving the rest of the file alone.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const results = new URL('../docs/results.md', import.meta.url);
// Optional sections, not in the default list (slow, or needing data or tools the default run
// does not assume): peer (Octave's n4sid timed against ours, ~2.5 min, wants the machine to itself),
// kernels (Eigen's kernels natively, under Node and in Chromium, ~1.5 min), scale (chains of 4-50 DOF,
// ~5 min), bound8 (~1 min on 2 workers), real (records outside the repository), modal (the F-16
// record and 100 simulated 8-DOF records), nonlinear_intervals (100 runs of IDA and DIA, ~30 min on a loaded
// machine), nonlinear_ida_sources (where IDA's bias comes from), uff_corpus (pyuff's vendor files, kept outside the
// repository, read by mechid and by pyuff), scale_phases (the steps of `auto` on chains of 8-24 DOF timed apart, natively, ~5 min),
// false_alarms (the advice codes on 200 clean simulated records, ~3 min), page_files (the page's memory on
// 200 MB files of 5 formats in Chromium, ~3 min), oma (output-only modal analysis: 100 shear-frame records and
// 16 channels × 10⁶ samples, ~1 min), oma_methods (SSI-cov, SSI-data and EFDD on 20 shear-frame records, SSI-data on
// 16 channels × 10⁶ samples, ~5 min), oma_page (16 channels × 10⁶ samples from a CSV in the page, Chromium, ~1 min),
// cli_memory (the CLI's peak memory on a 10⁶-sample record, ~2 min), threads (`auto` on 16- and 24-DOF chains on 1 and 2
// threads of the core, natively, ~3 min). Run them by name: `node bench/run.mjs peer,kernels`.
// slicot (Octave's SLICOT n4sid against ours) runs in the default list and says 'skipped' without octave-cli.
const benches = (process.argv[2] ?? 'foundation,conditioning,identification,uncertainty,intersample,speed,nonlinear,nonlinear_dia,estimators,page,acceleration,slicot,guard,probe').split(',');

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
