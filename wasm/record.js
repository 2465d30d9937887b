// One reader of a measurement record for every host (the page's worker and the CLI): a file of any
// format of wasm/readers.js (recognised by its first bytes: MAT, UFF, WAV, TDMS, LVM; else text,
// CSV and its dialects) read into a Recording, then into the dataset identify takes by the one
// rule of every format (wasm/recording.js recordingToDataset), and one call of identify with the
// training runs and the held-out (validation) runs. The columns' units and factors travel as
// factors per column (inputScale, outputScale): the core applies them.
import { looksLikeUff } from './uff.js';
import { SNIFF_BYTES, readerOf } from './readers.js';
import { recordingToDataset } from './recording.js';
import { blobBytes } from './blob-bytes.js';

const isBlob = (source) => typeof Blob !== 'undefined' && source instanceof Blob;

/** A universal file by its name (.uff, .unv) or by its first bytes (a line -1); else a CSV. */
export const isUffRecord = (name, head) => /\.(uff|unv)$/i.test(name) || looksLikeUff(head);

// The bytes of a File or Blob (the first `count`, or all).
async function bytesOf(source, count) {
  if (!isBlob(source)) return source;
  return blobBytes(source, 0, count);
}

// The factor of each column into SI: the unit of its kind (forceScale for inputs, outputScale for
// outputs; 1 when absent) times its own factor (inputFactors / outputFactors by position, or
// `scale`, a Map by column name). Stated by the user; the core multiplies the samples.
function columnFactors(names, unit = 1, factors = [], scale = new Map()) {
  return names.map((name, j) => unit * (factors[j] ?? scale.get(name) ?? 1));
}

/**
 * The Recording (wasm/recording.js) of a file of any format of wasm/readers.js (text when no
 * other reader recognises it): `source` a File or Blob (read in chunks, or in place) or the bytes,
 * named `name`; onProgress(fraction read) while it is read.
 */
export async function readRecording(source, name, { onProgress } = {}) {
  return readBy(readerOf(name, await bytesOf(source, SNIFF_BYTES)), source, name, onProgress);
}

// The Recording of `source` read by `reader` (a Blob itself when the reader reads in place).
// Bytes read here from a File or Blob are the reader's own (`owned`: it may use them in place).
const readBy = async (reader, source, name, onProgress) => reader.read(reader.blob && isBlob(source) ? source : await bytesOf(source), name, { onProgress, owned: isBlob(source) });

/**
 * The measurement record `source` (a File or Blob, streamed with onProgress(fraction read); or
 * the bytes of a file) named `name`, read with `mapping`: the channels' choice {timeCol,
 * inputCols, outputCols, outputs, h, resample, byColumn} (recordingToDataset's, after a format's
 * own checks, e.g. UFF's, which ignore byColumn), {inputSampling, outputs, cutoffHz} for identify, and the units and factors
 * {forceScale, outputScale, inputFactors, outputFactors, scale}. Returns the reader's data (u and
 * y as in the file; a text file's delimiter and decimalComma) with `name` and `dataset`: the
 * record for identify, {name, h, u, y, inputSampling, outputs, cutoffHz, inputScale, outputScale}.
 * (Papa in the last argument, once the CSV parser, is accepted and ignored.)
 */
export async function readRecord(source, name, mapping = {}, { onProgress } = {}) {
  const { timeCol, inputCols, outputCols, outputs, h, resample, byColumn } = mapping;
  const { inputSampling = 'auto', cutoffHz } = mapping;
  const reader = readerOf(name, await bytesOf(source, SNIFF_BYTES));
  const recording = await readBy(reader, source, name, onProgress);
  const toDataset = reader.toDataset ?? recordingToDataset;  // a format's own checks and messages first (UFF)
  const data = toDataset(recording, { source: name, timeCol, inputCols, outputCols, outputs, h, resample, byColumn });
  const dataset = {
    name, h: data.h, u: data.u, y: data.y, inputSampling, outputs: data.outputs ?? outputs, cutoffHz,
    inputScale: columnFactors(data.columns.inputs, mapping.forceScale, mapping.inputFactors, mapping.scale),
    outputScale: columnFactors(data.columns.outputs, mapping.outputScale, mapping.outputFactors, mapping.scale),
  };
  const dialect = recording.format === 'text' ? { delimiter: recording.delimiter, decimalComma: recording.decimalComma } : {};
  return { ...dialect, ...data, name, dataset };
}

/**
 * identify(method) on records read by readRecord, each with a role ('validation': kept back,
 * anything else: trained on): one call with the training runs (one record, or a list of runs)
 * and the validation runs in options.validation, whose fits come back in the result's
 * validation_records. The core checks that they are runs of one experiment.
 */
export function identifyRecords(api, method, records, options = {}, truth = undefined) {
  const training = records.filter((r) => r.role !== 'validation').map((r) => r.dataset);
  const validation = records.filter((r) => r.role === 'validation').map((r) => r.dataset);
  const o = validation.length ? { ...options, validation } : options;
  return api.identify(method, training.length === 1 ? training[0] : training, o, truth);
}
