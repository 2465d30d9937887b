// A MAT v5 file (little-endian) of double row vectors, written for the MAT benchmarks
// (bench/formats/mat*.mjs): the elements of The MathWorks' "MAT-File Format" (a 128-byte header,
// one miMATRIX per variable: array flags, dimensions, name, real part), each variable optionally
// zlib-compressed as MAT v7 writes it (miCOMPRESSED). Benchmark data only: the tests read files
// that Octave and MATLAB wrote (tests/fixtures/formats/mat/).
import { closeSync, openSync, writeSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const pad8 = (n) => (8 - (n % 8)) % 8;

/** A channel of n samples: a sine with deterministic noise (not trivially compressible). */
export function channel(n, k) {
  const x = new Float64Array(n);
  let s = 12345 + k;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    x[i] = Math.sin(0.001 * (k + 1) * i) + (s / 2 ** 32 - 0.5) * 1e-3;
  }
  return x;
}

export function header(text) {
  const h = new Uint8Array(128).fill(0x20);
  h.set(new TextEncoder().encode(text).subarray(0, 116));
  h.fill(0, 116, 124);
  h.set([0x00, 0x01, 0x49, 0x4d], 124);  // version 0x0100, "IM"
  return h;
}

// The miMATRIX element of a 1×n double row vector `name`.
function matrixElement(name, values) {
  const nameBytes = new TextEncoder().encode(name);
  const body = 16 + 16 + 8 + nameBytes.length + pad8(nameBytes.length) + 8 + values.byteLength;
  const out = new Uint8Array(8 + body);
  const v = new DataView(out.buffer);
  let p = 0;
  const tag = (type, n) => { v.setUint32(p, type, true); v.setUint32(p + 4, n, true); p += 8; };
  tag(14, body);
  tag(6, 8); v.setUint32(p, 6, true); p += 8;                          // flags: class double
  tag(5, 8); v.setInt32(p, 1, true); v.setInt32(p + 4, values.length, true); p += 8;
  tag(1, nameBytes.length); out.set(nameBytes, p); p += nameBytes.length + pad8(nameBytes.length);
  tag(9, values.byteLength); out.set(new Uint8Array(values.buffer, values.byteOffset, values.byteLength), p);
  return out;
}

/** Writes `path`: `count` channels of about `bytes` bytes in all, and Fs; compressed for MAT v7. */
export function writeMat(path, bytes, { count = 4, compressed = false } = {}) {
  const n = Math.max(1, Math.floor(bytes / 8 / count));
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, header('MATLAB 5.0 MAT-file, Platform: mechid benchmark'));
    const variables = [...Array.from({ length: count }, (_, k) => [`ch${k + 1}`, channel(n, k)]), ['Fs', Float64Array.of(1000)]];
    for (const [name, values] of variables) {
      const element = matrixElement(name, values);
      if (!compressed) { writeSync(fd, element); continue; }
      const z = deflateSync(element, { level: 1 });
      const tag = new Uint8Array(8);
      new DataView(tag.buffer).setUint32(0, 15, true);
      new DataView(tag.buffer).setUint32(4, z.length, true);
      writeSync(fd, tag);
      writeSync(fd, z);
    }
  } finally {
    closeSync(fd);
  }
}
