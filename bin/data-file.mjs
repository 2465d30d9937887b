// A --data file for the readers of wasm/readers.js: a Blob over the file (Node's fs.openAsBlob),
// so that a reader that reads in parts (text, WAV, MAT v7.3) never holds the whole file (issue 49:
// a 200 MB file read in at most twice its size); with its first bytes, by which the format is told.
import { closeSync, openAsBlob, openSync, readSync, statSync } from 'node:fs';
import { badInput } from '../wasm/api.js';
import { SNIFF_BYTES } from '../wasm/readers.js';

/** {blob, head}: the file at `path` as a Blob and its first SNIFF_BYTES bytes; an error names the file and what it is for. */
export async function readDataFile(path, what) {
  try {
    if (!statSync(path).isFile()) throw Object.assign(new Error(), { code: 'EISDIR' });
    const head = new Uint8Array(SNIFF_BYTES);
    const fd = openSync(path, 'r');
    let n;
    try { n = readSync(fd, head, 0, SNIFF_BYTES, 0); } finally { closeSync(fd); }
    return { blob: await openAsBlob(path), head: head.subarray(0, n) };
  } catch (e) {
    throw badInput(`cannot read ${what} ${path}: ${e.code ?? e.message}`);
  }
}
