// Target blob: the second path of the big binary readers, the one the page and the CLI take: a
// WAV, TDMS or MAT v5/v7 file given as a Blob and read in parts (wasm/blob-bytes.js; readWavBlob,
// readTdmsBlob, readMatBlob), here in parts of 1 to 4096 bytes so that chunk headers, tags and
// samples straddle parts. Each mutated file is read by that path and by the bytes path (readWav,
// readTdms, readMat) and the two must agree (fuzz/blob-call.mjs): a file one reads and the other
// refuses, different samples, h, channel names or notes, or different refusals are findings.
// Files: the wav and tdms targets' (binary-mutations.mjs) and the mat target's (mat-mutations.mjs),
// a MAT file's 128-byte header kept in 3 cases of 4 (as fuzz/mat-async.mjs does) so that the
// mutations reach the variables. MECHID_FUZZ_BLOB=wav,tdms,mat picks the formats (all by default),
// so that each format's count can be run on its own.
import { binaryCase, binaryTarget, bytesToLatin1, mutateBytes } from '../binary-mutations.mjs';
import { mutateAfterHeader } from '../mat-async.mjs';
import { mutateMat } from '../mat-mutations.mjs';
import * as mat from './mat.mjs';

const fixtures = new URL('../../tests/fixtures/formats/', import.meta.url);
const FORMATS = ['wav', 'tdms', 'mat'];
const PART_BYTES = [1, 2, 3, 7, 8, 12, 16, 61, 64, 100, 512, 4096];
// One case in NODE_BLOB reads a Node Blob, the others a stand-in with a Blob's slice over the
// bytes (blob-call.mjs blobLike: Node's Blob costs about 50 µs a read, and small parts are many reads).
const NODE_BLOB = 8;

export function setup() {
  const chosen = (process.env.MECHID_FUZZ_BLOB ?? FORMATS.join(',')).split(',');
  for (const f of chosen) if (!FORMATS.includes(f)) throw new Error(`MECHID_FUZZ_BLOB: no format '${f}' (${FORMATS.join(', ')})`);
  return {
    chosen,
    bases: {
      wav: binaryTarget(new URL('wav/', fixtures), '.wav', 'wav').setup().bases,
      tdms: binaryTarget(new URL('tdms/', fixtures), '.tdms', 'tdms').setup().bases,
      mat: mat.setup().bases,
    },
  };
}

export function arbitrary(fc, { chosen, bases }) {
  const file = {
    wav: binaryCase(fc, bases.wav),
    tdms: binaryCase(fc, bases.tdms),
    mat: fc.record({ file: mat.arbitrary(fc, { bases: bases.mat }), keepHeader: fc.nat({ max: 3 }).map((k) => k > 0) })
      .map(({ file: f, keepHeader }) => ({ ...f, keepHeader })),
  };
  return fc.oneof(...chosen.map((format) => fc.record({
    format: fc.constant(format), partBytes: fc.constantFrom(...PART_BYTES), nodeBlob: fc.nat({ max: NODE_BLOB - 1 }).map((k) => k === 0), file: file[format],
  })));
}

// The mutated file's bytes of a case.
function bytesOf({ format, file }, bases) {
  const base = bases[format][file.base];
  if (format !== 'mat') return mutateBytes(base, file.mutations, bases[format]);
  return file.keepHeader ? mutateAfterHeader(base, 128, file.mutations) : mutateMat(base, file.mutations);
}

export function prepare(mechid, c, { bases }) {
  return { fn: 'blobRead', args: { format: c.format, partBytes: c.partBytes, nodeBlob: c.nodeBlob, latin1: bytesToLatin1(bytesOf(c, bases)) } };
}
