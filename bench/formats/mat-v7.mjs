// MAT v7 (each variable zlib-compressed, as `save -v7` writes) for bench/formats.mjs: inflated
// by the platform's DecompressionStream in wasm/mat.js.
import { readRecording } from '../../wasm/record.js';
import { bytesOf, writeMat } from './lib/mat-write.mjs';

export const name = 'MAT v7 (save -v7, compressed)';
// The channels' noise keeps the compressed file near its raw size (about 0.9).
export const make = (path, bytes) => writeMat(path, bytes, { compressed: true });
export const read = (path) => readRecording(bytesOf(path), path);
