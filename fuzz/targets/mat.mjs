// Target mat: the MAT v5/v7 reader (wasm/mat.js, parseMatVariables and mat-channels.js) on
// mutated MAT files, as the CLI and the page read them; its Recording is checked against the
// reader's promises (calls.mjs matParse). Bases: the fixtures of tests/fixtures/formats/mat/ that
// are level 5 files (Octave's, and MATLAB's own from SciPy's test data: big-endian, compressed),
// each compressed one also with its variables inflated in place, so that mutations reach the
// matrices inside the zlib streams.
import { readdirSync, readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { looksLikeMat5 } from '../../wasm/mat.js';
import { OPERATORS, mutateMat } from '../mat-mutations.mjs';

const dir = new URL('../../tests/fixtures/formats/mat/', import.meta.url);

// A little-endian level 5 file with each compressed variable (type 15) replaced by its inflated
// element, or null when it has none.
function inflatedCopy(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes[126] !== 0x49) return null;  // 'IM': little-endian
  const parts = [bytes.subarray(0, 128)];
  let found = false;
  for (let pos = 128; pos + 8 <= bytes.length;) {
    const type = view.getUint32(pos, true), n = view.getUint32(pos + 4, true);
    if (type === 15) {
      parts.push(new Uint8Array(inflateSync(bytes.subarray(pos + 8, pos + 8 + n))));
      found = true;
    } else {
      parts.push(bytes.subarray(pos, pos + 8 + n));
    }
    pos += 8 + n;
  }
  return found ? Uint8Array.from(parts.flatMap((p) => [...p])) : null;
}

export function setup() {
  const files = [...readdirSync(dir).map((f) => new URL(f, dir)), ...readdirSync(new URL('matlab/', dir)).map((f) => new URL(`matlab/${f}`, dir))]
    .filter((u) => u.pathname.endsWith('.mat') && !/corrupted|chain2/.test(u.pathname)).sort();
  const bases = [];
  for (const file of files) {
    const bytes = new Uint8Array(readFileSync(file));
    if (!looksLikeMat5(bytes)) continue;
    bases.push(bytes);
    const inflated = inflatedCopy(bytes);
    if (inflated) bases.push(inflated);
  }
  return { bases };
}

export function arbitrary(fc, { bases }) {
  const mutation = fc.record({ op: fc.nat({ max: OPERATORS - 1 }), a: fc.nat(), b: fc.nat() });
  return fc.record({
    base: fc.nat({ max: bases.length - 1 }),
    mutations: fc.oneof({ arbitrary: fc.array(mutation, { minLength: 1, maxLength: 2 }), weight: 3 }, { arbitrary: fc.array(mutation, { maxLength: 8 }), weight: 1 }),
  });
}

export function prepare(mechid, c, { bases }) {
  return { fn: 'matParse', args: { base64: Buffer.from(mutateMat(bases[c.base], c.mutations)).toString('base64') } };
}
