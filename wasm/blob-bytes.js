// The bytes of a part of a File or Blob, read in pieces of 4 MB into one array: Node's file-backed
// Blob (fs.openAsBlob) builds arrayBuffer() from pieces it then copies, holding the part twice;
// this holds it once (issue 49: a 200 MB file read in at most twice its size). Browsers and Node alike.

const PIECE = 1 << 22;

/**
 * The `n` bytes of `blob` from byte `at` (fewer when the blob ends first), as one Uint8Array, read
 * `piece` bytes at a time (4 MB; the readers' `partBytes` option, which the fuzz target of the
 * Blob path sets to a few bytes so that every value straddles a piece, fuzz/targets/blob.mjs).
 */
export async function blobBytes(blob, at = 0, n = blob.size - at, piece = PIECE) {
  const end = Math.min(blob.size, at + n);
  if (end - at <= piece) return new Uint8Array(await blob.slice(at, end).arrayBuffer());
  const out = new Uint8Array(end - at);
  for (let p = at; p < end; p += piece) out.set(new Uint8Array(await blob.slice(p, Math.min(end, p + piece)).arrayBuffer()), p - at);
  return out;
}
