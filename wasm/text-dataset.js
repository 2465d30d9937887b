// The dataset of a measurement text file for identify, until every reader's Recording goes
// through recordingToDataset: the CSV reader (wasm/csv.js) first, as always; when it refuses the
// file, the text reader (wasm/text.js: blanks, a units row, bracketed rows, comment lines, names
// with units) is tried, and what it reads becomes the dataset by the CSV reader's one column rule
// (DatasetBuilder: the time, input and output columns by name, the time checked or resampled),
// its notes among the warnings. When the text reader refuses the file too, the CSV reader's
// message stands (it names the line and the column as the user's file has them).
import { DatasetBuilder, parseDatasetCsv, parseDatasetFile } from './csv.js';
import { MechidError } from './errors.js';
import { looksLikeLvm, readLvm, readLvmBytes } from './lvm.js';
import { readText, readTextBytes } from './text.js';

/** The dataset of a Recording's channels with mapping {timeCol, inputCols, outputCols, outputs, h, resample}. */
export function datasetFromRecording(recording, mapping) {
  const header = recording.channels.map((c) => c.name);
  const builder = new DatasetBuilder({ ...mapping, header, delimiter: recording.delimiter ?? recording.variant });
  builder.fill(recording);
  return builder.finish();
}

// The text reader's dataset after the CSV reader's refusal `csvError`, or that refusal.
function orText(csvError, read, mapping) {
  if (!(csvError instanceof MechidError) || csvError.code !== 'bad-input') throw csvError;
  let recording;
  try {
    recording = read();
  } catch {
    throw csvError;
  }
  // A file without names in its first line: the CSV reader's message says to add a header row.
  const finish = (r) => {
    try {
      return datasetFromRecording(r, mapping);
    } catch (e) {
      throw r.channels.every((c, k) => c.name === `column ${k + 1}`) ? csvError : e;
    }
  };
  return recording instanceof Promise ? recording.then(finish, () => { throw csvError; }) : finish(recording);
}

/** parseDatasetCsv's dataset (its options), or the text reader's when the CSV reader refuses the text. */
export function parseDatasetText({ Papa, text, ...mapping }) {
  try {
    return parseDatasetCsv({ Papa, text, ...mapping });
  } catch (e) {
    const read = looksLikeLvm(text) ? readLvmBytes : readTextBytes;
    return orText(e, () => read(new TextEncoder().encode(text), mapping.source), mapping);
  }
}

/** parseDatasetFile's dataset (its options: a File or Blob streamed), or the text reader's (streamed too). */
export async function parseDatasetTextFile({ Papa, file, onProgress, chunkSize, detectHeader, ...mapping }) {
  try {
    return await parseDatasetFile({ Papa, file, onProgress, chunkSize, detectHeader, ...mapping });
  } catch (e) {
    const head = new TextDecoder().decode(await file.slice(0, 64).arrayBuffer());
    const read = looksLikeLvm(head) ? readLvm : readText;
    return orText(e, () => read(file, mapping.source, { onProgress }), mapping);
  }
}
