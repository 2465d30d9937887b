// Benchmark module of the TDMS reader (bench/formats.mjs times read() in MB/s and its peak memory
// on a file of about 200 MB): as LabVIEW streams a DAQ task, a first segment with the metadata of
// two DBL channels (force, acceleration) and then segments of raw data only (kTocRawData: the
// same objects), each of 2^16 values per channel, written one segment at a time.
import { closeSync, openAsBlob, openSync, writeSync } from 'node:fs';
import { readRecording } from '../../wasm/record.js';

export const name = 'tdms';

const PER_SEGMENT = 1 << 16, CHANNELS = ['Force', 'Acceleration'], H = 1 / 25600;

const utf8 = (s) => new TextEncoder().encode(s);

// The metadata of the first segment: the file, the group, each channel's DBL raw data index and its
// unit_string, wf_increment.
function metadata(perSegment) {
  const parts = [];
  const u32 = (x) => { const b = new Uint8Array(4); new DataView(b.buffer).setUint32(0, x, true); parts.push(b); };
  const u64 = (x) => { const b = new Uint8Array(8); new DataView(b.buffer).setBigUint64(0, BigInt(x), true); parts.push(b); };
  const f64 = (x) => { const b = new Uint8Array(8); new DataView(b.buffer).setFloat64(0, x, true); parts.push(b); };
  const str = (s) => { const b = utf8(s); u32(b.length); parts.push(b); };
  u32(2 + CHANNELS.length);
  str('/'); u32(0xffffffff); u32(0);
  str("/'Rig'"); u32(0xffffffff); u32(0);
  CHANNELS.forEach((c, k) => {
    str(`/'Rig'/'${c}'`); u32(20); u32(10); u32(1); u64(perSegment);
    u32(2); str('unit_string'); u32(0x20); str(k ? 'm/s^2' : 'N'); str('wf_increment'); u32(10); f64(H);
  });
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => { out.set(p, at); return at + p.length; }, 0);
  return out;
}

function leadIn(toc, meta, raw) {
  const b = new DataView(new ArrayBuffer(28));
  [0x54, 0x44, 0x53, 0x6d].forEach((x, k) => b.setUint8(k, x));
  b.setUint32(4, toc, true); b.setUint32(8, 4713, true);
  b.setBigUint64(12, BigInt(meta + raw), true); b.setBigUint64(20, BigInt(meta), true);
  return new Uint8Array(b.buffer);
}

/** Writes a TDMS file of about `bytes` bytes at `path` (at least one segment of perSegment values a channel). */
export function make(path, bytes, { perSegment = PER_SEGMENT } = {}) {
  const meta = metadata(perSegment), raw = perSegment * 8 * CHANNELS.length;
  const segments = Math.max(1, Math.round(bytes / (raw + 28)));
  const fd = openSync(path, 'w');
  try {
    const values = new Float64Array(perSegment * CHANNELS.length);
    for (let s = 0; s < segments; s++) {
      for (let i = 0; i < perSegment; i++) {
        const t = (s * perSegment + i) * H;
        values[i] = 10 * Math.sin(2 * Math.PI * 31 * t);
        values[perSegment + i] = 2 * Math.sin(2 * Math.PI * 31 * t - 0.7);
      }
      writeSync(fd, s === 0 ? leadIn(0b1110, meta.length, raw) : leadIn(0b1000, 0, raw));
      if (s === 0) writeSync(fd, meta);
      writeSync(fd, new Uint8Array(values.buffer));
    }
  } finally {
    closeSync(fd);
  }
}

/** The Recording of the file as the CLI and the page read it: a Blob, read in parts. */
export const read = async (path) => readRecording(await openAsBlob(path), path);
