// Measurement CSV -> dataset {h, u, y, t, columns, delimiter, warnings} for identification.
// Parsing is PapaParse's (passed in, so the same code runs in Node and in a worker); every check
// names the file, the line and the column. Format (INTERFACES.md): a header row, then one row
// per sample; columns t (s, uniform), u1..uk (forces), q1..qn (displacements); other names when
// mapped (timeCol, inputCols, outputCols). Delimiter , ; or tab; decimal point, or decimal comma
// when the delimiter is ; or tab.
import { MechidError } from './api.js';

const bad = (message) => new MechidError('bad-input', message);

/** Largest relative deviation of t from a uniform grid tolerated (1 % of h). */
export const MAX_TIME_JITTER = 0.01;

function numbered(header, prefix) {
  const found = header.filter((name) => new RegExp(`^${prefix}\\d+$`).test(name));
  return found.sort((a, b) => Number(a.slice(prefix.length)) - Number(b.slice(prefix.length)));
}

function columnIndex(header, name, source, what) {
  const index = header.indexOf(name);
  if (index < 0) throw bad(`${source}: no column named '${name}' (${what}); the header has ${header.join(', ')}`);
  return index;
}

/**
 * @param {object} p
 * @param {object} p.Papa       the PapaParse module
 * @param {string} p.text       file contents
 * @param {string} p.source     file name for messages
 * @param {string} [p.timeCol]  default 't' when present
 * @param {string[]} [p.inputCols]   default u1..uk ([] explicitly: no inputs)
 * @param {string[]} [p.outputCols]  default q1..qn
 * @param {number} [p.h]        needed when there is no time column
 */
export function parseDatasetCsv({ Papa, text, source, timeCol, inputCols, outputCols, h }) {
  if (text.trim() === '') throw bad(`${source}: the file is empty`);
  const parsed = Papa.parse(text, { delimiter: '', delimitersToGuess: [',', ';', '\t'], skipEmptyLines: false });
  const delimiter = parsed.meta.delimiter;
  const rows = parsed.data;
  const header = rows[0].map((name) => String(name).trim());
  const decimalComma = delimiter !== ',';
  const warnings = [];

  const time = timeCol ?? (header.includes('t') ? 't' : undefined);
  const inputs = inputCols ?? numbered(header, 'u');
  const outputs = outputCols ?? numbered(header, 'q');
  if (inputs.length === 0 && inputCols === undefined) throw bad(`${source}: no input columns (u1, u2, ...); the header has ${header.join(', ')}`);
  if (outputs.length === 0) throw bad(`${source}: no output columns (q1, q2, ...); the header has ${header.join(', ')}`);
  const timeIndex = time === undefined ? -1 : columnIndex(header, time, source, 'time');
  const inputIndex = inputs.map((name) => columnIndex(header, name, source, 'input'));
  const outputIndex = outputs.map((name) => columnIndex(header, name, source, 'output'));

  // Numeric body: lines are 1-based file lines (the header is line 1).
  const body = [];
  rows.slice(1).forEach((row, r) => {
    const line = r + 2;
    if (row.length === 1 && String(row[0]).trim() === '') return;  // blank line
    if (row.length !== header.length) {
      throw bad(`${source}: line ${line} has ${row.length} fields but the header has ${header.length}`);
    }
    body.push({ line, values: row.map((cell, c) => {
      let textCell = String(cell).trim();
      if (decimalComma) textCell = textCell.replace(',', '.');
      const x = textCell === '' ? NaN : Number(textCell);
      if (!Number.isFinite(x)) {
        const what = textCell === '' ? 'is empty' : /^[-+]?(nan|inf)/i.test(textCell) ? `is ${cell} (not finite)` : `"${cell}" is not a number`;
        throw bad(`${source}: line ${line}, column ${header[c]} ${what}`);
      }
      return x;
    }) });
  });
  const N = body.length;
  if (N === 0) throw bad(`${source}: no numeric rows after the header`);
  if (N < 3) throw bad(`${source}: only ${N} samples; identification needs many more`);

  let step = h;
  const t = new Float64Array(N);
  if (timeIndex >= 0) {
    body.forEach((row, i) => { t[i] = row.values[timeIndex]; });
    for (let i = 1; i < N; i++) {
      if (t[i] === t[i - 1]) throw bad(`${source}: line ${body[i].line} repeats time ${t[i]} (duplicated sample)`);
      if (t[i] < t[i - 1]) throw bad(`${source}: time decreases at line ${body[i].line} (${t[i - 1]} then ${t[i]})`);
    }
    step = (t[N - 1] - t[0]) / (N - 1);
    let worst = 0, worstLine = 0;
    for (let i = 0; i < N; i++) {
      const jitter = Math.abs(t[i] - (t[0] + i * step));
      if (jitter > worst) { worst = jitter; worstLine = body[i].line; }
    }
    if (worst > MAX_TIME_JITTER * step) {
      throw bad(`${source}: time is not uniform: worst deviation ${worst.toPrecision(3)} s at line ${worstLine} ` +
        `(${(100 * worst / step).toFixed(1)} % of h = ${step.toPrecision(6)} s); resample the data first`);
    }
    if (h !== undefined && Math.abs(h - step) > 1e-6 * step) {
      throw bad(`${source}: --h ${h} disagrees with the time column (h = ${step.toPrecision(9)})`);
    }
  } else {
    if (!(typeof h === 'number' && h > 0)) throw bad(`${source}: no time column 't': give the sampling period h`);
    for (let i = 0; i < N; i++) t[i] = i * h;
  }

  const matrix = (indices) => {
    const data = new Float64Array(N * indices.length);
    body.forEach((row, i) => indices.forEach((c, j) => { data[i * indices.length + j] = row.values[c]; }));
    return { rows: N, cols: indices.length, data };
  };
  return {
    h: step, t, u: matrix(inputIndex), y: matrix(outputIndex),
    columns: { time, inputs, outputs }, delimiter: delimiter === '\t' ? 'tab' : delimiter, decimalComma, warnings,
  };
}
