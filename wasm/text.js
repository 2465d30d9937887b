// A text record (CSV, semicolon and decimal comma, tab, blank-separated, the ECP rig's bracketed
// raw export, a phone sensor app's CSV) read into a Recording (wasm/recording.js): one channel per
// column of numbers, named and with the unit its header states. The dialect comes from the first
// 64 KiB (wasm/text-dialect.js); the rest streams in chunks (a File or Blob is never held as one
// string: memory is the channels' typed arrays), every cell checked where it is read.
import { MechidError, quoted } from './errors.js';
import { cellNumber, notANumber } from './cell-number.js';
import { checkText, MAX_HEADER_CHARS } from './text-check.js';
import { quantityOf } from './recording.js';
import { scanRow } from './number-scan.js';
import { badQuotes, isComment, sniffDialect, splitCells, unbracket, withoutLastEmpty } from './text-dialect.js';

const bad = (message) => new MechidError('bad-input', message);

/** Characters looked at to find the dialect (and checked for binary data). */
export const SNIFF_CHARS = 65536;
/**
 * Bytes read and parsed at a time. Each chunk's line strings live until it is parsed: at 2 MiB they
 * outlived V8's young-generation collections, whose space grew with them (a 79 MB CSV of 10⁶ rows
 * read at 279 MB peak RSS in Node; 195 MB at 256 KiB, in the same CPU time; bench cli_memory).
 */
export const CHUNK_BYTES = 2 ** 18;

const isBlob = (source) => typeof Blob !== 'undefined' && source instanceof Blob;

/**
 * The encoding of a file from its first bytes: UTF-16 by its byte-order mark; else UTF-8, unless
 * these bytes are not valid UTF-8 (a LabVIEW or Excel export in the Windows code page: "Pressão"
 * as one byte E3), then windows-1252. The last 3 bytes may end mid-character and are not judged.
 */
export function encodingOf(b) {
  const bom = b.length >= 2 ? (b[0] << 8) | b[1] : 0;
  if (bom === 0xfffe) return 'utf-16le';
  if (bom === 0xfeff) return 'utf-16be';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b.subarray(0, Math.max(0, b.length - 3)));
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/**
 * A growable typed array; its capacity grows by half (not doubled) so that a column's memory
 * stays below 1.5× its samples.
 */
export class GrowingColumn {
  constructor(Type = Float64Array) {
    this.data = new Type(1024);
    this.length = 0;
  }

  push(x) {
    if (this.length === this.data.length) this.grow();
    this.data[this.length++] = x;
  }

  /** Room for more values (by half again). */
  grow() {
    const bigger = new this.data.constructor(Math.ceil(1.5 * this.length));
    bigger.set(this.data);
    this.data = bigger;
  }

  /** The values: a view of the first `length` (no copy: a copy would double the peak memory). */
  values() {
    return this.length === this.data.length ? this.data : this.data.subarray(0, this.length);
  }
}

/**
 * Splits decoded text into whole lines as chunks of bytes arrive (CR LF, LF and CR-only line ends
 * alike) and hands them to onLines(lines, firstLineNumber) (1-based). A line longer than
 * MAX_HEADER_CHARS is refused, naming the file `name`.
 */
class LineSplitter {
  constructor(encoding, onLines, name) {
    Object.assign(this, { decoder: new TextDecoder(encoding), onLines, name, tail: '', line: 1 });
  }

  push(bytes, last) {
    let chunk = this.decoder.decode(bytes, { stream: !last });
    let tail = this.tail, lead = null;
    // The tail holds no line end but perhaps a last CR: its line ends there (a CR LF when this
    // chunk starts with LF). The tail is joined to the chunk's first line only: joining it to the
    // whole chunk would copy the chunk once more.
    if (tail.endsWith('\r')) {
      lead = tail.slice(0, -1);
      tail = '';
      if (chunk.startsWith('\n')) chunk = chunk.slice(1);
    }
    // Whole lines only; a CR at the very end may be the first half of a CR LF: kept for the next chunk.
    const end = !last && chunk.endsWith('\r') ? chunk.length - 1 : chunk.length;
    const cut = last ? chunk.length : end === 0 ? 0 : Math.max(chunk.lastIndexOf('\n', end - 1), chunk.lastIndexOf('\r', end - 1)) + 1;
    let lines = [];
    if (cut > 0 || last) {
      lines = chunk.slice(0, cut).split(/\r\n|\r|\n/);
      lines[0] = tail + lines[0];
      if (lines[lines.length - 1] === '') lines.pop();  // the text ended with a line end (not last: always)
      this.tail = chunk.slice(cut);
    } else {
      this.tail = tail + chunk;
    }
    if (lead !== null) lines.unshift(lead);
    if (lines.length > 0) {
      this.onLines(lines, this.line);
      this.line += lines.length;
    }
    if (!last && this.tail.length > MAX_HEADER_CHARS) throw bad(`${this.name}: line ${this.line} is longer than ${MAX_HEADER_CHARS} characters`);
  }
}

/** forEachLines of a file's bytes, at once (the CLI, a fuzz target). */
export function forEachLinesSync(bytes, onLines, { name = 'the file', onProgress, chunkSize = CHUNK_BYTES } = {}) {
  const splitter = new LineSplitter(encodingOf(bytes.subarray(0, 4 * SNIFF_CHARS)), onLines, name);
  if (bytes.length === 0) splitter.push(bytes, true);
  for (let at = 0; at < bytes.length; at += chunkSize) {
    splitter.push(bytes.subarray(at, Math.min(bytes.length, at + chunkSize)), at + chunkSize >= bytes.length);
    onProgress?.(Math.min(1, (at + chunkSize) / bytes.length));
  }
}

/**
 * The lines of a file's bytes or Blob (named `name` in messages), decoded as encodingOf finds,
 * handed chunk by chunk to onLines(lines, firstLineNumber) (1-based); a Blob is read a chunk at a
 * time, never whole. onProgress(fraction read) after each chunk.
 */
export async function forEachLines(source, onLines, options = {}) {
  if (!isBlob(source)) return forEachLinesSync(source, onLines, options);
  const { name = 'the file', onProgress, chunkSize = CHUNK_BYTES } = options;
  const size = source.size;
  const bytesAt = async (a, b) => new Uint8Array(await source.slice(a, b).arrayBuffer());
  const splitter = new LineSplitter(encodingOf(await bytesAt(0, Math.min(size, 4 * SNIFF_CHARS))), onLines, name);
  // The next chunk is read while this one is parsed (one more chunk in memory, no wait between them).
  let next = bytesAt(0, Math.min(size, chunkSize));
  for (let at = 0; at < size; at += chunkSize) {
    const bytes = await next;
    if (at + chunkSize < size) next = bytesAt(at + chunkSize, Math.min(size, at + 2 * chunkSize));
    splitter.push(bytes, at + chunkSize >= size);
    onProgress?.(Math.min(1, (at + chunkSize) / size));
  }
  return undefined;
}

/**
 * The rows of numbers of a text record, as they arrive, into one column per channel.
 * `columns`: [{name, unit, quantity?, extra?}] of the file; `keep`: which columns are read (the
 * others, such as a comment column, only counted); a row has minCells to columns.length cells;
 * dropEmpty: a column empty in the first row is left out (LabVIEW's unconnected channels). Every
 * kept cell must be a finite number: one message names the file, the line and the column.
 */
export class RowReader {
  constructor({ source, delimiter, decimalComma, columns, firstDataLine = 1, keep = columns.map(() => true), minCells = columns.length, dropEmpty = false }) {
    Object.assign(this, { source, delimiter, decimalComma, columns, firstDataLine, keep, minCells, dropEmpty });
    this.empty = [];  // names of the columns left out because the first row has no value there (dropEmpty)
    this.values = columns.map((_, k) => (keep[k] ? new GrowingColumn() : null));
    this.lines = new GrowingColumn(Int32Array);
    this.skipped = 0;  // comment lines among the numbers
  }

  /** Lines of the file starting at line number `first` (1-based); those before firstDataLine are the header's. */
  add(lines, first) {
    const { source, delimiter, decimalComma, columns, values } = this;
    const n = columns.length;
    const row = this.row ??= new Float64Array(n);
    let kept = null, all = false;  // which columns are read (all of them?), once the first row has settled it (dropEmpty)
    for (let j = Math.max(0, this.firstDataLine - first); j < lines.length; j++) {
      const raw = lines[j];
      // The cheap tests first (a reader's time goes here): a row of numbers starts with a digit,
      // a sign or a point (or a tab: LabVIEW's empty X column), has no quote and needs no
      // unbracketing; its cells are read straight from the line (number-scan.js: a quote or a
      // ; in a cell read makes it leave the line, so only a skipped cell needs these tests), or,
      // where that reader leaves the line (a blank, an empty or bad cell), parsed untrimmed below.
      const c0 = raw.charCodeAt(0);
      const start = ((c0 >= 48 && c0 <= 57) || c0 === 45 || c0 === 43 || c0 === 46 || (c0 === 9 && delimiter === '\t')) && delimiter !== ' ';
      if (start && (!this.dropEmpty || this.lines.length > 0)) {
        if (kept === null) {
          kept = values.map((v) => v !== null);
          all = kept.every(Boolean);
        }
        if ((all || (!raw.includes('"') && !raw.endsWith(';'))) && scanRow(raw, delimiter, decimalComma, kept, this.minCells, row)) {
          for (let k = 0; k < n; k++) {
            if (!kept[k]) continue;
            const column = values[k];
            if (column.length === column.data.length) column.grow();
            column.data[column.length++] = row[k];
          }
          this.lines.push(first + j);
          continue;
        }
      }
      const plain = start && !raw.includes('"') && !raw.endsWith(';');
      const text = plain ? raw : unbracket(raw);
      if (!plain && text.trim() === '') continue;
      const line = first + j;
      if (!plain && isComment(text)) { this.skipped += 1; continue; }
      let cells = plain ? text.split(delimiter) : splitCells(text, delimiter);
      if (cells === null) throw badQuotes(source, line, raw, delimiter, columns.map((c) => c.name));
      if (cells.length === n + 1) cells = withoutLastEmpty(cells);  // a delimiter ending the line
      if (cells.length > n || cells.length < this.minCells) {
        throw bad(`${source}: line ${line} has ${cells.length} field${cells.length === 1 ? '' : 's'} but the header has ${n}`);
      }
      if (this.dropEmpty && this.lines.length === 0) {
        for (let k = 0; k < n; k++) {
          if (values[k] && (cells[k] ?? '') === '') { values[k] = null; this.empty.push(columns[k].name); }
        }
      }
      for (let k = 0; k < n; k++) {
        const column = values[k];
        if (column === null) continue;
        const x = cellNumber(cells[k], decimalComma);
        if (!Number.isFinite(x)) throw bad(`${source}: line ${line}, column ${quoted(columns[k].name)} ${notANumber(cells[k] ?? '', decimalComma)}`);
        column.push(x);
      }
      this.lines.push(line);
    }
  }

  /** The channels read: [{name, quantity, unit, values}] of the kept columns. */
  channels() {
    return this.columns.flatMap((c, k) => (this.values[k] ? [{ name: c.name, quantity: c.quantity ?? quantityOf(c.name, c.unit), unit: c.unit, values: this.values[k].values(), ...c.extra }] : []));
  }

  /** where(i): the line of sample i, for messages. */
  where() {
    const lines = this.lines.values();
    return (i) => (i >= 0 && i < lines.length ? `line ${lines[i]}` : `sample ${i + 1}`);
  }
}

/** Line breaks a head should hold: a few header lines and the rows that settle the dialect. */
const HEAD_LINES = 12;

// The head of a file of `size` bytes from its first bytes `bytes`: {text, complete, size} of its
// first `chars` characters, or more for a wide file (lines of 10 000 columns) until they hold
// HEAD_LINES line breaks, up to MAX_HEADER_CHARS (the longest line read); null when `bytes` are
// too few for that and the file has more.
function headIn(bytes, chars, size) {
  for (;;) {
    const head = bytes.subarray(0, Math.min(size, 4 * chars));
    const text = new TextDecoder(encodingOf(head)).decode(head);
    const complete = head.length === size && text.length <= chars;
    const cut = complete ? text : text.slice(0, chars);
    if (complete || chars >= MAX_HEADER_CHARS || (cut.match(/\r\n|\r|\n/g) ?? []).length >= HEAD_LINES) return { text: cut, complete, size };
    if (head.length === bytes.length && bytes.length < size) return null;
    chars = Math.min(MAX_HEADER_CHARS, 4 * chars);
  }
}

/** The first characters of a file's bytes as text (SNIFF_CHARS, more for a wide file), and whether they are the whole file. */
export const headOfBytes = (bytes, chars = SNIFF_CHARS) => headIn(bytes, chars, bytes.length);

/** The same of a file's bytes or a Blob (only its first bytes read). */
export async function headOf(source, chars = SNIFF_CHARS) {
  if (!isBlob(source)) return headOfBytes(source, chars);
  const bytesAt = async (count) => new Uint8Array(await source.slice(0, Math.min(source.size, count)).arrayBuffer());
  return headIn(await bytesAt(4 * chars), chars, source.size) ?? headIn(await bytesAt(4 * MAX_HEADER_CHARS), chars, source.size);
}

/**
 * A text record's reading from its head ({text, complete} of headOf): the dialect found, then
 * {onLines (for forEachLines), finish() → the Recording}.
 */
function textReading(head, name) {
  if (head.text.trim() === '' && head.complete) throw bad(`${name}: the file is empty`);
  checkText(head.text, name);
  if (!head.complete && !/[\r\n]/.test(head.text)) {
    throw bad(`${name}: no line break in the first ${head.text.length} characters: a measurement file has one line per sample`);
  }
  const dialect = sniffDialect(head.text, name, head.complete);
  const reader = new RowReader({ source: name, ...dialect });
  const finish = () => {
    const notes = [...dialect.notes];
    if (reader.skipped > 0) notes.push(`${reader.skipped} comment line${reader.skipped === 1 ? '' : 's'} among the rows skipped`);
    if (reader.lines.length === 0) throw bad(`${name}: no rows of numbers after the header`);
    return {
      format: 'text', variant: dialect.variant, channels: reader.channels(), parameters: {}, notes, where: reader.where(),
      delimiter: dialect.delimiter === '\t' ? 'tab' : dialect.delimiter === ' ' ? 'spaces' : dialect.delimiter, decimalComma: dialect.decimalComma,
    };
  };
  return { onLines: (lines, first) => reader.add(lines, first), finish };
}

/**
 * A text record's bytes named `name` read into a Recording {format: 'text', variant ('csv',
 * 'semicolon', 'tab', 'spaces', 'bracketed'), channels, parameters: {}, notes, where}, at once.
 */
export function readTextBytes(bytes, name, { onProgress, chunkSize } = {}) {
  const reading = textReading(headOfBytes(bytes), name);
  forEachLinesSync(bytes, reading.onLines, { name, onProgress, chunkSize });
  return reading.finish();
}

/** The same of bytes or a File/Blob, streamed in chunks; onProgress(fraction read) after each. */
export async function readText(source, name, { onProgress, chunkSize } = {}) {
  if (!isBlob(source)) return readTextBytes(source, name, { onProgress, chunkSize });
  const reading = textReading(await headOf(source), name);
  await forEachLines(source, reading.onLines, { name, onProgress, chunkSize });
  return reading.finish();
}
