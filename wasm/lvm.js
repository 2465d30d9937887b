// A LabVIEW measurement file (.lvm, the text written by LabVIEW's "Write To Measurement File")
// read into a Recording (wasm/recording.js). Layout (National Instruments, "The LabVIEW
// Measurement File Format", LVM writer version 2): a file header from the line "LabVIEW
// Measurement" to "***End_of_Header***" (Separator Tab or Comma, Decimal_Separator, X_Columns
// No/One/Multi, …); then per segment a header (Channels, Samples, Y_Unit_Label, X_Dimension, X0,
// Delta_X: one cell per channel) ending in "***End_of_Header***", a line of column names
// (X_Value, the channels, Comment) and the rows. The first segment is read; later ones are noted.
import { MechidError, quoted } from './errors.js';
import { cellNumber } from './cell-number.js';
import { checkText } from './text-check.js';
import { quantityOf } from './recording.js';
import { forEachLines, forEachLinesSync, headOf, headOfBytes, RowReader } from './text.js';

const bad = (message) => new MechidError('bad-input', message);
const END = '***End_of_Header***';
/** Header lines read before the column names at most (a file header has ~12, a segment's ~10). */
const MAX_HEADER_LINES = 1000;

/** A LabVIEW measurement file by its first line. */
export const looksLikeLvm = (head) => /^(\ufeff)?LabVIEW Measurement/.test(head);

/**
 * The reading of an LVM file named `name` from its head (text.js headOf): {onLines (for
 * forEachLines), finish() → the Recording {format: 'lvm', variant
 * ('tab' or 'comma', with ', decimal comma'), channels (X_Value as a 'time' channel when the rows
 * hold it; each channel's h = Delta_X and start = X0), parameters (the file header's numbers),
 * notes, where}}.
 */
function lvmReading(head, name) {
  checkText(head.text, name);
  if (!looksLikeLvm(head.text)) throw bad(`${name}: not a LabVIEW measurement file (its first line is not "LabVIEW Measurement")`);
  const separator = /^(\ufeff)?LabVIEW Measurement,/.test(head.text) ? ',' : '\t';
  const file = {}, segment = {}, notes = [];
  let phase = 'file', reader = null, columns = null, stopped = false, line0 = 0;
  const cellsOf = (text) => text.split(separator).map((c) => c.trim());
  const header = (text, line) => {
    const cells = cellsOf(text);
    if (cells[0] === END) {
      phase = phase === 'file' ? 'segment' : 'names';
      return;
    }
    if (line > MAX_HEADER_LINES) throw bad(`${name}: no "${END}" and column names in the first ${MAX_HEADER_LINES} lines`);
    if (cells[0] === '') return;
    (phase === 'file' ? file : segment)[cells[0]] = cells.slice(1);
  };
  const start = (text, line) => {
    const decimalComma = (file.Decimal_Separator?.[0] ?? '.') === ',';
    const names = cellsOf(text);
    if (names.length > 1 && names[names.length - 1] === '') names.pop();
    const xColumns = file.X_Columns?.[0] ?? 'One';
    const perChannel = (key) => (segment[key] ?? []).filter((c) => c !== '');
    const units = perChannel('Y_Unit_Label'), x0 = perChannel('X0'), dx = perChannel('Delta_X'), dims = perChannel('X_Dimension');
    const number = (cell) => cellNumber(cell ?? '', decimalComma);
    let y = 0, xSeen = 0;
    columns = names.map((n) => {
      if (n === 'Comment') return { name: n, keep: false };
      if (n === 'X_Value') {
        xSeen += 1;
        const time = (dims[0] ?? 'Time') === 'Time';
        return { name: time ? 'Time' : 'X', unit: time ? 's' : '', quantity: time ? 'time' : 'other', keep: xColumns !== 'No' && xSeen === 1 };
      }
      const k = y++;
      const extra = {};
      const h = number(dx[k]);
      if (Number.isFinite(h) && !(h > 0)) throw bad(`${name}: channel ${quoted(n)}: Delta_X ${quoted(dx[k])} is not a positive sample spacing`);
      if (Number.isFinite(h)) extra.h = h;
      if (Number.isFinite(number(x0[k]))) extra.start = number(x0[k]);
      return { name: n, unit: units[k] ?? '', keep: true, extra };
    });
    if (xSeen > 1 && xColumns !== 'No') notes.push(`${xSeen - 1} more X_Value columns (one per channel) skipped: the first one is the time of every channel`);
    if (y === 0 || names.every((n) => n === '')) throw bad(`${name}: line ${line}: no channel names after "${END}"`);
    reader = new RowReader({
      source: name, delimiter: separator, decimalComma, columns: columns.map((c) => ({ ...c, quantity: c.quantity ?? quantityOf(c.name, c.unit) })),
      keep: columns.map((c) => c.keep), firstDataLine: line + 1, dropEmpty: true,
      minCells: names[names.length - 1] === 'Comment' ? names.length - 1 : names.length,
    });
    phase = 'data';
    line0 = line;
  };
  const onLines = (lines, first) => {
    if (stopped) return;
    let j = 0;
    for (; j < lines.length && phase !== 'data'; j++) {
      if (phase === 'names') start(lines[j], first + j);
      else header(lines[j], first + j);
    }
    if (phase !== 'data') return;
    // The rows up to the next segment's header (a line "Channels" or "***End_of_Header***").
    let end = j;
    while (end < lines.length && !/^(Channels|\*\*\*End_of_Header\*\*\*)/.test(lines[end])) end++;
    const firstIndex = reader.firstDataLine - first;
    reader.add(lines.slice(Math.max(0, Math.min(j, firstIndex)), end), first + Math.max(0, Math.min(j, firstIndex)));
    if (end < lines.length) {
      stopped = true;
      notes.push(`the file has more segments after line ${first + end - 1}: only the first is read`);
    }
  };
  const finish = () => {
    if (!reader) throw bad(`${name}: the file ends before its column names (a LabVIEW measurement file has two "${END}" lines, then X_Value and the channel names)`);
    if (reader.lines.length === 0) throw bad(`${name}: no rows of numbers after the column names (line ${line0})`);
    for (const c of reader.empty) notes.push(`channel ${quoted(c)} has no values in its first row: left out`);
    if (reader.values.every((v) => v === null)) throw bad(`${name}: no channel has values in the first row after the column names (line ${line0 + 1})`);
    const parameters = {};
    for (const [key, [value]] of Object.entries(file)) {
      const x = cellNumber(value ?? '', false);
      if (Number.isFinite(x)) parameters[key] = x;
    }
    const decimal = (file.Decimal_Separator?.[0] ?? '.') === ',' ? ', decimal comma' : '';
    return {
      format: 'lvm', variant: `${separator === ',' ? 'comma' : 'tab'}${decimal}`, channels: reader.channels(), parameters, notes, where: reader.where(),
    };
  };
  return { onLines, finish };
}

/** The LVM file's bytes named `name` as a Recording (above), at once. */
export function readLvmBytes(bytes, name, { onProgress, chunkSize } = {}) {
  const reading = lvmReading(headOfBytes(bytes), name);
  forEachLinesSync(bytes, reading.onLines, { name, onProgress, chunkSize });
  return reading.finish();
}

/** The same of bytes or a File/Blob, streamed in chunks; onProgress(fraction read) after each. */
export async function readLvm(source, name, { onProgress, chunkSize } = {}) {
  const reading = lvmReading(await headOf(source), name);
  await forEachLines(source, reading.onLines, { name, onProgress, chunkSize });
  return reading.finish();
}
