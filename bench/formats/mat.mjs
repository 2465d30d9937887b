// MAT v5 (uncompressed, as `save -v6` writes) for bench/formats.mjs: four channels of doubles and
// Fs, read by wasm/mat.js through the readers' table (wasm/record.js readRecording).
import { readRecording } from '../../wasm/record.js';
import { openAsBlob } from 'node:fs';
import { writeMat } from './lib/mat-write.mjs';

export const name = 'MAT v5 (save -v6)';
export const make = (path, bytes) => writeMat(path, bytes);
// Read as the CLI and the page read it: a Blob (the MAT v5/v7 reader reads it a variable at a time).
export const read = async (path) => readRecording(await openAsBlob(path), path);
