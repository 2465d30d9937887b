// The page's first look at a text record (the worker's csvColumns): the channels of its first
// `headBytes` bytes (whole lines) read by wasm/text.js or wasm/lvm.js, in the shape the Data
// step shows: {name, header (the channels' names), units, hasHeader, delimiter, variant, notes,
// preview (5 rows of cells), columns (the first 2000 values of the first `plotted` channels, null
// for the others)}. The reader's refusal of the head is thrown as it says it.
import { badInput } from './errors.js';
import { looksLikeLvm, readLvm } from './lvm.js';
import { headOf, readText } from './text.js';

const PREVIEW_SAMPLES = 2000;

export async function textColumns(file, headBytes, plotted) {
  let bytes = new Uint8Array(await file.slice(0, headBytes).arrayBuffer());
  if (file.size > headBytes) {
    const end = Math.max(bytes.lastIndexOf(10), bytes.lastIndexOf(13));
    if (end < 0) {
      throw badInput(`${file.name}: no line break in the first ${headBytes} bytes (the file has ${(file.size / 2 ** 20).toPrecision(3)} MiB): `
        + 'a measurement file has one line per sample; is this the right file?');
    }
    bytes = bytes.subarray(0, end + 1);
  }
  const recording = looksLikeLvm((await headOf(bytes)).text) ? await readLvm(bytes, file.name) : await readText(bytes, file.name);
  const { channels } = recording;
  const n = Math.min(PREVIEW_SAMPLES, ...channels.map((c) => c.values.length));
  const columns = channels.map((c, k) => (k < plotted ? c.values.slice(0, n) : null));
  const preview = Array.from({ length: Math.min(5, n) }, (_, i) => channels.map((c) => String(c.values[i])));
  return {
    name: file.name, header: channels.map((c) => c.name), units: channels.map((c) => c.unit),
    hasHeader: !channels.every((c, k) => c.name === `column ${k + 1}`), delimiter: recording.delimiter ?? recording.variant,
    variant: `${recording.format} ${recording.variant}`, notes: recording.notes, preview, columns,
  };
}
