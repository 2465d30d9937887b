// identify --method auto|variational|variational-zoh|n4sid-d2c|equation-error|inverse-dynamic: M, D,
// K of a linear mechanical system (thesis ch. 2-5; friction and offset with inverse-dynamic), the
// identify result of INTERFACES.md; several --data runs of one experiment, --validate records.
import { existsSync } from 'node:fs';
import { badInput } from '../../../wasm/api.js';
import { parseDecimal } from '../../../wasm/csv.js';
import { checkDof, loadSystem, readDataset, readInputMatrix, readText, warn, writeJson } from '../../io.mjs';

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
    factors.set(column.trim(), factor);
  }
  return factors;
}

/** The columns of a parsed data file multiplied by their --scale factors; an unknown column is an error naming the file. */
export function applyScale(data, factors, file) {
  const names = [...data.columns.inputs, ...data.columns.outputs];
  for (const column of factors.keys()) {
    if (!names.includes(column)) throw badInput(`--scale ${column}: ${file} has no such input or output column (it has ${names.join(', ')})`);
  }
  for (const [matrix, columns] of [[data.u, data.columns.inputs], [data.y, data.columns.outputs]]) {
    columns.forEach((column, j) => {
      const factor = factors.get(column);
      if (factor === undefined) return;
      for (let i = 0; i < matrix.rows; i++) matrix.data[i * matrix.cols + j] *= factor;
    });
  }
  return data;
}

/** --structure FILE|JSON: the JSON inline (starting with '{') or a file holding it. */
export function readStructure(spec) {
  if (spec === undefined) return undefined;
  const inline = spec.trim().startsWith('{');
  if (!inline && !existsSync(spec)) throw badInput(`--structure '${spec}' is neither JSON ({"M": "diagonal", ...}) nor an existing file`);
  const text = inline ? spec : readText(spec, 'structure file');
  try {
    return JSON.parse(text);
  } catch (e) {
    throw badInput(`--structure ${inline ? '' : `file ${spec} `}is not valid JSON: ${e.message}`);
  }
}

export function identifyLinear(o, mechid) {
  // The cut-off's range is the core's (0: automatic); the option only applies to accelerations.
  if (o.cutoff !== undefined && o.outputs !== 'acceleration') throw badInput('--cutoff applies to --outputs acceleration only');
  if (o.L !== undefined && o['force-dofs'] !== undefined) throw badInput('give --L FILE or --force-dofs D1,D2,.., not both');
  const factors = parseScale(o.scale);
  const files = [o.data].flat();
  const read = (path) => {
    const data = applyScale(readDataset(o, { path }), factors, path);
    return { h: data.h, u: data.u, y: data.y, inputSampling: o['input-sampling'], outputs: o.outputs, cutoffHz: o.cutoff, columns: data.columns };
  };
  const runs = files.map(read);
  checkDof(o, runs[0]);
  runs.forEach((run, i) => {
    const [a, b] = [runs[0].columns, run.columns];
    if (a.inputs.join() !== b.inputs.join() || a.outputs.join() !== b.outputs.join()) {
      throw badInput(`--data ${files[i]} has columns ${[...b.inputs, ...b.outputs].join(', ')}, but ${files[0]} has ${[...a.inputs, ...a.outputs].join(', ')}: runs of one experiment need the same columns`);
    }
  });
  const L = readInputMatrix(o.L);
  const truth = o.truth === undefined ? undefined : loadSystem(mechid, o.truth);
  const options = {
    L, forceDofs: o['force-dofs'], init: o.init, blockRows: o['block-rows'], positive: o.positive === true,
    structure: readStructure(o.structure), friction: o.friction, offset: o.offset === true, lowpassHz: o.lowpass,
    maxWork: o['max-work'],
  };
  const strip = ({ columns, ...record }) => record;
  const result = mechid.identify(o.method, runs.length === 1 ? strip(runs[0]) : runs.map(strip), options, truth);
  if (result.validation) delete result.validation.simulated;  // N x n: the page plots it, the JSON need not carry it
  if (o.validate !== undefined && result.status !== 'failed') {
    result.validation_records = o.validate.map((path) => {
      const record = read(path);
      const [a, b] = [runs[0].columns, record.columns];
      if (a.inputs.join() !== b.inputs.join() || a.outputs.join() !== b.outputs.join()) {
        throw badInput(`--validate ${path} has columns ${[...b.inputs, ...b.outputs].join(', ')}, but the training data have ${[...a.inputs, ...a.outputs].join(', ')}`);
      }
      const v = mechid.validateRecord(result, strip(record));
      return v.status === 'failed' ? { file: path, status: v.status, message: v.message }
        : { file: path, fit_percent: v.fit_percent, nrmse: v.nrmse };
    });
  }
  writeJson(result, o.out);
  warn(result.status === 'failed' ? [result.message] : result.warnings);
}
