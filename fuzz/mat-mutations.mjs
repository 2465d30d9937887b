// Mutations of a MAT file's bytes for the mat fuzz target: bit flips, bytes and 32-bit words set
// to the values the format's tags and sizes hang on (types, byte counts, dimensions, small-element
// tags, the largest counts), cuts, deleted, repeated and inserted runs. A case is a list of {op,
// a, b} (a, b: naturals picking offsets and values), so it reproduces from its seed.

const BYTES = [0, 1, 2, 5, 6, 8, 9, 14, 15, 0x7f, 0x80, 0xfe, 0xff];
// Types (1..18), byte counts around 8, the largest signed/unsigned counts, small-element tags.
const WORDS = [0, 1, 2, 4, 5, 6, 7, 8, 9, 12, 13, 14, 15, 16, 17, 18, 24, 0x7fff, 0xffff, 0x10000, 0x40005, 0x80006, 0x10001,
  0x7ffffff8, 0x7fffffff, 0x80000000, 0xfffffff8, 0xffffffff, 0x20000000, 0x100000];

const pick = (list, k) => list[k % list.length];

const OPS = [
  (b, a, x) => { if (b.length) b[a % b.length] ^= 1 << (x % 8); return b; },
  (b, a, x) => { if (b.length) b[a % b.length] = pick(BYTES, x); return b; },
  // A 32-bit word at a 4-byte boundary (where tags are), in either byte order.
  (b, a, x) => {
    if (b.length < 4) return b;
    const at = 4 * (a % Math.floor(b.length / 4));
    new DataView(b.buffer, b.byteOffset).setUint32(at, pick(WORDS, x >> 1), (x & 1) === 0);
    return b;
  },
  (b, a) => b.slice(0, a % (b.length + 1)),
  (b, a, x) => { const at = a % (b.length + 1); return Uint8Array.from([...b.subarray(0, at), ...b.subarray(at + 1 + (x % 64))]); },
  (b, a, x) => { const at = a % (b.length + 1); const run = b.subarray(at, at + 1 + (x % 64)); return Uint8Array.from([...b.subarray(0, at), ...run, ...b.subarray(at)]); },
  (b, a, x) => { const at = a % (b.length + 1); return Uint8Array.from([...b.subarray(0, at), ...Array.from({ length: 1 + (x % 16) }, (_, i) => pick(BYTES, x + i)), ...b.subarray(at)]); },
];
export const OPERATORS = OPS.length;

/** The bytes `base` after the mutations [{op, a, b}], in order (base is not changed). */
export function mutateMat(base, mutations) {
  let bytes = Uint8Array.from(base);
  for (const { op, a, b } of mutations) bytes = OPS[op % OPS.length](bytes, a, b);
  return bytes;
}
