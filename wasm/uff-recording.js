// A universal file (wasm/uff.js parseUff) as a Recording (wasm/recording.js): every dataset 58
// function is a channel. Time responses (record 6 function type 1) are named as a measurement
// CSV's columns, u1.. (forces), q1.., v1.., a1.. (responses) in file order, and x1.. for the
// others (pressure, strain, voltage...); frequency functions (FRF, spectra, coherence: function
// types 2-9) are channels on a frequency axis named H1.. (FRFs) and G1.. (the others), complex
// when the record is. The quantity comes from record 9 field 1 (specific data type), else from
// the units label (recording.js quantityOf); meta keeps node, direction and record number.
import { quantityOf } from './recording.js';
import { channelKind, uffToDataset } from './uff-convert.js';
import { SPECIFIC_DATA_TYPES } from './uff.js';
import { MAX_TIME_JITTER, uniformGrid } from './time-grid.js';

const KIND_QUANTITY = { u: 'force', q: 'displacement', v: 'velocity', a: 'acceleration' };
const DIRECTIONS = { 1: '+X', 2: '+Y', 3: '+Z', 4: '+RX', 5: '+RY', 6: '+RZ', '-1': '-X', '-2': '-Y', '-3': '-Z', '-4': '-RX', '-5': '-RY', '-6': '-RZ' };

/** The spacing and start of a record's abscissa: {h, start} (uneven ones within MAX_TIME_JITTER of a grid), or {note}. */
function spacingOf(r, source, axis) {
  const x = r.abscissa;
  if (!(x instanceof Float64Array)) return { h: x.step, start: x.min };
  if (x.length < 2) return { start: x[0] };
  const grid = uniformGrid(x);
  const at = `${source}: record ${r.recordNumber} (dataset 58)`;
  if (grid.notIncreasingAt !== undefined) return { note: `${at}: its ${axis} abscissa does not increase at point ${grid.notIncreasingAt + 1}` };
  if (grid.worst > MAX_TIME_JITTER * grid.step) {
    return { start: x[0], note: `${at}: uneven ${axis} abscissa (record 7 field 3 = 0), point ${grid.at + 1} ${(100 * grid.worst / grid.step).toFixed(1)} % of the mean step off a uniform grid` };
  }
  return { h: grid.step, start: x[0] };
}

/** The quantity of a record's ordinate: record 9 field 1, else its units label, else 'other'. */
function quantityOfRecord(r) {
  const kind = channelKind(r);
  if (kind) return KIND_QUANTITY[kind];
  return quantityOf('', r.axes.ordinate.units);
}

/**
 * The Recording of a parsed universal file: {format: 'uff', variant ('58', '58b' or 'geometry'),
 * channels, parameters, datasets: {TYPE: count}, geometry: {nodes, lines, elements} (counts),
 * geometryData (the arrays), units (dataset 164), header (151), modes (the 55 records), notes}.
 * Two time responses of one kind at one node and direction are named in a note (identify refuses
 * to choose between them: uff-convert.js).
 */
export function uffRecording(parsed, source = 'file') {
  const notes = [...(parsed.warnings ?? [])];
  const channels = [];
  const counts = {};
  const name = (prefix) => `${prefix}${(counts[prefix] = (counts[prefix] ?? 0) + 1)}`;
  const seen = new Map();  // kind@node:direction -> record number
  const functions = parsed.records.filter((r) => r.dataset === 58);
  for (const r of functions) {
    const time = r.functionType === 1 || r.functionType === 0 && r.axes.abscissa.specificType === 17;
    const axis = time ? 'time' : 'frequency';
    const { h, start, note } = spacingOf(r, source, axis);
    if (note) notes.push(note);
    const quantity = quantityOfRecord(r);
    const kind = channelKind(r);
    const prefix = time ? (kind && !r.complex ? kind : 'x') : r.functionType === 4 ? 'H' : 'G';
    const meta = {
      record: r.recordNumber, node: r.responseNode, direction: r.responseDirection,
      ...(time ? {} : { referenceNode: r.referenceNode, referenceDirection: r.referenceDirection }),
      functionType: r.functionType, ...(SPECIFIC_DATA_TYPES[r.axes.ordinate.specificType] ? { ordinate: SPECIFIC_DATA_TYPES[r.axes.ordinate.specificType] } : {}),
      ...(r.ids[0] && r.ids[0] !== 'NONE' ? { id: r.ids[0] } : {}),
    };
    const channel = {
      name: name(prefix), quantity, unit: r.axes.ordinate.units, values: r.complex ? r.values.re : r.values,
      ...(r.complex ? { imag: r.values.im } : {}), ...(h !== undefined ? { h } : {}), ...(start !== undefined ? { start } : {}),
      ...(time ? {} : { axis }), meta,
    };
    if (time && kind) {
      const key = `${kind}@${r.responseNode}:${r.responseDirection}`;
      if (seen.has(key)) {
        notes.push(`${source}: records ${seen.get(key)} and ${r.recordNumber} (dataset 58) are both the ${quantity} at node ${r.responseNode} direction ${DIRECTIONS[r.responseDirection] ?? r.responseDirection} (record 6 fields 6-7)`);
      } else seen.set(key, r.recordNumber);
    }
    channels.push(channel);
  }
  const modes = parsed.records.filter((r) => r.dataset === 55);
  if (modes.length) notes.push(`${source}: ${modes.length} dataset 55 record${modes.length > 1 ? 's' : ''} (data at nodes${modes.some((m) => [2, 3, 7].includes(m.analysisType)) ? ': mode shapes, read by mechid modes and the MAC' : ''})`);
  const g = parsed.geometry ?? { nodes: [], lines: [], elements: [] };
  const variant = functions.length === 0 ? (g.nodes.length ? 'geometry' : modes.length ? '55' : 'uff') : functions.some((r) => r.binary) ? '58b' : '58';
  const parameters = {};
  if (parsed.units) {
    const u = parsed.units;
    Object.assign(parameters, { 'units.length': u.length, 'units.force': u.force, 'units.temperature': u.temperature });
    notes.push(`${source}: units (dataset 164): code ${u.code}, ${u.system}${u.description ? ` "${u.description}"` : ''}; factors into SI: length ${u.length}, force ${u.force}, temperature ${u.temperature} (offset ${u.temperatureOffset})`);
  }
  const recording = {
    format: 'uff', variant, channels, parameters, datasets: parsed.datasets ?? {},
    geometry: { nodes: g.nodes.length, lines: g.lines.length, elements: g.elements.length }, geometryData: g,
    ...(parsed.units ? { units: parsed.units } : {}), ...(parsed.header ? { header: parsed.header } : {}),
    ...(modes.length ? { modes } : {}), notes,
    where: (i) => `point ${i + 1} of record 12`,
  };
  Object.defineProperty(recording, 'parsed', { value: parsed, enumerable: false });  // for uffRecordingToDataset
  return recording;
}

/**
 * identify's dataset of a universal file's Recording: uffToDataset (the time records on one
 * checked grid, the UFF messages naming records and fields), which chooses the columns with
 * recordingToDataset as every format does. mapping as recordingToDataset's (h only without timeCol).
 */
export function uffRecordingToDataset(recording, { source, inputCols, outputCols, outputs, h, timeCol } = {}) {
  return uffToDataset(recording.parsed, { source, inputCols, outputCols, outputs, h: timeCol ? undefined : h });
}
