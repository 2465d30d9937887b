// Reading back a result file of "Export results (JSON)" (web/ui/export.js: the JSON of `mechid
// identify`, one object per method in an array, matrices as nested arrays) into the results the
// page shows (matrices {rows, cols, data: Float64Array}, as the worker gives them). A file that
// is not such a file is refused with one message naming the file and what is wrong; nothing of
// its content is ever put into the page as HTML (the views set text only).
import { escapeControl } from '../gen/errors.js';
import { jsonDepth } from '../gen/json-depth.js';
import { matrixFromNested } from '../gen/json.js';
import { isReportText, readReport } from '../gen/report-read.js';
import { reportKind } from '../gen/report.js';
import { version } from '../gen/version.js';
import { nextTask } from './next-task.js';

// Larger than any export (the simulated series make ~1.3 MB per 10 000 samples and output).
const MAX_BYTES = 200 * 1024 * 1024;
const STATUSES = ['ok', 'warning', 'failed'];
// The deepest an export nests: [ {uncertainty: {M_half95: [[..]]}} ] or [ {modal: {modes: [{shape: [..]}]}} ], with room.
const MAX_DEPTH = 10;

const isObject = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);

// Nested arrays of numbers to a matrix; null (a NaN or ∞ in JSON) stays a NaN. For the matrices a
// result only carries along (intervals, simulated series): shown, never computed with.
function looseMatrix(rows, what) {
  if (!Array.isArray(rows) || !rows.every((r) => Array.isArray(r) && r.length === rows[0].length)) {
    throw new Error(`${what} is not a matrix (an array of rows of equal length)`);
  }
  const cols = rows[0]?.length ?? 0;
  const data = new Float64Array(rows.length * cols);
  rows.forEach((r, i) => r.forEach((x, j) => { data[i * cols + j] = typeof x === 'number' ? x : NaN; }));
  return { rows: rows.length, cols, data };
}

// One exported result (k: its 1-based place in the file) as the page's result; throws naming what is wrong.
function resultFromJson(obj, k) {
  if (!isObject(obj)) throw new Error(`result ${k} is not an object with method, status, M, D, K`);
  if (typeof obj.method !== 'string' || obj.method === '') throw new Error(`result ${k} has no method name`);
  const what = `result ${k} (${escapeControl(obj.method.slice(0, 40))})`;
  if (!STATUSES.includes(obj.status)) throw new Error(`${what}: status must be ok, warning or failed`);
  const r = { ...obj };
  if (obj.status !== 'failed') {
    for (const key of ['M', 'D', 'K']) {
      if (obj[key] === undefined) throw new Error(`${what}: matrix ${key} is missing`);
      r[key] = matrixFromNested(obj[key], `${what}: matrix ${key}`);
    }
    const n = r.M.rows;
    for (const key of ['M', 'D', 'K']) {
      if (r[key].rows !== n || r[key].cols !== n) throw new Error(`${what}: matrix ${key} is ${r[key].rows}×${r[key].cols}, expected ${n}×${n} as M`);
    }
  }
  for (const key of ['L', 'Md', 'Dd', 'Kd', 'offset_by_run', 'offset_sd_by_run', 'offset_half95_by_run']) {
    if (obj[key] !== undefined) r[key] = looseMatrix(obj[key], `${what}: ${key}`);
  }
  if (isObject(obj.uncertainty)) {
    r.uncertainty = { ...obj.uncertainty };
    for (const key of ['M_sd', 'D_sd', 'K_sd', 'M_half95', 'D_half95', 'K_half95']) {
      if (obj.uncertainty[key] !== undefined) r.uncertainty[key] = looseMatrix(obj.uncertainty[key], `${what}: uncertainty.${key}`);
    }
  }
  if (isObject(obj.validation) && obj.validation.simulated !== undefined) {
    r.validation = { ...obj.validation, simulated: looseMatrix(obj.validation.simulated, `${what}: validation.simulated`) };
  }
  if (obj.warnings !== undefined && !(Array.isArray(obj.warnings) && obj.warnings.every((w) => typeof w === 'string'))) {
    throw new Error(`${what}: warnings must be a list of texts`);
  }
  if (obj.modal !== undefined && !(isObject(obj.modal) && (obj.modal.modes === undefined || Array.isArray(obj.modal.modes)))) {
    throw new Error(`${what}: modal must be an object with a list of modes`);
  }
  return r;
}

/**
 * What a result file holds (a File): the JSON of "Export results (JSON)" (identify), or a report of
 * mechid (`mechid report`, a Report button) of identify, modes or oma. Resolves with {kind, results
 * (identify: [result, …] as the page shows them), result (modes, oma: the exported JSON), warnings};
 * rejects with an Error whose message starts with the file's name and says what is wrong.
 */
export async function readAnalysisFile(file) {
  const name = escapeControl(file.name);
  try {
    if (file.size > MAX_BYTES) throw new Error(`the file is ${(file.size / 2 ** 20).toFixed(0)} MB, more than an export ever is`);
    let json;
    let warnings = [];
    const text = await file.text();
    if (isReportText(text)) {
      const report = await readReport(text, '', version);
      ({ warnings } = report);
      json = report.result;
      const kind = reportKind(json);
      if (kind !== 'identify') {
        if (!kind) throw new Error('its embedded result is not one of identify, modes or oma');
        return { kind, result: json, warnings };
      }
    } else {
      // Bounded before parsing: 50,000 levels took 6.7 s to refuse, with a message of 2,037 '['s.
      // Each step in a task of its own: a file of 600 × 600 matrices (2 MB) takes 100–200 ms
      // in all here, and a busy machine may run it many times slower.
      await nextTask();
      const depth = jsonDepth(text);
      if (depth > MAX_DEPTH) throw new Error(`its JSON nests ${depth} levels deep; a result file nests at most ${MAX_DEPTH}`);
      await nextTask();
      try {
        json = JSON.parse(text);
      } catch (e) {
        throw new Error(`not valid JSON (${e.message.slice(0, 120)})`);
      }
      await nextTask();
    }
    // An array of results, as exported; a single result object is taken as one.
    const list = Array.isArray(json) ? json : isObject(json) && 'method' in json ? [json] : null;
    if (!list) throw new Error('not a result file of “Export results (JSON)”: expected a list of results, one per method');
    if (list.length === 0) throw new Error('the file holds no result');
    const results = [];
    for (const [k, obj] of list.entries()) {
      results.push(resultFromJson(obj, k + 1));
      await nextTask();
    }
    return { kind: 'identify', results, warnings };
  } catch (e) {
    throw new Error(`${name}: ${e.message}`);
  }
}

/**
 * The identify results of an exported result file or of a report of identify (a File): resolves
 * with [result, …]; rejects with an Error whose message starts with the file's name and says what is wrong.
 */
export async function readResultFile(file) {
  const read = await readAnalysisFile(file);
  if (read.kind !== 'identify') throw new Error(`${escapeControl(file.name)}: a report of ${read.kind}, not of identify`);
  return read.results;
}
