// Mutations of a binary file for the fuzz targets of binary readers (WAV, TDMS): each operator is a
// function of the bytes and three generated numbers (a, b: naturals picking places, lengths and
// list entries; c: a second natural), so a case is a plain list of {op, a, b, c} and reproduces
// from its seed. The operators aim at what a binary reader trusts: declared sizes and counts
// (32- and 64-bit words set to the values that break arithmetic), cut files, moved and repeated
// blocks, and bytes of another seed file spliced in.
import { readdirSync, readFileSync } from 'node:fs';

// Words that break size arithmetic: 0, 1, all ones, the sign bit, near 2^31/2^32, small odd sizes.
const WORDS32 = [0, 1, 2, 3, 7, 8, 0x7f, 0xff, 0x100, 0xffff, 0x10000, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff, 0x1269, 0x126a, 0x44, 0x20, 14, 20, 28];
const WORDS64 = [0n, 1n, 0xffffffffffffffffn, 0x7fffffffffffffffn, 0x100000000n, 0x1fffffffffffffn, 0x20000000000000n, 0xffffffffn, 28n];

const at = (bytes, a) => (bytes.length ? a % bytes.length : 0);

const OPS = {
  byte(s, a, b) { if (s.length) s[at(s, a)] = b & 0xff; return s; },
  bit(s, a, b) { if (s.length) s[at(s, a)] ^= 1 << (b % 8); return s; },
  word32(s, a, b) {
    if (s.length < 4) return s;
    const p = a % (s.length - 3);
    new DataView(s.buffer, s.byteOffset).setUint32(p, WORDS32[b % WORDS32.length], (b >> 5) % 2 === 0);
    return s;
  },
  word32Near(s, a, b) {  // a declared size or count nudged: ±1, ±4, ×2
    if (s.length < 4) return s;
    const p = a % (s.length - 3), v = new DataView(s.buffer, s.byteOffset), x = v.getUint32(p, true);
    const next = [x + 1, x - 1, x + 4, x - 4, x * 2, x >>> 1][b % 6];
    v.setUint32(p, next >>> 0, true);
    return s;
  },
  word64(s, a, b) {
    if (s.length < 8) return s;
    new DataView(s.buffer, s.byteOffset).setBigUint64(a % (s.length - 7), WORDS64[b % WORDS64.length], (b >> 4) % 2 === 0);
    return s;
  },
  truncate(s, a) { return s.slice(0, a % (s.length + 1)); },
  remove(s, a, b) { const p = at(s, a); return concat(s.subarray(0, p), s.subarray(Math.min(s.length, p + 1 + (b % 64)))); },
  repeat(s, a, b) { const p = at(s, a), q = Math.min(s.length, p + 1 + (b % 256)); return concat(s.subarray(0, q), s.subarray(p, q), s.subarray(q)); },
  insert(s, a, b, c) { const p = a % (s.length + 1); return concat(s.subarray(0, p), Uint8Array.from({ length: 1 + (b % 16) }, (_, k) => (c * (k + 7)) & 0xff), s.subarray(p)); },
  splice(s, a, b, c, other) {  // a block of another seed file put in place
    if (!other.length) return s;
    const p = a % (s.length + 1), q = c % other.length;
    return concat(s.subarray(0, p), other.subarray(q, Math.min(other.length, q + 1 + (b % 512))), s.subarray(p));
  },
};
export const OPERATORS = Object.keys(OPS);

function concat(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let k = 0;
  for (const p of parts) { out.set(p, k); k += p.length; }
  return out;
}

/** The bytes of `base` after `mutations` [{op, a, b, c}] (a copy; `bases` for splice). */
export function mutateBytes(base, mutations, bases) {
  let s = new Uint8Array(base);
  for (const { op, a, b, c } of mutations) s = OPS[OPERATORS[op % OPERATORS.length]](s, a, b, c, bases[c % bases.length]);
  return s;
}

/** The fast-check arbitrary of a case: {base, mutations}. */
export function binaryCase(fc, bases) {
  const mutation = fc.record({ op: fc.nat({ max: OPERATORS.length - 1 }), a: fc.nat(), b: fc.nat(), c: fc.nat() });
  return fc.record({
    base: fc.nat({ max: bases.length - 1 }),
    mutations: fc.oneof({ arbitrary: fc.array(mutation, { minLength: 1, maxLength: 2 }), weight: 3 }, { arbitrary: fc.array(mutation, { maxLength: 8 }), weight: 1 }),
  });
}

/** Bytes as a string of one character per byte (how a case's file travels in a finding's JSON). */
export const bytesToLatin1 = (bytes) => {
  let s = '';
  for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192));
  return s;
};
export const latin1ToBytes = (text) => Uint8Array.from(text, (ch) => ch.charCodeAt(0));

/**
 * A fuzz target (targets.mjs: setup, arbitrary, prepare) of the reader of `format` on the files
 * ending in `ext` of the folder `dir` (a URL), mutated: the call readBinary of calls.mjs.
 */
export function binaryTarget(dir, ext, format) {
  return {
    setup() {
      const files = readdirSync(dir).filter((f) => f.endsWith(ext)).sort();
      return { bases: files.map((f) => new Uint8Array(readFileSync(new URL(f, dir)))) };
    },
    arbitrary: (fc, { bases }) => binaryCase(fc, bases),
    prepare: (mechid, c, { bases }) => ({ fn: 'readBinary', args: { format, latin1: bytesToLatin1(mutateBytes(bases[c.base], c.mutations, bases)) } }),
  };
}
