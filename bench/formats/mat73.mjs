// MAT v7.3 (HDF5 with MATLAB's 512-byte header) for bench/formats.mjs: written with h5wasm into
// its in-memory file system, the MAT header put before it (HDF5 finds its superblock at byte 512);
// read by wasm/mat73.js (h5wasm), in Node from a copy of the bytes in h5wasm's in-memory files.
import { openAsBlob, writeFileSync } from 'node:fs';
import h5wasm from 'h5wasm';
import { readRecording } from '../../wasm/record.js';
import { channel, header } from './lib/mat-write.mjs';

export const name = 'MAT v7.3 (HDF5)';

export async function make(path, bytes, count = 4) {
  const { FS } = await h5wasm.ready;
  const n = Math.max(1, Math.floor(bytes / 8 / count));
  const file = new h5wasm.File('/bench.h5', 'w');
  for (let k = 0; k < count; k++) {
    file.create_dataset({ name: `ch${k + 1}`, data: channel(n, k), shape: [n, 1] }).create_attribute('MATLAB_class', 'double');
  }
  file.create_dataset({ name: 'Fs', data: Float64Array.of(1000), shape: [1, 1] }).create_attribute('MATLAB_class', 'double');
  file.close();
  const body = FS.readFile('/bench.h5');
  FS.unlink('/bench.h5');
  const block = new Uint8Array(512);
  const h = header('MATLAB 7.3 MAT-file, Platform: mechid benchmark');
  h[124] = 0x00; h[125] = 0x02;
  block.set(h);
  writeFileSync(path, block);
  writeFileSync(path, body, { flag: 'a' });
}

// Read as the CLI and the page read it: a Blob (the MAT v5/v7 reader reads it a variable at a time).
export const read = async (path) => readRecording(await openAsBlob(path), path);
