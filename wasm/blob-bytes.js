// The bytes of a part of a File or Blob, read in pieces of 4 MB into one array: Node's file-backed
// Blob (fs.openAsBlob) builds arrayBuffer() from pieces it then copies, holding the part twice;
// this holds it once (issue 49: a 200 MB file read in at most twice its size). Browsers and Node alike.

const PIECE = 1 << 22;

/** The `n` bytes of `blob` from byte `at` (fewer when the blob ends first), as one Uint8Array. */
export async function blobBytes(blob, at = 0, n = blob.size - at) {
  const end = Math.min(blob.size, at + n);
  if (end - at <= PIECE) return new Uint8Array(await blob.slice(at, end).arrayBuffer());
  const out = new Uint8Array(end - at);
  for (let p = at; p < end; p += PIECE) out.set(new Uint8Array(await blob.slice(p, Math.min(end, p + PIECE)).arrayBuffer()), p - at);
  return out;
}
