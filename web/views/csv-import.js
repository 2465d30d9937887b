// The "Your measurements (CSV)" section: a file chosen or dropped is read and parsed in the
// worker (PapaParse and the checks of wasm/csv.js, whose messages name the line and column), its
// columns are mapped here, and each chosen method identifies M, D, K from it. Column names and
// cells come from the user: they are only ever set through textContent.
import { client } from '../app/worker-client.js';
import { methodColumn } from './results.js';
import { keepAnalysis } from './saved.js';
import { $, el, setStatus } from '../ui/dom.js';
import { downloadResults } from '../ui/export.js';
import { COLORS, ResizingPlot } from '../ui/plot.js';

const form = $('csv-form');
const fileInput = $('csv-file');
const fileError = $('csv-file-error');
const mapping = $('csv-mapping');
const timeSelect = $('csv-time');
const runButton = $('csv-run');
const status = $('csv-status');
const resultsEl = $('csv-results');
const progressBar = $('csv-progress');
const outputKind = $('csv-output-kind');
const outputUnit = $('csv-output-unit');
const cutoffInput = $('csv-cutoff');

// Units of the output columns per kind, with the factor to SI (m, m/s²).
const OUTPUT_UNITS = {
  displacement: [['m', 1], ['mm', 1e-3], ['µm', 1e-6]],
  acceleration: [['m/s²', 1], ['g (9.80665 m/s²)', 9.80665], ['mm/s²', 1e-3]],
};
const OUTPUT_HINTS = {
  displacement: 'M, D, K come out in SI units (kg, N s/m, N/m) after the unit conversion.',
  acceleration: 'Accelerations are not integrated: forces and accelerations both go through one '
    + '4th-order high-pass (the accelerations through s²/B(s)), which keeps M q″ + D q′ + K q = L u '
    + 'exact and removes accelerometer offset and drift. Its first 20/ω_c seconds are dropped. '
    + 'The automatic cut-off is a quarter of the slowest mode’s frequency (found in a first pass), '
    + 'as low as the record allows. Needs sampled (continuous) forces.',
};
let header = [];
const previewPlot = new ResizingPlot($('csv-preview-plot'), (width) => Math.round(Math.min(260, Math.max(180, width * 0.35))));

// The numeric columns of the file's first rows against the row number.
function showPreviewPlot(names, columns) {
  const numeric = columns.map((values, k) => [names[k], values]).filter(([, values]) => values.some(Number.isFinite));
  if (numeric.length === 0 || columns[0].length === 0) {
    previewPlot.destroy();
    return;
  }
  const rows = Float64Array.from(columns[0], (_, i) => i + 1);
  previewPlot.mount({
    scales: { x: { time: false } },
    axes: [{ label: 'row' }, { label: 'value' }],
    series: [{ label: 'row' }, ...numeric.map(([name], k) => ({ label: name, stroke: COLORS[k % COLORS.length], width: 1, points: { show: false } }))],
  }, [rows, ...numeric.map(([, values]) => Array.from(values, (x) => (Number.isFinite(x) ? x : null)))], { series: numeric.length, points: rows.length });
}

const exportButton = $('csv-export');
const saveButton = $('csv-save');
const exportCsvButton = $('csv-export-csv');
let file = null;
let lastResults = null;  // {name, summary, mapping, results} of the last identification, for the exports and Save

const count = (n, noun) => `${n} ${noun}${n === 1 ? '' : 's'}`;

// Checkboxes, one per column, checked when the name matches `pattern` (the INTERFACES.md names).
function columnChecks(container, name, header, pattern) {
  container.querySelectorAll('label').forEach((l) => l.remove());
  header.forEach((column, k) => {
    const box = el('input', undefined, { type: 'checkbox', name, value: String(k) });
    box.checked = pattern.test(column);
    const label = el('label', undefined, { class: 'check' });
    label.append(box, ` ${column}`);
    container.append(label);
  });
}

function showPreview(header, rows) {
  const table = $('csv-preview');
  const head = el('thead'), body = el('tbody'), tr = el('tr');
  header.forEach((h) => tr.append(el('th', h, { scope: 'col' })));
  head.append(tr);
  for (const row of rows) {
    const r = el('tr');
    row.forEach((cell) => r.append(el('td', String(cell))));
    body.append(r);
  }
  table.replaceChildren(head, body);
}

async function load(chosen) {
  file = chosen;
  fileError.textContent = '';
  resultsEl.replaceChildren();
  lastResults = null;
  for (const b of [exportButton, exportCsvButton, saveButton]) b.disabled = true;
  mapping.hidden = true;
  runButton.disabled = true;
  if (!file) return;
  setStatus(status, 'busy', `Reading ${file.name}…`);
  try {
    const columns = await client.csvColumns({ file });
    header = columns.header;
    timeSelect.replaceChildren(el('option', '(none: give h)', { value: '' }),
      ...header.map((h) => el('option', h, { value: h })));
    timeSelect.value = header.includes('t') ? 't' : '';
    columnChecks($('csv-inputs'), 'csv-input', header, /^u\d+$/);
    columnChecks($('csv-outputs'), 'csv-output', header, outputPattern());
    forceDofChoices.clear();
    showForceDofs();
    showPreview(header, columns.preview);
    showPreviewPlot(header, columns.columns);
    mapping.hidden = false;
    runButton.disabled = false;
    const named = columns.hasHeader ? '' : ' (no header row: the first row is data, the columns are named column 1, column 2, …)';
    setStatus(status, 'ready', `${file.name}: ${header.length} columns${named}. Map them, choose methods, then Identify.`);
  } catch (e) {
    fileError.textContent = e.message;
    setStatus(status, 'error', 'The file could not be read; choose another.');
  }
}

const outputPattern = () => (outputKind.value === 'acceleration' ? /^a\d+$/ : /^q\d+$/);

function showOutputKind() {
  const kind = outputKind.value;
  outputUnit.replaceChildren(...OUTPUT_UNITS[kind].map(([name, factor]) => el('option', name, { value: String(factor) })));
  cutoffInput.disabled = kind !== 'acceleration';
  $('csv-output-hint').textContent = OUTPUT_HINTS[kind];
  $('csv-outputs').querySelector('legend').textContent = kind === 'acceleration' ? 'Outputs (accelerations)' : 'Outputs (displacements)';
  if (header.length) columnChecks($('csv-outputs'), 'csv-output', header, outputPattern());
  showForceDofs();
}

// The cut-off field: empty = automatic; otherwise a frequency > 0 (the core checks Nyquist).
function readCutoff() {
  const text = cutoffInput.value.trim().replace(',', '.');
  cutoffInput.removeAttribute('aria-invalid');
  if (outputKind.value !== 'acceleration' || text === '') return undefined;
  const x = Number(text);
  if (!(Number.isFinite(x) && x > 0)) {
    cutoffInput.setAttribute('aria-invalid', 'true');
    throw new Error(`High-pass cut-off must be a frequency in Hz > 0 (or empty: automatic), got "${cutoffInput.value.trim().slice(0, 40)}"`);
  }
  return x;
}

function chosenColumns(name) {
  return [...form.querySelectorAll(`input[name="${name}"]:checked`)].map((b) => header[Number(b.value)]);
}

// Per chosen input column, the DOF its force acts on: a choice among the chosen output columns
// (DOF j is output j). Default, as many inputs as outputs: input i on DOF i; otherwise no default
// (a guess could be a silent wrong answer): the user chooses. A choice made for a column is kept
// when the mapping changes.
const forceDofChoices = new Map();  // input column name -> DOF (1-based) chosen by the user
function showForceDofs() {
  const container = $('csv-force-dofs');
  container.querySelectorAll('label').forEach((l) => l.remove());
  const inputs = chosenColumns('csv-input'), outputs = chosenColumns('csv-output');
  inputs.forEach((column, i) => {
    const select = el('select', undefined, { name: 'csv-force-dof', 'data-input': column });
    select.append(el('option', 'choose a DOF', { value: '' }),
      ...outputs.map((output, j) => el('option', `DOF ${j + 1} (${output})`, { value: String(j + 1) })));
    const chosen = forceDofChoices.get(column);
    if (chosen !== undefined && chosen <= outputs.length) select.value = String(chosen);
    else if (inputs.length === outputs.length) select.value = String(i + 1);
    select.addEventListener('change', () => forceDofChoices.set(column, Number(select.value)));
    const label = el('label');
    label.append(`${column} acts on `, select);
    container.append(label);
  });
}

// The DOF of each chosen input, in the order of the input columns; throws naming the inputs
// without one.
function forceDofs() {
  const selects = [...form.querySelectorAll('select[name="csv-force-dof"]')];
  const missing = selects.filter((s) => s.value === '');
  selects.forEach((s) => (s.value === '' ? s.setAttribute('aria-invalid', 'true') : s.removeAttribute('aria-invalid')));
  if (missing.length) {
    const outputs = chosenColumns('csv-output').length;
    throw new Error(`Choose the degree of freedom each force acts on (${missing.map((s) => s.dataset.input).join(', ')}): ` +
      `with ${count(selects.length, 'force column')} and ${count(outputs, 'output column')} there is no default.`);
  }
  return selects.map((s) => Number(s.value));
}

async function identify(event) {
  event.preventDefault();
  if (!file) return;
  const methods = [...form.querySelectorAll('input[name="csv-method"]:checked')].map((b) => b.value);
  if (methods.length === 0) {
    setStatus(status, 'error', 'Choose at least one method.');
    return;
  }
  const h = $('csv-h').value.trim();
  const map = {
    timeCol: timeSelect.value || undefined,
    h: timeSelect.value || h === '' ? undefined : Number(h.replace(',', '.')),
    inputCols: chosenColumns('csv-input'),
    outputCols: chosenColumns('csv-output'),
    inputSampling: $('csv-sampling').value,
    resample: $('csv-resample').checked,
    outputs: outputKind.value,
    forceScale: Number($('csv-force-unit').value),
    outputScale: Number(outputUnit.value),
  };
  if (map.inputCols.length === 0 || map.outputCols.length === 0) {
    fileError.textContent = `${file.name}: choose at least one ${map.inputCols.length === 0 ? 'input (force)' : `output (${outputKind.value})`} column`;
    setStatus(status, 'error', 'Map the columns first.');
    return;
  }
  let dofs;
  try {
    map.cutoffHz = readCutoff();
    dofs = forceDofs();
  } catch (e) {
    $('csv-mapping-error').textContent = e.message;
    fileError.textContent = '';
    setStatus(status, 'error', 'Correct the marked field.');
    return;
  }
  $('csv-mapping-error').textContent = '';
  runButton.disabled = true;
  fileError.textContent = '';
  setStatus(status, 'busy', `Identifying ${file.name} with ${methods.join(', ')}…`);
  try {
    let updates = 0;
    const onProgress = (p) => {
      progressBar.dataset.updates = String(++updates);
      if (p.phase === 'reading') {
        progressBar.hidden = false;
        progressBar.value = p.fraction;
        setStatus(status, 'busy', `Reading ${file.name}: ${Math.round(100 * p.fraction)} %…`);
      } else {
        progressBar.value = 1;
        setStatus(status, 'busy', `Identifying ${file.name} with ${p.method} (${p.done + 1} of ${p.total})…`);
      }
    };
    const options = { positive: $('csv-positive').checked, forceDofs: dofs };
    const out = await client.identifyCsv({ file, mapping: map, methods, options }, { onProgress });
    resultsEl.replaceChildren(...out.results.map((r) => methodColumn(r, 'csv')));
    lastResults = { name: out.name, summary: out.summary, mapping: map, results: out.results };
    for (const b of [exportButton, exportCsvButton, saveButton]) b.disabled = false;
    const s = out.summary;
    setStatus(status, 'ok', `${out.name}: ${s.samples} samples, h = ${s.h} s, ${count(s.inputs, 'input')}, ${count(s.outputs, 'output')}` +
      `${s.warnings.length ? `; ${s.warnings.join('; ')}` : ''} (${out.ms.toFixed(0)} ms).`);
  } catch (e) {
    fileError.textContent = e.message;  // next to the file: the messages name the line and column
    setStatus(status, 'error', 'Identification stopped; the message is above. Your file and mapping are kept.');
  } finally {
    runButton.disabled = false;
    progressBar.hidden = true;
  }
}

// The results as the JSON of `mechid identify` (one object per method, in an array) or as CSV,
// saved by the browser as a download: nothing leaves the machine.
function exportResults(kind) {
  if (lastResults) downloadResults(lastResults.results, kind, lastResults.name.replace(/\.[^.]*$/, ''));
}

async function save() {
  if (!lastResults) return;
  try {
    setStatus(status, 'ok', await keepAnalysis({ ...lastResults, source: 'CSV file' }));
  } catch (e) {
    setStatus(status, 'error', `Could not save: ${e?.message ?? e}`);
  }
}

/** Wires the section (it needs the worker only when a file is chosen). */
export function start() {
  fileInput.addEventListener('change', () => load(fileInput.files[0] ?? null));
  if (fileInput.files[0]) load(fileInput.files[0]);  // chosen while this module was loading
  outputKind.addEventListener('change', showOutputKind);
  for (const id of ['csv-inputs', 'csv-outputs']) $(id).addEventListener('change', showForceDofs);
  showOutputKind();
  exportButton.addEventListener('click', () => exportResults('json'));
  exportCsvButton.addEventListener('click', () => exportResults('csv'));
  saveButton.addEventListener('click', save);
  const drop = $('csv-drop');
  drop.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('over'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    if (e.dataTransfer.files[0]) load(e.dataTransfer.files[0]);
  });
  form.addEventListener('submit', identify);
}
