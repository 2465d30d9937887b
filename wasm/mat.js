// MATLAB MAT-file level 5 (what MATLAB 5 to 7.x and Octave's `save -v6`/`-v7` write) read into a
// Recording (wasm/recording.js), following The MathWorks' "MAT-File Format" (document of MATLAB
// 7.x, chapter 1 "Level 5 MAT-File Format"):
// - a 128-byte header: 116 bytes of text starting "MATLAB 5.0 MAT-file", 8 bytes of subsystem
//   offset, the version 0x0100 and the endian indicator "IM" as written by the saving machine (read
//   as "MI" the file is big-endian);
// - then data elements, each an 8-byte tag (type, byte count) and its data padded to 8 bytes, or a
//   small element (byte count in the tag's upper 16 bits, ≤ 4 bytes of data in the tag itself);
// - each variable is one miMATRIX element (array flags with class and the complex/logical bits,
//   dimensions, name, then the real and imaginary parts in any numeric type, or the fields of a
//   struct), or one miCOMPRESSED element holding a zlib stream of one (MAT v7).
// What becomes a channel, a parameter or a note is decided in mat-channels.js for both MAT versions.
//
// Hardening (issue 56): every declared byte count and dimension is checked against the bytes
// present before anything is allocated; a compressed element inflates to at most MAX_INFLATED
// bytes; recursion is bounded (structs are read one level deep, cells are not entered).
import { PIECE, blobBytes, reusedBufferReader } from './blob-bytes.js';
import { badInput, quoted } from './errors.js';
import { matRecording, variableName } from './mat-channels.js';
import { zlibInflater } from './zlib-inflate.js';

/** The text every level 5 MAT file starts with. */
export const MAT5_TEXT = 'MATLAB 5.0 MAT-file';

export const ascii = (bytes) => String.fromCharCode(...bytes);
/** Whether the first bytes are a MAT v5/v7 file's header. */
export const looksLikeMat5 = (head) => head.length >= 128 && ascii(head.subarray(0, MAT5_TEXT.length)) === MAT5_TEXT;

/** The largest inflated size of one compressed variable (bytes): a zlib bomb stops here. */
export const MAX_INFLATED = 2 ** 30;

// Data types (Table 1-1 of the format) with their byte sizes and DataView getters.
const MI = { INT8: 1, UINT8: 2, INT16: 3, UINT16: 4, INT32: 5, UINT32: 6, SINGLE: 7, DOUBLE: 9, INT64: 12, UINT64: 13, MATRIX: 14, COMPRESSED: 15, UTF8: 16, UTF16: 17, UTF32: 18 };
const NUMERIC = {
  [MI.INT8]: [1, 'getInt8', Int8Array], [MI.UINT8]: [1, 'getUint8', Uint8Array],
  [MI.INT16]: [2, 'getInt16', Int16Array], [MI.UINT16]: [2, 'getUint16', Uint16Array],
  [MI.INT32]: [4, 'getInt32', Int32Array], [MI.UINT32]: [4, 'getUint32', Uint32Array],
  [MI.SINGLE]: [4, 'getFloat32', Float32Array], [MI.DOUBLE]: [8, 'getFloat64', Float64Array],
  [MI.INT64]: [8, 'getBigInt64', BigInt64Array], [MI.UINT64]: [8, 'getBigUint64', BigUint64Array],
};
// Array classes (Table 1-3): numeric ones 6..15, with their MATLAB names for notes.
const CLASS = { 1: 'cell', 2: 'struct', 3: 'object', 4: 'char', 5: 'sparse', 6: 'double', 7: 'single', 8: 'int8', 9: 'uint8', 10: 'int16', 11: 'uint16', 12: 'int32', 13: 'uint32', 14: 'int64', 15: 'uint64', 16: 'function', 17: 'opaque' };
const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** One data element at `pos` of `view` (ending at `end`): {type, n, data (offset), next}. */
function element(ctx, view, pos, end, what) {
  if (end - pos < 8) throw badInput(`${ctx.source}: ${what}: truncated (${end - pos} bytes where an 8-byte tag is needed)`);
  const word = view.getUint32(pos, ctx.le);
  if (word >>> 16 !== 0) {  // small data element: byte count in the upper half, data in the tag
    const n = word >>> 16;
    if (n > 4) throw badInput(`${ctx.source}: ${what}: a small data element declares ${n} bytes (at most 4)`);
    return { type: word & 0xffff, n, data: pos + 4, next: pos + 8 };
  }
  const n = view.getUint32(pos + 4, ctx.le);
  if (n > end - pos - 8) throw badInput(`${ctx.source}: ${what}: declares ${n} bytes where ${end - pos - 8} remain (the file is truncated or damaged)`);
  return { type: word, n, data: pos + 8, next: Math.min(end, pos + 8 + n + ((8 - (n % 8)) % 8)) };
}

// The numbers of a numeric element as a Float64Array (int64 beyond 2^53 rounds to the nearest double).
function numbers(ctx, view, el, what) {
  const spec = NUMERIC[el.type];
  if (!spec) throw badInput(`${ctx.source}: ${what}: data type ${el.type} is not a numeric type of the MAT format`);
  const [size, getter, Typed] = spec;
  if (el.n % size) throw badInput(`${ctx.source}: ${what}: ${el.n} bytes is not a whole number of ${size}-byte values`);
  const count = el.n / size;
  const start = view.byteOffset + el.data;
  if (ctx.le === LITTLE_ENDIAN_HOST) {
    // Doubles at an 8-byte boundary (every uncompressed v5 variable's, the tags being 8 bytes):
    // a view of the file's bytes, no copy; else a copy of the bytes in the host's order.
    if (Typed === Float64Array && start % 8 === 0) return new Float64Array(view.buffer, start, count);
    const raw = new Typed(view.buffer.slice(start, start + el.n));
    if (Typed === Float64Array) return raw;
    const out = new Float64Array(count);
    for (let i = 0; i < count; i++) out[i] = Number(raw[i]);
    return out;
  }
  const out = new Float64Array(count);
  for (let i = 0, p = el.data; i < count; i++, p += size) out[i] = Number(view[getter](p, ctx.le));
  return out;
}

// The text of a name or char element (ASCII/UTF-8 or UTF-16 code units; UTF-32 code points).
function text(ctx, view, el) {
  const bytes = new Uint8Array(view.buffer, view.byteOffset + el.data, el.n);
  if (el.type === MI.INT8 || el.type === MI.UINT8 || el.type === MI.UTF8) return new TextDecoder('utf-8').decode(bytes);
  const size = el.type === MI.UTF32 ? 4 : 2;
  const chars = [];
  for (let p = el.data; p + size <= el.data + el.n; p += size) {
    const code = size === 2 ? view.getUint16(p, ctx.le) : view.getUint32(p, ctx.le);
    chars.push(code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd');
  }
  return chars.join('');
}

// A char array's rows as one line (rows of a column-major r×c array, joined by " | ").
function charRows(chars, rows, cols) {
  if (rows <= 1 || chars.length !== rows * cols) return chars;
  return Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => chars[i + j * rows]).join('').trimEnd()).join(' | ');
}

/**
 * The variables of one miMATRIX element's data [start, end) of `view`: [{name, kind, dims, re,
 * im, text, why}] (a struct's fields flattened into "s.field" at depth 0; deeper structs and
 * cells are named, not entered).
 */
function matrix(ctx, view, start, end, name0, depth) {
  const what = name0 ? variableName(name0) : `variable ${ctx.index}`;
  if (end === start) return [{ name: name0 || `#${ctx.index}`, kind: 'numeric', dims: [0, 0], re: new Float64Array(0) }];
  const flags = element(ctx, view, start, end, `${what}, array flags`);
  if (flags.type !== MI.UINT32 || flags.n !== 8) throw badInput(`${ctx.source}: ${what}: the array flags are not two uint32 (type ${flags.type}, ${flags.n} bytes)`);
  const word = view.getUint32(flags.data, ctx.le);
  const cls = word & 0xff, complex = (word & 0x800) !== 0, logical = (word & 0x200) !== 0;
  const dimsEl = element(ctx, view, flags.next, end, `${what}, dimensions`);
  if (dimsEl.type !== MI.INT32 || dimsEl.n < 8 || dimsEl.n % 4) throw badInput(`${ctx.source}: ${what}: the dimensions are not two or more int32 (type ${dimsEl.type}, ${dimsEl.n} bytes)`);
  const dims = [];
  for (let p = dimsEl.data; p < dimsEl.data + dimsEl.n; p += 4) dims.push(view.getInt32(p, ctx.le));
  if (dims.some((d) => d < 0)) throw badInput(`${ctx.source}: ${what}: a negative dimension (${dims.join('×')})`);
  const numel = dims.reduce((a, b) => a * b, 1);
  const nameEl = element(ctx, view, dimsEl.next, end, `${what}, name`);
  const own = text(ctx, view, nameEl);
  const name = depth === 0 ? own : name0;
  const label = variableName(name || `#${ctx.index}`);
  const at = nameEl.next;
  const kind = CLASS[cls];
  if (!kind) throw badInput(`${ctx.source}: ${label}: array class ${cls} is not a class of the MAT format`);
  if (cls >= 6 && cls <= 15) {
    const reEl = element(ctx, view, at, end, `${label}, real part`);
    const re = numbers(ctx, view, reEl, `${label}, real part`);
    if (re.length !== numel) throw badInput(`${ctx.source}: ${label}: ${re.length} values where its dimensions ${dims.join('×')} need ${numel}`);
    let im;
    if (complex) {
      const imEl = element(ctx, view, reEl.next, end, `${label}, imaginary part`);
      im = numbers(ctx, view, imEl, `${label}, imaginary part`);
      if (im.length !== numel) throw badInput(`${ctx.source}: ${label}: ${im.length} imaginary values where its dimensions ${dims.join('×')} need ${numel}`);
    }
    return [{ name, kind: 'numeric', mclass: logical ? 'logical' : kind, dims, re, im }];
  }
  if (kind === 'char') {
    if (numel === 0 || at >= end) return [{ name, kind: 'char', dims, text: '' }];
    const el = element(ctx, view, at, end, `${label}, characters`);
    return [{ name, kind: 'char', dims, text: charRows(text(ctx, view, el), dims[0], numel / Math.max(1, dims[0])) }];
  }
  if (kind === 'struct' && depth === 0 && numel === 1) return structFields(ctx, view, at, end, name, label);
  const why = {
    struct: depth ? 'is a struct inside a struct: only one level of fields is read' : `is a ${dims.join('×')} struct array: only a single struct's fields are read`,
    cell: 'is a cell array: cells are not read (save its contents as separate variables)',
    sparse: 'is a sparse matrix: not read (save it with full() first)',
    object: 'is an object: not read', function: 'is a function handle: not read',
    opaque: 'is a MATLAB object (such as a string or table): not read (save it as char or numbers)',
  }[kind];
  return [{ name, kind, dims, why }];
}

// The fields of a 1×1 struct `name` at `at` as variables "name.field".
function structFields(ctx, view, at, end, name, label) {
  const lenEl = element(ctx, view, at, end, `${label}, field name length`);
  if (lenEl.type !== MI.INT32 || lenEl.n !== 4) throw badInput(`${ctx.source}: ${label}: the field name length is not one int32`);
  const len = view.getInt32(lenEl.data, ctx.le);
  const namesEl = element(ctx, view, lenEl.next, end, `${label}, field names`);
  if (len <= 0 || namesEl.n % len) throw badInput(`${ctx.source}: ${label}: ${namesEl.n} bytes of field names is not a whole number of ${len}-byte names`);
  const fields = [];
  for (let p = 0; p < namesEl.n; p += len) {
    const raw = new Uint8Array(view.buffer, view.byteOffset + namesEl.data + p, len);
    fields.push(new TextDecoder().decode(raw.subarray(0, raw.indexOf(0) < 0 ? len : raw.indexOf(0))));
  }
  const out = [];
  let pos = namesEl.next;
  for (const field of fields) {
    const full = `${name}.${field}`;
    const el = element(ctx, view, pos, end, `${variableName(full)}`);
    if (el.type !== MI.MATRIX) throw badInput(`${ctx.source}: ${variableName(full)}: data type ${el.type} where a matrix is needed`);
    for (const v of matrix(ctx, view, el.data, el.data + el.n, full, 1)) out.push(v);
    pos = el.next;
  }
  return out;
}

/** The top-level elements after the header: [{type, n, data, next}] (tags checked, data not read). */
function topElements(ctx, view) {
  const out = [];
  for (let pos = 128; pos < view.byteLength;) {
    // Trailing zero padding after the last variable is not an element.
    if (view.byteLength - pos < 8 && new Uint8Array(view.buffer, view.byteOffset + pos, view.byteLength - pos).every((b) => b === 0)) break;
    const el = element(ctx, view, pos, view.byteLength, `variable ${out.length + 1} (byte ${pos})`);
    // A top-level element is not padded when compressed (MATLAB writes the zlib stream's length).
    out.push({ ...el, next: el.type === MI.COMPRESSED ? el.data + el.n : el.next });
    pos = out.at(-1).next;
  }
  return out;
}

// The header's byte order (true: little-endian) and a view of the bytes; refuses a non-MAT file.
function header(bytes, source) {
  if (bytes.length < 128) throw badInput(`${source}: a MAT file starts with a 128-byte header and this file has ${bytes.length} bytes`);
  if (!looksLikeMat5(bytes)) throw badInput(`${source}: not a MATLAB level 5 MAT file (its header does not start with "${MAT5_TEXT}")`);
  const mark = ascii(bytes.subarray(126, 128));
  if (mark !== 'IM' && mark !== 'MI') throw badInput(`${source}: the MAT header's endian indicator is "${quoted(mark)}" (neither "IM" nor "MI"): the file is damaged`);
  const le = mark === 'IM';
  return { le, view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
}

/**
 * The variables of a MAT v5 file's bytes, synchronously; miCOMPRESSED elements are inflated by
 * `zlib` (the pako module; readMat loads it itself) as readMat inflates them (the fuzz target mat).
 * Returns {variables, notes, le} (le: false for a big-endian file).
 */
export function parseMatVariables(bytes, source, { zlib, onProgress } = {}) {
  const { le, view } = header(bytes, source);
  const ctx = { source, le, index: 0 };
  const variables = [];
  const notes = [];
  const top = topElements(ctx, view);
  for (const el of top) {
    ctx.index++;
    let inner = null;
    if (el.type === MI.COMPRESSED) {
      if (!zlib) throw badInput(`${source}: variable ${ctx.index} is compressed and this reader has no inflater`);
      const inflater = variableInflater(zlib, ctx, el.n);
      inflater.push(new Uint8Array(view.buffer, view.byteOffset + el.data, el.n));
      inner = inflater.finish();
    }
    elementVariables(ctx, view, el, inner, variables, notes);
    onProgress?.(ctx.index / top.length);
  }
  return { variables, notes, le };
}

// The variables of top-level element `el` of `view` (variable ctx.index; `inner` its inflated
// bytes when compressed) appended to `variables` (no spread: a struct may have 10^5 fields).
function elementVariables(ctx, view, el, inner, variables, notes) {
  const where = `variable ${ctx.index}`;
  if (el.type === MI.COMPRESSED) {
    const innerView = new DataView(inner.buffer, inner.byteOffset, inner.byteLength);
    // Its tag (type and size) was checked as it was inflated (inflatedSize).
    const m = element(ctx, innerView, 0, innerView.byteLength, `${where} (inflated)`);
    for (const v of matrix(ctx, innerView, m.data, m.data + m.n, '', 0)) variables.push(v);
  } else if (el.type === MI.MATRIX) {
    for (const v of matrix(ctx, view, el.data, el.data + el.n, '', 0)) variables.push(v);
  } else {
    notes.push(`${where} is a data element of type ${el.type}, not a matrix: skipped`);
  }
}

let pakoModule = null;
/**
 * pako (zlib's inflate in JavaScript, wasm/zlib-inflate.js), once: the npm package in Node, the
 * copy next to this file (web/gen/vendor/pako.mjs) in a page.
 */
async function loadZlib() {
  if (!pakoModule) {
    const node = typeof process !== 'undefined' && process.versions?.node;
    pakoModule = await import(node ? 'pako' : new URL('./vendor/pako.mjs', import.meta.url).href);
  }
  return pakoModule;
}

// The inflater of compressed variable ctx.index, of `compressed` bytes (zlibInflater: at most
// MAX_INFLATED bytes, and exactly the size its inflated tag declares).
const variableInflater = (zlib, ctx, compressed) =>
  zlibInflater(zlib, ctx.source, `variable ${ctx.index}`, { limit: MAX_INFLATED, sizeOf: inflatedSize(ctx, compressed) });

// Deflate inflates at most 1032-fold (RFC 1951: a copy of 258 bytes coded in 2 bits at the least).
const MAX_DEFLATE_RATIO = 1032;

// A compressed variable is one miMATRIX element: its tag (the first 8 inflated bytes) tells the
// inflated size (zlibInflater's sizeOf), refused before anything more is inflated when it is not a
// matrix's tag, or declares more than MAX_INFLATED bytes or more than its `compressed` bytes can
// inflate to (a 155-byte file declaring 1 GB is not given 1 GB).
const inflatedSize = (ctx, compressed) => (tag) => {
  const view = new DataView(tag.buffer, tag.byteOffset, 8);
  const type = view.getUint32(0, ctx.le), size = 8 + view.getUint32(4, ctx.le);
  const where = `${ctx.source}: variable ${ctx.index}`;
  if (type !== MI.MATRIX) throw badInput(`${where}: the inflated data is of type ${type} where a matrix (14) is needed`);
  if (size > MAX_INFLATED) throw badInput(`${where}: its tag declares ${size} bytes inflated: more than ${MAX_INFLATED}, not read (split the file's variables)`);
  if (size > MAX_DEFLATE_RATIO * compressed) throw badInput(`${where}: its tag declares ${size} bytes inflated, more than its ${compressed} compressed bytes can hold (deflate inflates at most ${MAX_DEFLATE_RATIO}-fold): the file is damaged`);
  return size;
};

/**
 * A MAT v5/v7 file's bytes read into a Recording (format 'mat', variant 'v5'): variables as
 * channels, parameters and notes by mat-channels.js; compressed variables (v7) inflated as they
 * are reached. The same walk as readMatBlob's (readVariables), so that a file gives the same
 * Recording or the same refusal from its bytes and from a File or Blob (fuzz/targets/blob.mjs).
 * onProgress(fraction of the file read) after each variable.
 */
export async function readMat(bytes, source, { onProgress } = {}) {
  return readVariables(bytes.length, async (at, n) => bytes.subarray(at, at + n), source, onProgress);
}

/**
 * readMat of a File or Blob (the bytes also taken): the variables read one at a time (a
 * compressed one inflated and parsed before the next is read), so that the file is never held
 * whole (issue 49: a 200 MB file in at most twice its size). onProgress(fraction of the file read);
 * partBytes (tests): the bytes read from the Blob at once instead of 4 MB.
 */
export async function readMatBlob(blob, source, { onProgress, partBytes = PIECE } = {}) {
  if (blob instanceof Uint8Array) return readMat(blob, source, { onProgress });
  const pieces = { read: reusedBufferReader(blob, partBytes), bytes: partBytes };
  return readVariables(blob.size, (at, n) => blobBytes(blob, at, n, partBytes), source, onProgress, pieces);
}

// The Recording of a MAT v5/v7 file of `size` bytes whose bytes read(at, n) gives (a promise):
// the header, then each top-level element in file order, read whole from its tag and parsed
// before the next is read; the first fault in file order is the refusal. A compressed element is
// inflated from pieces.read(at, n) of at most pieces.bytes bytes each (from a File: 4 MB pieces
// into one buffer read again, so that neither its compressed bytes nor its inflated ones leave
// pieces for the garbage collector, issue 56 item 7).
async function readVariables(size, read, source, onProgress, pieces = { read, bytes: Infinity }) {
  const { le } = header(await read(0, 128), source);
  const ctx = { source, le, index: 0 };
  const variables = [], notes = [];
  let zlib = null;  // pako, loaded at the first compressed variable
  for (let pos = 128; pos < size;) {
    const tag = await read(pos, 8);
    // Trailing zero padding after the last variable is not an element.
    if (tag.length < 8 && tag.every((b) => b === 0)) break;
    ctx.index++;
    // The element's positions counted from its tag (at 0 of the view of its bytes).
    const el = element(ctx, new DataView(tag.buffer, tag.byteOffset, tag.length), 0, size - pos, `variable ${ctx.index} (byte ${pos})`);
    const next = pos + (el.type === MI.COMPRESSED ? el.data + el.n : el.next);
    if (el.type === MI.COMPRESSED) {
      const inflater = variableInflater(zlib ??= await loadZlib(), ctx, el.n);
      for (let at = 0; at < el.n; at += pieces.bytes) inflater.push(await pieces.read(pos + 8 + at, Math.min(pieces.bytes, el.n - at)));
      elementVariables(ctx, null, el, inflater.finish(), variables, notes);
    } else if (el.type === MI.MATRIX) {
      // Read from the tag on: a variable's data keeps its alignment in the file (numbers() views doubles in place).
      const bytes = await read(pos, 8 + el.n);
      elementVariables(ctx, new DataView(bytes.buffer, bytes.byteOffset, bytes.length), el, null, variables, notes);
    } else {
      elementVariables(ctx, null, el, null, variables, notes);
    }
    onProgress?.(Math.min(1, next / size));
    pos = next;
  }
  return matRecording(variables, { source, variant: 'v5', notes });
}
