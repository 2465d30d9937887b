// Files and streams of the CLI: reading a data, system, model or L file (errors name the file),
// writing the result to --out or stdout, and warnings on stderr (docs/cli.md, common rules).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { badInput, matrixFromNested, printable, systemFromJson, toJson } from '../wasm/api.js';
import { decodeText } from '../wasm/csv.js';
import { isUffRecord, readRecord } from '../wasm/record.js';
import { cliWording } from './cli-wording.mjs';
import { commandLineOf } from '../wasm/option-words.js';
import { streams } from './streams.mjs';
import { readDataFile } from './data-file.mjs';

// PapaParse (CommonJS) by require: an ES `import` of it has Node scan its 52 KB for export names
// first (cjs-module-lexer), 50 of a CLI call's 200 ms of CPU (node --cpu-prof of `mechid simulate`).
export const Papa = createRequire(import.meta.url)('papaparse');

/** A file's bytes; an error names the file and what it is for. */
export function readBytes(path, what) {
  try {
    return readFileSync(path);
  } catch (e) {
    throw badInput(`cannot read ${what} ${path}: ${e.code ?? e.message}`);
  }
}

/** A file's text, decoded by its byte-order mark as the page's browser does (UTF-8, UTF-16LE/BE). */
export const readText = (path, what) => decodeText(readBytes(path, what)).text;

/** A universal file (UFF): by wasm/record.js's rule (extension .uff or .unv, or a first non-blank line -1). */
export const isUff = (path, bytes) => isUffRecord(path, bytes);

/** --time-col names a CSV column: an error for a universal file, whose time axis is each record's abscissa. */
export function checkTimeCol(options, path, bytes) {
  if (options['time-col'] !== undefined && isUff(path, bytes)) {
    throw badInput(`--time-col does not apply to the universal file ${path}: its time axis is each record's abscissa (record 7)`);
  }
}

export function readJson(path, what) {
  const text = readText(path, what);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw badInput(`${what} ${path} is not valid JSON: ${e.message}`);
  }
}

export function writeOutput(text, out) {
  if (out === undefined) {
    streams.stdout.write(text);
    return;
  }
  try {
    writeFileSync(out, text);
  } catch (e) {
    throw badInput(`cannot write --out ${out}: ${e.code ?? e.message}`);
  }
}

export const writeJson = (result, out) => writeOutput(`${JSON.stringify(toJson(result), null, 2)}\n`, out);

export const warn = (messages) => { for (const m of messages) streams.stderr.write(`mechid: warning: ${cliWording(printable(m))}\n`); };

/**
 * For each advice of a result whose action options carry out (notes included), one line: what to
 * do in the core's words, then the options to type (wasm/option-words.js commandLineOf):
 * "mechid: what to do (free_body): If it moves freely, … (--structure '{"K":"zero"}')". The core
 * words its advice for every host; the options are the CLI's spelling of it.
 */
export function adviseCommandLine(result) {
  for (const a of result?.advice ?? []) {
    const typed = commandLineOf(a.options);
    if (typed) streams.stderr.write(`mechid: what to do (${a.code}): ${printable(a.action).replace(/\.$/, '')} (${typed})\n`);
  }
}

/** The warnings of a result (its message when it failed), then its advice's options (adviseCommandLine). */
export function warnOutcome(result) {
  warn(result.status === 'failed' ? [result.message] : result.warnings);
  adviseCommandLine(result);
}

/** A preset name or a system JSON file, checked (unless `check` is false); errors name the file and the `option` (system, truth). */
export function loadSystem(mechid, spec, { check = true, option = 'system' } = {}) {
  if (mechid.presetNames().includes(spec)) return mechid.preset(spec);
  if (/^chain\d+$/.test(spec) && !existsSync(spec)) {  // chains of other lengths: the core checks n
    try { return mechid.preset(spec); } catch (e) { throw badInput(`--${option}: ${e.message}`); }
  }
  if (!existsSync(spec)) {
    throw badInput(`--${option} '${spec}' is neither a preset (${mechid.presetNames().join(', ')}, or chain<n> ` +
      'for another chain length) nor an existing file');
  }
  const system = systemFromJson(readJson(spec, 'system file'), `system file ${spec}`);
  const report = check ? mechid.checkSystem(system) : { ok: true };
  if (!report.ok) throw badInput(`system file ${spec}: ${report.errors[0]}`);
  return system;
}

/** --L FILE: a JSON matrix (nested arrays) or an object with key L (a system file), or undefined. */
export function readInputMatrix(path) {
  if (path === undefined) return undefined;
  const json = readJson(path, 'L file');
  return matrixFromNested(Array.isArray(json) ? json : json?.L, `matrix L in ${path}`);
}

/** The one --data file of a method that takes one record (identify's --data repeats for several runs). */
export function oneDataPath(options) {
  const path = options.data;
  if (!Array.isArray(path)) return path;
  if (path.length > 1) throw badInput(`--data once only for --method ${options.method} (the linear methods take several runs)`);
  return path[0];
}

/**
 * By wasm/record.js's one reader: --data (a CSV, a universal file's time-response records, or any
 * format of wasm/readers.js) with the column options (--time-col, --input-cols, --output-cols,
 * --h) applied; `outputs` the outputs' kind (identify's --outputs; 'any' for frf and modes).
 */
export async function readDataset(options, {
  inputCols = options['input-cols'], outputCols = options['output-cols'], outputs, path = oneDataPath(options),
} = {}) {
  const { blob, head } = await readDataFile(path, 'data file');
  checkTimeCol(options, path, head);
  const mapping = { h: options.h, timeCol: options['time-col'], inputCols, outputCols, outputs, resample: options.resample === true };
  const data = await readRecord(blob, path, mapping, { Papa });
  warn(data.warnings);
  return data;
}

/** --dof n must equal the number of output columns of the data. */
export function checkDof(options, data) {
  if (options.dof !== undefined && options.dof !== data.y.cols) {
    throw badInput(`--dof ${options.dof} but ${options.data} has ${data.y.cols} output columns (${data.columns.outputs.join(', ')})`);
  }
}
