// --geometry FILE of `mechid report` (wasm/geometry-file.js: UFF, JSON or CSV, checked), and the
// geometry a universal --data file carries; errors name the file.
import { basename } from 'node:path';
import { badInput } from '../wasm/api.js';
import { checkGeometry } from '../wasm/geometry.js';
import { readGeometryFile as readAny } from '../wasm/geometry-file.js';
import { geometryFromRecording } from '../wasm/geometry-read.js';
import { readBytes } from './io.mjs';

/** The checked geometry of the file at `path`. */
export async function readGeometryFile(path) {
  try {
    return await readAny(new Uint8Array(readBytes(path, 'geometry file')), path);
  } catch (e) {
    throw badInput(e.message.includes(path) ? e.message : `geometry file ${path}: ${e.message}`);
  }
}

/** The geometry a recording (a universal file's) carries, checked; null when it has none. */
export function geometryOfRecording(recording, path) {
  const g = geometryFromRecording(recording, basename(path));
  return g ? checkGeometry(g, `geometry of ${path}`) : null;
}
