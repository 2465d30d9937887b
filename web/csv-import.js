// The "Your measurements (CSV)" section: a file chosen or dropped is read and parsed in the
// worker (PapaParse and the checks of wasm/csv.js, whose messages name the line and column), its
// columns are mapped here, and each chosen method identifies M, D, K from it. Column names and
// cells come from the user: they are only ever set through textContent.
import { MechidClient } from './worker-client.js';
import { el, methodColumn } from './results-view.js';
import { keepAnalysis } from './saved-analyses.js';
import { downloadResults } from './export.js';

const $ = (id) => document.getElementById(id);
const form = $('csv-form');
const fileInput = $('csv-file');
const fileError = $('csv-file-error');
const mapping = $('csv-mapping');
const timeSelect = $('csv-time');
const runButton = $('csv-run');
const status = $('csv-status');
const resultsEl = $('csv-results');
const progressBar = $('csv-progress');

const exportButton = $('csv-export');
const saveButton = $('csv-save');
const exportCsvButton = $('csv-export-csv');
let client = new MechidClient();
let file = null;
let lastResults = null;  // {name, results} of the last identification, for the export

function setStatus(state, text) {
  status.dataset.state = state;
  status.textContent = text;
}

const liveClient = () => (client.failed ? (client = new MechidClient()) : client);

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
  setStatus('busy', `Reading ${file.name}…`);
  try {
    const { header, preview } = await liveClient().csvColumns(file);
    timeSelect.replaceChildren(el('option', '(none: give h)', { value: '' }),
      ...header.map((h) => el('option', h, { value: h })));
    timeSelect.value = header.includes('t') ? 't' : '';
    columnChecks($('csv-inputs'), 'csv-input', header, /^u\d+$/);
    columnChecks($('csv-outputs'), 'csv-output', header, /^q\d+$/);
    showPreview(header, preview);
    mapping.hidden = false;
    runButton.disabled = false;
    setStatus('ready', `${file.name}: ${header.length} columns. Map them, choose methods, then Identify.`);
  } catch (e) {
    fileError.textContent = e.message;
    setStatus('error', 'The file could not be read; choose another.');
  }
}

function chosenColumns(name) {
  const header = [...timeSelect.options].slice(1).map((o) => o.value);
  return [...form.querySelectorAll(`input[name="${name}"]:checked`)].map((b) => header[Number(b.value)]);
}

async function identify(event) {
  event.preventDefault();
  if (!file) return;
  const methods = [...form.querySelectorAll('input[name="csv-method"]:checked')].map((b) => b.value);
  if (methods.length === 0) {
    setStatus('error', 'Choose at least one method.');
    return;
  }
  const h = $('csv-h').value.trim();
  const map = {
    timeCol: timeSelect.value || undefined,
    h: timeSelect.value || h === '' ? undefined : Number(h.replace(',', '.')),
    inputCols: chosenColumns('csv-input'),
    outputCols: chosenColumns('csv-output'),
    inputSampling: $('csv-sampling').value,
  };
  if (map.inputCols.length === 0 || map.outputCols.length === 0) {
    fileError.textContent = `${file.name}: choose at least one ${map.inputCols.length === 0 ? 'input (force)' : 'output (displacement)'} column`;
    setStatus('error', 'Map the columns first.');
    return;
  }
  runButton.disabled = true;
  fileError.textContent = '';
  setStatus('busy', `Identifying ${file.name} with ${methods.join(', ')}…`);
  try {
    let updates = 0;
    const out = await liveClient().identifyCsv(file, map, methods, (p) => {
      progressBar.dataset.updates = String(++updates);
      if (p.phase === 'reading') {
        progressBar.hidden = false;
        progressBar.value = p.fraction;
        setStatus('busy', `Reading ${file.name}: ${Math.round(100 * p.fraction)} %…`);
      } else {
        progressBar.value = 1;
        setStatus('busy', `Identifying ${file.name} with ${p.method} (${p.done + 1} of ${p.total})…`);
      }
    });
    resultsEl.replaceChildren(...out.results.map((r) => methodColumn(r, 'csv')));
    lastResults = { name: out.name, summary: out.summary, mapping: map, results: out.results };
    for (const b of [exportButton, exportCsvButton, saveButton]) b.disabled = false;
    const s = out.summary;
    setStatus('ok', `${out.name}: ${s.samples} samples, h = ${s.h} s, ${s.inputs} inputs, ${s.outputs} outputs` +
      `${s.warnings.length ? `; ${s.warnings.join('; ')}` : ''} (${out.ms.toFixed(0)} ms).`);
  } catch (e) {
    fileError.textContent = e.message;  // next to the file: the messages name the line and column
    setStatus('error', 'Identification stopped; the message is above. Your file and mapping are kept.');
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
    setStatus('ok', await keepAnalysis({ ...lastResults, source: 'CSV file' }));
  } catch (e) {
    setStatus('error', `Could not save: ${e?.message ?? e}`);
  }
}

fileInput.addEventListener('change', () => load(fileInput.files[0] ?? null));
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
