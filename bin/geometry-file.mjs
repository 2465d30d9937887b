// --geometry FILE of `mechid report`: a test geometry (wasm/geometry.js) from a JSON, CSV or
// universal file (UFF 15/2411 nodes, 82 lines, 2412 elements), checked; errors name the file.
import { basename } from 'node:path';
import { badInput } from '../wasm/api.js';
import * as geometry from '../wasm/geometry.js';
import { readRecording } from '../wasm/record.js';
import { readDataFile } from './data-file.mjs';
import { readText } from './io.mjs';

const reader = (name) => {
  if (typeof geometry[name] !== 'function') throw new Error(`this build cannot read that kind of geometry file (no ${name})`);
  return geometry[name];
};

/** The checked geometry of the file at `path`. */
export async function readGeometryFile(path) {
  try {
    if (/\.json$/i.test(path)) {
      const text = readText(path, 'geometry file');
      return geometry.geometryFromJson ? geometry.geometryFromJson(text, path) : geometry.checkGeometry(JSON.parse(text), `geometry file ${path}`);
    }
    if (/\.(csv|txt)$/i.test(path)) return reader('geometryFromCsv')(readText(path, 'geometry file'), path);
    const { blob } = await readDataFile(path, 'geometry file');
    return geometryOfRecording(await readRecording(blob, basename(path)), path, { required: true });
  } catch (e) {
    throw badInput(e.message.includes(path) ? e.message : `geometry file ${path}: ${e.message}`);
  }
}

/** The geometry a recording (a universal file's) carries, checked; null when it has none (or `required`: an error). */
export function geometryOfRecording(recording, path, { required = false } = {}) {
  const g = geometry.geometryFromRecording ? geometry.geometryFromRecording(recording) : null;
  if (!g || g.nodes.length === 0) {
    if (required) throw new Error('it holds no geometry (no nodes: UFF 15 or 2411)');
    return null;
  }
  return geometry.checkGeometry(g, `geometry of ${path}`);
}
