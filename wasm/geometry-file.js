// A geometry file of any form mechid reads (issue 53): a universal file (its datasets 15/2411, 82,
// 2412 and the nodes and directions of its 58 records: wasm/geometry-read.js
// geometryFromRecording), a JSON file of the geometry object (a first character "{"), else the
// CSV form. For the page's worker and the CLI; kept apart from geometry.js so that what draws a
// geometry does not load every reader of wasm/readers.js.
import { badInput } from './errors.js';
import { isUffRecord, readRecording } from './record.js';
import { blobBytes } from './blob-bytes.js';
import { geometryFromCsv, geometryFromJson, geometryFromRecording } from './geometry-read.js';

/** The checked geometry of `source` (a File or Blob, or the bytes of a file) named `name`. */
export async function readGeometryFile(source, name) {
  const bytes = typeof Blob !== 'undefined' && source instanceof Blob ? await blobBytes(source, 0) : source;
  if (isUffRecord(name, bytes.subarray(0, 4096))) {
    const g = geometryFromRecording(await readRecording(bytes, name), name);
    if (!g) throw badInput(`${name}: a universal file without nodes (datasets 15 or 2411); a geometry needs its nodes`);
    return g;
  }
  const text = new TextDecoder().decode(bytes);
  return text.trimStart().startsWith('{') ? geometryFromJson(text, name) : geometryFromCsv(text, name);
}
