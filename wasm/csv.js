// Measurement CSV -> dataset {h, t, u, y, columns, outputs, channels, delimiter, decimalComma,
// warnings} for identification: the text reader (wasm/text.js: every dialect, rows checked as
// they arrive, a File streamed in chunks) and the one rule of every reader that chooses the time,
// input and output channels (wasm/recording.js recordingToDataset). Format (docs/interfaces.md): a
// header row, then one row per sample; columns t (s, uniform), u1..uk (forces), q1..qn
// (displacements); other names when mapped (timeCol, inputCols, outputCols). Every refusal names
// the file, the line and the column.
//
// Also the names the CSV reader has always exported, now defined where they are computed: the
// syntax of a number (cell-number.js), the checks of text (text-check.js), the time axis
// (time-grid.js) and the default output columns (recording.js).
import { recordingToDataset } from './recording.js';
import { readText, readTextBytes } from './text.js';

export { cellNumber, notANumber, parseDecimal } from './cell-number.js';
export { checkText, decodeText, MAX_HEADER_CHARS } from './text-check.js';
export { MAX_TIME_JITTER, printedResolution, uniformGrid, uniformTime } from './time-grid.js';
export { defaultOutputColumns, OUTPUT_PREFIXES, outputColumnPattern } from './recording.js';

/** The dataset of a text Recording read with `mapping` (recordingToDataset's), with its dialect. */
export const textDataset = (recording, mapping) => ({
  ...recordingToDataset(recording, mapping), delimiter: recording.delimiter, decimalComma: recording.decimalComma,
});

/**
 * @param {object} p
 * @param {string} p.text       file contents
 * @param {string} p.source     file name for messages
 * @param {string} [p.timeCol]  default 't', else the first channel of quantity time
 * @param {string[]} [p.inputCols]   default u1..uk, else the channels in N ([] explicitly: no inputs)
 * @param {string[]} [p.outputCols]  default recording.js defaultOutputs(channels, p.outputs)
 * @param {string} [p.outputs]       the outputs' kind: 'displacement', 'velocity', 'acceleration', or
 *                                   'any'; default: displacements, else the one kind the file holds
 * @param {number} [p.h]        needed when there is no time column
 * @param {boolean} [p.resample]  put an uneven time column on a uniform grid
 * (p.Papa, the PapaParse module this reader once used, is accepted and ignored.)
 */
export function parseDatasetCsv({ text, ...mapping }) {
  return textDataset(readTextBytes(new TextEncoder().encode(text), mapping.source), mapping);
}

/**
 * The same from a File or Blob (browser or worker), streamed in chunks of `chunkSize` bytes so
 * that large files need not be held as text; onProgress(fraction read) after each chunk. A first
 * row of numbers is data, and the columns are `column 1` … (detectHeader is accepted, and always so).
 */
export async function parseDatasetFile({ file, onProgress, chunkSize, detectHeader, ...mapping }) {
  return textDataset(await readText(file, mapping.source, { onProgress, chunkSize }), mapping);
}
