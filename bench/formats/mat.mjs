// MAT v5 (uncompressed, as `save -v6` writes) for bench/formats.mjs: four channels of doubles and
// Fs, read by wasm/mat.js through the readers' table (wasm/record.js readRecording).
import { readRecording } from '../../wasm/record.js';
import { bytesOf, writeMat } from './lib/mat-write.mjs';

export const name = 'MAT v5 (save -v6)';
export const make = (path, bytes) => writeMat(path, bytes);
export const read = (path) => readRecording(bytesOf(path), path);
