// Universal File Format (UFF, .uff/.unv) reader: datasets 58 (function at nodal DOF, ASCII) and
// 58b (its binary form), 55 (data at nodes: mode shapes), the geometry datasets 15 and 2411
// (nodes), 82 (trace lines), 2412 (elements), 164 (units) and 151 (header) (wasm/uff-geometry.js).
// Written to the public format description (SDRC "Universal Dataset Number 58" and "55"; UC-SDRL
// "The Binary 58 Universal File Format"); the record and field numbers in the comments are theirs.
// Other datasets are skipped with a warning and counted. Pure ES module: runs in Node and a worker.
//
// File structure: each dataset is a block opened and closed by a line holding -1 in columns 1-6
// ("    -1"); the line after the opening -1 holds the dataset number in columns 1-6, for 58b
// followed by 'b' in column 7 and the binary fields (Format I6,1A1,I6,I6,I12,I12,I6,I6,I12,I12).
// Every message names the file and the dataset's place in it: "record 3 (dataset 58)" is the
// third dataset of the file (1-based), as the user counts the -1 blocks.
import { MechidError, quoted } from './errors.js';
import { GEOMETRY_READERS } from './uff-geometry.js';
import { fortranInteger, fortranNumber, scanNumbers } from './uff-numbers.js';

export { fortranNumber };

const bad = (message) => new MechidError('bad-input', message);

/** Record 7 field 1 (ordinate data type): [complex, bytes per number] of each allowed code. */
export const ORDINATE_TYPES = {
  2: { complex: false, bytes: 4, name: 'real, single precision' },
  4: { complex: false, bytes: 8, name: 'real, double precision' },
  5: { complex: true, bytes: 4, name: 'complex, single precision' },
  6: { complex: true, bytes: 8, name: 'complex, double precision' },
};

/** Record 8 field 1 (specific data type) codes used here (the list of dataset 58). */
export const SPECIFIC_DATA_TYPES = {
  0: 'unknown', 1: 'general', 2: 'stress', 3: 'strain', 5: 'temperature', 6: 'heat flux', 8: 'displacement',
  9: 'reaction force', 11: 'velocity', 12: 'acceleration', 13: 'excitation force', 15: 'pressure', 16: 'mass',
  17: 'time', 18: 'frequency', 19: 'rpm', 20: 'order',
};

/** Record 6 field 1 (function type) names, for messages. */
export const FUNCTION_TYPES = {
  0: 'general or unknown', 1: 'time response', 2: 'auto spectrum', 3: 'cross spectrum', 4: 'frequency response function',
  5: 'transmissibility', 6: 'coherence', 7: 'auto correlation', 8: 'cross correlation', 9: 'power spectral density',
};

/** True when the bytes (or text) look like a universal file: the first non-blank line is -1. */
export function looksLikeUff(input) {
  const head = typeof input === 'string' ? input.slice(0, 4096) : latin1(toBytes(input).subarray(0, 4096));
  const first = head.split(/\r?\n/).find((line) => line.trim() !== '');
  return first !== undefined && first.trim() === '-1';
}

function toBytes(input) {
  if (input instanceof Uint8Array) return input;
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  if (typeof input === 'string') return new TextEncoder().encode(input);
  throw bad(`a universal file must be given as bytes or text, got ${typeof input}`);
}

/** Bytes as text, one character per byte (the numeric records are ASCII). */
function latin1(bytes) {
  let text = '';
  for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192));
  return text;
}

// Lines of the bytes, read one at a time so that a 58b block can switch to bytes after its header.
class Cursor {
  constructor(bytes) {
    this.bytes = bytes;
    this.pos = 0;
    this.line = 0;  // 1-based number of the line last read
  }

  get done() { return this.pos >= this.bytes.length; }

  /** The next line (without its CR LF), or null at the end; `utf8` decodes it as text (ID lines). */
  next(utf8 = false) {
    if (!this.nextRange()) return null;
    const slice = this.bytes.subarray(this.start, this.stop);
    return utf8 ? new TextDecoder('utf-8').decode(slice) : latin1(slice);
  }

  /** Moves to the next line without decoding it: false at the end, else its bytes are [start, stop). */
  nextRange() {
    if (this.done) return false;
    const { bytes } = this;
    let end = bytes.indexOf(10, this.pos);
    if (end < 0) end = bytes.length;
    let stop = end;
    if (stop > this.pos && bytes[stop - 1] === 13) stop--;
    this.start = this.pos;
    this.stop = stop;
    this.pos = end + 1;
    this.line++;
    return true;
  }

  /** True when the line at [start, stop) holds -1 alone (blanks around it). */
  rangeIsDelimiter() {
    const { bytes } = this;
    let a = this.start, b = this.stop;
    while (a < b && (bytes[a] === 32 || bytes[a] === 9 || bytes[a] === 13)) a++;
    while (b > a && (bytes[b - 1] === 32 || bytes[b - 1] === 9 || bytes[b - 1] === 13)) b--;
    return b - a === 2 && bytes[a] === 45 && bytes[a + 1] === 49;
  }
}

/** True on a little-endian host (every current browser and Node platform; checked, not assumed). */
const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

const isDelimiter = (line) => line !== null && line.trim() === '-1';

/**
 * The fields of a fixed-format line: widths [w1, w2, ...] (0 for a skipped 1X column is written as
 * a width with kind 'x'). kinds: 'i' integer, 'e' real, 'a' text, 'x' skipped.
 */
function fixedFields(line, layout) {
  const out = [];
  let at = 0;
  for (const [kind, width] of layout) {
    const text = line.slice(at, at + width);
    at += width;
    if (kind === 'x') continue;
    out.push(kind === 'a' ? text.trim() : text);
  }
  return out;
}

/** The parser of one dataset block: the file, the record number and the messages it makes. */
class Block {
  constructor(cursor, source, recordNumber, dataset) {
    Object.assign(this, { cursor, source, recordNumber, dataset });
  }

  where() { return `${this.source}: record ${this.recordNumber} (dataset ${this.dataset})`; }

  fail(what) { return bad(`${this.where()}: ${what}`); }

  /** The next line of the block's header, or an error naming what was expected. */
  headerLine(what, utf8 = false) {
    const line = this.cursor.next(utf8);
    if (line === null) throw this.fail(`the file ends before ${what} (no closing -1)`);
    if (isDelimiter(line)) throw this.fail(`the block closes (-1 at line ${this.cursor.line}) before ${what}`);
    return line;
  }

  /** Integers of a header line by fixed columns, falling back to blank-separated fields. */
  integers(line, widths, names, record) {
    const fixed = fixedFields(line, widths.map((w) => ['i', w])).map(fortranInteger);
    if (fixed.every(Number.isFinite)) return fixed;
    const tokens = line.trim().split(/\s+/).map(fortranInteger);
    if (tokens.length >= names.length && tokens.slice(0, names.length).every(Number.isFinite)) return tokens.slice(0, names.length);
    const k = fixed.findIndex((x) => !Number.isFinite(x));
    throw this.fail(`line ${this.cursor.line}: record ${record} field ${k + 1} (${names[k]}) is "${quoted(fixedFields(line, widths.map((w) => ['a', w]))[k])}", not an integer`);
  }
}

/** Record 6: Format(2(I5,I10),2(1X,10A1,I10,I4)), DOF identification. */
function readRecord6(block) {
  const line = block.headerLine('record 6 (DOF identification)');
  const layout = [['i', 5], ['i', 10], ['i', 5], ['i', 10], ['x', 1], ['a', 10], ['i', 10], ['i', 4], ['x', 1], ['a', 10], ['i', 10], ['i', 4]];
  const f = fixedFields(line, layout);
  const names = ['function type', 'function identification number', 'version number', 'load case', 'response entity name',
    'response node', 'response direction', 'reference entity name', 'reference node', 'reference direction'];
  const value = (k) => {
    const x = fortranInteger(f[k]);
    if (!Number.isFinite(x)) throw block.fail(`line ${block.cursor.line}: record 6 field ${k + 1} (${names[k]}) is "${quoted(f[k].trim())}", not an integer`);
    return x;
  };
  // Directions (fields 7 and 10): 0 scalar, ±1-±3 translations X, Y, Z, ±4-±6 rotations (the
  // dataset's description); another value names no direction (a "9" was read as a direction).
  for (const k of [6, 9]) {
    const d = value(k);
    if (!(Math.abs(d) <= 6)) {
      throw block.fail(`line ${block.cursor.line}: record 6 field ${k + 1} (${names[k]}) is ${d}; a direction is 0 (scalar), ±1 to ±3 (X, Y, Z) or ±4 to ±6 (rotations)`);
    }
  }
  return {
    functionType: value(0), functionId: value(1), version: value(2), loadCase: value(3),
    responseEntity: f[4], responseNode: value(5), responseDirection: value(6),
    referenceEntity: f[7], referenceNode: value(8), referenceDirection: value(9),
  };
}

/** Record 7: Format(3I10,3E13.5), data form. */
function readRecord7(block) {
  const line = block.headerLine('record 7 (data form)');
  const at = block.cursor.line;
  const fixed = fixedFields(line, [['i', 10], ['i', 10], ['i', 10], ['e', 13], ['e', 13], ['e', 13]]);
  let values = fixed.map((t, k) => (k < 3 ? fortranInteger(t) : t.trim() === '' ? 0 : fortranNumber(t)));
  if (!values.every(Number.isFinite)) {
    const tokens = line.trim().split(/\s+/);
    const parsed = tokens.map((t, k) => (k < 3 ? fortranInteger(t) : fortranNumber(t)));
    if (tokens.length >= 5 && parsed.slice(0, 6).every(Number.isFinite)) values = [...parsed.slice(0, 6), 0].slice(0, 6);
  }
  const names = ['ordinate data type', 'number of points', 'abscissa spacing', 'abscissa minimum', 'abscissa increment', 'z-axis value'];
  const k = values.findIndex((x) => !Number.isFinite(x));
  if (k >= 0) throw block.fail(`line ${at}: record 7 field ${k + 1} (${names[k]}) is "${quoted(fixed[k].trim())}", not a number`);
  const [ordinateType, count, spacing, min, step, z] = values;
  if (!(ordinateType in ORDINATE_TYPES)) {
    throw block.fail(`line ${at}: unknown ordinate data type ${ordinateType} in record 7 field 1 (expected 2 real single, 4 real double, 5 complex single or 6 complex double)`);
  }
  if (!(count >= 1)) throw block.fail(`line ${at}: record 7 field 2 gives ${count} data points; a function has at least 1`);
  if (spacing !== 0 && spacing !== 1) throw block.fail(`line ${at}: record 7 field 3 (abscissa spacing) is ${spacing}; expected 0 (uneven) or 1 (even)`);
  if (spacing === 1 && !(step > 0)) throw block.fail(`line ${at}: record 7 field 5 (abscissa increment) is ${step}; even spacing needs an increment > 0`);
  return { ordinateType, count, even: spacing === 1, min, step, z };
}

/** Records 8-11: Format(I10,3I5,2(1X,20A1)), data characteristics of an axis. */
function readAxis(block, record, what) {
  const line = block.headerLine(`record ${record} (${what} data characteristics)`);
  const f = fixedFields(line, [['i', 10], ['i', 5], ['i', 5], ['i', 5], ['x', 1], ['a', 20], ['x', 1], ['a', 20]]);
  const names = ['specific data type', 'length units exponent', 'force units exponent', 'temperature units exponent'];
  const ints = f.slice(0, 4).map(fortranInteger);
  const k = ints.findIndex((x) => !Number.isFinite(x));
  if (k >= 0) throw block.fail(`line ${block.cursor.line}: record ${record} field ${k + 1} (${names[k]}) is "${quoted(f[k].trim())}", not an integer`);
  const label = (text) => (text.toUpperCase() === 'NONE' ? '' : text);
  return { specificType: ints[0], lengthExp: ints[1], forceExp: ints[2], temperatureExp: ints[3], label: label(f[4]), units: label(f[5]) };
}

/**
 * How the values of record 12 are laid out (the table of record 12 and Addendum B): numbers per
 * point, and for uneven spacing the abscissa first in each point. Fixed-format widths per line.
 */
function layoutOf(form) {
  const type = ORDINATE_TYPES[form.ordinateType];
  const perPoint = (type.complex ? 2 : 1) + (form.even ? 0 : 1);
  let widths;
  if (type.bytes === 4) widths = [13, 13, 13, 13, 13, 13];                       // cases 1-4: 6E13.5
  else if (form.even) widths = [20, 20, 20, 20];                                 // cases 5, 7: 4E20.12
  else if (!type.complex) widths = [13, 20, 13, 20];                             // case 6: 2(E13.5,E20.12)
  else widths = [13, 20, 20];                                                    // case 8: E13.5,2E20.12
  return { ...type, perPoint, total: perPoint * form.count, widths };
}

/** The numbers of one data line: blank-separated when they all read so, else by the fixed widths. */
function lineNumbers(line, widths, block, lineNumber) {
  const tokens = line.trim() === '' ? [] : line.trim().split(/\s+/);
  const numbers = tokens.map(fortranNumber);
  if (numbers.every(Number.isFinite)) return numbers;
  const out = [];
  let at = 0;
  for (let k = 0; at < line.length; k++) {
    const width = widths[k % widths.length];
    const text = line.slice(at, at + width);
    if (text.trim() !== '') {
      const x = fortranNumber(text);
      if (!Number.isFinite(x)) {
        const bad = tokens[numbers.findIndex((n) => !Number.isFinite(n))];
        throw block.fail(`line ${lineNumber}: non-numeric field "${quoted(bad ?? text.trim())}" in the data (record 12)`);
      }
      out.push(x);
    }
    at += width;
  }
  return out;
}

/**
 * Record 12 in ASCII: the numbers up to the closing -1, checked against record 7's count. The
 * count is checked against the bytes left in the file before the values are allocated (a value
 * takes at least 2 bytes: a digit and a blank or line end).
 */
function readAsciiData(block, layout) {
  const { cursor } = block;
  const left = cursor.bytes.length - cursor.pos;
  if (layout.total > (left + 1) / 2) {
    throw block.fail(`record 7 field 2 declares ${block.form.count} points (${layout.total} values: ${describeForm(block.form)}), more than the ${left} bytes left in the file can hold`);
  }
  const values = new Float64Array(layout.total);
  let found = 0;
  for (;;) {
    if (!cursor.nextRange()) {
      if (found < layout.total) throw block.fail(`truncated data: expected ${layout.total} values (record 7: ${describeForm(block.form)}), found ${found} before the end of the file`);
      throw block.fail(`no closing -1: the file ends after the data (line ${cursor.line})`);
    }
    if (cursor.rangeIsDelimiter()) break;
    if (cursor.progress && (cursor.line & 0xffff) === 0) cursor.progress();  // every 65536 lines
    const room = layout.total - found;
    let n = scanNumbers(cursor.bytes, cursor.start, cursor.stop, values, found, room);
    if (n < 0) {  // fields that run together: read by the fixed widths of record 12
      const numbers = lineNumbers(latin1(cursor.bytes.subarray(cursor.start, cursor.stop)), layout.widths, block, cursor.line);
      n = numbers.length;
      if (n <= room) values.set(numbers, found);
    }
    if (n > room) {
      throw block.fail(`line ${cursor.line}: more values than record 7 declares (${layout.total}: ${describeForm(block.form)}); a closing -1 is missing or record 7 field 2 is wrong`);
    }
    found += n;
  }
  if (found < layout.total) {
    throw block.fail(`truncated data: expected ${layout.total} values (record 7: ${describeForm(block.form)}), found ${found} before the closing -1 at line ${cursor.line}`);
  }
  return values;
}

const describeForm = (form) => `${form.count} ${form.even ? 'evenly' : 'unevenly'} spaced ${ORDINATE_TYPES[form.ordinateType].name} points`;

/**
 * Record 12 of a 58b: `declared` bytes right after the 11 header lines, IEEE 754 in the byte
 * order of the ID line, in the field order of the ASCII dataset (UC-SDRL's description: "the
 * field size is NOT used, however the data type content is"; "there are no CR/LF characters
 * embedded in or following the binary data", though many writers end it with one before -1).
 * For uneven spacing the abscissa is "always real single precision" in the description but
 * written in the ordinate's precision by common writers: the layout whose size matches the
 * declared byte count is read.
 */
function readBinaryData(block, layout, binary) {
  const { cursor } = block;
  const { count } = block.form;
  const n = layout.complex ? 2 : 1;
  const layouts = [{ xBytes: layout.perPoint > n ? layout.bytes : 0 }];
  if (layout.perPoint > n && layout.bytes === 8) layouts.push({ xBytes: 4 });
  for (const l of layouts) l.size = count * (l.xBytes + n * layout.bytes);
  const available = cursor.bytes.length - cursor.pos;
  const closes = (size) => {
    let p = cursor.pos + size;
    if (cursor.bytes[p] === 13) p++;
    if (cursor.bytes[p] === 10) p++;
    const rest = latin1(cursor.bytes.subarray(p, p + 90)).split(/\r?\n/)[0];
    return isDelimiter(rest);
  };
  const warnings = [];
  let chosen = layouts.find((l) => l.size === binary.bytes);
  if (chosen) {
    if (available < binary.bytes) throw block.fail(`binary block shorter than declared: ${binary.bytes} bytes declared, ${available} before the end of the file`);
    if (!closes(chosen.size)) throw block.fail(`the ${binary.bytes} bytes of binary data declared are not followed by the closing -1 (the block is longer, or the byte count is wrong)`);
  } else {
    chosen = layouts.find((l) => l.size <= available && closes(l.size));
    if (!chosen) {
      if (available < layouts[0].size && available < binary.bytes) {
        throw block.fail(`binary block shorter than declared: ${binary.bytes} bytes declared (record 7 needs ${layouts[0].size}), ${available} before the end of the file`);
      }
      throw block.fail(`the ID line declares ${binary.bytes} bytes of binary data, but record 7 (${describeForm(block.form)}) needs ${layouts.map((l) => l.size).join(' or ')}`);
    }
    warnings.push(`${block.where()}: the ID line declares ${binary.bytes} bytes of binary data but record 7 needs ${chosen.size}; read ${chosen.size} (the closing -1 follows them)`);
  }
  const little = binary.byteOrder === 1;
  let values;
  let offset = cursor.bytes.byteOffset + cursor.pos;
  if (!chosen.xBytes && layout.bytes === 8 && little === LITTLE_ENDIAN_HOST && cursor.inPlace) {
    // The bytes are the reader's own (read from a File): the doubles are used where they are,
    // moved back by at most 7 bytes onto an 8-byte boundary over the header line just read (no
    // copy: a 200 MB file of 58b records is held once, issue 56 item 7).
    const shift = offset % 8;
    if (shift) cursor.bytes.copyWithin(cursor.pos - shift, cursor.pos, cursor.pos + chosen.size);
    offset -= shift;
    values = new Float64Array(cursor.bytes.buffer, offset, layout.total);
  } else if (!chosen.xBytes && layout.bytes === 8 && little === LITTLE_ENDIAN_HOST) {
    values = new Float64Array(layout.total);
    // the common case (even abscissa, doubles in the host's order): one copy of the bytes
    new Uint8Array(values.buffer).set(cursor.bytes.subarray(cursor.pos, cursor.pos + chosen.size));
  } else if (!chosen.xBytes && layout.bytes === 4 && little === LITTLE_ENDIAN_HOST) {
    values = new Float64Array(layout.total);
    const floats = offset % 4 === 0 ? new Float32Array(cursor.bytes.buffer, offset, layout.total)
      : new Float32Array(Uint8Array.prototype.slice.call(cursor.bytes, cursor.pos, cursor.pos + chosen.size).buffer);  // a copy (Buffer's slice is a view)
    values.set(floats);
  } else {
    values = new Float64Array(layout.total);
    const view = new DataView(cursor.bytes.buffer, offset, chosen.size);
    let at = 0, k = 0;
    const read = (bytes) => {
      const x = bytes === 8 ? view.getFloat64(at, little) : view.getFloat32(at, little);
      at += bytes;
      return x;
    };
    for (let i = 0; i < count; i++) {
      if (chosen.xBytes) values[k++] = read(chosen.xBytes);
      for (let j = 0; j < n; j++) values[k++] = read(layout.bytes);
    }
  }
  checkByteOrder(block, values, new DataView(cursor.bytes.buffer, offset, chosen.size), chosen.xBytes && chosen.xBytes !== layout.bytes ? 0 : layout.bytes, little);
  cursor.pos += chosen.size;
  if (cursor.bytes[cursor.pos] === 13) cursor.pos++;
  if (cursor.bytes[cursor.pos] === 10) cursor.pos++;
  cursor.next();  // the closing -1, checked above
  return { values, warnings };
}

/** An ordinary number: zero, or finite with a magnitude within 1e-30..1e30. */
const ordinary = (x) => x === 0 || (Math.abs(x) > 1e-30 && Math.abs(x) < 1e30);

/**
 * Refuses 58b values of which some are no ordinary numbers in the ID line's byte order
 * (non-finite, or beyond 1e±250) when the other order makes every one ordinary (checked on the
 * first 1000): the byte-order field is wrong, and the data read would be noise. `bytes` is
 * the width of every value (0 when the abscissa's width differs: not checked then).
 */
function checkByteOrder(block, values, view, bytes, little) {
  if (!bytes) return;
  const odd = (x) => !Number.isFinite(x) || (x !== 0 && (Math.abs(x) < 1e-250 || Math.abs(x) > 1e250));
  const n = Math.min(values.length, 1000);
  let oddCount = 0;
  for (let i = 0; i < n; i++) if (odd(values[i])) oddCount++;
  if (oddCount === 0) return;
  for (let i = 0; i < n; i++) {
    const x = bytes === 8 ? view.getFloat64(8 * i, !little) : view.getFloat32(4 * i, !little);
    if (!ordinary(x)) return;
  }
  const other = bytes === 8 ? view.getFloat64(0, !little) : view.getFloat32(0, !little);
  throw block.fail(`the binary values read ${little ? 'little' : 'big'} endian, as the 58b ID line's byte ordering (field 3 = ${little ? 1 : 2}) says, are no ordinary numbers (the first: ${values[0]}), read ${little ? 'big' : 'little'} endian they are (the first: ${other}): the byte ordering field is likely wrong (1 little endian, 2 big endian)`);
}

/** The 58b fields of the ID line after "58b": byte ordering, floating-point format, ASCII lines, bytes. */
function binaryHeader(block, rest, fixed) {
  // by columns (I6,I6,I12,I12 after the 'b' in column 7) when they read, so that a 12-digit byte
  // count touching the field before it is not read as one number with it; else blank-separated
  const columns = [rest.slice(0, 6), rest.slice(6, 12), rest.slice(12, 24), rest.slice(24, 36)];
  const byColumns = fixed && columns.every((c) => c.trim() !== '') ? columns.map(fortranInteger) : null;
  const tokens = byColumns?.every(Number.isFinite) ? byColumns : rest.trim().split(/\s+/).map(fortranInteger);
  const [byteOrder, floatFormat, asciiLines, bytes] = tokens;
  if (tokens.length < 4 || !tokens.slice(0, 4).every(Number.isFinite)) {
    throw block.fail(`line ${block.cursor.line}: the 58b ID line needs byte ordering, floating-point format, number of ASCII lines and number of bytes (Format I6,1A1,I6,I6,I12,I12,...), got "${quoted(rest.trim())}"`);
  }
  if (!(bytes >= 0) || !(asciiLines >= 0)) throw block.fail(`line ${block.cursor.line}: the binary ID line declares ${asciiLines} ASCII lines and ${bytes} bytes`);
  return { byteOrder, floatFormat, asciiLines, bytes, line: block.cursor.line };
}

/** The checks of a 58b ID line's fields (UC-SDRL's description: fields 3-6). */
function check58b(block, binary) {
  const at = `line ${binary.line}`;
  if (binary.byteOrder !== 1 && binary.byteOrder !== 2) throw block.fail(`${at}: byte ordering ${binary.byteOrder} in the 58b ID line (expected 1 little endian or 2 big endian)`);
  if (binary.floatFormat !== 2) throw block.fail(`${at}: floating-point format ${binary.floatFormat} in the 58b ID line; only 2 (IEEE 754) is read (1 DEC VMS and 3 IBM 5/370 are not)`);
  if (binary.asciiLines !== 11) throw block.fail(`${at}: the 58b ID line declares ${binary.asciiLines} ASCII header lines; dataset 58 has 11`);
  if (!(binary.bytes > 0)) throw block.fail(`${at}: the 58b ID line declares ${binary.bytes} bytes of binary data`);
}

/** Index of the first NaN or infinite value, or the length when there is none. */
function firstNotFinite(v) {
  for (let i = 0; i < v.length; i++) if (v[i] - v[i] !== 0) return i;
  return v.length;
}

/** Dataset 58 or 58b after its ID line: records 1-11 in ASCII, record 12 in ASCII or binary. */
function readDataset58(block, binary) {
  if (binary) check58b(block, binary);
  const ids = [1, 2, 3, 4, 5].map((k) => block.headerLine(`record ${k} (ID line ${k})`, true).trimEnd());
  const dof = readRecord6(block);
  const form = readRecord7(block);
  block.form = form;
  const axes = {
    abscissa: readAxis(block, 8, 'abscissa'), ordinate: readAxis(block, 9, 'ordinate'),
    denominator: readAxis(block, 10, 'ordinate denominator'), zAxis: readAxis(block, 11, 'z-axis'),
  };
  const layout = layoutOf(form);
  const { values, warnings } = binary ? readBinaryData(block, layout, binary) : { values: readAsciiData(block, layout), warnings: [] };
  const n = layout.complex ? 2 : 1;
  const stride = layout.perPoint;
  const x = form.even ? null : new Float64Array(form.count);
  const re = stride === 1 ? values : new Float64Array(form.count);  // even and real: the values as read
  const im = layout.complex ? new Float64Array(form.count) : null;
  if (stride > 1) {
    for (let i = 0, k = 0; i < form.count; i++, k += stride) {
      const o = form.even ? k : k + 1;
      if (x) x[i] = values[k];
      re[i] = values[o];
      if (im) im[i] = values[o + n - 1];
    }
  }
  const notFinite = Math.min(...[re, im, x].filter(Boolean).map(firstNotFinite));
  if (notFinite < form.count) {
    const v = [re, im, x].filter(Boolean).map((a) => a[notFinite]).find((y) => !Number.isFinite(y));
    const what = Number.isNaN(v) ? 'NaN' : 'infinite (beyond ±1.8e308, the largest double: e.g. 1E+999)';
    throw block.fail(`point ${notFinite + 1} of record 12 (the data values) is ${what}: a universal file holds finite numbers; correct or remove that point`);
  }
  return {
    record: {
      dataset: 58, binary: Boolean(binary), recordNumber: block.recordNumber, ids,
      ...dof, ordinateType: form.ordinateType, complex: layout.complex, z: form.z,
      abscissa: form.even ? { min: form.min, step: form.step, count: form.count } : x,
      values: im ? { re, im } : re,
      axes,
    },
    warnings,
  };
}

/** Reads `count` numbers of a 55 block from lines of 6E13.5 (or blank-separated) values. */
function readNumbers55(block, count, what) {
  const out = [];
  while (out.length < count) {
    const line = block.headerLine(what);
    out.push(...lineNumbers(line, [13, 13, 13, 13, 13, 13], block, block.cursor.line));
  }
  if (out.length > count) throw block.fail(`line ${block.cursor.line}: ${out.length} values for ${what}, expected ${count}`);
  return out;
}

/**
 * Dataset 55 (data at nodes) after its ID line: records 1-5 ID lines, record 6 (6I10) data
 * definition, record 7 (8I10) and 8 (6E13.5) analysis-type parameters, then records 9 (I10 node
 * number) and 10 (NDV values, complex as real then imaginary part) for each node until the -1.
 */
function readDataset55(block) {
  const ids = [1, 2, 3, 4, 5].map((k) => block.headerLine(`record ${k} (ID line ${k})`, true).trimEnd());
  const r6 = block.integers(block.headerLine('record 6 (data definition parameters)'), [10, 10, 10, 10, 10, 10],
    ['model type', 'analysis type', 'data characteristic', 'specific data type', 'data type', 'number of data values per node'], 6);
  const [modelType, analysisType, characteristic, specificType, dataType, ndv] = r6;
  if (dataType !== 2 && dataType !== 5) throw block.fail(`line ${block.cursor.line}: record 6 field 5 (data type) is ${dataType}; expected 2 (real) or 5 (complex)`);
  if (!(ndv >= 1)) throw block.fail(`line ${block.cursor.line}: record 6 field 6 (values per node) is ${ndv}`);
  const r7line = block.headerLine('record 7 (analysis type parameters)');
  const r7 = r7line.trim().split(/\s+/).map(fortranInteger);
  if (r7.length < 2 || !r7.every(Number.isFinite) || r7[0] < 1 || r7[1] < 1 || r7.length < 2 + r7[0]) {
    throw block.fail(`line ${block.cursor.line}: record 7 must hold the number of integer values, of real values, then the integers (8I10), got "${quoted(r7line.trim())}"`);
  }
  const [nInt, nReal] = r7;
  const integers = r7.slice(2, 2 + nInt);
  const reals = readNumbers55(block, nReal, 'record 8 (analysis type real parameters)');
  const complex = dataType === 5;
  const perNode = (complex ? 2 : 1) * ndv;
  const nodes = [];
  for (;;) {
    const line = block.cursor.next();
    if (line === null) throw block.fail(`no closing -1: the file ends after node ${nodes.length} (line ${block.cursor.line})`);
    if (isDelimiter(line)) break;
    const node = fortranInteger(line);
    if (!Number.isFinite(node)) throw block.fail(`line ${block.cursor.line}: record 9 (node number) is "${quoted(line.trim())}", not an integer`);
    const v = readNumbers55(block, perNode, `record 10 (the ${perNode} values of node ${node})`);
    const values = complex ? Array.from({ length: ndv }, (_, k) => [v[2 * k], v[2 * k + 1]]) : v.map((x) => [x, 0]);
    nodes.push({ node, values });
  }
  const record = { dataset: 55, recordNumber: block.recordNumber, ids, modelType, analysisType, characteristic, specificType, complex, ndv, integers, reals, nodes };
  if (analysisType === 2 || analysisType === 3 || analysisType === 7) record.modeNumber = integers[1];
  return { record, warnings: [] };
}

/**
 * Refuses what the line reader cannot read, naming it: UTF-16 text (a byte-order mark; universal
 * files are ASCII) and line ends of CR alone (classic Mac OS), which would make the file one line.
 */
function checkEncoding(bytes, source) {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw bad(`${source}: the file is UTF-16 text (byte-order mark ${bytes[0] === 0xff ? 'FF FE' : 'FE FF'}); a universal file is ASCII: save it as ASCII or UTF-8`);
  }
  const head = bytes.subarray(0, 4096);
  if (head.indexOf(10) < 0 && head.indexOf(13) >= 0) {
    throw bad(`${source}: the lines end with CR alone (classic Mac OS line ends); a universal file's lines end with LF or CR LF: convert the line ends`);
  }
}

/** The datasets read (others are counted and skipped with a warning). */
const READ = new Set([58, 55, ...Object.keys(GEOMETRY_READERS).map(Number)]);

/**
 * The dataset number of an ID line (columns 1-6, right-justified; some writers shift it left):
 * {dataset, binary, rest}, or null when the line is not a number, optionally followed by 'b' and
 * the binary fields. "58x" is refused, never read as 58.
 */
function datasetNumber(idLine) {
  const id = /^\s*(\d+)([bB]?)(.*)$/.exec(idLine);
  if (!id) return null;
  if (!id[2] && id[3].trim() !== '') return null;
  if (id[2] && id[3] !== '' && !/^\s/.test(id[3]) && !/^\d/.test(id[3])) return null;
  return { dataset: Number(id[1]), binary: Boolean(id[2]), rest: id[3] };
}

/**
 * A universal file's datasets: {records, warnings, datasets, geometry, units?, header?}.
 * Records: the 58/58b functions and the 55 data at nodes (see readDataset58, readDataset55 for
 * the fields), in file order, each with its recordNumber (1-based place of its block in the
 * file). datasets: {TYPE: count} of every dataset found, read or not ('58b' apart from '58').
 * geometry: {nodes: [{id, x, y, z}], lines: [{id, nodes}], elements: [{id, type, nodes}]} of
 * datasets 15/2411, 82 and 2412; units: dataset 164; header: dataset 151. Malformed input throws
 * bad-input naming the file, the record and what is wrong. onProgress(fraction of the bytes read)
 * after each function and every 65536 data lines (the page's progress bar). inPlace: the bytes are
 * the caller's to change (read from a File for this call): 58b doubles in the host's byte order
 * are read in place, not copied (their records' values are views of the bytes).
 */
export function parseUff(input, source = 'file', { onProgress, inPlace = false } = {}) {
  const bytes = toBytes(input);
  checkEncoding(bytes, source);
  const cursor = new Cursor(bytes);
  cursor.inPlace = inPlace;
  if (onProgress) cursor.progress = () => onProgress(Math.min(1, cursor.pos / bytes.length));
  const records = [];
  const warnings = [];
  const datasets = {};
  const geometry = { nodes: [], lines: [], elements: [] };
  const extra = {};
  const skipped = new Map();  // dataset number -> record numbers
  let recordNumber = 0;
  for (;;) {
    let line = cursor.next();
    while (line !== null && line.trim() === '') line = cursor.next();
    if (line === null) break;
    if (!isDelimiter(line)) {
      const what = recordNumber === 0 ? 'a universal file starts with a line holding -1 (columns 1-6)' : `after record ${recordNumber}, the next dataset starts with a line holding -1`;
      throw bad(`${source}: line ${cursor.line}: ${what}; found "${quoted(line.trim())}"`);
    }
    recordNumber++;
    const idLine = cursor.next();
    if (idLine === null || isDelimiter(idLine)) throw bad(`${source}: record ${recordNumber}: no dataset number after the -1 at line ${cursor.line - (idLine === null ? 0 : 1)}`);
    const id = datasetNumber(idLine);
    if (!id) throw bad(`${source}: record ${recordNumber}: line ${cursor.line} should hold the dataset number (columns 1-6, then b for a binary dataset), found "${quoted(idLine.trim())}"`);
    const { dataset } = id;
    const name = `${dataset}${id.binary ? 'b' : ''}`;
    datasets[name] = (datasets[name] ?? 0) + 1;
    const block = new Block(cursor, source, recordNumber, name);
    const binary = id.binary ? binaryHeader(block, id.rest, /^[\s\d]{6}[bB]/.test(idLine)) : null;
    let result;
    if (dataset === 58) result = readDataset58(block, binary);
    else if (dataset === 55 && !binary) result = readDataset55(block);
    else if (GEOMETRY_READERS[dataset] && !binary) {
      GEOMETRY_READERS[dataset](block, { geometry, extra });
      continue;
    } else {
      skipBlock(block, binary);
      skipped.set(block.dataset, [...(skipped.get(block.dataset) ?? []), recordNumber]);
      continue;
    }
    records.push(result.record);
    cursor.progress?.();
    warnings.push(...result.warnings);
  }
  if (recordNumber === 0) throw bad(`${source}: the file is empty`);
  for (const [dataset, at] of skipped) {
    warnings.push(`${source}: dataset ${dataset} skipped (record${at.length > 1 ? 's' : ''} ${at.join(', ')}): only datasets ${[...READ].sort((x, y) => x - y).join(', ')} and 58b are read`);
  }
  return { records, warnings, datasets, geometry, ...extra };
}

/**
 * Skips a dataset not read here: to the closing -1, or for a binary one (same ID-line format as
 * 58b) its ASCII lines and declared bytes first.
 */
function skipBlock(block, binary) {
  const { cursor } = block;
  if (binary) {
    for (let k = 0; k < binary.asciiLines; k++) block.headerLine(`ASCII header line ${k + 1}`);
    cursor.pos += binary.bytes;
    if (cursor.pos > cursor.bytes.length) throw block.fail(`binary block shorter than declared: the file ends inside its ${binary.bytes} bytes`);
  }
  for (;;) {
    const line = cursor.next();
    if (line === null) throw block.fail(`no closing -1: the file ends at line ${cursor.line}`);
    if (isDelimiter(line)) return;
  }
}
