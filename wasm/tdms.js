// NI TDMS (.tdms) reader: a file's segments read into a Recording (recording.js), one channel per
// TDMS channel with numeric data, named 'group/channel'. Written to NI's published description
// ("TDMS File Format Internal Structure", ni.com white paper 5696; the section names in the comments
// are its): each segment is a lead-in (tag 'TDSm', table-of-contents flags, version, the offsets of
// the next segment and of the raw data), metadata (the objects of the segment, each with its raw
// data index and properties) and raw data (chunks repeated while bytes remain, each holding every
// channel's values of the segment, one channel after the other or interleaved). Where the
// description is silent the choices are those of npTDMS (A. Reeve, the reader the tests compare
// against): an object listed again without kTocNewObjList keeps its place; a last chunk cut short
// gives each channel what is there; the DAQmx digital-line code is 0x126A.
//
// Two passes: the first reads every lead-in and metadata block and counts each channel's values
// from the bytes present (so every allocation is bounded by the file's size), the second fills one
// Float64Array per channel. Pure ES module: runs in Node and a worker.
import { blobBytes, reusedBufferReader } from './blob-bytes.js';
import { MechidError, firstNonFinite, quoted } from './errors.js';
import { polynomialAt, quantityOf } from './recording.js';
import { scaledValues, scalingOf } from './tdms-scaling.js';

const bad = (source, message) => new MechidError('bad-input', `${quoted(source, 80)}: ${message}`);

// Lead-in, ToC flags (kToc…).
const TOC_META = 1 << 1, TOC_NEW_LIST = 1 << 2, TOC_RAW = 1 << 3, TOC_INTERLEAVED = 1 << 5, TOC_BIG_ENDIAN = 1 << 6;
const LEAD_IN = 28;
// Raw data index: no data in this segment; the same index as the object's previous segment.
const NO_DATA = 0xffffffff, SAME_AS_PREVIOUS = 0;
// DAQmx raw data index headers: format changing scaler, digital line scaler.
const DAQMX_FORMAT = 0x1269, DAQMX_DIGITAL = 0x126a;
const TYPE_STRING = 0x20, TYPE_TIMESTAMP = 0x44, TYPE_DAQMX = 0xffffffff, TYPE_VOID = 0;

// Data types (tdsDataType): size in bytes and the name messages use. Extended floats (11, 0x1B)
// have no size in the description and are refused, as npTDMS does.
const TYPES = new Map([
  [1, { size: 1, name: 'I8' }], [2, { size: 2, name: 'I16' }], [3, { size: 4, name: 'I32' }], [4, { size: 8, name: 'I64' }],
  [5, { size: 1, name: 'U8' }], [6, { size: 2, name: 'U16' }], [7, { size: 4, name: 'U32' }], [8, { size: 8, name: 'U64' }],
  [9, { size: 4, name: 'SGL' }], [10, { size: 8, name: 'DBL' }], [0x19, { size: 4, name: 'SGL with unit' }], [0x1a, { size: 8, name: 'DBL with unit' }],
  [0x21, { size: 1, name: 'Boolean' }], [TYPE_TIMESTAMP, { size: 16, name: 'timestamp' }],
  [0x08000c, { size: 8, name: 'complex SGL', complex: true }], [0x10000d, { size: 16, name: 'complex DBL', complex: true }],
  [TYPE_STRING, { size: 0, name: 'string' }], [TYPE_VOID, { size: 0, name: 'void' }], [TYPE_DAQMX, { size: 0, name: 'DAQmx raw data' }],
]);
// DAQmx scaler data types (their own codes) → tdsDataType.
const DAQMX_TYPES = new Map([[0, 5], [1, 1], [2, 6], [3, 2], [4, 7], [5, 3], [6, 8], [7, 4], [8, 9], [9, 10], [0xffffffff, TYPE_TIMESTAMP]]);
const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const HOST_LITTLE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
// Object entries of all the segments' lists together: real files (100 channels, 10^5 segments) stay
// far below; a crafted file of many tiny segments each changing a long list would be quadratic.
const MAX_LIST_WORK = 5e7;
// Values a byte of the file can hold: 8 digital lines in a byte; more is channels reading the
// same bytes over and over, refused before anything is allocated.
const MAX_VALUES_PER_BYTE = 8;
const utf8 = new TextDecoder('utf-8');
// Seconds from the TDMS epoch (1904-01-01 UTC) to the Unix epoch.
const EPOCH_1904 = 2082844800;

/** True when the bytes start with a TDMS segment's tag 'TDSm'. */
export const looksLikeTdms = (head) => !!head && head.length >= 4 && head[0] === 0x54 && head[1] === 0x44 && head[2] === 0x53 && head[3] === 0x6d;

/** An object path /'group'/'channel' as its names ['group', 'channel'] ('' doubled as ''), or null. */
export function pathNames(path) {
  if (path === '/') return [];
  const names = [];
  let i = 0;
  while (i < path.length) {
    if (path[i] !== '/' || path[i + 1] !== '\'') return null;
    let name = '';
    i += 2;
    for (;;) {
      if (i >= path.length) return null;
      if (path[i] === '\'') {
        if (path[i + 1] === '\'') { name += '\''; i += 2; continue; }
        i++;
        break;
      }
      name += path[i++];
    }
    names.push(name);
  }
  return names;
}

// A bounded reader of one segment's metadata: every read checks the bytes left before it reads.
class Meta {
  // view: the metadata's bytes, whose first is byte `base` of the file; at, end: bytes of the file.
  constructor(view, at, end, little, fail, base = 0) {
    Object.assign(this, { view, at, end, little, fail, base });
  }
  need(n, what) {
    if (n > this.end - this.at) this.fail(`${what} needs ${n} bytes at byte ${this.at} but the metadata ends at byte ${this.end}`);
  }
  u8(what) { this.need(1, what); return this.view.getUint8(this.at++ - this.base); }
  u32(what) { this.need(4, what); const x = this.view.getUint32(this.at - this.base, this.little); this.at += 4; return x; }
  u64(what) {
    this.need(8, what);
    const x = this.view.getBigUint64(this.at - this.base, this.little);
    this.at += 8;
    if (x > BigInt(MAX_SAFE)) this.fail(`${what} is ${x}, beyond any file`);
    return Number(x);
  }
  string(what) {
    const n = this.u32(`the length of ${what}`);
    this.need(n, what);
    const s = utf8.decode(new Uint8Array(this.view.buffer, this.view.byteOffset + this.at - this.base, n));
    this.at += n;
    return s;
  }
}

// A timestamp (i64 seconds since 1904, u64 fractions of 2^-64 s; seconds first when big-endian) as
// {seconds, fraction}.
function timestampAt(view, p, little) {
  const [s, f] = little ? [p + 8, p] : [p, p + 8];
  const [high, low] = little ? [f + 4, f] : [f, f + 4];
  return { seconds: Number(view.getBigInt64(s, little)), fraction: view.getUint32(high, little) / 2 ** 32 + view.getUint32(low, little) / 2 ** 64 };
}

const isoTime = ({ seconds, fraction }) => {
  const ms = (seconds - EPOCH_1904 + fraction) * 1000;
  return Number.isFinite(ms) && Math.abs(ms) < 8.64e15 ? new Date(ms).toISOString() : `${seconds} s after 1904-01-01`;
};

// A property value of type `type` read from the metadata: a number, string, boolean or ISO time.
function propertyValue(m, type, what) {
  switch (type) {
    case TYPE_STRING: return m.string(what);
    case TYPE_TIMESTAMP: { m.need(16, what); const t = timestampAt(m.view, m.at - m.base, m.little); m.at += 16; return isoTime(t); }
    case 0x21: return m.u8(what) !== 0;
    case TYPE_VOID: return null;
    default: {
      const t = TYPES.get(type);
      if (!t || !t.size || type === TYPE_DAQMX) m.fail(`${what} has data type 0x${type.toString(16)}, which is not a TDMS property type that is read`);
      m.need(t.size, what);
      const part = type === 0x08000c ? 9 : 10;
      const x = t.complex ? `${valueAt(m.view, m.at - m.base, part, m.little)}+${valueAt(m.view, m.at - m.base + t.size / 2, part, m.little)}i` : valueAt(m.view, m.at - m.base, type, m.little);
      m.at += t.size;
      return x;
    }
  }
}

// One numeric value of type `type` at byte p.
function valueAt(view, p, type, little) {
  switch (type) {
    case 1: return view.getInt8(p);
    case 2: return view.getInt16(p, little);
    case 3: return view.getInt32(p, little);
    case 4: return Number(view.getBigInt64(p, little));
    case 5: return view.getUint8(p);
    case 0x21: return view.getUint8(p) === 0 ? 0 : 1;
    case 6: return view.getUint16(p, little);
    case 7: return view.getUint32(p, little);
    case 8: return Number(view.getBigUint64(p, little));
    case 9: case 0x19: return view.getFloat32(p, little);
    default: return view.getFloat64(p, little);
  }
}

// Fills out[at .. at+n) with n values of `type` from byte p, `stride` bytes apart (imaginary parts
// into imag; timestamps as seconds after t0, which the first value read sets).
function fill(view, p, stride, n, type, little, target, at) {
  const out = target.values;
  if (type === TYPE_TIMESTAMP) {
    for (let i = 0; i < n; i++, p += stride) {
      const t = timestampAt(view, p, little);
      if (target.t0 === undefined) target.t0 = t;
      out[at + i] = (t.seconds - target.t0.seconds) + (t.fraction - target.t0.fraction);
    }
    return;
  }
  if (type === 0x08000c || type === 0x10000d) {
    const half = type === 0x08000c ? 4 : 8, part = half === 4 ? 9 : 10;
    for (let i = 0; i < n; i++, p += stride) {
      out[at + i] = valueAt(view, p, part, little);
      target.imag[at + i] = valueAt(view, p + half, part, little);
    }
    return;
  }
  if ((type === 10 || type === 0x1a) && stride === 8 && little === HOST_LITTLE) {
    // contiguous doubles in the host's byte order: the bytes copied as they are
    new Uint8Array(out.buffer, out.byteOffset + 8 * at, 8 * n).set(new Uint8Array(view.buffer, view.byteOffset + p, 8 * n));
    return;
  }
  switch (type) {
    case 10: case 0x1a: for (let i = 0; i < n; i++, p += stride) out[at + i] = view.getFloat64(p, little); return;
    case 9: case 0x19: for (let i = 0; i < n; i++, p += stride) out[at + i] = view.getFloat32(p, little); return;
    case 2: for (let i = 0; i < n; i++, p += stride) out[at + i] = view.getInt16(p, little); return;
    case 3: for (let i = 0; i < n; i++, p += stride) out[at + i] = view.getInt32(p, little); return;
    default: for (let i = 0; i < n; i++, p += stride) out[at + i] = valueAt(view, p, type, little);
  }
}

// The raw data index of an object (after its header word), as a segment object
// {path, hasData, type, n (values per chunk), bytes (per chunk), daqmx?}.
function readIndex(m, path, header, what) {
  const type = m.u32(`the data type of ${what}`);
  if (header === DAQMX_FORMAT || header === DAQMX_DIGITAL) {
    if (m.u32(`the array dimension of ${what}`) !== 1) m.fail(`${what}: array dimension is not 1`);
    const n = m.u64(`the number of values of ${what}`);
    const count = m.u32(`the number of DAQmx scalers of ${what}`);
    const each = header === DAQMX_FORMAT ? 20 : 17;
    m.need(count * each, `${count} DAQmx scalers of ${what}`);
    const scalers = [];
    for (let k = 0; k < count; k++) {
      const code = m.u32('a DAQmx scaler type');
      const buffer = m.u32('a DAQmx raw buffer index'), offset = m.u32('a DAQmx raw byte offset');
      const bit = header === DAQMX_DIGITAL ? offset : -1;
      if (header === DAQMX_DIGITAL) m.u8('a DAQmx sample format'); else m.u32('a DAQmx sample format');
      const id = m.u32('a DAQmx scale id');
      const dataType = DAQMX_TYPES.get(code);
      if (dataType === undefined) m.fail(`${what}: DAQmx scaler ${k} has data type ${code}, which is not one of DAQmx's`);
      if (scalers.some((s) => s.id === id)) m.fail(`${what}: two DAQmx scalers have scale id ${id}`);
      scalers.push({ type: dataType, buffer, offset: bit >= 0 ? Math.floor(bit / 8) : offset, bit: bit >= 0 ? bit % 8 : -1, id });
    }
    const widthCount = m.u32(`the number of DAQmx raw data widths of ${what}`);
    m.need(widthCount * 4, `${widthCount} DAQmx raw data widths of ${what}`);
    const widths = Array.from({ length: widthCount }, () => m.u32('a DAQmx raw data width'));
    for (const s of scalers) {
      const size = TYPES.get(s.type).size;
      if (s.buffer >= widths.length || s.offset + size > widths[s.buffer]) {
        m.fail(`${what}: a DAQmx scaler reads ${size} bytes at byte ${s.offset} of raw buffer ${s.buffer}, outside its width (${widths.length} buffers: ${widths.join(', ') || 'none'})`);
      }
    }
    if (type !== TYPE_DAQMX && (scalers.length !== 1 || scalers[0].type !== type)) m.fail(`${what}: DAQmx data of type 0x${type.toString(16)} has ${scalers.length} scalers that do not match it`);
    return { path, hasData: true, type, n, bytes: 0, daqmx: { scalers, widths } };
  }
  const t = TYPES.get(type);
  if (!t || type === TYPE_DAQMX) m.fail(`${what} has data type 0x${type.toString(16)}, which is not read (extended floats and unknown types)`);
  if (m.u32(`the array dimension of ${what}`) !== 1) m.fail(`${what}: array dimension is not 1`);
  const n = m.u64(`the number of values of ${what}`);
  if (type === TYPE_VOID && n !== 0) m.fail(`${what}: void data with ${n} values`);
  const bytes = type === TYPE_STRING ? m.u64(`the size of the strings of ${what}`) : n * t.size;
  if (!Number.isSafeInteger(bytes)) m.fail(`${what}: ${n} values of ${t.size} bytes are beyond any file`);
  return { path, hasData: true, type, n, bytes };
}

// DAQmx raw buffers of a segment's data objects: [{n (rows per chunk), width}].
function daqmxBuffers(objects, fail) {
  const widths = objects[0].daqmx.widths;
  const buffers = widths.map((width) => ({ n: 0, width }));
  for (const o of objects) {
    if (o.daqmx.widths.length !== widths.length || o.daqmx.widths.some((w, k) => w !== widths[k])) fail(`the DAQmx raw data widths of ${quoted(o.path)} differ from those of ${quoted(objects[0].path)}`);
    for (const s of o.daqmx.scalers) buffers[s.buffer].n = Math.max(buffers[s.buffer].n, o.n);
  }
  return buffers;
}

// Values of each data object in a last chunk of `rest` bytes (npTDMS's rule): Map path → count.
function finalChunk(seg, rest, cut) {
  const counts = new Map();
  if (seg.buffers) {
    const rows = [];
    let left = rest;
    for (const b of seg.buffers) {
      const whole = b.n * b.width;
      rows.push(left > whole ? b.n : Math.floor(left / b.width));
      left = Math.max(0, left - whole);
    }
    for (const o of seg.objects) {
      const used = new Set(o.daqmx.scalers.map((s) => s.buffer));
      counts.set(o.path, used.size === 1 ? rows[[...used][0]] : 0);
    }
  } else if (seg.interleaved || !cut) {
    for (const o of seg.objects) counts.set(o.path, Math.floor((o.n * rest) / seg.chunkSize));
  } else {
    let left = rest;
    for (const o of seg.objects) {
      const size = TYPES.get(o.type).size;
      if (!size) break;  // strings: no value after them can be placed
      const k = left > o.bytes ? o.n : Math.floor(left / size);
      counts.set(o.path, k);
      left = Math.max(0, left - o.bytes);
    }
  }
  return counts;
}

/**
 * The Recording of a TDMS file's bytes named `source`: each channel with numeric data as
 * 'group/channel' (unit from unit_string, h from wf_increment, start from wf_start_offset, its
 * properties in meta), every numeric property in parameters ('name' of the file, 'group/name',
 * 'group/channel/name'). Channels that cannot be read (strings, no values, a scaling that is not
 * applied) are left out with a note; a file with none is refused. onProgress(fraction).
 */
export function readTdms(bytes, source = 'file', { onProgress } = {}) {
  if (!(bytes instanceof Uint8Array)) throw bad(source, 'a TDMS file must be given as bytes');
  const scan = scanTdms(bytes.length, source);
  let step = scan.next();
  while (!step.done) step = scan.next(bytes.subarray(step.value[0], step.value[0] + step.value[1]));
  const view = viewOf(bytes), { notes, segments } = step.value;
  const { channels, parameters, targets } = channelTargets({ ...step.value, source });
  const report = segmentProgress(onProgress, bytes.length);
  for (const seg of segments) {
    const fillChunk = chunkFiller(targets, seg);
    for (let c = 0; c < seg.chunks + (seg.last ? 1 : 0); c++) fillChunk(view, 0, c);
    report(seg);
  }
  onProgress?.(1);
  return recordingOf(source, notes, channels, parameters);
}

// Raw data read from a Blob at once: whole chunks of a segment up to BLOCK_BYTES; the lead-ins and
// metadata SCAN_BYTES at a time.
const BLOCK_BYTES = 1 << 22, SCAN_BYTES = 1 << 16;

/**
 * readTdms of a File or Blob (the bytes also taken): the lead-ins and metadata read segment by
 * segment, then the raw data a few chunks (about 4 MB) at a time straight into the channels'
 * arrays, so that the file is never held whole (issue 49: a 200 MB file in at most twice its size).
 * partBytes (tests): the bytes read at once instead of SCAN_BYTES and BLOCK_BYTES.
 */
export async function readTdmsBlob(blob, source = 'file', { onProgress, partBytes } = {}) {
  if (blob instanceof Uint8Array) return readTdms(blob, source, { onProgress });
  const read = (at, n) => blobBytes(blob, at, n, partBytes);
  const SCAN = partBytes ?? SCAN_BYTES, BLOCK = partBytes ?? BLOCK_BYTES;
  // The lead-ins and metadata through a window of SCAN bytes: a file of many small segments takes
  // one read per window, not two per segment.
  let window = new Uint8Array(0), windowAt = 0;
  const scanRead = async (at, n) => {
    if (at < windowAt || at + n > windowAt + window.length) {
      if (n > SCAN) return read(at, n);
      window = await read(at, SCAN);
      windowAt = at;
    }
    return window.subarray(at - windowAt, at - windowAt + n);
  };
  const scan = scanTdms(blob.size, source);
  let step = scan.next();
  while (!step.done) step = scan.next(await scanRead(...step.value));
  const { notes, segments } = step.value;
  const { channels, parameters, targets } = channelTargets({ ...step.value, source });
  const report = segmentProgress(onProgress, blob.size);
  const readBlock = reusedBufferReader(blob, partBytes);  // each block of raw data is used up before the next is read
  for (const seg of segments) {
    const fillChunk = chunkFiller(targets, seg);
    const chunks = seg.chunks + (seg.last ? 1 : 0);
    const perRead = Math.max(1, Math.floor(BLOCK / seg.chunkSize));
    if (seg.chunkSize > BLOCK && !seg.buffers && !seg.interleaved && seg.objects.every((o) => TYPES.get(o.type).size)) {
      await readLargeChunks(seg, targets, readBlock, BLOCK);
      report(seg);
      continue;
    }
    for (let c0 = 0; c0 < chunks; c0 += perRead) {
      const c1 = Math.min(chunks, c0 + perRead);
      const from = seg.dataAt + c0 * seg.chunkSize, to = Math.min(seg.end, seg.dataAt + c1 * seg.chunkSize);
      const view = viewOf(await readBlock(from, to - from));
      for (let c = c0; c < c1; c++) fillChunk(view, from, c);
    }
    report(seg);
  }
  onProgress?.(1);
  return recordingOf(source, notes, channels, parameters);
}

const viewOf = (b) => new DataView(b.buffer, b.byteOffset, b.byteLength);

// The first pass over a file of `fileBytes` bytes: every lead-in and metadata block, asked for as
// `yield [byte, length]` (answered with those bytes), into {notes, objects, segments}.
function* scanTdms(fileBytes, source) {
  const notes = [];
  const objects = new Map();  // path → {path, props: Map, count, type, complex}
  const lastIndex = new Map();  // path → its most recent segment object
  const segments = [];
  let pos = 0, version = null, listWork = 0, values = 0;
  // The current object list, each path's place in it, and its objects with data (null: to find).
  let list = null, place = null, data = null;

  const objectOf = (path) => {
    let o = objects.get(path);
    if (!o) { o = { path, props: new Map(), count: 0, type: undefined }; objects.set(path, o); }
    return o;
  };

  for (let k = 1; pos < fileBytes; k++) {
    const here = `segment ${k} (byte ${pos})`;
    const fail = (message) => { throw bad(source, `${here}: ${message}`); };
    if (fileBytes - pos < LEAD_IN) {
      if (k === 1) fail(`the file is ${fileBytes} bytes long, too short for a TDMS lead-in (28 bytes)`);
      notes.push(`The last ${fileBytes - pos} bytes (from byte ${pos}) are a cut lead-in of a segment and were left out.`);
      break;
    }
    const lead = viewOf(yield [pos, LEAD_IN]);
    const tag = String.fromCharCode(lead.getUint8(0), lead.getUint8(1), lead.getUint8(2), lead.getUint8(3));
    if (tag === 'TDSh' && k === 1) fail('this is a TDMS index file (.tdms_index), which holds no data: give the .tdms file beside it');
    if (tag !== 'TDSm') fail(`does not start with the tag 'TDSm' (found ${JSON.stringify(tag).slice(1, -1)}${k === 1 ? ': not a TDMS file' : ': the previous segment\'s next-segment offset is wrong or the file is damaged'})`);
    const toc = lead.getUint32(4, true);
    const little = !(toc & TOC_BIG_ENDIAN);
    const v = lead.getUint32(8, little);
    if (version === null) {
      version = v;
      if (v !== 4712 && v !== 4713) notes.push(`The file states version ${v}, not 4712 or 4713 (TDMS 1.0 and 2.0): read as TDMS 2.0.`);
    }
    const nextBig = lead.getBigUint64(12, little), rawBig = lead.getBigUint64(20, little);
    const leadEnd = pos + LEAD_IN;
    let end, cut = false;
    if (nextBig === 0xffffffffffffffffn) {
      end = fileBytes;
      cut = true;
      notes.push(`${here} has no length (next-segment offset 0xFFFFFFFFFFFFFFFF: the writer stopped before it finished the file): read to the end of the file.`);
    } else if (nextBig > BigInt(fileBytes - leadEnd)) {
      end = fileBytes;
      cut = true;
      notes.push(`${here} declares ${nextBig} bytes after its lead-in but the file ends ${fileBytes - leadEnd} bytes after it (the file is cut short): read what is there.`);
    } else {
      end = leadEnd + Number(nextBig);
    }
    if (rawBig > BigInt(end - leadEnd)) {
      if (cut) { notes.push(`${here}: its metadata is cut (the raw data would start at byte ${leadEnd}+${rawBig}): the segment was left out.`); break; }
      fail(`the raw data offset ${rawBig} is beyond the segment's end (${end - leadEnd} bytes after the lead-in)`);
    }
    const dataAt = leadEnd + Number(rawBig);

    if (toc & TOC_META) {
      const m = new Meta(viewOf(yield [leadEnd, dataAt - leadEnd]), leadEnd, dataAt, little, fail, leadEnd);
      const count = m.u32('the number of objects');
      m.need(count * 12, `${count} objects`);
      // The list is changed in place (a segment that lists a few objects costs those few, not the
      // whole list); the objects with data are found again, at the cost of the list's length,
      // bounded over the file.
      if ((toc & TOC_NEW_LIST) || !list) { list = []; place = new Map(); data = null; }
      if (count > 0) data = null;
      if (!data) {
        listWork += list.length + count;
        if (listWork > MAX_LIST_WORK) fail(`the segments list more than ${MAX_LIST_WORK} objects in all: not read`);
      }
      for (let j = 0; j < count; j++) {
        const path = m.string(`the path of object ${j + 1}`);
        const what = `object ${quoted(path)}`;
        const header = m.u32(`the raw data index of ${what}`);
        const known = place.has(path) ? list[place.get(path)] : lastIndex.get(path);
        let entry;
        if (header === NO_DATA) entry = known ? { ...known, hasData: false } : { path, hasData: false };
        else if (header === SAME_AS_PREVIOUS) {
          if (!known || known.type === undefined) fail(`${what} says its raw data index is the same as in the previous segment, but it had none`);
          entry = { ...known, hasData: true };
        } else entry = readIndex(m, path, header, what);
        if (place.has(path)) list[place.get(path)] = entry;
        else { place.set(path, list.length); list.push(entry); }
        lastIndex.set(path, entry);
        const object = objectOf(path);
        const props = m.u32(`the number of properties of ${what}`);
        m.need(props * 8, `${props} properties of ${what}`);
        for (let q = 0; q < props; q++) {
          const name = m.string(`a property name of ${what}`);
          const type = m.u32(`the type of property ${quoted(name)} of ${what}`);
          object.props.set(name, propertyValue(m, type, `property ${quoted(name)} of ${what}`));
        }
      }
    } else if (!list && (toc & TOC_RAW)) fail('has raw data but no metadata, and no segment before it states its objects');

    if ((toc & TOC_RAW) && end > dataAt) {
      // The objects with values here (none of 0 values: each one read has bytes in every chunk);
      // a new array when the list changed, shared by the segments that keep it.
      data ??= list.filter((o) => o.hasData && (o.n > 0 || o.bytes > 0));
      const daqmx = data.filter((o) => o.daqmx).length;
      if (daqmx && daqmx !== data.length) fail('mixes DAQmx raw data with other raw data, which a segment cannot hold');
      const seg = { dataAt, end, little, objects: data, interleaved: !daqmx && !!(toc & TOC_INTERLEAVED), buffers: null, chunkSize: 0, chunks: 0, last: null };
      if (daqmx) {
        seg.buffers = daqmxBuffers(data, fail);
        seg.chunkSize = seg.buffers.reduce((s, b) => s + b.n * b.width, 0);
      } else {
        seg.chunkSize = data.reduce((s, o) => s + o.bytes, 0);
        if (seg.interleaved) {
          if (data.some((o) => !TYPES.get(o.type).size)) {
            if (data.length === 1) seg.interleaved = false;  // one string channel flagged interleaved: contiguous
            else fail('interleaved data holds a channel of strings, whose values have no fixed size');
          } else if (data.some((o) => o.n !== data[0].n)) fail('interleaved data whose channels have different numbers of values');
        }
      }
      const total = end - dataAt;
      if (!Number.isSafeInteger(seg.chunkSize)) fail('the raw data of its channels is beyond any file');
      if (seg.chunkSize === 0) fail(`its objects hold no raw data, yet ${total} bytes of raw data follow`);
      seg.chunks = Math.floor(total / seg.chunkSize);
      const rest = total - seg.chunks * seg.chunkSize;
      if (rest) {
        if (data.some((o) => o.type === TYPE_STRING) && !cut) fail(`its ${total} bytes of raw data are not whole chunks of ${seg.chunkSize} bytes`);
        seg.last = finalChunk(seg, rest, cut);
        if (!cut) notes.push(`${here}: its ${total} bytes of raw data are not whole chunks of ${seg.chunkSize} bytes: the last part chunk was read as far as it goes.`);
      }
      for (const o of data) {
        const object = objectOf(o.path);
        if (object.type !== undefined && object.type !== o.type) fail(`the data type of ${quoted(o.path)} changes from 0x${object.type.toString(16)} to 0x${o.type.toString(16)}`);
        object.type = o.type;
        // Each DAQmx scaler's type over the segments (null where two segments differ: then doubles).
        for (const sc of o.daqmx?.scalers ?? []) {
          object.scalerTypes ??= new Map();
          const before = object.scalerTypes.get(sc.id);
          object.scalerTypes.set(sc.id, before === undefined || before === sc.type ? sc.type : null);
        }
        const n = o.n * seg.chunks + (seg.last?.get(o.path) ?? 0);
        object.count += n;
        values += n;
      }
      // Checked as the values add up (each object of a segment adds at least one): the work of
      // this pass and the next stays within a multiple of the file's size.
      if (values > MAX_VALUES_PER_BYTE * fileBytes + 1024) {
        fail(`its objects declare ${values} values up to here in a file of ${fileBytes} bytes, more than ${MAX_VALUES_PER_BYTE} a byte (DAQmx channels reading the same bytes): not read`);
      }
      segments.push(seg);
    }
    pos = end;
    if (cut) break;
  }
  return { notes, objects, segments };
}

// Properties of an object as plain {name: value}.
const propsOf = (o) => (o ? Object.fromEntries(o.props) : {});

// The second pass, before any value is read: each channel's arrays ({channels, parameters,
// targets: path → {values, imag?, t0?, scalers?: Map id → {values}}}), each type's values in the
// least memory that holds them exactly (arrayOf: an I16 channel in 2 bytes a value, not 8).
function channelTargets({ source, notes, objects }) {
  const parameters = {};
  const skipped = [];  // properties that are NaN or infinite: not parameters (a parameter is finite)
  const targets = new Map();
  const channels = [];
  const root = objects.get('/');
  for (const o of objects.values()) {
    const names = pathNames(o.path) ?? [o.path];
    const label = names.join('/');
    for (const [name, value] of o.props) {
      if (typeof value !== 'number') continue;
      if (Number.isFinite(value)) parameters[label ? `${label}/${name}` : name] = value;
      else skipped.push(`${label ? `${label}/${name}` : name} = ${value}`);
    }
    if (names.length !== 2) {
      if (o.count) notes.push(`Object ${quoted(o.path)} holds raw data but is not a channel (/'group'/'channel'): left out.`);
      continue;
    }
    if (o.type === undefined || o.count === 0) { if (o.type !== undefined) notes.push(`Channel ${quoted(label)} holds no values: left out.`); continue; }
    if (o.type === TYPE_STRING) { notes.push(`Channel ${quoted(label)} holds strings: left out.`); continue; }
    const group = objects.get(`/'${names[0].replaceAll('\'', '\'\'')}'`);
    const scaling = scalingOf([propsOf(o), propsOf(group), propsOf(root)], o.type === TYPE_DAQMX);
    if (scaling.refused) { notes.push(`Channel ${quoted(label)}: ${scaling.refused}: left out.`); continue; }
    const allocate = (Type = Float64Array) => {
      try {
        return new Type(o.count);
      } catch {
        throw bad(source, `channel ${quoted(label)}: its ${o.count} values do not fit in memory here`);
      }
    };
    // DAQmx raw data: the values are read into the scalers' arrays only.
    const target = { values: o.type === TYPE_DAQMX ? null : allocate(arrayOf(o.type)), count: o.count, filled: 0 };
    if (TYPES.get(o.type).complex) target.imag = allocate();
    if (o.type === TYPE_DAQMX) target.scalers = new Map([...scaling.scalerIds].map((id) => [id, { values: allocate(arrayOf(o.scalerTypes?.get(id))), filled: 0 }]));
    targets.set(o.path, target);
    channels.push({ object: o, names, label, scaling, target });
  }

  if (skipped.length) notes.push(`${skipped.length} numeric ${skipped.length === 1 ? 'property is' : 'properties are'} NaN or infinite and ${skipped.length === 1 ? 'is' : 'are'} not kept as parameters (${quoted(skipped[0])}${skipped.length > 1 ? ', …' : ''}).`);
  return { channels, parameters, targets };
}

// The typed array that holds a type's values exactly in the least memory: integers of up to 32 bits
// (and Booleans) in their own, single precision in a Float32Array, the rest in doubles (I64 and U64
// as the nearest doubles, timestamps as seconds, complex parts).
const ARRAYS = new Map([[1, Int8Array], [2, Int16Array], [3, Int32Array], [5, Uint8Array], [6, Uint16Array], [7, Uint32Array],
  [9, Float32Array], [0x19, Float32Array], [0x21, Uint8Array]]);
const arrayOf = (type) => ARRAYS.get(type) ?? Float64Array;
const isInteger = (values) => !(values instanceof Float64Array || values instanceof Float32Array);

// The filler of segment seg's chunks: fillChunk(view, base, c) reads chunk c into the targets from
// `view`, which holds the file's bytes from byte `base` (the whole file, or a block of chunks).
function chunkFiller(targets, seg) {
  return (view, base, c) => {
    const at = seg.dataAt + c * seg.chunkSize - base;
    const countOf = (o) => (c === seg.chunks ? seg.last.get(o.path) ?? 0 : o.n);
    if (seg.buffers) readDaqmxChunk(view, seg, at, countOf, targets);
    else if (seg.interleaved) {
      const row = seg.objects.reduce((s, o) => s + TYPES.get(o.type).size, 0);
      let column = at;
      for (const o of seg.objects) {
        const target = targets.get(o.path), n = countOf(o);
        if (target) { fill(view, column, row, n, o.type, seg.little, target, target.filled); target.filled += n; }
        column += TYPES.get(o.type).size;
      }
    } else {
      let p = at;
      for (const o of seg.objects) {
        const target = targets.get(o.path), n = countOf(o), size = TYPES.get(o.type).size;
        if (target) { fill(view, p, size, n, o.type, seg.little, target, target.filled); target.filled += n; }
        p += size ? n * size : o.bytes;
      }
    }
  };
}

// The chunks of a segment larger than blockBytes (BLOCK_BYTES; a file written at once is one segment
// of one chunk), its channels one after the other (not interleaved, not DAQmx, values of fixed
// size): each channel's values read blockBytes at a time. read(byte, length) -> a promise of the bytes.
async function readLargeChunks(seg, targets, read, blockBytes) {
  for (let c = 0; c < seg.chunks + (seg.last ? 1 : 0); c++) {
    let p = seg.dataAt + c * seg.chunkSize;
    for (const o of seg.objects) {
      const n = c === seg.chunks ? seg.last.get(o.path) ?? 0 : o.n, size = TYPES.get(o.type).size;
      const target = targets.get(o.path), per = Math.max(1, Math.floor(blockBytes / size));
      for (let i = 0; target && i < n; i += per) {
        const k = Math.min(per, n - i);
        fill(viewOf(await read(p + i * size, k * size)), 0, size, k, o.type, seg.little, target, target.filled);
        target.filled += k;
      }
      p += n * size;
    }
  }
}

// onProgress(fraction) after a segment ends, at most every 4 MB of a file of `total` bytes.
function segmentProgress(onProgress, total) {
  let last = 0;
  return (seg) => { if (seg.end - last > 1 << 22) { onProgress?.(seg.end / total); last = seg.end; } };
}

// The Recording of the filled channels, scaled; non-finite values refused.
function recordingOf(source, notes, channels, parameters) {
  const out = [];
  for (const { object, names, label, scaling, target } of channels) {
    // Integers stay as read, with the polynomial that maps them (recording.js Channel.polynomial;
    // the identity where no scale maps them).
    const scaled = scaling.scales ? scaledValues(scaling, target, source, label) : { values: target.values };
    const { values } = scaled, polynomial = scaled.polynomial ?? (isInteger(values) ? [0, 1] : undefined);
    const bad = polynomial ? firstNonFiniteSample(values, polynomial) : firstNonFinite(values);
    if (bad >= 0) throw badSample(source, label, bad, polynomial ? polynomialAt(polynomial, values[bad]) : values[bad]);
    const badImag = target.imag ? firstNonFinite(target.imag) : -1;
    if (badImag >= 0) throw badSample(source, label, badImag, `${target.imag[badImag]} in its imaginary part`);
    const props = Object.fromEntries(object.props);
    const unit = typeof props.unit_string === 'string' ? props.unit_string : '';
    const channel = { name: label, quantity: object.type === TYPE_TIMESTAMP ? 'time' : quantityOf(names[1], unit), unit, values };
    if (polynomial) channel.polynomial = polynomial;
    if (target.imag) channel.imag = target.imag;
    if (typeof props.wf_increment === 'number' && props.wf_increment > 0 && Number.isFinite(props.wf_increment)) channel.h = props.wf_increment;
    channel.start = typeof props.wf_start_offset === 'number' && Number.isFinite(props.wf_start_offset) ? props.wf_start_offset : 0;
    if (props.wf_xunit_string === 'Hz') channel.axis = 'frequency';
    channel.meta = { group: names[0], channel: names[1], properties: props };
    if (target.t0) channel.meta.firstTime = isoTime(target.t0);
    out.push(channel);
  }
  if (!out.length) throw bad(source, `holds no channel of numbers that can be read${notes.length ? ` (${notes.join(' ')})` : ''}`);
  return { format: 'tdms', variant: 'tdms', channels: out, parameters, notes };
}

// The first raw value whose sample (polynomialAt) is not finite, or -1.
function firstNonFiniteSample(values, polynomial) {
  for (let i = 0; i < values.length; i++) if (!Number.isFinite(polynomialAt(polynomial, values[i]))) return i;
  return -1;
}

const badSample = (source, label, i, x) => bad(source, `channel ${quoted(label)}, value ${i + 1} is ${x}: the recording holds a non-finite value`);

// One chunk of DAQmx raw data: each raw buffer's rows (width bytes each) one buffer after the
// other; each scaler of a channel reads its type at its byte offset in every row of its buffer.
function readDaqmxChunk(view, seg, at, countOf, targets) {
  const starts = [];
  let p = at;
  for (const b of seg.buffers) { starts.push(p); p += b.n * b.width; }
  for (const o of seg.objects) {
    const target = targets.get(o.path);
    if (!target) continue;
    const n = countOf(o);
    for (const s of o.daqmx.scalers) {
      let into = target;
      if (target.scalers) {
        if (!target.scalers.has(s.id)) continue;  // a scaler no scaling of the channel uses
        into = target.scalers.get(s.id);
      }
      const from = into.filled;
      fill(view, starts[s.buffer] + s.offset, seg.buffers[s.buffer].width, n, s.type, seg.little, into, from);
      if (s.bit >= 0) for (let i = from; i < from + n; i++) into.values[i] = (into.values[i] >> s.bit) & 1;
      into.filled += n;
    }
    if (target.scalers) target.filled += n;
  }
}
