// Measurement CSV -> dataset {h, u, y, t, columns, delimiter, warnings} for identification.
// Parsing is PapaParse's (passed in, so the same code runs in Node and in a worker); every check
// names the file, the line and the column. Format (INTERFACES.md): a header row, then one row
// per sample; columns t (s, uniform), u1..uk (forces), q1..qn (displacements); other names when
// mapped (timeCol, inputCols, outputCols). Delimiter , ; or tab; decimal point, or decimal comma
// when the delimiter is ; or tab.
import { MechidError } from './errors.js';

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

/** A cell's number (a decimal comma read as a point when decimalComma), or NaN. */
export function cellNumber(cell, decimalComma) {
  let text = String(cell).trim();
  if (decimalComma) text = text.replace(',', '.');
  return text === '' ? NaN : Number(text);
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
 * Checks and keeps the rows of a measurement CSV as they arrive (whole text or streamed chunks);
 * only the mapped columns are stored. finish() checks the time column and returns the dataset.
 * Options as parseDatasetCsv's, with the header (trimmed names) and the delimiter found.
 */
export class DatasetBuilder {
  constructor({ source, header, delimiter, timeCol, inputCols, outputCols, h, firstLine = 2, resample = false }) {
    Object.assign(this, { source, header, delimiter, h, resample });
    this.decimalComma = delimiter !== ',';
    this.time = timeCol ?? (header.includes('t') ? 't' : undefined);
    this.inputs = inputCols ?? numbered(header, 'u');
    this.outputs = outputCols ?? numbered(header, 'q');
    if (this.inputs.length === 0 && inputCols === undefined) throw bad(`${source}: no input columns (u1, u2, ...); the header has ${header.join(', ')}`);
    if (this.outputs.length === 0) throw bad(`${source}: no output columns (q1, q2, ...); the header has ${header.join(', ')}`);
    this.timeIndex = this.time === undefined ? -1 : columnIndex(header, this.time, source, 'time');
    this.inputIndex = this.inputs.map((name) => columnIndex(header, name, source, 'input'));
    this.outputIndex = this.outputs.map((name) => columnIndex(header, name, source, 'output'));
    this.kept = [...new Set([this.timeIndex, ...this.inputIndex, ...this.outputIndex].filter((c) => c >= 0))];
    this.columns = new Map(this.kept.map((c) => [c, new Column()]));
    this.lines = new Column(Int32Array);
    this.nextLine = firstLine;  // 1-based file lines of the rows added next; the header is line 1
  }

  /** Rows of cells (PapaParse's data) following those already added. */
  addRows(rows) {
    const { source, header } = this;
    for (const row of rows) {
      const line = this.nextLine++;
      if (row.length === 1 && String(row[0]).trim() === '') continue;  // blank line
      if (row.length !== header.length) {
        throw bad(`${source}: line ${line} has ${row.length} fields but the header has ${header.length}`);
      }
      row.forEach((cell, c) => {
        const x = cellNumber(cell, this.decimalComma);
        if (!Number.isFinite(x)) {
          const textCell = String(cell).trim();
          const what = textCell === '' ? 'is empty' : /^[-+]?(nan|inf)/i.test(textCell) ? `is ${cell} (not finite)` : `"${cell}" is not a number`;
          throw bad(`${source}: line ${line}, column ${header[c]} ${what}`);
        }
        this.columns.get(c)?.push(x);
      });
      this.lines.push(line);
    }
  }

  finish() {
    const { source, h } = this;
    const N = this.lines.length;
    const lineOf = (i) => this.lines.data[i];
    if (N === 0) throw bad(`${source}: no numeric rows after the header`);
    if (N < 3) throw bad(`${source}: only ${N} samples; identification needs many more`);

    let step = h;
    let t;
    let measured = null;  // the time column, when the data are resampled onto t
    const warnings = [];
    if (this.timeIndex >= 0) {
      t = this.columns.get(this.timeIndex).data.slice(0, N);
      for (let i = 1; i < N; i++) {
        if (t[i] === t[i - 1]) throw bad(`${source}: line ${lineOf(i)} repeats time ${t[i]} (duplicated sample)`);
        if (t[i] < t[i - 1]) throw bad(`${source}: time decreases at line ${lineOf(i)} (${t[i - 1]} then ${t[i]})`);
      }
      step = (t[N - 1] - t[0]) / (N - 1);
      let worst = 0, worstLine = 0;
      for (let i = 0; i < N; i++) {
        const jitter = Math.abs(t[i] - (t[0] + i * step));
        if (jitter > worst) { worst = jitter; worstLine = lineOf(i); }
      }
      if (worst > MAX_TIME_JITTER * step) {
        const what = `time is not uniform: worst deviation ${worst.toPrecision(3)} s at line ${worstLine} ` +
          `(${(100 * worst / step).toFixed(1)} % of h = ${step.toPrecision(6)} s)`;
        if (!this.resample) throw bad(`${source}: ${what}; resample the data first`);
        warnings.push(`${what}: resampled to h = ${step.toPrecision(6)} s by linear interpolation, as asked`);
        measured = t;
        t = Float64Array.from(t, (_, i) => (i === N - 1 ? measured[N - 1] : measured[0] + i * step));
      }
      if (h !== undefined && Math.abs(h - step) > 1e-6 * step) {
        throw bad(`${source}: --h ${h} disagrees with the time column (h = ${step.toPrecision(9)})`);
      }
    } else {
      if (!(typeof h === 'number' && h > 0)) throw bad(`${source}: no time column 't': give the sampling period h`);
      t = new Float64Array(N);
      for (let i = 0; i < N; i++) t[i] = i * h;
    }

    // A column at the samples (or linearly interpolated onto the uniform t when resampled).
    const at = (column) => {
      if (!measured) return column;
      const out = new Float64Array(N);
      for (let i = 0, k = 0; i < N; i++) {
        while (k < N - 2 && measured[k + 1] < t[i]) k++;
        const w = (t[i] - measured[k]) / (measured[k + 1] - measured[k]);
        out[i] = (1 - w) * column[k] + w * column[k + 1];
      }
      return out;
    };
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
export function parseDatasetCsv({ Papa, text, ...mapping }) {
  if (text.trim() === '') throw bad(`${mapping.source}: the file is empty`);
  const parsed = Papa.parse(text, PAPA_OPTIONS);
  const [first, ...rows] = parsed.data;
  const builder = new DatasetBuilder({ ...mapping, header: first.map((name) => String(name).trim()), delimiter: parsed.meta.delimiter });
  builder.addRows(rows);
  return builder.finish();
}

/**
 * The same from a File or Blob (browser or worker), streamed in chunks of `chunkSize` bytes so
 * that large files need not be held as text; onProgress(fraction read) after each chunk.
 * detectHeader: a first row of numbers is data, and the columns are `column 1` … (headerOf).
 */
export function parseDatasetFile({ Papa, file, onProgress, chunkSize = 2 ** 21, detectHeader = false, ...mapping }) {
  if (file.size === 0) return Promise.reject(bad(`${mapping.source}: the file is empty`));
  return new Promise((resolve, reject) => {
    let builder = null, read = 0, failed = false;
    Papa.parse(file, {
      ...PAPA_OPTIONS,
      chunkSize,
      chunk(results, parser) {
        try {
          let rows = results.data;
          if (!builder) {
            const [first = [], ...rest] = rows;
            const delimiter = results.meta.delimiter;
            const found = detectHeader ? headerOf(first, delimiter) : { header: first.map((name) => String(name).trim()), hasHeader: true };
            builder = new DatasetBuilder({ ...mapping, header: found.header, delimiter, firstLine: found.hasHeader ? 2 : 1 });
            if (found.hasHeader) rows = rest;
          }
          builder.addRows(rows);
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
