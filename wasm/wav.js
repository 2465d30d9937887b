// WAVE (.wav) reader: a RIFF (or RF64/BW64, EBU Tech 3306) file's 'fmt ' and 'data' chunks read
// into a Recording (recording.js), one channel per interleaved channel, at the file's own sample
// rate (never resampled: the Web Audio decoder resamples to the page's rate, so it is not used).
// Written to the public format descriptions: Microsoft/IBM "Multimedia Programming Interface and
// Data Specifications 1.0" (RIFF chunks, WAVE_FORMAT_PCM, even padding of chunks), Microsoft
// "WAVEFORMATEXTENSIBLE" (format tag 0xFFFE, the sub-format GUID whose first two bytes are the
// format code, valid bits inside a larger container) and EBU Tech 3306 (RF64: sizes in 'ds64').
//
// Samples are fractions of full scale, as sound programs show them (sox's `-t dat`): an integer
// sample of a B-byte container divided by 2^(8B-1) (8-bit samples are unsigned: (x-128)/128);
// float samples as stored. PCM channels hold the file's integers with that power of two as their
// polynomial [0, 2^-(8B-1)] (recording.js Channel.polynomial; the values exact): 16-bit samples in 2 bytes, not 4 as
// floats (a 16-bit file's Recording the size of its data: issue 56 item 7). The unit is '' (the
// file does not say what the volts mean).
// Pure ES module: runs in Node and a worker.
import { blobBytes, reusedBufferReader } from './blob-bytes.js';
import { MechidError, firstNonFinite, quoted } from './errors.js';

const bad = (source, message) => new MechidError('bad-input', `${quoted(source, 80)}: ${message}`);

const FORMAT_PCM = 1, FORMAT_FLOAT = 3, FORMAT_EXTENSIBLE = 0xfffe;
// Bytes of each data chunk read between two progress calls.
const PROGRESS_BYTES = 1 << 22;

/** True when the first bytes are a RIFF/RF64/BW64 header of form WAVE. */
export function looksLikeWav(head) {
  if (!head || head.length < 12) return false;
  const tag = ascii(head, 0, 4);
  return (tag === 'RIFF' || tag === 'RF64' || tag === 'BW64') && ascii(head, 8, 4) === 'WAVE';
}

function ascii(bytes, at, n) {
  let s = '';
  for (let i = 0; i < n; i++) s += String.fromCharCode(bytes[at + i]);
  return s;
}

// A chunk id as shown in a message: printable ASCII, else its bytes in hex.
function chunkName(bytes, at) {
  const id = ascii(bytes, at, 4);
  return /^[\x20-\x7e]{4}$/.test(id) ? `'${id}'` : `0x${Array.from(bytes.subarray(at, at + 4), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The format chunk's fields (`view` its body, `chunkAt` the chunk's byte in the file): {code (1 PCM, 3 float), channels, rate, blockAlign, bits, validBits}. */
function readFormat(view, chunkAt, size, source) {
  const where = `chunk 'fmt ' at byte ${chunkAt}`;
  const at = 0;
  if (size < 16) throw bad(source, `${where} is ${size} bytes long; a WAVE format chunk holds at least 16`);
  let code = view.getUint16(at, true);
  const channels = view.getUint16(at + 2, true), rate = view.getUint32(at + 4, true);
  const blockAlign = view.getUint16(at + 12, true), bits = view.getUint16(at + 14, true);
  let validBits = bits;
  if (code === FORMAT_EXTENSIBLE) {
    if (size < 40) throw bad(source, `${where} says WAVE_FORMAT_EXTENSIBLE but is ${size} bytes long, not 40`);
    validBits = view.getUint16(at + 18, true) || bits;
    code = view.getUint16(at + 24, true);  // the sub-format GUID's first two bytes
  }
  if (code !== FORMAT_PCM && code !== FORMAT_FLOAT) {
    throw bad(source, `${where}: format code 0x${code.toString(16).padStart(4, '0')} is not PCM (1) or IEEE float (3); compressed WAVE files are not read: convert the file to PCM (e.g. sox in.wav -e signed-integer out.wav)`);
  }
  if (channels === 0) throw bad(source, `${where} says 0 channels`);
  if (rate === 0) throw bad(source, `${where} says a sample rate of 0 Hz`);
  const container = blockAlign / channels;
  if (!Number.isInteger(container) || container === 0) {
    throw bad(source, `${where}: the block of ${blockAlign} bytes does not hold ${channels} channels of equal size`);
  }
  const allowed = code === FORMAT_PCM ? [1, 2, 3, 4] : [4, 8];
  if (!allowed.includes(container)) {
    throw bad(source, `${where}: ${code === FORMAT_PCM ? 'PCM' : 'float'} samples of ${container} bytes are not read (PCM 1-4 bytes, float 4 or 8)`);
  }
  if (bits > 8 * container || validBits > bits || bits === 0) {
    throw bad(source, `${where}: ${bits} bits per sample (${validBits} valid) do not fit samples of ${container} bytes`);
  }
  return { code, channels, rate, blockAlign, container, bits, validBits };
}

// Fills column[start..stop) with the samples of one channel from byte p, a frame (step bytes)
// apart: the signed integers (PCM; 8-bit samples are stored unsigned, 128 for zero) or the floats
// as stored. One loop per sample format: a reader function called per sample would halve the speed.
function fillColumn(view, { code, container }, column, start, stop, p, step) {
  if (code === FORMAT_FLOAT) {
    if (container === 4) for (let i = start; i < stop; i++, p += step) column[i] = view.getFloat32(p, true);
    else for (let i = start; i < stop; i++, p += step) column[i] = view.getFloat64(p, true);
    return;
  }
  switch (container) {
    case 1: for (let i = start; i < stop; i++, p += step) column[i] = view.getUint8(p) - 128; return;
    case 2: for (let i = start; i < stop; i++, p += step) column[i] = view.getInt16(p, true); return;
    case 3: for (let i = start; i < stop; i++, p += step) column[i] = view.getInt8(p + 2) * 65536 + view.getUint16(p, true); return;
    default: for (let i = start; i < stop; i++, p += step) column[i] = view.getInt32(p, true);
  }
}

const variantOf = ({ code, container }) => (code === FORMAT_FLOAT ? `float${8 * container}` : `pcm${8 * container}`);

// Thrown by a blob's chunk reader when the bytes asked for are not read yet (readWavBlob reads
// them and walks the chunks again).
class NotRead { constructor(at, n) { this.at = at; this.n = n; } }

// The chunks of a WAVE file of `total` bytes up to its data chunk, each read by bytesAt(offset, n):
// {format, data: {at, frames}, notes}. Sizes are checked against `total` before anything is read.
function wavLayout(total, bytesAt, source) {
  if (total < 12) throw bad(source, `is ${total} bytes long: too short for a WAVE header (12 bytes)`);
  const head = bytesAt(0, 12);
  if (!looksLikeWav(head)) throw bad(source, `does not start with a RIFF/RF64 header of form WAVE (found ${chunkName(head, 0)} … ${chunkName(head, 8)})`);
  const rf64 = ascii(head, 0, 4) !== 'RIFF';
  const notes = [];
  let format = null, ds64Data = null, data = null;
  let at = 12;
  while (at + 8 <= total) {
    const header = bytesAt(at, 8);
    const id = ascii(header, 0, 4);
    let size = new DataView(header.buffer, header.byteOffset, 8).getUint32(4, true);
    const body = at + 8;
    if (id === 'data') {
      if (rf64 && size === 0xffffffff && ds64Data !== null) size = ds64Data;
      data = { at: body, size };
      break;
    }
    if (body + size > total) {
      throw bad(source, `chunk ${chunkName(header, 0)} at byte ${at} declares ${size} bytes, but the file ends ${total - body} bytes after its header: the file is cut short`);
    }
    if (id === 'fmt ') {
      if (format) throw bad(source, `a second chunk 'fmt ' at byte ${at}: the file has two formats`);
      format = readFormat(viewOf(bytesAt(body, Math.min(size, 40))), at, size, source);
    } else if (id === 'ds64') {
      if (size < 24) throw bad(source, `chunk 'ds64' at byte ${at} is ${size} bytes long; it holds at least 24`);
      const ds64 = viewOf(bytesAt(body, 16));
      const high = ds64.getUint32(12, true);
      ds64Data = high >= 2 ** 21 ? Infinity : high * 2 ** 32 + ds64.getUint32(8, true);
    }
    at = body + size + (size & 1);  // chunks are padded to an even size
  }
  if (!format) throw bad(source, data ? `chunk 'data' at byte ${data.at - 8} comes before any 'fmt ' chunk: the format of the samples is not stated` : 'has no \'fmt \' chunk: the format of the samples is not stated');
  if (!data) throw bad(source, 'has no \'data\' chunk: no samples');

  const available = total - data.at;
  let dataBytes = data.size;
  if (data.size === 0 || data.size === 0xffffffff || data.size > available) {
    if (available === 0) throw bad(source, `chunk 'data' at byte ${data.at - 8} holds no samples`);
    notes.push(`The data chunk declares ${data.size === 0xffffffff ? '0xFFFFFFFF' : data.size} bytes but ${available} follow it (a recording whose size was not written, or a file cut short): the samples to the end of the file were read.`);
    dataBytes = available;
  }
  const frames = Math.floor(dataBytes / format.blockAlign);
  const rest = dataBytes - frames * format.blockAlign;
  if (rest) notes.push(`The last ${rest} bytes of the data chunk are not a whole frame of ${format.blockAlign} bytes and were left out.`);
  if (frames === 0) throw bad(source, `chunk 'data' at byte ${data.at - 8} holds ${dataBytes} bytes, less than one frame of ${format.blockAlign} bytes`);
  return { format, data: { at: data.at, frames }, notes };
}

const viewOf = (b) => new DataView(b.buffer, b.byteOffset, b.byteLength);

// The samples' array type: PCM the integers of the container's size (24-bit in 32), float
// samples their own precision. recordingToDataset turns the chosen channels into doubles.
const PCM_ARRAYS = [Int8Array, Int16Array, Int32Array, Int32Array];
const sampleArray = ({ code, container }) => (code === FORMAT_PCM ? PCM_ARRAYS[container - 1] : container === 4 ? Float32Array : Float64Array);

// A PCM channel's scale: full scale (2^(8B-1) of a B-byte container) is 1. Float samples: none.
const scaleOf = ({ code, container }) => (code === FORMAT_PCM ? 2 ** (1 - 8 * container) : undefined);

// The channels' arrays of a layout, filled block by block by readWav and readWavBlob.
const columnsOf = ({ format, data }) => Array.from({ length: format.channels }, () => new (sampleArray(format))(data.frames));

// Frames [start, stop) of every channel from `view`, whose byte `base` is frame start's first byte.
function fillFrames({ format }, columns, view, base, start, stop) {
  for (let c = 0; c < format.channels; c++) fillColumn(view, format, columns[c], start, stop, base + c * format.container, format.blockAlign);
}

// The blocks of frames read between two progress calls: [start, stop) pairs.
function* blocks({ format, data }, bytes = PROGRESS_BYTES) {
  const framesPerStep = Math.max(1, Math.floor(bytes / format.blockAlign));
  for (let start = 0; start < data.frames; start += framesPerStep) yield [start, Math.min(data.frames, start + framesPerStep)];
}

// The Recording of filled channels: non-finite float samples refused, naming channel, frame, byte.
function wavRecording({ format, data, notes }, columns, source) {
  const { blockAlign, container } = format;
  if (format.code === FORMAT_FLOAT) {
    for (let c = 0; c < format.channels; c++) {
      const i = firstNonFinite(columns[c]);
      if (i >= 0) throw bad(source, `channel ${c + 1}, frame ${i + 1} (byte ${data.at + i * blockAlign + c * container}) is ${columns[c][i]}: the recording holds a non-finite sample`);
    }
  }
  const h = 1 / format.rate, scale = scaleOf(format);
  return {
    format: 'wav',
    variant: variantOf(format),
    channels: columns.map((values, c) => ({ name: `channel ${c + 1}`, quantity: 'other', unit: '', values, ...(scale ? { polynomial: [0, scale] } : {}), h, start: 0 })),
    parameters: { sampleRate: format.rate },
    notes,
    where: (i) => `frame ${i + 1}`,
  };
}

/**
 * The Recording of a WAVE file's bytes named `source`: channels 'channel 1'..'channel n' (quantity
 * 'other', unit '', fractions of full scale: PCM the file's integers (Int8Array for 8 bits, less
 * 128; Int16Array; Int32Array for 24 and 32 bits) with `polynomial` [0, s], s = 2^-7, 2^-15, 2^-23, 2^-31; float
 * samples Float32Array or Float64Array), h = 1 / sample rate, parameters.sampleRate. A data chunk whose size
 * is 0, 0xFFFFFFFF or beyond the end of the file (a recorder that was stopped before it wrote the
 * size) is read to the end of the file, with a note. onProgress(fraction).
 */
export function readWav(bytes, source = 'file', { onProgress } = {}) {
  if (!(bytes instanceof Uint8Array)) throw bad(source, 'a WAVE file must be given as bytes');
  const layout = wavLayout(bytes.length, (at, n) => bytes.subarray(at, at + n), source);
  const columns = columnsOf(layout);
  const view = viewOf(bytes);
  for (const [start, stop] of blocks(layout)) {
    fillFrames(layout, columns, view, layout.data.at + start * layout.format.blockAlign, start, stop);
    onProgress?.(stop / layout.data.frames);
  }
  return wavRecording(layout, columns, source);
}

// Bytes of a Blob read at once for its chunk headers (the chunks before the data are small).
const HEAD_BYTES = 1 << 16;

/**
 * readWav of a File or Blob (the bytes also taken): the data chunk read in blocks of 4 MB
 * straight into the channels' arrays, so that the file is never held whole (issue 49: a 200 MB
 * file in at most twice its size). partBytes (tests): the bytes read at once instead of 64 KB
 * (the chunk headers) and 4 MB (the data).
 */
export async function readWavBlob(blob, source = 'file', { onProgress, partBytes } = {}) {
  if (blob instanceof Uint8Array) return readWav(blob, source, { onProgress });
  const read = (at, n) => blobBytes(blob, at, n, partBytes);
  const head = await read(0, partBytes ?? HEAD_BYTES);
  const more = new Map();  // 'at n' -> bytes beyond the head, read when the walk asked for them
  const bytesAt = (at, n) => {
    if (at + n <= head.length) return head.subarray(at, at + n);
    const got = more.get(`${at} ${n}`);
    if (got) return got;
    throw new NotRead(at, n);
  };
  let layout;
  for (;;) {
    try {
      layout = wavLayout(blob.size, bytesAt, source);
      break;
    } catch (e) {
      if (!(e instanceof NotRead)) throw e;
      more.set(`${e.at} ${e.n}`, await read(e.at, e.n));
    }
  }
  const columns = columnsOf(layout);
  const { blockAlign } = layout.format;
  const readBlock = reusedBufferReader(blob, partBytes);  // each block is used up before the next is read
  for (const [start, stop] of blocks(layout, partBytes)) {
    const block = await readBlock(layout.data.at + start * blockAlign, (stop - start) * blockAlign);
    fillFrames(layout, columns, viewOf(block), 0, start, stop);
    onProgress?.(stop / layout.data.frames);
  }
  return wavRecording(layout, columns, source);
}
