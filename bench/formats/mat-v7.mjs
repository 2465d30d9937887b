// MAT v7 (each variable zlib-compressed, as `save -v7` writes) for bench/formats.mjs: inflated
// by pako in wasm/zlib-inflate.js.
import { readRecording } from '../../wasm/record.js';
import { openAsBlob } from 'node:fs';
import { writeMat } from './lib/mat-write.mjs';

export const name = 'MAT v7 (save -v7, compressed)';
// The channels' noise keeps the compressed file near its raw size (about 0.9).
export const make = (path, bytes) => writeMat(path, bytes, { compressed: true });
// Read as the CLI and the page read it: a Blob (the MAT v5/v7 reader reads it a variable at a time).
export const read = async (path) => readRecording(await openAsBlob(path), path);
