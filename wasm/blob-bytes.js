// The bytes of a part of a File or Blob, read in pieces of 4 MB into one array: Node's file-backed
// Blob (fs.openAsBlob) builds arrayBuffer() from pieces it then copies, holding the part twice;
// this holds it once (issue 49: a 200 MB file read in at most twice its size). Where the Blob's
// stream is a byte stream (current browsers and Node), the pieces are read straight into that
// array (a BYOB reader): no 4 MB array per piece left for the garbage collector (issue 56 item 7:
// in the page they added a third to the peak memory of a file read whole). Browsers and Node alike.

/** The bytes a File is read in at once (4 MB). */
export const PIECE = 1 << 22;

// The `n` bytes of `blob` (a slice) read into one array through a BYOB reader, at most `piece`
// bytes a read, into `buffer` (at least n bytes; a new one when not given); null when its stream
// is not a byte stream.
async function readInto(blob, n, piece, buffer = new ArrayBuffer(n)) {
  let reader;
  try {
    reader = blob.stream().getReader({ mode: 'byob' });
  } catch {
    return null;
  }
  let filled = 0;
  try {
    while (filled < n) {
      // The read moves the buffer into the stream and back: its new ArrayBuffer is value.buffer.
      const { done, value } = await reader.read(new Uint8Array(buffer, filled, Math.min(piece, n - filled)));
      if (done) throw new Error(`the file ended after ${filled} of ${n} bytes`);
      buffer = value.buffer;
      filled += value.byteLength;
    }
  } finally {
    reader.releaseLock();
  }
  return new Uint8Array(buffer, 0, n);
}

/**
 * The `n` bytes of `blob` from byte `at` (fewer when the blob ends first), as one Uint8Array, read
 * `piece` bytes at a time (4 MB; the readers' `partBytes` option, which the fuzz target of the
 * Blob path sets to a few bytes so that every value straddles a piece, fuzz/targets/blob.mjs).
 */
export async function blobBytes(blob, at = 0, n = blob.size - at, piece = PIECE) {
  const end = Math.min(blob.size, at + n);
  if (end - at <= piece) return new Uint8Array(await blob.slice(at, end).arrayBuffer());
  const part = blob.slice(at, end);
  const read = typeof part.stream === 'function' ? await readInto(part, end - at, piece) : null;
  if (read) return read;
  const out = new Uint8Array(end - at);
  for (let p = at; p < end; p += piece) out.set(new Uint8Array(await blob.slice(p, Math.min(end, p + piece)).arrayBuffer()), p - at);
  return out;
}

/**
 * read(at, n): blobBytes of `blob` into one buffer used again by the next read (its bytes are
 * then overwritten), for a reader done with each block before it asks for the next (the WAV and
 * TDMS samples): a 200 MB file read in blocks of 4 MB holds 4 MB of blocks, not the blocks the
 * garbage collector has not yet freed.
 */
export function reusedBufferReader(blob, piece = PIECE) {
  let buffer = null;
  return async (at, n) => {
    const size = Math.max(0, Math.min(blob.size, at + n) - at);
    if (size === 0 || typeof blob.stream !== 'function') return blobBytes(blob, at, n, piece);
    if (!buffer || buffer.byteLength < size) buffer = new ArrayBuffer(size);
    const got = await readInto(blob.slice(at, at + size), size, piece, buffer);
    if (!got) return blobBytes(blob, at, n, piece);
    buffer = got.buffer;
    return got;
  };
}
