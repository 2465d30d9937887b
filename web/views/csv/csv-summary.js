// Step 1 of the CSV section: what a chosen file holds, next to the file control, as `mechid
// inspect` says it (the worker's inspectFile: wasm/recording.js inspectRecording): the format and
// variant, a table of the channels (name, quantity, unit, samples, spacing or rate, min and max),
// the file's datasets and geometry (universal files), its parameters (MAT scalars, TDMS and LVM
// properties) and notes (what was skipped and why). Everything the file says is set as text only.
import { $, el, fmt } from '../../ui/dom.js';
import { MAX_LISTED } from './csv-columns.js';

// The formats by their names in the summary's `format`.
const FORMATS = {
  text: 'text', uff: 'universal file (UFF)', mat: 'MATLAB file', wav: 'WAVE audio', tdms: 'NI TDMS', lvm: 'LabVIEW measurement (LVM)',
};

const count = (n, noun) => `${n} ${noun}${n === 1 ? '' : 's'}`;

// The spacing of a channel as the summary gives it: h in s with its rate, or Δf in Hz on a
// frequency axis; '–' when the file states none (or its time is uneven).
function spacing(c) {
  if (c.h === null || c.h === undefined) return '–';
  return c.axis === 'frequency' ? `${fmt(c.h)} Hz` : `${fmt(c.h)} s (${fmt(1 / c.h)} Hz)`;
}

// A row of the channels' table.
function channelRow(c) {
  const row = el('tr');
  row.append(el('th', c.complex ? `${c.name} (complex: |x|)` : c.name, { scope: 'row' }),
    el('td', c.quantity), el('td', c.unit || '–'), el('td', String(c.n)), el('td', spacing(c)),
    el('td', fmt(c.min)), el('td', fmt(c.max)));
  return row;
}

// "58: 3, 55: 1" of a universal file's datasets.
const listed = (object) => Object.entries(object).map(([k, v]) => `${k}: ${v}`).join(', ');

/** Shows `summary` (the JSON of `mechid inspect`) of the file `name`. */
export function showSummary(summary, name) {
  const format = FORMATS[summary.format] ?? summary.format;
  const table = $('csv-summary-table');
  const caption = el('caption', `${name}: ${format}${summary.variant ? ` (${summary.variant})` : ''}, ${count(summary.channels.length, 'channel')}`);
  const head = el('thead'), tr = el('tr');
  for (const title of ['channel', 'quantity', 'unit', 'samples', 'spacing', 'min', 'max']) tr.append(el('th', title, { scope: 'col' }));
  head.append(tr);
  const body = el('tbody');
  body.append(...summary.channels.slice(0, MAX_LISTED).map(channelRow));
  table.replaceChildren(caption, head, body);

  const lines = [];
  if (summary.channels.length > MAX_LISTED) lines.push(`The first ${MAX_LISTED} channels are listed; \`mechid inspect\` lists all ${summary.channels.length}.`);
  if (summary.datasets) lines.push(`Datasets (type: count): ${listed(summary.datasets)}.`);
  if (summary.geometry) lines.push(`Geometry: ${count(summary.geometry.nodes, 'node')}, ${count(summary.geometry.lines, 'line')}, ${count(summary.geometry.elements, 'element')}.`);
  const parameters = Object.entries(summary.parameters ?? {});
  if (parameters.length) lines.push(`Parameters: ${parameters.map(([k, v]) => `${k} = ${typeof v === 'number' && !Number.isInteger(v) ? fmt(v, 6) : String(v)}`).join(', ')}.`);
  $('csv-summary-facts').replaceChildren(...lines.map((line) => el('li', line)));
  $('csv-summary-notes').replaceChildren(...(summary.notes ?? []).map((note) => el('li', note)));
  $('csv-summary-notes-title').hidden = !(summary.notes ?? []).length;
  $('csv-summary').hidden = false;
}

/** Hides the summary (no file, a text file read by its preview, or a file that could not be read). */
export function clearSummary() {
  $('csv-summary').hidden = true;
  $('csv-summary-table').replaceChildren();
  $('csv-summary-facts').replaceChildren();
  $('csv-summary-notes').replaceChildren();
}
