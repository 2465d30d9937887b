// What the numbers of a result are: the names, quantities and units of the channels chosen as
// inputs and outputs of a record (wasm/recording.js recordingToDataset), carried from the dataset
// to every result the CLI and the page write: the `channels` key of the JSON, the channel column
// of the page's CSV, the labels of FRFs ("H(Accel wing/Force) [g/N]") and the records 8-11, ID
// lines and nodes of the universal files written (wasm/uff-write.js). Only labels: no number
// depends on them.
import { quantityOf } from './recording.js';

/** The SI unit of each quantity: a column whose file states no unit is read as SI (docs/cli.md). */
export const SI_UNITS = { time: 's', force: 'N', displacement: 'm', velocity: 'm/s', acceleration: 'm/s^2', voltage: 'V', other: '' };

// Universal file records 8-11 field 1 (specific data type) of each quantity (SDRC dataset 58;
// 1 "general" for what has no code of its own, its units label saying what it is).
const UFF_TYPES = { time: 17, force: 13, displacement: 8, velocity: 11, acceleration: 12, voltage: 1, other: 1 };

// The unit of a channel's numbers: as stated (the file's unit); the SI unit of its quantity when
// the file states none, or when a factor other than ±1 (--scale, the page's unit choice) put it in SI.
function unitOf(stated, quantity, factor) {
  if (factor !== undefined && Math.abs(factor) !== 1) return SI_UNITS[quantity] ?? '';
  return stated || (SI_UNITS[quantity] ?? '');
}

/**
 * The chosen channels of a dataset (readRecord's or recordingToDataset's: its columns, the channels
 * the file describes, and dataset.inputScale / outputScale, the factors the core applies):
 * {inputs: [{name, quantity, unit[, node, direction]}], outputs: [...]}. `outputs`: the response
 * kind the result used (a kind, or one per output: --response, --outputs, the page's choice),
 * else the quantity the file states, else the one its name says (q1, a2, Force).
 * node and direction: the universal file's record 6, when the channel came from one.
 */
export function resultChannels(data, { outputs = data.dataset?.outputs ?? data.outputs } = {}) {
  const stated = new Map((data.channels ?? []).map((c) => [c.name, c]));
  const scale = data.dataset ?? {};
  const one = (name, factor, kind) => {
    const c = stated.get(name) ?? {};
    const quantity = kind ?? (c.quantity && c.quantity !== 'other' ? c.quantity : quantityOf(name, c.unit));
    const node = c.meta?.node ?? c.node, direction = c.meta?.direction ?? c.direction;
    return { name, quantity, unit: unitOf(c.unit, quantity, factor), ...(node !== undefined ? { node, direction } : {}) };
  };
  const kinds = ['displacement', 'velocity', 'acceleration'];
  const kindOf = (j) => {
    const k = Array.isArray(outputs) ? outputs[j] : outputs;
    return kinds.includes(k) ? k : undefined;
  };
  return {
    inputs: data.columns.inputs.map((name, k) => one(name, scale.inputScale?.[k], undefined)),
    outputs: data.columns.outputs.map((name, j) => one(name, scale.outputScale?.[j], kindOf(j))),
  };
}

/** "Accel wing [g]": a channel's name and unit (the name alone when it has no unit). */
export const channelLabel = (c) => (c.unit ? `${c.name} [${c.unit}]` : c.name);

/** "H(Accel wing/Force) [g/N]": the label of the FRF of output `out` to input `input`. */
export const frfLabel = (out, input) => `H(${out.name}/${input.name})${out.unit || input.unit ? ` [${out.unit || '1'}/${input.unit || '1'}]` : ''}`;

/** Records 8-11 of a universal file for a channel: [specific data type, axis label (its name), units label]. */
export const uffAxis = (c) => [UFF_TYPES[c.quantity] ?? 1, c.name, c.unit ?? ''];

/** Record 6's node and direction of channel k: the universal file's, when it came from one, else k + 1 and +X. */
export const uffPoint = (c, k) => ({ node: c?.node ?? k + 1, direction: c?.direction ?? 1 });
