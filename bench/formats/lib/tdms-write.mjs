// The pieces of a little-endian TDMS file that the TDMS benchmarks write (bench/formats/tdms*.mjs),
// as NI's "TDMS File Format Internal Structure" lays them out: a segment's 28-byte lead-in and the
// little-endian words and strings of its metadata. Benchmark data only: the tests read files that
// npTDMS wrote (tests/fixtures/formats/tdms/).
import { closeSync, openSync, writeSync } from 'node:fs';

/** A writer of metadata words: u32, u64, f64, str (a u32 length and UTF-8 bytes); bytes() joins them. */
export function metadataWriter() {
  const parts = [];
  const word = (size, set) => { const b = new Uint8Array(size); set(new DataView(b.buffer)); parts.push(b); };
  return {
    u32: (x) => word(4, (v) => v.setUint32(0, x, true)),
    u64: (x) => word(8, (v) => v.setBigUint64(0, BigInt(x), true)),
    f64: (x) => word(8, (v) => v.setFloat64(0, x, true)),
    str(s) { const b = new TextEncoder().encode(s); this.u32(b.length); parts.push(b); },
    bytes() {
      const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
      parts.reduce((at, p) => { out.set(p, at); return at + p.length; }, 0);
      return out;
    },
  };
}

/** A segment's lead-in: 'TDSm', the ToC flags, version 4713, the next segment's and the raw data's offsets. */
function leadIn(toc, meta, raw) {
  const b = new DataView(new ArrayBuffer(28));
  [0x54, 0x44, 0x53, 0x6d].forEach((x, k) => b.setUint8(k, x));
  b.setUint32(4, toc, true); b.setUint32(8, 4713, true);
  b.setBigUint64(12, BigInt(meta + raw), true); b.setBigUint64(20, BigInt(meta), true);
  return new Uint8Array(b.buffer);
}

/**
 * Writes `segments` segments at `path`: the first with the metadata `meta` and raw data, the others
 * with raw data only (the same objects); fill(s) gives segment s's raw bytes (a typed array). daqmx:
 * the ToC also says kTocDAQmxRawData.
 */
export function writeSegments(path, { segments, meta, daqmx = false }, fill) {
  const fd = openSync(path, 'w');
  const flag = daqmx ? 1 << 7 : 0;
  try {
    for (let s = 0; s < segments; s++) {
      const raw = fill(s);
      // kTocMetaData | kTocNewObjList | kTocRawData, then kTocRawData alone.
      writeSync(fd, s === 0 ? leadIn(0b1110 | flag, meta.length, raw.byteLength) : leadIn(0b1000 | flag, 0, raw.byteLength));
      if (s === 0) writeSync(fd, meta);
      writeSync(fd, new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength));
    }
  } finally {
    closeSync(fd);
  }
}
