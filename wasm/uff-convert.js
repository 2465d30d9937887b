// The records of a universal file (wasm/uff.js parseUff) as what mechid uses: a time-series
// dataset (the CSV reader's shape), a matrix of FRFs, or modes. Every refusal names the file and
// the record(s).
//
// Time series (dataset 58, record 6 function type 1): a record is an input (force) when its
// ordinate (record 9 field 1, specific data type) is 13 "excitation force", or when that is 0
// unknown / 1 general and its units label (record 9 field 6) is a force unit (N, kN, lbf); or when
// the caller names its node (and direction) among `inputs`. Every other record is an output whose
// kind comes from the same field: 8 displacement (q), 11 velocity (v), 12 acceleration (a), or for
// unknown/general from the units label (m, m/s, m/s^2, g). Inputs are named u1..uk and outputs
// q1.., v1.., a1.. in file order, as the columns of a measurement CSV.
import { MAX_TIME_JITTER, uniformGrid } from './time-grid.js';
import { recordingToDataset } from './recording.js';
import { MechidError, listNames, quoted } from './errors.js';
import { coreFor } from './core-instance.js';
import { FUNCTION_TYPES, SPECIFIC_DATA_TYPES } from './uff.js';

const bad = (message) => new MechidError('bad-input', message);

const at = (source, r) => `${source}: record ${r.recordNumber} (dataset 58)`;

const FORCE_UNITS = /^(N|kN|mN|lbf|lb|kgf)$/i;
const UNIT_KINDS = [
  [/^(m|mm|cm|um|µm|μm|in|mil)$/i, 'q'],
  [/^(m|mm|cm|in)\s*\/\s*s$/i, 'v'],
  [/^((m|mm|cm|in)\s*\/\s*s\s*(\^?\s*2|²|\*\*2)|g)$/i, 'a'],
];
const KIND_NAMES = { q: 'displacement', v: 'velocity', a: 'acceleration' };

/** 'u' (force), 'q', 'v', 'a' of a time record, or null when it is none of them. */
export function channelKind(record) {
  const { specificType, units } = record.axes.ordinate;
  if (specificType === 13) return 'u';
  if (specificType === 8) return 'q';
  if (specificType === 11) return 'v';
  if (specificType === 12) return 'a';
  if (specificType !== 0 && specificType !== 1) return null;
  if (FORCE_UNITS.test(units)) return 'u';
  return UNIT_KINDS.find(([re]) => re.test(units))?.[1] ?? null;
}

/** "3", "3:1" or "3:-2" (node[:direction], record 6 fields 6-7) as {node, direction?}. */
function nodeSpec(spec) {
  const m = /^\s*(\d+)\s*(?::\s*([-+]?\d+)\s*)?$/.exec(String(spec));
  if (!m) throw bad(`input node '${quoted(spec)}' must be NODE or NODE:DIRECTION, e.g. 3 or 3:1 (record 6 fields 6 and 7)`);
  return { node: Number(m[1]), direction: m[2] === undefined ? undefined : Number(m[2]) };
}

/**
 * The uniform grid of a record's abscissa: {min, step, count}; uneven abscissae are accepted when
 * within MAX_TIME_JITTER of a uniform grid (as the CSV reader's time column), else refused.
 */
function gridOf(record, source, what) {
  const x = record.abscissa;
  if (!(x instanceof Float64Array)) return x;
  const grid = uniformGrid(x);
  const i = grid.notIncreasingAt;
  if (i !== undefined) throw bad(`${at(source, record)}: the ${what} does not increase at point ${i + 1} (${x[i - 1]} then ${x[i]})`);
  if (grid.worst > MAX_TIME_JITTER * grid.step) {
    throw bad(`${at(source, record)}: uneven abscissa (record 7 field 3 = 0) that is not uniform: point ${grid.at + 1} deviates ${(100 * grid.worst / grid.step).toFixed(1)} % of the mean step; ${what}s must be uniform`);
  }
  return { min: x[0], step: grid.step, count: x.length };
}

/** Refuses two grids that differ (count, step or start), naming both records. */
function sameGrid(a, ra, b, rb, source, what) {
  const s = `${source}: records ${ra.recordNumber} and ${rb.recordNumber} (dataset 58)`;
  if (a.count !== b.count) throw bad(`${s} have ${a.count} and ${b.count} points: the ${what} records must have equal lengths`);
  if (Math.abs(a.step - b.step) > 1e-6 * a.step) throw bad(`${s} have ${what} steps ${a.step} and ${b.step}: the records must share one sampling`);
  if (Math.abs(a.min - b.min) > 1e-3 * a.step) throw bad(`${s} start at ${a.min} and ${b.min}: the records must share one ${what} grid`);
}

/** What the file holds, for a message: "records 1-3 (frequency response function)". */
function inventory(records) {
  const kinds = new Map();
  for (const r of records) {
    const what = r.dataset === 55 ? 'dataset 55' : `function type ${r.functionType}, ${FUNCTION_TYPES[r.functionType] ?? 'other'}`;
    kinds.set(what, [...(kinds.get(what) ?? []), r.recordNumber]);
  }
  return kinds.size === 0 ? 'no dataset 58 or 55' : [...kinds].map(([what, rs]) => `record${rs.length > 1 ? 's' : ''} ${listNames(rs.map(String))} (${what})`).join('; ');
}

/**
 * The time-response records (function type 1) as channels on one grid: {grid: {min, step, count},
 * channels: [{name, kind, node, direction, recordNumber, units, values}], warnings}; names u1..,
 * q1.., v1.., a1.. in file order. `inputs` (['3', '3:1', ...]): the records at these nodes are the
 * inputs, whatever their type. Records that are none of force, displacement, velocity and
 * acceleration are skipped with a warning.
 */
export function uffChannels(parsed, { source = 'file', inputs } = {}) {
  const warnings = [...(parsed.warnings ?? [])];
  const time = parsed.records.filter((r) => r.dataset === 58 && r.functionType === 1);
  // A function type the format does not define (a typo for 1?) is said, not dropped in silence.
  for (const r of parsed.records.filter((x) => x.dataset === 58 && !(x.functionType in FUNCTION_TYPES))) {
    warnings.push(`${at(source, r)} skipped: record 6 field 1 is function type ${r.functionType}, which the format does not define (1 is a time response)`);
  }
  if (time.length === 0) {
    throw bad(`${source}: no time-response records (dataset 58 with record 6 function type 1), which identification needs; the file has ${inventory(parsed.records)}`);
  }
  const chosen = inputs === undefined ? null : inputs.map(nodeSpec);
  const isInput = (r) => chosen.some((c) => c.node === r.responseNode && (c.direction === undefined || c.direction === r.responseDirection));
  const channels = [];
  const counts = { u: 0, q: 0, v: 0, a: 0 };
  let grid = null, first = null;
  for (const r of time) {
    if (r.complex) throw bad(`${at(source, r)}: a time response with complex ordinates (record 7 field 1 = ${r.ordinateType}); time series are real`);
    let kind = channelKind(r);
    if (chosen) kind = isInput(r) ? 'u' : kind === 'u' ? null : kind;
    if (kind === null) {
      const { specificType, units } = r.axes.ordinate;
      warnings.push(`${at(source, r)} skipped: its ordinate is ${SPECIFIC_DATA_TYPES[specificType] ?? `specific data type ${specificType}`}` +
        `${units ? ` in ${quoted(units)}` : ''}, not a force, displacement, velocity or acceleration`);
      continue;
    }
    const g = gridOf(r, source, 'time');
    if (grid) sameGrid(grid, first, g, r, source, 'time');
    else { grid = g; first = r; }
    counts[kind]++;
    channels.push({ name: `${kind}${counts[kind]}`, kind, node: r.responseNode, direction: r.responseDirection, recordNumber: r.recordNumber, units: r.axes.ordinate.units, values: r.values });
  }
  if (!grid) throw bad(`${source}: none of the time-response records is a force, displacement, velocity or acceleration`);
  return { grid, channels, warnings, records: time.length };
}

/** Refuses two channels of one kind at one node and direction (record 6 fields 6-7), naming both records. */
function refuseDuplicates(channels, source) {
  const seen = new Map();
  for (const c of channels) {
    const key = `${c.kind}@${c.node}:${c.direction}`;
    if (seen.has(key)) {
      throw bad(`${source}: records ${seen.get(key).recordNumber} and ${c.recordNumber} (dataset 58) are both the ${c.kind === 'u' ? 'force' : KIND_NAMES[c.kind]} at node ${c.node} direction ${c.direction} (record 6 fields 6-7): remove one, or choose the channels (--input-cols, --output-cols)`);
    }
    seen.set(key, c);
  }
}

const KIND_QUANTITY = { u: 'force', q: 'displacement', v: 'velocity', a: 'acceleration' };

/**
 * The time-response records (function type 1) as a dataset {h, t, u, y, columns, channels,
 * format: 'uff', warnings}, u and y row-major {rows, cols, data} as the CSV reader's: the records
 * as channels (uffChannels: named u1.., q1.., v1.., a1.., on one checked time grid) of a
 * Recording, whose time, inputs and outputs recordingToDataset chooses (the rule of every format).
 * Options: inputs (as uffChannels'), inputCols / outputCols (channel names u1, q2, a1, ...),
 * outputs (the response kind), h (checked against record 7). Two records of one kind at one node
 * and direction are refused (when no columns are chosen).
 */
export function uffToDataset(parsed, { source = 'file', inputs, inputCols, outputCols, outputs, h } = {}) {
  const { grid, channels, warnings, records } = uffChannels(parsed, { source, inputs });
  if (inputCols === undefined && !channels.some((c) => c.kind === 'u')) {
    const listed = channels.map((c) => `${c.name} (record ${c.recordNumber})`);
    throw bad(`${source}: no force record among the ${records} time responses (an input has record 9 field 1 = 13 excitation force, or units N); the file has ${listNames(listed)}`);
  }
  if (outputCols === undefined && !channels.some((c) => c.kind !== 'u')) {
    const skipped = warnings.filter((w) => / skipped: /.test(w));
    if (skipped.length === 0) {
      throw bad(`${source}: every time record is a force (${listNames(channels.map((c) => `record ${c.recordNumber}`))}: record 9 field 1 = 13 or units N), and no displacement, velocity or acceleration record is left as an output: ` +
        'an output record has record 9 field 1 = 8, 11 or 12 (displacement, velocity, acceleration); correct the records\' types or choose the outputs (--output-cols)');
    }
    throw bad(`${source}: no displacement, velocity or acceleration record is left among the ${records} time responses${skipped.length ? ` (${skipped.map((w) => w.replace(`${source}: `, '')).join('; ')})` : ''}`);
  }
  if (inputCols === undefined && outputCols === undefined) refuseDuplicates(channels, source);
  const recording = {
    format: 'uff', variant: parsed.records.some((r) => r.binary) ? '58b' : '58', parameters: {}, notes: warnings,
    channels: channels.map((c) => ({
      name: c.name, quantity: KIND_QUANTITY[c.kind], unit: c.units, values: c.values, h: grid.step, start: grid.min,
      meta: { node: c.node, direction: c.direction, record: c.recordNumber },
    })),
  };
  const data = recordingToDataset(recording, { source, inputCols, outputCols, outputs, h });
  // every time-response channel of the file (not only those used), as before the Recording
  return { ...data, channels: channels.map(({ values, ...c }) => ({ ...c, quantity: KIND_QUANTITY[c.kind], unit: c.units })) };
}

/**
 * The FRF records (function type 4) as {freq_hz: Float64Array, H, outputs, inputs, warnings}:
 * H[i][k] the FRF of output i (response node and direction, record 6 fields 6-7) to input k
 * (reference node and direction, fields 9-10), an array of [re, im] per frequency. Every pair
 * must be present once, on one frequency grid.
 */
export function uffToFrf(parsed, source = 'file') {
  const frfs = parsed.records.filter((r) => r.dataset === 58 && r.functionType === 4);
  if (frfs.length === 0) throw bad(`${source}: no FRF records (dataset 58 with record 6 function type 4); the file has ${inventory(parsed.records)}`);
  const key = (node, direction) => `${node}:${direction}`;
  const outputs = [], inputs = [];
  const index = (list, node, direction) => {
    let k = list.findIndex((d) => d.node === node && d.direction === direction);
    if (k < 0) k = list.push({ node, direction }) - 1;
    return k;
  };
  let freq = null, first = null;
  const cells = new Map();
  for (const r of frfs) {
    const grid = r.abscissa instanceof Float64Array ? r.abscissa : Float64Array.from({ length: r.abscissa.count }, (_, i) => r.abscissa.min + i * r.abscissa.step);
    if (freq) {
      const s = `${source}: records ${first.recordNumber} and ${r.recordNumber} (dataset 58)`;
      if (grid.length !== freq.length) throw bad(`${s} have ${freq.length} and ${grid.length} frequencies: the FRFs must share one frequency grid`);
      const scale = Math.abs(freq[freq.length - 1]) || 1;
      const i = grid.findIndex((f, j) => Math.abs(f - freq[j]) > 1e-6 * scale);
      if (i >= 0) throw bad(`${s} differ at frequency ${i + 1} (${freq[i]} and ${grid[i]} Hz): the FRFs must share one frequency grid`);
    } else { freq = grid; first = r; }
    const i = index(outputs, r.responseNode, r.responseDirection);
    const k = index(inputs, r.referenceNode, r.referenceDirection);
    const id = `${i},${k}`;
    if (cells.has(id)) {
      throw bad(`${source}: records ${cells.get(id).recordNumber} and ${r.recordNumber} (dataset 58) are both the FRF of response ${key(r.responseNode, r.responseDirection)} to reference ${key(r.referenceNode, r.referenceDirection)}`);
    }
    cells.set(id, r);
  }
  const H = outputs.map((o, i) => inputs.map((input, k) => {
    const r = cells.get(`${i},${k}`);
    if (!r) throw bad(`${source}: no FRF of response ${key(o.node, o.direction)} to reference ${key(input.node, input.direction)}: the file's FRFs must make a full matrix (outputs × inputs)`);
    const { values } = r;
    return Array.from({ length: freq.length }, (_, j) => (r.complex ? [values.re[j], values.im[j]] : [values[j], 0]));
  }));
  return { freq_hz: freq, H, outputs, inputs, warnings: [...(parsed.warnings ?? [])] };
}

/**
 * The modes of the dataset 55 records of analysis type 2 (normal mode: record 8 frequency Hz and
 * viscous damping ratio) and 3 or 7 (complex eigenvalue λ = record 8 fields 1-2: frequency
 * |λ|/2π, damping ratio -Re λ/|λ|, by the core: Mechid.poleFrequency): [{modeNumber, freq_hz,
 * zeta, eigenvalue?, nodes, shape, recordNumber}], shape[j] = [re, im] of node j's value in
 * `direction` (1 X, 2 Y, 3 Z: the component of a 3- or 6-value vector; a scalar's only value).
 * mechid: the Mechid instance (default: the thread's, wasm/core-instance.js).
 */
export function uffToModes(parsed, { source = 'file', direction = 1, mechid } = {}) {
  const modes = parsed.records.filter((r) => r.dataset === 55 && [2, 3, 7].includes(r.analysisType));
  if (modes.length === 0) throw bad(`${source}: no mode shapes (dataset 55 of analysis type 2, 3 or 7); the file has ${inventory(parsed.records)}`);
  return modes.map((r) => {
    const component = r.ndv === 1 ? 0 : Math.abs(direction) - 1;
    if (component >= r.ndv) throw bad(`${source}: record ${r.recordNumber} (dataset 55) has ${r.ndv} values per node, no direction ${direction}`);
    const mode = { modeNumber: r.modeNumber, recordNumber: r.recordNumber, nodes: r.nodes.map((n) => n.node), shape: r.nodes.map((n) => n.values[component]) };
    if (r.analysisType === 2) {
      const [freq, , zeta] = r.reals;
      return { ...mode, freq_hz: freq, zeta: zeta ?? 0 };
    }
    const [re, im] = r.reals;
    const { freq_hz, zeta } = coreFor('uffToModes', mechid).poleFrequency(Number(re), Number(im));
    return { ...mode, freq_hz, zeta, eigenvalue: [re, im] };
  });
}
