// Benchmark module of the text reader (bench/formats.mjs times it in MB/s and measures its peak
// memory): a phone-app style CSV (quoted names with units, 5 columns of 10-digit numbers) of
// about `bytes` bytes, read from disk as a Blob in chunks by wasm/text.js.
import { openAsBlob } from 'node:fs';
import { open } from 'node:fs/promises';
import { readText } from '../../wasm/text.js';

export const name = 'text';

/** Writes a CSV of about `bytes` bytes at `path` (in blocks, never one string of the whole file). */
export async function make(path, bytes) {
  const file = await open(path, 'w');
  try {
    await file.write('"Time (s)","Acceleration x (m/s^2)","Acceleration y (m/s^2)","Acceleration z (m/s^2)","Force (N)"\n');
    let written = 0, i = 0;
    while (written < bytes) {
      let block = '';
      for (let k = 0; k < 10000; k++, i++) {
        const t = i * 0.001;
        block += `${t.toExponential(9)},${Math.sin(7 * t).toExponential(9)},${Math.cos(3 * t).toExponential(9)},${(9.81 + 0.1 * Math.sin(t)).toExponential(9)},${Math.sin(t * t).toExponential(9)}\n`;
      }
      await file.write(block);
      written += block.length;
    }
  } finally {
    await file.close();
  }
}

/** Reads the file at `path` with the text reader; resolves with the Recording. */
export async function read(path) {
  return readText(await openAsBlob(path), path);
}
