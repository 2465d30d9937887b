// Conformance of the universal-file reader (wasm/uff.js) against pyuff (GitHub ladisk/pyuff, MIT),
// an independent reader, on pyuff's own corpus of vendor files (its data/ folder: ARTeMIS, Testlab,
// Simcenter, NX, OROS, 58 ASCII and 58b binary, 55 modes, 15/82/2411/2412 geometry) and on the files
// mechid writes (wasm/uff-write.js: 58 and 58b time and FRF, single and double, and 55): every file is
// either read equal to pyuff's reading (datasets found, channel counts, lengths, values to 1e-5 of
// each record's largest magnitude) or refused with a one-line reason.
// The corpus stays outside the repository: a checkout of pyuff at ../data-kept/pyuff beside the
// repository (or MECHID_PYUFF=/path/to/pyuff). Python 3 with numpy runs pyuff from that source.
// Reproduce: `node bench/run.mjs uff_corpus`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseUff } from '../wasm/uff.js';
import { writtenCases } from './uff/written.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const pyuffDir = process.env.MECHID_PYUFF ?? join(here, '../../data-kept/pyuff');
const TOLERANCE = 1e-5;

/** pyuff's reading of `files`: {path: {types, sets} | {error}} (bench/uff/pyuff_dump.py). */
function pyuffRead(files) {
  const out = join(mkdtempSync(join(tmpdir(), 'uff-corpus-')), 'dump.json');
  const python = ['python3', '/usr/bin/python3'].find((p) => {
    try { execFileSync(p, ['-c', 'import numpy'], { stdio: 'ignore' }); return true; } catch { return false; }
  });
  if (!python) throw new Error('uff_corpus: no python3 with numpy');
  const json = execFileSync(python, [join(here, 'uff/pyuff_dump.py'), ...files], { env: { ...process.env, PYTHONPATH: pyuffDir }, maxBuffer: 1 << 30 });
  writeFileSync(out, json);
  const dump = JSON.parse(readFileSync(out, 'utf8'));
  rmSync(out, { force: true });
  return dump;
}

/** Largest |a - b| over |b|'s largest magnitude (1 when the lengths differ). */
function relDiff(a, b) {
  if (a.length !== b.length) return 1;
  let scale = 0, worst = 0;
  for (let i = 0; i < b.length; i++) scale = Math.max(scale, Math.abs(b[i]));
  for (let i = 0; i < b.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst / (scale || 1);
}

// Two labels read alike: equal but for the blanks that pad a field, NONE read as empty (as
// wasm/uff.js reads it), a number against its text.
const plain = (x) => { const s = String(x ?? '').trim(); return s.toUpperCase() === 'NONE' ? '' : s; };
const same = (a, b) => plain(a) === plain(b);

/**
 * Our reading against pyuff's: {compared: what was compared, worst: largest relative difference,
 * problems}; with `labels` (the files mechid writes) also what names each channel: ID line 1 and
 * records 9-10 of dataset 58, ID line 4 of dataset 55.
 */
function compare(ours, theirs, labels = false) {
  const problems = [];
  let worst = 0;
  const note = (what, d) => { worst = Math.max(worst, d); if (!(d <= TOLERANCE)) problems.push(`${what} differs (${d.toExponential(1)})`); };
  // datasets found: every type, 58b counted with 58 as pyuff does
  const counts = {};
  for (const [type, n] of Object.entries(ours.datasets)) counts[parseInt(type, 10)] = (counts[parseInt(type, 10)] ?? 0) + n;
  const theirCounts = {};
  for (const t of theirs.types) theirCounts[t] = (theirCounts[t] ?? 0) + 1;
  if (JSON.stringify(counts) !== JSON.stringify(theirCounts)) problems.push(`datasets ${JSON.stringify(counts)} against ${JSON.stringify(theirCounts)}`);
  const sets = (type) => theirs.sets.filter((s) => s.type === type && !s.error);
  const compared = [];
  // 58: one channel per record: length, abscissa, real and imaginary parts
  const f58 = ours.records.filter((r) => r.dataset === 58);
  const p58 = sets(58);
  if (f58.length || p58.length) {
    if (f58.length !== p58.length) problems.push(`${f58.length} functions against ${p58.length}`);
    f58.forEach((r, k) => {
      const p = p58[k];
      if (!p) return;
      const re = r.complex ? r.values.re : r.values;
      if (re.length !== p.n) problems.push(`record ${r.recordNumber}: ${re.length} points against ${p.n}`);
      note(`record ${r.recordNumber} values`, relDiff(re, p.re));
      if (r.complex) note(`record ${r.recordNumber} imaginary parts`, relDiff(r.values.im, p.im ?? []));
      const x = r.abscissa instanceof Float64Array ? r.abscissa : Float64Array.from({ length: r.abscissa.count }, (_, i) => r.abscissa.min + i * r.abscissa.step);
      note(`record ${r.recordNumber} abscissa`, relDiff(x, p.x));
      if (r.responseNode !== p.rsp_node || r.responseDirection !== p.rsp_dir || r.functionType !== p.func_type) problems.push(`record ${r.recordNumber}: node/direction/function type differ`);
      if (labels) {
        // what names the channel: ID line 1 and records 9 and 10 (specific data type, axis label, units label)
        const { ordinate: o, denominator: d } = r.axes;
        const ours58 = [r.ids[0], o.specificType, o.label, o.units, d.specificType, d.label, d.units];
        const theirs58 = [p.id1, p.ordinate_spec_data_type, p.label, p.units, p.denominator_spec_data_type, p.denominator_label, p.denominator_units];
        if (ours58.some((v, i) => !same(v, theirs58[i]))) problems.push(`record ${r.recordNumber}: labels ${JSON.stringify(ours58)} against ${JSON.stringify(theirs58)}`);
      }
    });
    compared.push(`${f58.length} × 58 (${f58.reduce((n, r) => n + (r.complex ? r.values.re : r.values).length, 0)} points${labels ? ', labels' : ''})`);
  }
  // 55: nodes and every value
  const f55 = ours.records.filter((r) => r.dataset === 55);
  const p55 = sets(55);
  if (f55.length || p55.length) {
    if (f55.length !== p55.length) problems.push(`${f55.length} × 55 against ${p55.length}`);
    f55.forEach((r, k) => {
      const p = p55[k];
      if (!p) return;
      note(`55 record ${r.recordNumber} nodes`, relDiff(r.nodes.map((n) => n.node), p.node_nums));
      if (labels && !same(r.ids[3], p.id4)) problems.push(`55 record ${r.recordNumber}: ID line 4 '${r.ids[3]}' against '${p.id4}'`);
      for (let c = 0; c < r.ndv; c++) {
        note(`55 record ${r.recordNumber} value ${c + 1}`, relDiff(r.nodes.map((n) => n.values[c][0]), p.values[c][0]));
        note(`55 record ${r.recordNumber} value ${c + 1} (imaginary)`, relDiff(r.nodes.map((n) => n.values[c][1]), p.values[c][1]));
      }
    });
    compared.push(`${f55.length} × 55${labels ? ' (ID line 4)' : ''}`);
  }
  // nodes of 15 and 2411
  const pNodes = [...sets(15), ...sets(2411)];
  if (pNodes.length || ours.geometry.nodes.length) {
    const n = ours.geometry.nodes;
    const cat = (key) => pNodes.flatMap((s) => s[key]);
    note('node labels', relDiff(n.map((v) => v.id), cat('node_nums')));
    for (const key of ['x', 'y', 'z']) note(`node ${key}`, relDiff(n.map((v) => v[key]), cat(key)));
    compared.push(`${n.length} nodes`);
  }
  const p82 = sets(82);
  if (p82.length || ours.geometry.lines.length) {
    if (p82.length !== ours.geometry.lines.length) problems.push(`${ours.geometry.lines.length} trace lines against ${p82.length}`);
    ours.geometry.lines.forEach((l, k) => {
      const p = p82[k]?.nodes ?? [];
      const padded = [...l.nodes, ...Array(Math.max(0, p.length - l.nodes.length)).fill(0)];  // pyuff keeps Testlab's zero padding
      note(`trace line ${l.id}`, relDiff(padded, p));
    });
    compared.push(`${ours.geometry.lines.length} trace lines`);
  }
  const p2412 = sets(2412);
  if (p2412.length || ours.geometry.elements.length) {
    const theirElements = p2412.reduce((n, s) => n + s.elements, 0);
    if (theirElements !== ours.geometry.elements.length) problems.push(`${ours.geometry.elements.length} elements against ${theirElements}`);
    compared.push(`${ours.geometry.elements.length} elements`);
  }
  const p164 = sets(164)[0];
  if (p164) {
    const u = ours.units ?? {};
    note('units (164)', relDiff([u.code, u.length, u.force, u.temperature, u.temperatureOffset], [p164.units_code, p164.length, p164.force, p164.temp, p164.temp_offset]));
    compared.push(`units ${u.code}`);
  }
  return { compared: compared.join(', ') || 'datasets', worst, problems };
}

/** One row: the file against pyuff. */
function row(path, dump, label = basename(path), labels = false) {
  const theirs = dump[path];
  const size = `${(statSync(path).size / 1024).toFixed(0)} KB`;
  let ours, refusal;
  try { ours = parseUff(readFileSync(path), basename(path)); } catch (e) { refusal = e.message; }
  const pyuffSays = theirs.error ? `fails: ${theirs.error}` : theirs.sets.some((s) => s.error) ? `reads ${theirs.types.length} datasets, fails on ${theirs.sets.filter((s) => s.error).length}` : `reads ${theirs.types.length} datasets`;
  if (refusal) {
    const pyuffInconsistent = theirs.sets?.some((s) => s.type === 58 && s.n !== s.num_pts * (s.im ? 1 : 1) && s.num_pts !== undefined);
    const verdict = theirs.error ? 'refused, as by pyuff' : pyuffInconsistent ? 'refused (pyuff returns fewer points than the file declares, without notice)' : '**refused, pyuff reads it**';
    return `| ${label} | ${size} | ${pyuffSays} | refused: ${refusal.replace(/\|/g, '\\|').slice(0, 160)} | – | ${verdict} |`;
  }
  const types = Object.entries(ours.datasets).map(([t, n]) => `${t}×${n}`).join(' ');
  const { compared, worst, problems } = compare(ours, theirs, labels);
  const verdict = problems.length ? `**differs**: ${problems.slice(0, 3).join('; ')}` : 'equal';
  return `| ${label} | ${size} | ${pyuffSays} | ${types}: ${compared} | ${worst.toExponential(1)} | ${verdict} |`;
}

let table;
if (!existsSync(join(pyuffDir, 'pyuff/pyuff.py'))) {
  table = `Skipped: no pyuff checkout at ${pyuffDir} (set MECHID_PYUFF).`;
} else {
  const corpus = readdirSync(join(pyuffDir, 'data')).filter((f) => /\.(uff|unv)$/i.test(f)).sort().map((f) => join(pyuffDir, 'data', f));
  const written = writtenCases(mkdtempSync(join(tmpdir(), 'uff-written-')));
  const dump = pyuffRead([...corpus, ...written.map((w) => w.path)]);
  const rows = [...corpus.map((p) => row(p, dump)), ...written.map((w) => row(w.path, dump, `written by mechid: ${w.label}`, true))];
  const equal = rows.filter((r) => r.endsWith('| equal |')).length;
  const refused = rows.filter((r) => r.includes('| refused')).length;
  table = [
    `pyuff's data/ corpus (${corpus.length} files present in its checkout) and ${written.length} files written by mechid, each read by mechid and by pyuff: ` +
    `${equal} read equal (to ${TOLERANCE} of each record's largest magnitude), ${refused} refused, ${rows.length - equal - refused} differ.`,
    '',
    '| file | size | pyuff | mechid reads | largest difference | verdict |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
export { table };
