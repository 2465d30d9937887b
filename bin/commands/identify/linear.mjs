// identify --method auto|variational|variational-zoh|n4sid-d2c|equation-error|inverse-dynamic: M, D,
// K of a linear mechanical system (thesis ch. 2-5; friction and offset with inverse-dynamic), the
// identify result of docs/interfaces.md; several --data runs of one experiment, --validate records.
import { existsSync } from 'node:fs';
import { badInput } from '../../../wasm/api.js';
import { parseDecimal } from '../../../wasm/csv.js';
import { parseStructureJson } from '../../../wasm/structure-json.js';
import { identifyRecords, readRecord } from '../../../wasm/record.js';
import { resultChannels } from '../../../wasm/channel-labels.js';
import { checkDof, checkTimeCol, loadSystem, Papa, readInputMatrix, readText, warn, warnOutcome, writeJson } from '../../io.mjs';
import { readDataFile } from '../../data-file.mjs';
import { collectGarbage } from '../../collect-garbage.mjs';

/** --scale COL=FACTOR,..: {column name: factor}; a factor must be finite and nonzero (-1 flips a sign). */
export function parseScale(entries) {
  const factors = new Map();
  for (const entry of entries ?? []) {
    const match = /^([^=]+)=(.*)$/.exec(entry);
    if (!match) throw badInput(`--scale entry '${entry}' must be COLUMN=FACTOR, e.g. u1=-1 or q1=1.786e-5`);
    const [, column, text] = match;
    const factor = parseDecimal(text);
    if (!Number.isFinite(factor) || factor === 0) {
      throw badInput(`--scale ${column}=${text}: the factor must be a finite nonzero number (a negative one flips the sign)`);
    }
    if (factors.has(column.trim())) {
      throw badInput(`--scale ${column.trim()} is given twice (${factors.get(column.trim())} and ${text}): give each column one factor`);
    }
    factors.set(column.trim(), factor);
  }
  return factors;
}

/** --scale names only input or output columns of the record; an unknown one is an error naming the file. */
export function checkScaleColumns(record, factors) {
  const names = [...record.columns.inputs, ...record.columns.outputs];
  for (const column of factors.keys()) {
    if (!names.includes(column)) throw badInput(`--scale ${column}: ${record.name} has no such input or output column (it has ${names.join(', ')})`);
  }
}

/** --structure FILE|JSON: the JSON inline, or a file holding it (wasm/structure-json.js: depth, object, keys once). */
export function readStructure(spec) {
  if (spec === undefined) return undefined;
  const file = existsSync(spec);
  const text = file ? readText(spec, 'structure file') : spec;
  if (!file && !/^\s*[[{"\d-]/.test(spec)) throw badInput(`--structure '${spec}' is neither JSON ({"M": "diagonal", ...}) nor an existing file`);
  return parseStructureJson(text, file ? `--structure file ${spec}` : '--structure');
}

/** --L FILE against the first record, before any estimate: one row per output DOF, one column per input. */
function checkInputMatrixSize(L, path, record) {
  if (L === undefined) return;
  const n = record.y.cols, k = record.u.cols;
  if (L.rows !== n || L.cols !== k) {
    throw badInput(`--L ${path} is ${L.rows}x${L.cols}, but ${record.name} has ${n} output(s) and ${k} input(s): L must be ${n}x${k} (a row per output DOF, a column per input)`);
  }
}

export async function identifyLinear(o, mechid) {
  // The cut-off's range is the core's (0: automatic); the option only applies to accelerations.
  if (o.cutoff !== undefined && o.outputs !== 'acceleration') throw badInput('--cutoff applies to --outputs acceleration only');
  if (o.L !== undefined && o['force-dofs'] !== undefined) throw badInput('give --L FILE or --force-dofs D1,D2,.., not both');
  // Every --data and --validate file by wasm/record.js (CSV or UFF), its --scale factors passed to
  // the core; u and y as the channels read (byColumn: no row-major copy of a long record).
  const mapping = {
    timeCol: o['time-col'], inputCols: o['input-cols'], outputCols: o['output-cols'], h: o.h, resample: o.resample === true, byColumn: true,
    inputSampling: o['input-sampling'], outputs: o.outputs, cutoffHz: o.cutoff, scale: parseScale(o.scale),
  };
  const read = async (path, role) => {
    const { blob, head } = await readDataFile(path, 'data file');
    checkTimeCol(o, path, head);
    const record = await readRecord(blob, path, mapping, { Papa });
    delete record.t;  // the time channel is not needed past the read (8 MB at 10⁶ samples)
    checkScaleColumns(record, mapping.scale);
    warn(record.warnings);
    return { ...record, role };
  };
  // The small files first, then the records: every file is read and checked before any estimate.
  const L = readInputMatrix(o.L);
  const truth = o.truth === undefined ? undefined : loadSystem(mechid, o.truth, { option: 'truth' });
  const structure = readStructure(o.structure);
  const records = [];
  for (const path of [o.data].flat()) records.push(await read(path, 'training'));
  for (const path of o.validate ?? []) records.push(await read(path, 'validation'));
  checkDof(o, records[0]);
  checkInputMatrixSize(L, o.L, records[0]);
  const options = {
    L, forceDofs: o['force-dofs'], init: o.init, blockRows: o['block-rows'], positive: o.positive === true,
    structure, friction: o.friction, offset: o.offset === true, lowpassHz: o.lowpass,
    initialWindow: o['initial-window'], maxWork: o['max-work'],
    series: false,  // the simulated outputs and residuals (N x n) are for the page's plots: the JSON need not carry them
    // Once the core has copied the records, their channels are dropped here and collected before
    // the estimate grows the module's memory (docs/results.md, "The CLI's memory").
    release: collectGarbage,
  };
  const result = identifyRecords(mechid, o.method, records, options, truth);
  writeJson({ ...result, channels: resultChannels(records[0]) }, o.out);
  warnOutcome(result);
}
