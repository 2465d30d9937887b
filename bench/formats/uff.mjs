// Benchmark module of bench/formats.mjs: a universal file of dataset 58 records in ASCII (record 12
// as 4E20.12, about 20 bytes a value), a force and three responses of equal length, read by the
// readers table's UFF entry (wasm/uff.js parseUff, then the Recording of wasm/uff-recording.js).
import { readFileSync, writeFileSync } from 'node:fs';
import { READERS } from '../../wasm/readers.js';
import { writeUff58 } from '../../wasm/uff-write.js';

export const name = 'UFF 58 (ASCII, double)';

/** Four records (u1, q1, v1, a1) of a sum of sines, about `bytes` bytes in all. */
export function spec(samples) {
  const u = { rows: samples, cols: 1, data: new Float64Array(samples) };
  const y = { rows: samples, cols: 3, data: new Float64Array(3 * samples) };
  for (let i = 0; i < samples; i++) {
    u.data[i] = 10 * Math.sin(0.01 * i) + Math.sin(0.37 * i);
    for (let j = 0; j < 3; j++) y.data[3 * i + j] = 1e-3 * (j + 1) * Math.cos(0.013 * (j + 1) * i);
  }
  return { kind: 'time', h: 1e-3, u, y, outputs: ['displacement', 'velocity', 'acceleration'] };
}

export function make(path, bytes) {
  writeFileSync(path, writeUff58(spec(Math.round(bytes / (4 * 20.25)))));
}

export function read(path) {
  return READERS.find((r) => r.format === 'uff').read(readFileSync(path), path);
}
