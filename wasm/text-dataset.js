// The dataset of a measurement text file for identify: the CSV reader (wasm/csv.js) first, as
// always; when it refuses the file, the text reader (wasm/text.js: blanks, a units row, bracketed
// rows, comment lines, names with units) is tried, and its Recording becomes the dataset by the
// one rule of every reader (recording.js recordingToDataset), its notes among the warnings. The
// CSV reader's message stands when the text reader refuses the file too, and when both read the
// same column names (or the text reader found none): then the file's dialect was not the problem,
// and that message names the line and the column as the CSV reader has always named them.
import { decodeText, guessDelimiter, parseDatasetCsv, parseDatasetFile } from './csv.js';
import { MechidError } from './errors.js';
import { recordingToDataset } from './recording.js';
import { readText, readTextBytes } from './text.js';

// The names of the CSV reader's header (its first line), as it reads them.
function csvHeader(Papa, head) {
  const first = head.split(/\r\n|\r|\n/, 1)[0] ?? '';
  const row = Papa.parse(first, { delimiter: guessDelimiter(head) }).data[0] ?? [];
  return row.map((cell) => String(cell).trim());
}

// The text reader's dataset after the CSV reader's refusal `csvError`, or that refusal.
function orText(csvError, read, mapping, header) {
  if (!(csvError instanceof MechidError) || csvError.code !== 'bad-input') throw csvError;
  const finish = (r) => {
    try {
      return recordingToDataset(r, mapping);
    } catch (e) {
      const names = r.channels.map((c) => c.name);
      const unnamed = names.every((name, k) => name === `column ${k + 1}`);
      throw unnamed || names.join('\u0000') === header.join('\u0000') ? csvError : e;
    }
  };
  let recording;
  try {
    recording = read();
  } catch {
    throw csvError;
  }
  return recording instanceof Promise ? recording.then((r) => finish(r), (e) => { throw e instanceof MechidError ? csvError : e; }) : finish(recording);
}

/** parseDatasetCsv's dataset (its options), or the text reader's when the CSV reader refuses the text. */
export function parseDatasetText({ Papa, text, ...mapping }) {
  try {
    return parseDatasetCsv({ Papa, text, ...mapping });
  } catch (e) {
    return orText(e, () => readTextBytes(new TextEncoder().encode(text), mapping.source), mapping, csvHeader(Papa, text.slice(0, 65536)));
  }
}

/** parseDatasetFile's dataset (its options: a File or Blob streamed), or the text reader's (streamed too). */
export async function parseDatasetTextFile({ Papa, file, onProgress, chunkSize, detectHeader, ...mapping }) {
  try {
    return await parseDatasetFile({ Papa, file, onProgress, chunkSize, detectHeader, ...mapping });
  } catch (e) {
    const head = decodeText(new Uint8Array(await file.slice(0, 65536).arrayBuffer())).text;
    return orText(e, () => readText(file, mapping.source, { onProgress }), mapping, csvHeader(Papa, head));
  }
}
