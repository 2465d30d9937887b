// Measurement CSV -> dataset {h, u, y, t, columns, delimiter, warnings} for identification.
// Parsing is PapaParse's (passed in, so the same code runs in Node and in a worker); every check
// names the file, the line and the column. Format (docs/interfaces.md): a header row, then one row
// per sample; columns t (s, uniform), u1..uk (forces), q1..qn (displacements); other names when
// mapped (timeCol, inputCols, outputCols). Delimiter , ; or tab; decimal point, or decimal comma
// when the delimiter is ; or tab.
import { MechidError, describeHeader, listNames, quoted } from './errors.js';

const bad = (message) => new MechidError('bad-input', message);

/** Largest relative deviation of t from a uniform grid tolerated (1 % of h). */
export const MAX_TIME_JITTER = 0.01;

function numbered(header, prefix) {
  const found = header.filter((name) => new RegExp(`^${prefix}\\d+$`).test(name));
  return found.sort((a, b) => Number(a.slice(prefix.length)) - Number(b.slice(prefix.length)));
}

/** The letter of the output columns of each kind of response: q1.. displacements, v1.. velocities, a1.. accelerations. */
export const OUTPUT_PREFIXES = { displacement: 'q', velocity: 'v', acceleration: 'a' };

/** The names of the default output columns of the kind `outputs` ('displacement', 'velocity', 'acceleration'): q1.., v1.., a1... */
export const outputColumnPattern = (outputs) => new RegExp(`^${OUTPUT_PREFIXES[outputs]}\\d+$`);

/**
 * The one rule for the output columns of a record when none are named (CSV and universal file, CLI
 * and page): the columns of the response kind `outputs` in the order of their numbers (identify's
 * --outputs displacement: q1.., acceleration: a1..); with `outputs` 'any' (frf, modes, which read
 * each column's kind from its name), those of the first kind present among q, v, a (a structure
 * is usually measured by one kind of sensor). [] when there are none.
 */
export function defaultOutputColumns(names, outputs) {
  const prefixes = outputs === 'any' ? Object.values(OUTPUT_PREFIXES) : [OUTPUT_PREFIXES[outputs]];
  if (prefixes[0] === undefined) throw bad(`outputs must be one of ${Object.keys(OUTPUT_PREFIXES).join(', ')}, got '${quoted(outputs)}'`);
  for (const prefix of prefixes) {
    const found = numbered(names, prefix);
    if (found.length > 0) return found;
  }
  return [];
}

function columnIndex(header, name, source, what) {
  const index = header.indexOf(name);
  if (index < 0) throw bad(`${source}: no column named '${quoted(name)}' (${what}); the header has ${describeHeader(header)}`);
  return index;
}

/**
 * The one syntax of a number in a CSV cell or a CLI option: an optional sign, digits with an
 * optional decimal point (or a point and digits), an optional exponent. JS Number() also takes
 * 0x1, 0b1, 0o7 and "Infinity", which no measurement file means as numbers.
 */
const DECIMAL = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * A decimal number (surrounding blanks allowed), or NaN; 1e999 is Infinity. The same strings as
 * DECIMAL, checked faster (a reader calls this for every cell): only digits, signs, points, e/E
 * and blanks, not empty, and Number() of it not NaN (Number itself rejects "1e", "--1", "1.2.3",
 * "1 2" and trims the blanks; the characters exclude 0x1, 0b1, Infinity).
 */
export function parseDecimal(text) {
  const s = String(text);
  let digits = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) digits = true;
    else if (!(c === 43 || c === 45 || c === 46 || c === 101 || c === 69 || (c >= 9 && c <= 13) || c === 32 || c === 160 || c === 0xfeff)) return NaN;
  }
  return digits ? Number(s) : NaN;
}

/** A cell's number (a decimal comma read as a point when decimalComma), or NaN. */
export function cellNumber(cell, decimalComma) {
  const text = String(cell);
  return parseDecimal(decimalComma && text.includes(',') ? text.replace(',', '.') : text);
}

/** Column c (0-based) of the header as named in a message: its name, or its number when unnamed. */
const columnName = (header, c) => (header[c] === '' || header[c] === undefined ? `${c + 1} (unnamed)` : quoted(header[c]));

/** Why a cell is not a finite number, for "line 3, column q1 …". */
export function notANumber(cell, decimalComma) {
  const text = String(cell).trim();
  if (text === '') return 'is empty';
  if (/^[-+]?(nan|inf)/i.test(text)) return `is ${quoted(text)} (not finite)`;
  if (DECIMAL.test(decimalComma ? text.replace(',', '.') : text)) return `is ${quoted(text)} (beyond the largest double, 1.8e308)`;
  return `"${quoted(text)}" is not a number`;
}

/**
 * The first line longer than this is refused before parsing (characters): a header of 1 Mi
 * characters has > 100 000 columns of 10-character names, more than any guard lets identify; a
 * 50 MB file without a line break otherwise costs seconds and ~700 MB to say so (probe item 5).
 */
export const MAX_HEADER_CHARS = 2 ** 20;

/** Refuses text whose first line is longer than MAX_HEADER_CHARS, without parsing it. */
function checkFirstLine(text, source) {
  const end = text.slice(0, MAX_HEADER_CHARS + 2).search(/[\r\n]/);
  if (end < 0 && text.length > MAX_HEADER_CHARS) {
    const noBreak = text.search(/[\r\n]/) < 0;
    throw bad(`${source}: the first line is longer than ${MAX_HEADER_CHARS} characters${noBreak ? ` (the whole file, ${text.length} characters, has no line break)` : ''}: ` +
      'a measurement CSV has a header row of column names, then one row per sample');
  }
}

/**
 * Text that is not a CSV: NUL characters (binary data, or UTF-16 read without its byte-order
 * mark) or many other control characters. A few stray controls (an ESC in a header cell) are
 * text: the messages escape them. Checked on the first 64 KiB.
 */
const BINARY_SAMPLE = 65536;
/**
 * Share of control characters (not tab, CR, LF) above which text is binary (text has ~none;
 * random bytes ~12 %), once there are at least MIN_CONTROLS of them (an ESC sequence or two in a
 * header is text, shown escaped).
 */
const MAX_CONTROL_SHARE = 0.01;
const MIN_CONTROLS = 32;

export function checkText(text, source) {
  const sample = text.slice(0, BINARY_SAMPLE);
  const controls = sample.match(/[\u0000-\u0008\u000b\u000e-\u001f\ufffd]/g) ?? [];
  const nuls = controls.filter((c) => c === '\u0000').length;
  if (nuls === 0 && (controls.length < MIN_CONTROLS || controls.length <= MAX_CONTROL_SHARE * sample.length)) return;
  const hint = nuls > 0.3 * sample.length
    ? 'it looks like UTF-16 without a byte-order mark: save it as UTF-8 (or UTF-16 with a BOM)'
    : 'export the measurements as CSV text';
  throw bad(`${source}: not a text file (it holds binary data: NUL or other control characters); ${hint}`);
}

/**
 * A file's bytes as text, decoded by its byte-order mark as a browser's FileReader does: UTF-16LE
 * (FF FE), UTF-16BE (FE FF), otherwise UTF-8 (its BOM dropped; invalid bytes become U+FFFD).
 * {text, encoding}.
 */
export function decodeText(bytes) {
  const b = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const bom = b.length >= 2 ? (b[0] << 8) | b[1] : 0;
  const encoding = bom === 0xfffe ? 'utf-16le' : bom === 0xfeff ? 'utf-16be' : 'utf-8';
  return { text: new TextDecoder(encoding).decode(b), encoding };
}

/**
 * PapaParse's quoting errors (Papa.parse(...).errors of type 'Quotes') as one message naming the
 * line and the column: `row` is the 0-based row of the error in `rows`, the row's cells up to
 * the bad quote are rows[row] (the quote opens its last cell).
 */
function quoteError(error, rows, header, source, line) {
  const k = Math.max(1, rows[error.row]?.length ?? 1);
  const column = header && k <= header.length ? columnName(header, k - 1) : `${k}`;
  if (error.code === 'MissingQuotes') {
    return bad(`${source}: line ${line}: unterminated quote in column ${column} (a " opens a cell that never closes, so the rest of the file would be one cell)`);
  }
  return bad(`${source}: line ${line}: malformed quotes in column ${column} (text after a closing "); a cell holding " must be quoted whole, each inner " doubled as ""`);
}

/**
 * The checks of a file's first part (its text and Papa's parse of it) before its columns are
 * shown (the page's preview): binary data, a broken quote in the first row.
 */
export function checkHead(text, parsed, source) {
  checkText(text, source);
  const firstRow = quoteErrorsByRow(parsed.errors).get(0);
  if (firstRow) throw quoteError(firstRow, parsed.data, null, source, 1);
}

/** The first quoting error of Papa's `errors`, by row, keyed by row. */
function quoteErrorsByRow(errors) {
  const byRow = new Map();
  for (const e of errors ?? []) if (e.type === 'Quotes' && !byRow.has(e.row)) byRow.set(e.row, e);
  return byRow;
}

/**
 * The column names from a file's first row, or `column 1` … `column n` when every cell of it is a
 * number (a file without a header row; then the first row is data): {header, hasHeader}.
 */
export function headerOf(first, delimiter) {
  const names = first.map((name) => String(name).trim());
  const numeric = names.length > 0 && names.every((name) => Number.isFinite(cellNumber(name, delimiter !== ',')));
  return numeric ? { header: names.map((_, k) => `column ${k + 1}`), hasHeader: false } : { header: names, hasHeader: true };
}

/**
 * "no output columns (a1, a2, ...)", and when the columns of another kind are there, which
 * --outputs reads them (a file of accelerations identified as displacements is refused, not misread).
 */
function noOutputColumns(header, outputs) {
  const p = OUTPUT_PREFIXES[outputs];
  const text = `no output columns (${p}1, ${p}2, ...)`;
  const other = Object.keys(OUTPUT_PREFIXES).find((kind) => kind !== outputs && kind !== 'velocity' && defaultOutputColumns(header, kind).length > 0);
  return other ? `${text}; its ${OUTPUT_PREFIXES[other]} columns are ${other}s: say so (--outputs ${other}; on the page, “Outputs are” ${other}s)` : text;
}

/**
 * "the header has t, x1, q1" for a message about a missing column, with what a strange header
 * suggests: one column (the delimiter was not , ; or tab), a first row of numbers (no header).
 */
function headerHint(header, delimiter) {
  const has = `the header has ${describeHeader(header)}`;
  if (header.length === 1) return `${has}: one column, so the delimiter is not , ; or tab`;
  if (headerOf(header, delimiter).hasHeader === false) return `${has}: numbers, so the file has no header row; add one naming the columns (t, u1, .., q1, ..)`;
  return has;
}

/**
 * Refuses a header where a used column's name appears more than once (the mapping by name
 * would take the first each time) or a column used twice: "column u1 appears 3 times (columns 2, 3, 4)".
 */
function checkUnique(header, used, source) {
  const seen = new Set();
  for (const name of used) {
    const at = [];
    header.forEach((n, k) => { if (n === name) at.push(k + 1); });
    if (at.length > 1) {
      throw bad(`${source}: column ${quoted(name)} appears ${at.length} times (columns ${listNames(at.map(String))}); rename the columns so that each name is used once`);
    }
    if (seen.has(name)) throw bad(`${source}: column ${quoted(name)} is chosen twice (time, input or output): choose each column once`);
    seen.add(name);
  }
}

// A growable Float64Array (or Int32Array) column.
class Column {
  constructor(Type = Float64Array) {
    this.data = new Type(1024);
    this.length = 0;
  }

  push(x) {
    if (this.length === this.data.length) {
      const bigger = new this.data.constructor(2 * this.length);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = x;
  }
}

/**
 * The uniform grid nearest an axis x (a time column, a UFF record's abscissa): step = (x_last −
 * x_0)/(N − 1) and the largest deviation |x_i − (x_0 + i·step)| (worst) at index `at`; or
 * {notIncreasingAt: i} for the first i with x_i <= x_(i−1) (NaN included). One rule for the CSV
 * reader and the universal-file reader; the caller judges worst against MAX_TIME_JITTER·step.
 */
export function uniformGrid(x) {
  const N = x.length;
  for (let i = 1; i < N; i++) if (!(x[i] > x[i - 1])) return { notIncreasingAt: i };
  const step = N > 1 ? (x[N - 1] - x[0]) / (N - 1) : 0;
  let worst = 0, at = 0;
  for (let i = 0; i < N; i++) {
    const deviation = Math.abs(x[i] - (x[0] + i * step));
    if (deviation > worst) { worst = deviation; at = i; }
  }
  return { step, worst, at };
}

/**
 * The step of the last digit the times are printed with: 10^-d for the fewest decimals d ≤ 9 that
 * write every time exactly (to 1e-9 of the digit); 0 when none does.
 */
export function printedResolution(t) {
  for (let d = 0; d <= 9; d++) {
    const scale = 10 ** d;
    let exact = true;
    for (let i = 0; i < t.length && exact; i++) exact = Math.abs(t[i] * scale - Math.round(t[i] * scale)) <= 1e-9 * Math.max(1, Math.abs(t[i] * scale));
    if (exact) return 10 ** -d;
  }
  return 0;
}

/**
 * The uniform time axis of a record from its measured times t (sample i at `where(i)`, "line 17"):
 * {step, t, at(column), warnings}. Refuses a time that repeats or decreases; a time off the
 * uniform grid by more than MAX_TIME_JITTER·step is refused, or with `resample` (the user agreed)
 * put on the grid by linear interpolation (at(column) gives a column at the new times), with a
 * warning naming the worst deviation; times within their last printed digit of the grid
 * (printedResolution) are that grid rounded, with a warning. h, when given, must agree with the time. One rule for
 * every reader's time channel (CSV, text, phone apps; recording.js recordingToDataset); timeName
 * and resampleHint word its messages.
 */
export function uniformTime(measuredTimes, { source, where = (i) => `sample ${i + 1}`, h, resample = false, timeName = 'the time column', resampleHint = '' }) {
  let t = measuredTimes;
  const N = t.length;
  const grid = uniformGrid(t);
  const i = grid.notIncreasingAt;
  if (i !== undefined && t[i] === t[i - 1]) throw bad(`${source}: ${where(i)} repeats time ${t[i]} (duplicated sample)`);
  if (i !== undefined) throw bad(`${source}: time decreases at ${where(i)} (${t[i - 1]} then ${t[i]})`);
  const { step, worst } = grid;
  const warnings = [];
  let measured = null;  // the time column, when the data are resampled onto t
  const printed = printedResolution(t);
  if (worst > MAX_TIME_JITTER * step && worst <= printed * (1 + 1e-6)) {
    // Times printed with few decimals (the ECP rig's 0.009, 0.018, 0.027 for h = 0.008854 s) are
    // a uniform grid rounded, not jitter: each within half the last printed digit r of k·h, so
    // within r of the grid through the (rounded) first and last times.
    warnings.push(`time is printed to ${printed} s (worst deviation ${worst.toPrecision(3)} s at ${where(grid.at)}): ` +
      `read as the uniform grid h = ${step.toPrecision(6)} s it rounds`);
    t = Float64Array.from(t, (_, k) => (k === N - 1 ? measuredTimes[N - 1] : measuredTimes[0] + k * step));
  } else if (worst > MAX_TIME_JITTER * step) {
    const what = `time is not uniform: worst deviation ${worst.toPrecision(3)} s at ${where(grid.at)} ` +
      `(${(100 * worst / step).toFixed(1)} % of h = ${step.toPrecision(4)} s)`;
    if (!resample) throw bad(`${source}: ${what}; resample the data first${resampleHint}`);
    warnings.push(`${what}: resampled to h = ${step.toPrecision(4)} s by linear interpolation, as asked`);
    measured = t;
    t = Float64Array.from(t, (_, k) => (k === N - 1 ? measured[N - 1] : measured[0] + k * step));
  }
  if (h !== undefined && Math.abs(h - step) > 1e-6 * step) {
    throw bad(`${source}: --h ${h} disagrees with ${timeName} (h = ${step.toPrecision(9)})`);
  }
  // A column at the samples (or linearly interpolated onto the uniform t when resampled).
  const at = (column) => {
    if (!measured) return column;
    const out = new Float64Array(N);
    for (let k = 0, j = 0; k < N; k++) {
      while (j < N - 2 && measured[j + 1] < t[k]) j++;
      const w = (t[k] - measured[j]) / (measured[j + 1] - measured[j]);
      out[k] = (1 - w) * column[j] + w * column[j + 1];
    }
    return out;
  };
  return { step, t, at, warnings, worst };
}

/**
 * Checks and keeps the rows of a measurement CSV as they arrive (whole text or streamed chunks);
 * only the mapped columns are stored. finish() checks the time column and returns the dataset.
 * Options as parseDatasetCsv's, with the header (trimmed names) and the delimiter found.
 */
export class DatasetBuilder {
  constructor({ source, header, delimiter, timeCol, inputCols, outputCols, outputs = 'displacement', h, firstLine = 2, resample = false }) {
    Object.assign(this, { source, header, delimiter, h, resample });
    this.decimalComma = delimiter !== ',';
    this.time = timeCol ?? (header.includes('t') ? 't' : undefined);
    this.inputs = inputCols ?? numbered(header, 'u');
    this.outputs = outputCols ?? defaultOutputColumns(header, outputs);
    if (h !== undefined && !(typeof h === 'number' && h > 0 && Number.isFinite(h))) {
      throw bad(`h must be a positive number of seconds, got ${h}`);
    }
    if (this.inputs.length === 0 && inputCols === undefined) throw bad(`${source}: no input columns (u1, u2, ...); ${headerHint(header, delimiter)}`);
    if (this.outputs.length === 0) throw bad(`${source}: ${noOutputColumns(header, outputs)}; ${headerHint(header, delimiter)}`);
    checkUnique(header, [this.time, ...this.inputs, ...this.outputs].filter((name) => name !== undefined), source);
    this.timeIndex = this.time === undefined ? -1 : columnIndex(header, this.time, source, 'time');
    this.inputIndex = this.inputs.map((name) => columnIndex(header, name, source, 'input'));
    this.outputIndex = this.outputs.map((name) => columnIndex(header, name, source, 'output'));
    this.kept = [...new Set([this.timeIndex, ...this.inputIndex, ...this.outputIndex].filter((c) => c >= 0))];
    this.columns = new Map(this.kept.map((c) => [c, new Column()]));
    this.lines = new Column(Int32Array);
    this.nextLine = firstLine;  // 1-based file lines of the rows added next; the header is line 1
  }

  /**
   * Rows of cells (PapaParse's data) following those already added; `errors`: Papa's errors for
   * them (row: the index in `rows`), of which a quoting error is reported at its row.
   */
  addRows(rows, errors) {
    const { source, header } = this;
    const quoteErrors = quoteErrorsByRow(errors);
    rows.forEach((row, r) => {
      const line = this.nextLine++;
      if (quoteErrors.has(r)) throw quoteError(quoteErrors.get(r), rows, header, source, line);
      if (row.length === 1 && String(row[0]).trim() === '') return;  // blank line
      if (row.length !== header.length) {
        throw bad(`${source}: line ${line} has ${row.length} field${row.length === 1 ? '' : 's'} but the header has ${header.length}`);
      }
      row.forEach((cell, c) => {
        const x = cellNumber(cell, this.decimalComma);
        if (!Number.isFinite(x)) throw bad(`${source}: line ${line}, column ${columnName(header, c)} ${notANumber(cell, this.decimalComma)}`);
        this.columns.get(c)?.push(x);
      });
      this.lines.push(line);
    });
  }

  finish() {
    const { source, h } = this;
    const N = this.lines.length;
    const where = (i) => `line ${this.lines.data[i]}`;
    if (N === 0) throw bad(`${source}: no numeric rows after the header`);
    if (N < 3) throw bad(`${source}: only ${N} sample${N === 1 ? '' : 's'}; identification needs many more`);

    let timeAxis;
    if (this.timeIndex >= 0) {
      timeAxis = uniformTime(this.columns.get(this.timeIndex).data.slice(0, N), { source, where, h, resample: this.resample });
    } else {
      if (!(typeof h === 'number' && h > 0)) throw bad(`${source}: no time column 't': give the sampling period h`);
      timeAxis = { step: h, t: Float64Array.from({ length: N }, (_, i) => i * h), at: (column) => column, warnings: [] };
    }
    const { step, t, at, warnings } = timeAxis;

    const matrix = (indices) => {
      const data = new Float64Array(N * indices.length);
      indices.forEach((c, j) => {
        const column = at(this.columns.get(c).data);
        for (let i = 0; i < N; i++) data[i * indices.length + j] = column[i];
      });
      return { rows: N, cols: indices.length, data };
    };
    return {
      h: step, t, u: matrix(this.inputIndex), y: matrix(this.outputIndex),
      columns: { time: this.time, inputs: this.inputs, outputs: this.outputs },
      delimiter: this.delimiter === '\t' ? 'tab' : this.delimiter, decimalComma: this.decimalComma, warnings,
    };
  }
}

/** PapaParse's options for a measurement CSV (the preview of the page uses the same). */
export const PAPA_OPTIONS = { delimiter: '', delimitersToGuess: [',', ';', '\t'], skipEmptyLines: false };

/** Lines (and characters) looked at to guess the delimiter (Papa looks at 10 lines too). */
const GUESS_LINES = 11;
const GUESS_CHARS = 65536;

/**
 * The delimiter of a measurement CSV from its first lines: the first of , ; tab that splits every
 * one of them into the same number (≥ 2) of fields; '' (Papa guesses) when none does or a line
 * has quotes. Papa's own guess also wants the most fields, so a ; file with decimal commas in
 * every column ("0,1;1,5;0,01": 4 fields by comma, 3 by ;) would be read as comma-separated.
 */
export function guessDelimiter(text) {
  const all = text.slice(0, GUESS_CHARS).split(/\r\n|\r|\n/);
  if (text.length > GUESS_CHARS) all.pop();  // cut mid-line
  const lines = all.filter((line) => line.trim() !== '').slice(0, GUESS_LINES);
  if (lines.length === 0 || lines.some((line) => line.includes('"'))) return '';
  for (const d of [',', ';', '\t']) {
    const counts = new Set(lines.map((line) => line.split(d).length));
    if (counts.size === 1 && !counts.has(1)) return d;
  }
  return '';
}

/**
 * @param {object} p
 * @param {object} p.Papa       the PapaParse module
 * @param {string} p.text       file contents
 * @param {string} p.source     file name for messages
 * @param {string} [p.timeCol]  default 't' when present
 * @param {string[]} [p.inputCols]   default u1..uk ([] explicitly: no inputs)
 * @param {string[]} [p.outputCols]  default defaultOutputColumns(header, p.outputs)
 * @param {string} [p.outputs]       the outputs' kind: 'displacement' (default), 'velocity', 'acceleration', or 'any'
 * @param {number} [p.h]        needed when there is no time column
 */
export function parseDatasetCsv({ Papa, text, ...mapping }) {
  const { source } = mapping;
  if (text.trim() === '') throw bad(`${source}: the file is empty`);
  checkText(text, source);
  checkFirstLine(text, source);
  const parsed = Papa.parse(text, { ...PAPA_OPTIONS, delimiter: guessDelimiter(text) });
  const [first, ...rows] = parsed.data;
  const quoteErrors = quoteErrorsByRow(parsed.errors);
  if (quoteErrors.has(0)) throw quoteError(quoteErrors.get(0), parsed.data, null, source, 1);
  const builder = new DatasetBuilder({ ...mapping, header: first.map((name) => String(name).trim()), delimiter: parsed.meta.delimiter });
  builder.addRows(rows, [...quoteErrors.values()].map((e) => ({ ...e, row: e.row - 1 })));
  return builder.finish();
}

/**
 * The same from a File or Blob (browser or worker), streamed in chunks of `chunkSize` bytes so
 * that large files need not be held as text; onProgress(fraction read) after each chunk.
 * detectHeader: a first row of numbers is data, and the columns are `column 1` … (headerOf).
 */
export async function parseDatasetFile({ Papa, file, onProgress, chunkSize = 2 ** 21, detectHeader = false, ...mapping }) {
  if (file.size === 0) throw bad(`${mapping.source}: the file is empty`);
  const delimiter = guessDelimiter(decodeText(await file.slice(0, GUESS_CHARS).arrayBuffer()).text);
  return new Promise((resolve, reject) => {
    let builder = null, read = 0, failed = false;
    Papa.parse(file, {
      ...PAPA_OPTIONS,
      delimiter,
      chunkSize,
      chunk(results, parser) {
        try {
          let rows = results.data;
          let errors = results.errors;
          if (!builder) {
            const [first = [], ...rest] = rows;
            const delimiter = results.meta.delimiter;
            checkText(rows.slice(0, 1000).map((row) => row.join(delimiter)).join('\n'), mapping.source);
            const found = detectHeader ? headerOf(first, delimiter) : { header: first.map((name) => String(name).trim()), hasHeader: true };
            const headerQuote = quoteErrorsByRow(errors).get(0);
            if (headerQuote && found.hasHeader) throw quoteError(headerQuote, rows, null, mapping.source, 1);
            builder = new DatasetBuilder({ ...mapping, header: found.header, delimiter, firstLine: found.hasHeader ? 2 : 1 });
            if (found.hasHeader) {
              rows = rest;
              errors = errors.map((e) => ({ ...e, row: e.row - 1 }));
            }
          }
          builder.addRows(rows, errors);
          read = Math.min(file.size, read + chunkSize);
          onProgress?.(read / file.size);
        } catch (e) {
          failed = true;
          parser.abort();
          reject(e);
        }
      },
      complete() {
        if (failed) return;
        try {
          if (!builder) throw bad(`${mapping.source}: the file is empty`);
          resolve(builder.finish());
        } catch (e) {
          reject(e);
        }
      },
      error(e) {
        if (!failed) reject(bad(`${mapping.source}: the file could not be read; if it changed or moved since it was chosen, choose it again (${e?.message ?? e})`));
      },
    });
  });
}
