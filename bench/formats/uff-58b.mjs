// Benchmark module of bench/formats.mjs: the records of bench/formats/uff.mjs as 58b (IEEE 754
// doubles, 8 bytes a value), read by the readers table's UFF entry.
import { writeFileSync } from 'node:fs';
import { read, spec } from './uff.mjs';
import { writeUff58 } from '../../wasm/uff-write.js';

export const name = 'UFF 58b (binary, double)';

export function make(path, bytes) {
  writeFileSync(path, writeUff58(spec(Math.round(bytes / (4 * 8))), { binary: true }));
}

export { read };
