// The page's Report buttons (issue 53): the one-file report of the analysis shown, written by the
// same wasm/report.js as `mechid report`, from the same inputs (the result's JSON as the section's
// export writes it, the data file's bytes, the geometry, the core's MAC of the modes), so the file
// is the same bytes as `mechid report --result <that JSON> --data <that file>`.
import { client } from '../client/worker-client.js';
import { macShapes, writeReport } from '../gen/report.js';
import { sha256OfBlob } from '../gen/report-hash.js';
import { version } from '../gen/version.js';
import { download, safeName } from './export.js';

/**
 * The report's HTML text: kind 'identify' | 'modes' | 'oma'; result: the section's exported JSON
 * (plain); file: the data File or null; geometry: the page's current geometry or null.
 */
export async function reportText({ kind, result, file, geometry }) {
  const plain = JSON.parse(JSON.stringify(result));
  const shapes = macShapes(kind, plain);
  const mac = shapes.length > 1 ? (await client.mac({ a: shapes, b: shapes })).mac : null;
  const data = file ? { name: file.name, sha256: await sha256OfBlob(file), size: file.size } : null;
  return writeReport({ kind, result: plain, data, version, geometry, mac });
}

/** Saves the report as `${base}-report.html`. */
export async function downloadReport(inputs, base) {
  download(new Blob([await reportText(inputs)], { type: 'text/html' }), `${safeName(base)}-report.html`);
}
