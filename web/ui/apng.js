// An animated PNG (APNG, the Mozilla specification adopted in W3C PNG 3rd ed. §4.9) assembled from
// the PNG files of its frames, each as the canvas wrote it: the first file's header and its chunks
// before the image data, an acTL (number of frames, plays: 0 = for ever), then per frame an fcTL
// (its size, offset 0, 0, delay, no disposal, source blending) and its image data: the first
// frame's as IDAT (so a viewer without APNG shows it still), the others' as fdAT (a sequence
// number, then the IDAT bytes). fcTL and fdAT share one sequence counting from 0. Every chunk's
// CRC-32 is web/ui/crc32.js's. The frames must have the same header (size, bit depth, colour type).
import { crc32 } from './crc32.js';

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const ascii = (s) => Uint8Array.from(s, (c) => c.charCodeAt(0));

/** The chunks of a PNG file: [{type, data: Uint8Array}] in order; throws on a file that is not one. */
export function pngChunks(bytes, name = 'frame') {
  if (bytes.length < 8 || SIGNATURE.some((b, i) => bytes[i] !== b)) throw new Error(`${name} is not a PNG file (its first 8 bytes are not the PNG signature)`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks = [];
  for (let at = 8; at + 12 <= bytes.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (at + 12 + length > bytes.length) throw new Error(`${name}: its ${type} chunk runs past the end of the file`);
    chunks.push({ type, data: bytes.subarray(at + 8, at + 8 + length), crc: view.getUint32(at + 8 + length) });
    at += 12 + length;
    if (type === 'IEND') break;
  }
  if (!chunks.length || chunks[0].type !== 'IHDR') throw new Error(`${name}: a PNG file begins with its IHDR chunk`);
  return chunks;
}

// One chunk's bytes: length, type, data, CRC-32 of type and data.
function chunk(type, data) {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(ascii(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

function u32s(...values) {
  const out = new Uint8Array(4 * values.length);
  const view = new DataView(out.buffer);
  values.forEach((v, i) => view.setUint32(4 * i, v));
  return out;
}

// fcTL's 26 bytes: sequence, width, height, x and y offsets, delay numerator and denominator
// (seconds = num / den), dispose_op 0 (none), blend_op 0 (source).
function frameControl(sequence, width, height, delayNum, delayDen) {
  const out = new Uint8Array(26);
  const view = new DataView(out.buffer);
  [sequence, width, height, 0, 0].forEach((v, i) => view.setUint32(4 * i, v));
  view.setUint16(20, delayNum);
  view.setUint16(22, delayDen);
  return out;
}

/**
 * The APNG of `frames` (Uint8Array PNG files, all with the same IHDR), each shown `delay` =
 * {num, den} seconds (num/den, 16-bit each), played `plays` times (0: for ever); a Uint8Array.
 */
export function assembleApng(frames, { delay = { num: 1, den: 12 }, plays = 0 } = {}) {
  if (!frames.length) throw new Error('An animated PNG needs at least one frame');
  const parsed = frames.map((f, k) => pngChunks(f, `frame ${k + 1}`));
  const header = parsed[0][0].data;
  const width = new DataView(header.buffer, header.byteOffset).getUint32(0);
  const height = new DataView(header.buffer, header.byteOffset).getUint32(4);
  parsed.forEach((chunks, k) => {
    if (chunks[0].data.some((b, i) => b !== header[i])) throw new Error(`frame ${k + 1} differs from frame 1 in size or colour type; every frame of an animated PNG has the same`);
  });
  const parts = [SIGNATURE, chunk('IHDR', header), chunk('acTL', u32s(frames.length, plays))];
  // The first file's chunks between IHDR and its image data (colour space: sRGB, gAMA, iCCP…).
  const first = parsed[0];
  const firstData = first.findIndex((c) => c.type === 'IDAT');
  if (firstData < 0) throw new Error('frame 1 has no image data (IDAT)');
  for (const c of first.slice(1, firstData)) if (c.type !== 'acTL' && c.type !== 'fcTL') parts.push(chunk(c.type, c.data));
  let sequence = 0;
  parsed.forEach((chunks, k) => {
    parts.push(chunk('fcTL', frameControl(sequence++, width, height, delay.num, delay.den)));
    for (const c of chunks.filter((x) => x.type === 'IDAT')) {
      if (k === 0) parts.push(chunk('IDAT', c.data));
      else {
        const data = new Uint8Array(4 + c.data.length);
        data.set(u32s(sequence++), 0);
        data.set(c.data, 4);
        parts.push(chunk('fdAT', data));
      }
    }
  });
  parts.push(chunk('IEND', new Uint8Array(0)));
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
