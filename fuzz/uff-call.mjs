// The call of the uff fuzz target (calls.mjs uffRead): a universal file's bytes through every view
// mechid takes of them, and read again in place (as from a File) to the same values. A bad-input refusal of any view is fine; anything else thrown is a crash,
// and so is a Recording that breaks the reader's promises (`broken`, outcome.mjs).
import { inspectRecording } from '../wasm/recording.js';
import { uffToDataset, uffToFrf, uffToModes } from '../wasm/uff-convert.js';
import { uffRecording } from '../wasm/uff-recording.js';
import { parseUff } from '../wasm/uff.js';

const refusedOr = (f) => {
  try { return f(); } catch (e) { if (e?.name === 'MechidError' && e.code === 'bad-input') return undefined; throw e; }
};

// What is wrong with a Recording, or '': its channels' samples and spacing are finite, complex
// channels have as many imaginary parts as real ones, and the counts match the arrays.
function recordingBroken(rec) {
  for (const c of rec.channels) {
    if (!c.values.every(Number.isFinite)) return `channel ${c.name}: a non-finite sample`;
    if (c.imag && (c.imag.length !== c.values.length || !c.imag.every(Number.isFinite))) return `channel ${c.name}: imaginary parts`;
    if (c.h !== undefined && !(c.h > 0 && Number.isFinite(c.h))) return `channel ${c.name}: h = ${c.h}`;
  }
  const g = rec.geometryData;
  if (rec.geometry.nodes !== g.nodes.length || rec.geometry.lines !== g.lines.length || rec.geometry.elements !== g.elements.length) return 'geometry counts';
  return '';
}

// How the records read in place (parseUff's inPlace: 58b doubles as views of the bytes, moved onto
// an 8-byte boundary) differ from those read by copy, or '': the same values, bit for bit.
function inPlaceDiffers(bytes, parsed) {
  const again = parseUff(bytes.slice(), 'fuzz.uff', { inPlace: true });
  const arrays = (r) => (r.values?.re ? [r.values.re, r.values.im] : [r.values]).filter(ArrayBuffer.isView);
  if (again.records.length !== parsed.records.length) return 'in place: another number of records';
  for (const [k, r] of parsed.records.entries()) {
    const a = arrays(r), b = arrays(again.records[k]);
    if (a.length !== b.length || a.some((x, j) => x.length !== b[j].length || x.some((v, i) => !Object.is(v, b[j][i])))) return `in place: record ${k + 1} read other values`;
  }
  return JSON.stringify(again.warnings) === JSON.stringify(parsed.warnings) ? '' : 'in place: other warnings';
}

export function uffRead(mechid, { text }) {
  const bytes = new Uint8Array(text.length);  // one byte per character (latin1)
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  const parsed = parseUff(bytes, 'fuzz.uff');
  const differs = inPlaceDiffers(bytes, parsed);
  if (differs) return { status: 'ok', model: 'dataset', broken: differs };
  const recording = uffRecording(parsed, 'fuzz.uff');
  JSON.stringify(inspectRecording(recording));
  const data = refusedOr(() => uffToDataset(parsed, { source: 'fuzz.uff' }));
  if (data && !(data.h > 0 && Number.isFinite(data.h) && data.u.data.every(Number.isFinite) && data.y.data.every(Number.isFinite))) {
    return { status: 'ok', model: 'dataset', broken: 'identify dataset: h or a sample not finite' };
  }
  refusedOr(() => uffToFrf(parsed, 'fuzz.uff'));
  refusedOr(() => uffToModes(parsed, { source: 'fuzz.uff', mechid }));
  return { status: 'ok', model: 'dataset', broken: recordingBroken(recording) };
}
