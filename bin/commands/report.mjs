// mechid report: the one-file report (HTML) of an identify, modes or oma result (issue 53):
// wasm/report.js writes it, as the page's Report button does, from the same inputs.
import { basename } from 'node:path';
import { badInput } from '../../wasm/api.js';
import { sha256OfBlob } from '../../wasm/report-hash.js';
import { macShapes, reportKind, writeReport } from '../../wasm/report.js';
import { isUffRecord, readRecording } from '../../wasm/record.js';
import { readDataFile } from '../data-file.mjs';
import { geometryOfRecording, readGeometryFile } from '../geometry-file.mjs';
import { writeOutput } from '../io.mjs';
import { requireOption, str } from '../options.mjs';
import { readResultFile, toolVersion } from '../result-file.mjs';

export const name = 'report';
export const summary = 'a one-file HTML report (tables, plots, mode shapes, the result embedded) of an identify, modes or oma result';
export const examples = ['mechid report --result modes.json --data record.csv --out report.html', 'mechid report --result report.html --out again.html'];
export const options = { result: str('FILE'), data: str('FILE'), geometry: str('FILE') };
export const usage = {
  required: ['result'],
  help: ['--result FILE: the JSON of mechid identify, modes or oma (--out), or a report, whose embedded result is used;',
    '--data FILE adds the data file\'s name and SHA-256 (from a report: its own, unless given); --geometry FILE (JSON, CSV or UFF)',
    'draws the mode shapes on the structure (without it: a universal --data file\'s own geometry, else the channels on a line);',
    'one self-contained HTML file (no outside reference), laid out for printing; the result embedded as JSON with its SHA-256'],
};

export async function run(o, mechid) {
  const path = requireOption(o, 'result', name);
  const { result, report } = await readResultFile(path);
  const kind = reportKind(result);
  if (!kind) throw badInput(`result file ${path} is not a result of mechid identify, modes or oma (a report is written of those three only)`);
  let data = report?.data ?? null;
  let geometry = report?.geometry ?? null;
  if (o.data !== undefined) {
    // The data file read in pieces for its SHA-256 (as the page does), never whole.
    const { blob, head } = await readDataFile(o.data, 'data file');
    data = { name: basename(o.data), sha256: await sha256OfBlob(blob), size: blob.size };
    if (o.geometry === undefined && isUffRecord(o.data, head)) geometry = geometryOfRecording(await readRecording(blob, basename(o.data)), o.data) ?? geometry;
  }
  if (o.geometry !== undefined) geometry = await readGeometryFile(o.geometry);
  const shapes = macShapes(kind, result);
  const mac = shapes.length > 1 ? mechid.mac(shapes, shapes) : null;
  writeOutput(await writeReport({ kind, result, data, version: toolVersion(), geometry, mac }), o.out);
}
