// The "Your measurements (CSV)" section, a lab's workflow in steps: load one file or several runs
// (csv-runs.js; any format mechid reads, summarised by csv-summary.js), map the columns (time,
// forces and the DOF each acts on, outputs), units and signs (csv-factors.js), structure
// (csv-structure.js), friction and offset, methods. The files are read and parsed in the worker
// (wasm/readers.js's readers, text the last of them: wasm/text.js; messages name the
// file and where in it) and each chosen method identifies M, D, K from them. Every message appears next
// to the control it is about, and nothing the user entered is reset by an error. Column names and
// cells come from the user: they are only ever set through textContent.
import { client } from '../../client/worker-client.js';
import { setMeasurementFile } from '../../state/step-data.js';
import { measurementChanged, provideMeasurement } from '../../state/measurement.js';
import { setOutputOnly } from '../../state/output-only.js';
import { nextTask } from '../../state/next-task.js';
import { onMeasuredFile } from '../../state/measured-file.js';
import { currentGeometry, offerRecord } from '../../state/geometry.js';
import { ColumnChecks, listedColumns, MAX_LISTED, showPreviewTable, showTimeChoice } from './csv-columns.js';
import { clearSummary, showSummary } from './csv-summary.js';
import { clearRoute, outputOnlyNote, showProfile, showRoute, startRoute } from './csv-route.js';
import { factorsTyped, flipInputSigns, readFactors, showFactors } from './csv-factors.js';
import { readRuns, showRuns } from './csv-runs.js';
import { readStructure, startStructure } from './csv-structure.js';
import { clearOverlays, showValidation } from './csv-validation.js';
import { showMethodList } from '../../ui/method-list.js';
import { methodColumn } from '../../ui/results-table.js';
import { fillForm } from '../../ui/option-schema.js';
import { keepAnalysis } from '../../state/analysis-store.js';
import { $, el, fmt, onThreads, setResultStatus, setStatus, worstOf } from '../../ui/dom.js';
import { roundedMessage, showFieldMessage } from '../../ui/field-message.js';
import { isWorkRefusal, RunControl, runRequest } from '../../ui/run-control.js';
import { downloadResults } from '../../ui/export.js';
import { downloadReport } from '../../ui/report-download.js';
import { toJson } from '../../gen/api.js';
import { clearPreviewPlot, setPreviewColumns, showPreviewPlot } from './csv-preview-plot.js';
import { defaultInputs, defaultOutputs, defaultTime } from '../../gen/recording.js';

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
const runError = $('csv-run-error');
const control = new RunControl({ cancel: $('csv-cancel'), status });
const readControl = new RunControl({ cancel: $('csv-read-cancel'), status });  // reading a chosen file
const readProgress = $('csv-read-progress');
const resampleBox = $('csv-resample');

// Units of the output columns per kind, with the factor to SI (m, m/s²).
const OUTPUT_UNITS = {
  displacement: [['m', 1], ['mm', 1e-3], ['µm', 1e-6]],
  acceleration: [['m/s²', 1], ['g (9.80665 m/s²)', 9.80665], ['mm/s²', 1e-3]],
};
const OUTPUT_HINTS = {
  displacement: 'Displacements are used as measured, after the unit and the factor: no filter, no derivative.',
  acceleration: 'Accelerations are not integrated: forces and accelerations both go through one '
    + '4th-order high-pass (the accelerations through s²/B(s)), which keeps M q″ + D q′ + K q = L u '
    + 'exact and removes accelerometer offset and drift. Its first 20/ω_c seconds are dropped. '
    + 'The automatic cut-off is a quarter of the slowest mode’s frequency (found in a first pass), '
    + 'as low as the record allows. Needs sampled (continuous) forces.',
};
let header = [];
let previewRows = [];  // the file's first rows, for the preview table
// What the worker read of a file (inspectFile's answer: its Recording), null before:
// {channels: [{name, quantity}] of the columns, h: the spacing they state,
// uneven: {time column: {step, worst, at, percent}}}.
let recorded = null;
let kindByUser = false;  // the output kind was chosen by the user (a file's quantities no longer set it)
let reading = null;  // the read of the chosen file while it runs
const inputChecks = new ColumnChecks($('csv-inputs'), 'csv-input');
const outputChecks = new ColumnChecks($('csv-outputs'), 'csv-output');
const findInput = $('csv-find');
const tooManyNamed = { input: 0, output: 0 };  // columns named like forces / outputs, when too many to choose them all

// The preview plot for the mapping as it is now (web/views/csv-preview-plot.js).
function drawPreview() {
  if (header.length === 0) return;
  const h = $('csv-h').value.trim();
  showPreviewPlot({
    timeCol: timeSelect.value, h: h === '' ? recorded?.h ?? NaN : Number(h.replace(',', '.')),
    inputs: chosenColumns('csv-input'), outputs: chosenColumns('csv-output'), outputKind: outputKind.value,
  });
}

const exportButton = $('csv-export');
const saveButton = $('csv-save');
const exportCsvButton = $('csv-export-csv');
const reportButton = $('csv-report');
let files = [];   // the chosen files; the first gives the columns
let lastResults = null;  // {name, summary, mapping, results} of the last identification, for the exports and Save

// Sections that work on the file loaded here (web/views/modes.js, through web/state/measurement.js):
// told when the file, its columns or the identification change.
const changed = measurementChanged;

/**
 * The loaded measurement for another section: {file, mapping, outputCols, outputKind} with the
 * first file, the time column (or h), the force and output columns, the units and the factors of
 * steps 2 and 3 (mapping as the worker's identifyCsv takes it); null when no file is loaded.
 * Throws an Error when no output or no force column is chosen, or a factor is wrong (marked here).
 */
function measurementRecord() {
  if (files.length === 0 || header.length === 0 || mapping.hidden) return null;
  const inputCols = chosenColumns('csv-input'), outputCols = chosenColumns('csv-output');
  if (inputCols.length === 0 || outputCols.length === 0) {
    throw new Error(`${files[0].name}: choose at least one ${inputCols.length === 0 ? `force column in step 2 of “Your measurements”${outputOnlyNote()}` : 'output column in step 2 of “Your measurements”'}`);
  }
  const h = $('csv-h').value.trim();
  const map = {
    timeCol: timeSelect.value || undefined,
    h: timeSelect.value || h === '' ? undefined : Number(h.replace(',', '.')),
    inputCols, outputCols,
    resample: $('csv-resample').checked,
    forceScale: Number($('csv-force-unit').value),
    outputScale: Number(outputUnit.value),
    ...readFactors($('csv-factors')),
  };
  const quantities = recorded ? Object.fromEntries(recorded.channels.map((c) => [c.name, c.quantity])) : {};
  return { file: files[0], mapping: map, outputCols, outputKind: outputKind.value, quantities, fileH: recorded?.h };
}

// The record and the last results (for the MAC of web/views/modes.js), read through the state.
provideMeasurement(measurementRecord, () => lastResults);

const count = (n, noun) => `${n} ${noun}${n === 1 ? '' : 's'}`;

// The listed columns (all, up to MAX_LISTED, or those found by name) in the lists, the time
// choice and the preview table; with more columns than that, the note says how to reach the others.
function showColumns() {
  const listed = listedColumns(header, findInput.value);
  inputChecks.show(listed);
  outputChecks.show(listed);
  showTimeChoice(timeSelect, header, listed, noTimeLabel());
  showPreviewTable(header, previewRows, listed);
  const wide = header.length > MAX_LISTED;
  $('csv-find-label').hidden = !wide;
  const notes = wide ? [`${header.length} columns: at most ${MAX_LISTED} are listed at a time; type part of a name in “Find columns” to list others (chosen columns stay chosen when not listed).`] : [];
  const kind = outputKind.value === 'acceleration' ? 'accelerations (a1, a2, …)' : 'displacements (q1, q2, …)';
  for (const [role, what] of [['input', 'forces (u1, u2, …)'], ['output', kind]]) {
    const n = tooManyNamed[role];
    if (n) notes.push(`${n} columns are named like ${what}: more than ${MAX_LISTED}, so none is chosen; tick those to identify.`);
  }
  if (recorded?.outputNote) notes.push(recorded.outputNote);
  $('csv-columns-note').textContent = notes.join(' ');
  $('csv-columns-note').hidden = notes.length === 0;
}

// The time choice's "none" entry: h from the file when its channels state one.
const noTimeLabel = () => (recorded?.h !== undefined ? `(none: h = ${fmt(recorded.h)} s from the file)` : '(none: give h)');

// The time choice before its list is shown (showColumns): none, or `name`.
function setTime(name) {
  timeSelect.replaceChildren(el('option', noTimeLabel(), { value: '' }), ...(name === undefined ? [] : [el('option', name, { value: name })]));
  timeSelect.value = name ?? '';
}

// The file's channels choose the columns (wasm/recording.js, the CLI's rule): the time channel,
// the forces, and the outputs of the output kind, which the file's one response quantity sets
// unless the user chose it.
function chooseColumns() {
  const { channels } = recorded;
  const time = defaultTime(channels);
  const responses = channels.filter((c) => c.name !== time);
  const outputs = defaultOutputs(responses, kindByUser ? outputKind.value : undefined);
  const kinds = [...outputKind.options].map((o) => o.value);
  if (!kindByUser && kinds.includes(outputs.kind)) outputKind.value = outputs.kind;
  showKindControls();
  setTime(time);
  tooManyNamed.input = inputChecks.resetTo(header, defaultInputs(channels));
  tooManyNamed.output = outputChecks.resetTo(header, outputs.kind === outputKind.value ? outputs.names : []);
  // Responses the page cannot take by default (velocities; velocities and accelerations): said, none chosen.
  const present = ['displacement', 'velocity', 'acceleration'].filter((k) => responses.some((c) => c.quantity === k));
  recorded.outputNote = outputs.kind === outputKind.value ? '' : `The file's responses are ${present.join(' and ') || 'none of displacement, velocity, acceleration'}`
    + `${present.length ? ` (${responses.filter((c) => present.includes(c.quantity)).map((c) => c.name).join(', ')})` : ''}: tick the outputs to identify from, and say what they measure (Outputs are).`;
}

// The resample choice: offered when the chosen time channel is uneven,
// with how uneven, and identify's refusal beside it while it is off.
function showResampleChoice() {
  const uneven = recorded ? recorded.uneven[timeSelect.value] : undefined;
  $('csv-resample-choice').hidden = recorded !== null && !uneven;
  if (recorded && !uneven) resampleBox.checked = false;
  const note = $('csv-resample-note');
  if (!uneven) {
    $('csv-resample-text').textContent = 'resample a non-uniform time column onto a uniform grid (linear interpolation)';
    note.textContent = '';
    return;
  }
  const share = `${uneven.percent.toFixed(1)} % of h = ${fmt(uneven.step)} s`;
  $('csv-resample-text').textContent = `resample onto a uniform grid (worst deviation ${fmt(uneven.worst)} s at ${uneven.at}, ${share})`;
  note.textContent = resampleBox.checked ? '' : `${files[0]?.name}: time column ${timeSelect.value} is not uniform: worst deviation `
    + `${fmt(uneven.worst)} s at ${uneven.at} (${share}); identification refuses it unless it is resampled: tick the box above to resample by linear interpolation.`;
}

// Reads the chosen file in the worker (inspectFile: a progress bar and Cancel beside the file
// control); resolves with its answer, or null when it was cancelled, failed (the reason under the
// file input) or another file was chosen meanwhile.
async function readChosen(file, chosen) {
  let answer = null;
  readProgress.value = 0;
  const work = (signal, say) => client.inspectFile({ file }, {
    signal,
    onProgress: (p) => {
      readProgress.hidden = false;
      readProgress.value = p.fraction;
      say(`Reading ${file.name}: ${Math.round(100 * p.fraction)} %…`);
    },
  });
  reading = runRequest(readControl, { text: `Reading ${file.name}…`, work, show: (out) => { answer = out; } }, {
    onCancel: () => {
      if (files === chosen) setStatus(status, 'cancelled', `Reading ${file.name} cancelled after ${readControl.seconds} s; choose a file.`);
    },
    onError: (e) => {
      if (files === chosen) showFieldMessage(fileError, e.message, fileInput);
    },
    stopped: () => 'The file could not be read (the reason is under the file input); choose another.',
  });
  await reading;
  reading = null;
  readProgress.hidden = true;
  return files === chosen ? answer : null;
}

async function load(chosen) {
  files = chosen;
  if (reading) {  // the file chosen before is still being read: stopped first
    readControl.abort();
    await reading;
    if (files !== chosen) return;
  }
  header = [];  // until the new file's columns are read
  recorded = null;
  clearPreviewPlot();
  clearSummary();
  clearRoute();
  setOutputOnly(null);
  const file = files[0] ?? null;
  clearMessages();  // they were about the files before
  clearOverlays();
  resultsEl.replaceChildren();
  lastResults = null;
  for (const b of [exportButton, exportCsvButton, saveButton, reportButton]) b.disabled = true;
  mapping.hidden = true;
  runButton.disabled = true;
  if (!file) {
    setMeasurementFile(null);
    changed();
    return;
  }
  const columns = await readChosen(file, chosen);
  if (!columns) {
    if (files === chosen) changed();
    return;
  }
  header = columns.header;
  previewRows = columns.preview;
  offerRecord(columns, file.name);  // its response channels and a universal file's geometry (web/views/geometry.js)
  if (columns.summary) {
    showSummary(columns.summary, file.name);
    recorded = { channels: header.map((name, k) => ({ name, quantity: columns.quantities[k] })), h: columns.h, uneven: columns.uneven, outputNote: '' };
  }
  if (header.length === 0) {  // spectra, FRFs, modes or geometry only: shown, nothing to map
    setMeasurementFile(null);
    setStatus(status, 'ready', `${file.name} holds no time series to identify from (its summary is above); choose another file.`);
    changed();
    return;
  }
  findInput.value = '';
  chooseColumns();
  showColumns();
  showResampleChoice();
  $('csv-h').placeholder = recorded?.h !== undefined ? `${fmt(recorded.h)} (from the file)` : '';
  forceDofChoices.clear();
  showForceDofs();
  showRuns(files);
  await nextTask();  // the plot in a task of its own: the page answers in between (a wide file's lists take a while)
  if (files !== chosen) return;  // another file was chosen meanwhile
  setPreviewColumns(header, columns.columns);
  drawPreview();
  mapping.hidden = false;
  runButton.disabled = false;
  setMeasurementFile(file.name);
  const named = columns.hasHeader ? '' : ' (no header row: the first row is data, the columns are named column 1, column 2, …)';
  const more = files.length > 1 ? ` (and ${count(files.length - 1, 'more run')}: the same columns expected)` : '';
  // Factors typed for these column names before are kept (the same rig, the same units): say so.
  const kept = factorsTyped($('csv-factors'));
  const keptNote = kept.length ? ` Factors kept from before (step 3): ${kept.join(', ')}.` : '';
  const what = columns.summary?.format === 'text' ? `${header.length} columns${named}` : count(header.length, 'time series');
  // The units the file states, said once (what was skipped is in the summary's notes).
  const units = columns.units?.some((u) => u) ? ` Units: ${header.map((h, k) => `${h} ${columns.units[k] || '–'}`).join(', ')}.` : '';
  setStatus(status, 'ready', `${file.name}: ${what}${more}. Map them, choose methods, then Identify.${units}${keptNote}`);
  changed();
  await describeData(file, chosen);
}

const PROFILED_BYTES = 16 * 2 ** 20;  // the files whose force is checked for periods when loaded

// A file of responses only as the output-only modal analysis reads it (web/state/output-only.js):
// the time column (or h) chosen in step 2; the responses of one kind are taken by the reader.
function outputOnlyOf(file) {
  const h = $('csv-h').value.trim();
  return {
    file,
    mapping: {
      timeCol: timeSelect.value || undefined,
      h: timeSelect.value || h === '' ? undefined : Number(h.replace(',', '.')),
      resample: $('csv-resample').checked,
    },
  };
}

// "What the data are" (csv-route.js): the channels' quantities as the file's reader gives them
// (wasm/recording.js quantityOf: units, else names), then whether the force repeats and the band it
// excites (the worker's profile of the record as mapped now).
async function describeData(file, chosen) {
  const channels = recorded ? recorded.channels : header.map((name) => ({ name, quantity: 'other' }));
  const facts = showRoute(file.name, channels, timeSelect.value || defaultTime(channels));
  setOutputOnly(facts.kind === 'output-only' ? outputOnlyOf(file) : null);
  if (facts.kind !== 'input-output') return;
  let record = null;
  try {
    record = measurementRecord();
  } catch {
    record = null;  // no force or output chosen yet: the excitation is not checked
  }
  let profile = null;
  if (record && file.size <= PROFILED_BYTES) {  // a larger file is not read twice before the user's own request
    try {
      profile = await client.profile({ file, mapping: record.mapping });
    } catch {
      profile = null;  // identify and modes say what is wrong with the record when run
    }
  }
  if (files === chosen) showProfile(profile);
}

// The controls that follow the output kind: the output units, the cut-off, the hint, the legend.
function showKindControls() {
  const kind = outputKind.value;
  outputUnit.replaceChildren(...OUTPUT_UNITS[kind].map(([name, factor]) => el('option', name, { value: String(factor) })));
  cutoffInput.disabled = kind !== 'acceleration';
  $('csv-output-hint').textContent = OUTPUT_HINTS[kind];
  $('csv-outputs').querySelector('legend').textContent = kind === 'acceleration' ? 'Outputs (accelerations)' : 'Outputs (displacements)';
}

function showOutputKind() {
  showKindControls();
  if (header.length) {
    const time = timeSelect.value;
    const outputs = defaultOutputs(recorded.channels.filter((c) => c.name !== time), outputKind.value);
    tooManyNamed.output = outputChecks.resetTo(header, outputs.names);
    showColumns();
  }
  showForceDofs();
}

// The cut-off field: empty = automatic; otherwise a number, whose range the core checks (option
// cutoffHz, placed beside the mapping).
function readCutoff() {
  const text = cutoffInput.value.trim().replace(',', '.');
  cutoffInput.removeAttribute('aria-invalid');
  if (outputKind.value !== 'acceleration' || text === '') return undefined;
  const x = Number(text);
  if (!Number.isFinite(x)) {
    cutoffInput.setAttribute('aria-invalid', 'true');
    throw new Error(`High-pass cut-off must be a number of Hz (or empty: automatic), got "${cutoffInput.value.trim().slice(0, 40)}"`);
  }
  return x;
}

function chosenColumns(name) {
  return (name === 'csv-input' ? inputChecks : outputChecks).names();
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
  $('csv-output-dofs').textContent = outputs.length
    ? `Output j measures degree of freedom (DOF) j: ${outputs.map((o, j) => `${o} → DOF ${j + 1}`).join(', ')}.`
    : 'Output j measures degree of freedom (DOF) j.';
  showFactors($('csv-factors'), inputs, outputs, files);
  drawPreview();
  changed();
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

// The choices of steps 1–5 as the worker's runs and mapping and identify's options. Every step is
// checked, each wrong one marked with its message next to its control (so that no mark is left
// without its message); then this throws the first message, or returns {map, options, runs}.
function readChoices() {
  const problems = [];
  // read(); an error it throws is shown in `near` (when given: the factors and the structure
  // show their own), described by `control()` (the field it is about), and kept; the first
  // problem's control takes the focus.
  const check = (near, control, read) => {
    try {
      return read();
    } catch (e) {
      const first = problems.length === 0;
      if (near) showFieldMessage(near, near.textContent ? `${near.textContent} ${e.message}` : e.message, control(), { focus: first });  // two about one place: both
      else if (first) form.querySelector('[aria-invalid="true"]')?.focus();
      problems.push(e);
      return undefined;
    }
  };
  const firstOf = (id) => () => $(id).querySelector('input, select');
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
  const options = { positive: $('csv-positive').checked };
  // No force or no output column: next to the column lists (the mapping is what is missing).
  const missing = map.inputCols.length === 0 ? 'csv-inputs' : map.outputCols.length === 0 ? 'csv-outputs' : null;
  check($('csv-mapping-error'), firstOf(missing ?? 'csv-inputs'), () => {
    if (missing) throw new Error(`${files[0].name}: choose at least one ${missing === 'csv-inputs' ? `input (force) column${outputOnlyNote()}` : `output (${outputKind.value}) column`}`);
  });
  const runs = check(fileError, () => fileInput, () => readRuns(files));
  map.cutoffHz = check($('csv-mapping-error'), () => cutoffInput, readCutoff);
  // Where the forces act means nothing until there are forces and outputs: asked after them.
  if (!missing) options.forceDofs = check($('csv-mapping-error'), () => form.querySelector('select[name="csv-force-dof"][aria-invalid="true"]'), forceDofs);
  Object.assign(map, check(null, null, () => readFactors($('csv-factors'))));
  const structure = check(null, null, readStructure);
  if (structure !== undefined) options.structure = structure;
  if ($('csv-friction').checked) options.friction = 'coulomb';
  if ($('csv-offset').checked) options.offset = true;
  if (problems.length) throw problems[0];
  return { map, options, runs };
}

const clearMessages = () => { for (const id of ['csv-file-error', 'csv-mapping-error', 'csv-structure-error', 'csv-nonlinear-error', 'csv-method-error', 'csv-run-error']) $(id).textContent = ''; };

// The control a message place is about (its aria-describedby points to the message; it takes the
// focus): the mapping's first marked field, else its first column box.
function controlOf(place) {
  if (place === fileError) return fileInput;
  if (place === runError) return runButton;
  if (place.id === 'csv-structure-error') return $('csv-structure');
  if (place.id === 'csv-nonlinear-error') return $('csv-friction');
  return $('csv-columns').querySelector('[aria-invalid="true"]') ?? $('csv-inputs').querySelector('input') ?? timeSelect;
}

// Where a message of the worker belongs: a crash or an internal error, and the resource guard's
// refusals (option 'work', or 'memory': beyond what the build can hold), next to the Identify
// button; a file's (reading) next to the file input;
// one while identifying next to the option it is about (the error's typed `option`, issue 16
// item 8: structure, friction, offset, lowpass, runs), otherwise next to the mapping (L, the force DOFs).
function placeOf(e) {
  if (e.code === 'internal' || isWorkRefusal(e) || e.option === 'memory') return runError;
  if (e.phase !== 'identifying') return fileError;
  if (e.option === 'structure') return $('csv-structure-error');
  if (['friction', 'offset', 'lowpass'].includes(e.option)) return $('csv-nonlinear-error');
  if (e.option === 'runs') return fileError;  // the files' roles are chosen there
  return $('csv-mapping-error');
}

// The factors other than 1, for the status line ("u1 × -1"): what was done to the data.
function factorNote(map) {
  const notes = [...map.inputCols.map((c, j) => [c, map.inputFactors[j]]), ...map.outputCols.map((c, j) => [c, map.outputFactors[j]])]
    .filter(([, f]) => f !== 1).map(([c, f]) => `${c} × ${f}`);
  return notes.length ? `; factors ${notes.join(', ')}` : '';
}

function runsNote(s) {
  if (s.runs.length < 2) return `${s.samples} samples`;
  return `${count(s.runs.length, 'run')} (${s.runs.map((r) => `${r.file}: ${r.samples} samples, ${r.role}`).join('; ')})`;
}

// The one-click answer to a reversed sign (checks.sign_reversed): beside the warning, a button
// that negates the factor of every force column (shown in its field) and identifies again.
// The factors are set from those the result used (map), for the files it came from; while a run
// goes the click does nothing (its factors are not yet those of a result shown).
function offerSignFlip(r, map, record) {
  const st = $(`csv-status-${r.method}`);
  if (!r.checks?.sign_reversed || !st) return;
  const button = el('button', 'Flip the sign of the force columns and identify again', { type: 'button', class: 'flip-sign', 'data-method': r.method });
  button.addEventListener('click', () => {
    if (control.running || files !== record) return;
    const flipped = flipInputSigns($('csv-factors'), new Map(map.inputCols.map((c, j) => [c, map.inputFactors[j]])), record);
    setStatus(status, 'busy', `Signs of ${flipped.join(', ')} flipped (see their factors in step 3); identifying again…`);
    form.requestSubmit();
  });
  st.append(button);
}

function identify(event) {
  event.preventDefault();
  if (!control.running) runIdentification();
}

// Reads the steps and identifies; `extra`: options added to identify's (maxWork: Infinity after
// "Run anyway").
async function runIdentification(extra = {}) {
  if (files.length === 0) return;
  const methods = [...form.querySelectorAll('input[name="csv-method"]:checked')].map((b) => b.value);
  clearMessages();
  if (methods.length === 0) {
    showFieldMessage($('csv-method-error'), 'Choose at least one method.', form.querySelector('input[name="csv-method"]'));
    setStatus(status, 'error', 'Choose at least one method (step 6).');
    return;
  }
  let choices;
  try {
    choices = readChoices();
  } catch (e) {
    setStatus(status, 'error', `Correct the marked field: ${roundedMessage(e.message)}`);
    return;
  }
  const { map, runs } = choices;
  const record = files;  // the files these results come from: a sign flip belongs to them
  const options = { ...choices.options, ...extra };
  const names = runs.map((r) => r.file.name).join(', ');
  runButton.disabled = true;
  let updates = 0;
  const work = (signal, say) => {
    const onProgress = (p) => {
      progressBar.dataset.updates = String(++updates);
      if (p.phase === 'reading') {
        progressBar.hidden = false;
        progressBar.value = p.fraction;
        say(`Reading ${p.file}: ${Math.round(100 * p.fraction)} %…`);
      } else {
        progressBar.value = 1;
        say(`Identifying ${names} with ${p.method} (${p.done + 1} of ${p.total})…`);
      }
    };
    return client.identifyCsv({ runs, mapping: map, methods, options }, { onProgress, signal });
  };
  const show = (out) => {
    clearOverlays();
    resultsEl.replaceChildren(...out.results.map((r) => methodColumn(r, 'csv', () => control.running)));
    out.results.forEach((r, k) => {
      offerSignFlip(r, map, record);
      const col = resultsEl.querySelector(`[data-method="${CSS.escape(r.method)}"]`);
      // the outputs' unit after the core's factors (wasm/channel-labels.js): SI, or the file's where no factor applied
      const units = [...new Set(out.summary.channels.outputs.map((c) => c.unit.replace('^2', '²') || '1'))];
      const unit = units.length === 1 ? units[0] : units.join(', ');
      showValidation(col, r, { measured: out.measured, simulated: out.simulations[k], outputs: map.outputCols, unit });
    });
    lastResults = { name: out.name, summary: out.summary, mapping: map, results: out.results };
    for (const b of [exportButton, exportCsvButton, saveButton, reportButton]) b.disabled = false;
    changed();
    const s = out.summary;
    // A method that failed says so here too (its reason is in its column), in red when all did.
    const failed = out.results.filter((r) => r.status === 'failed').map((r) => r.method);
    const failedNote = failed.length ? `; ${failed.join(', ')} failed (the reason is in ${failed.length === 1 ? 'its column' : 'their columns'} below)` : '';
    const text = roundedMessage(`${out.name}: ${runsNote(s)}, h = ${Number(s.h.toPrecision(4))} s, ` +
      `${count(s.inputs, 'input')}, ${count(s.outputs, 'output')}${factorNote(map)}${failedNote}` +
      `${s.warnings.length ? `; ${s.warnings.join('; ')}` : ''} (${out.ms.toFixed(0)} ms${onThreads(out.threads)}).`);
    // Coloured by the worst result (a warning of the data counts): never green on a warning.
    if (failed.length === out.results.length) setStatus(status, 'error', text);
    else setResultStatus(status, worstOf([...out.results.map((r) => r.status), ...(s.warnings.length ? ['warning'] : [])]), text);
  };
  await runRequest(control, { text: `Identifying ${names} with ${methods.join(', ')}…`, work, show }, {
    kept: 'your files and choices are kept',
    runAnyway: {
      place: runError,
      again: () => runIdentification({ ...extra, maxWork: Infinity }),
      text: 'Not started: the work is above the limit (see beside the Identify button). Your files and choices are kept.',
    },
    onError: (e) => {
      const place = placeOf(e);
      showFieldMessage(place, e.message, controlOf(place));
    },
    stopped: (message) => `Identification stopped: ${message}. Your files and choices are kept.`,
  });
  runButton.disabled = false;
  progressBar.hidden = true;
}

// The results as the JSON of `mechid identify` (one object per method, in an array) or as CSV,
// saved by the browser as a download: nothing leaves the machine.
function exportResults(kind) {
  if (lastResults) downloadResults(lastResults.results, kind, lastResults.name.replace(/\.[^.]*$/, ''), lastResults.summary.channels);
}

// The one-file report of the JSON above, with the data file (when one file was identified) and the page's geometry.
async function report() {
  if (!lastResults) return;
  const { results, name, summary: { channels } } = lastResults;
  try {
    await downloadReport({ kind: 'identify', result: results.map((r) => toJson(channels ? { ...r, channels } : r)), file: files.length === 1 ? files[0] : null, geometry: currentGeometry() }, name.replace(/\.[^.]*$/, ''));
  } catch (e) {
    showFieldMessage(runError, `Report: ${e.message}`, reportButton);
  }
}

async function save() {
  if (!lastResults) return;
  try {
    setStatus(status, 'ok', await keepAnalysis({ ...lastResults, source: 'CSV file' }));
  } catch (e) {
    setStatus(status, 'error', `Could not save: ${e?.message ?? e}`);
  }
}

/** Wires the section; its method list comes from the worker (its method table). */
export async function start() {
  fileInput.addEventListener('change', () => load([...fileInput.files]));
  onMeasuredFile((file) => load([file]));  // a recording of the Measure section (web/views/measure/)
  if (fileInput.files.length) load([...fileInput.files]);  // chosen while this module was loading
  outputKind.addEventListener('change', () => {
    kindByUser = true;
    if (recorded) recorded.outputNote = '';
    showOutputKind();
  });
  for (const id of ['csv-inputs', 'csv-outputs']) $(id).addEventListener('change', showForceDofs);
  findInput.addEventListener('input', showColumns);
  timeSelect.addEventListener('change', () => {
    showResampleChoice();
    drawPreview();
  });
  resampleBox.addEventListener('change', showResampleChoice);
  $('csv-h').addEventListener('input', drawPreview);
  for (const id of ['csv-force-unit', 'csv-output-unit']) $(id).addEventListener('change', drawPreview);
  showOutputKind();
  // The core's defaults of the dataset's and identify's options (the page states none).
  fillForm({ 'csv-sampling': { option: 'dataset.inputSampling' }, 'csv-output-kind': { option: 'dataset.outputs' },
    'csv-positive': { option: 'identify.positive' } }, () => {
    if (recorded && !kindByUser) chooseColumns();  // the file's kind over the core's default
    showOutputKind();
  });
  startStructure();
  startRoute({ identify: () => form.requestSubmit(), oma: () => setOutputOnly(outputOnlyOf(files[0]), { run: true }) });
  exportButton.addEventListener('click', () => exportResults('json'));
  exportCsvButton.addEventListener('click', () => exportResults('csv'));
  reportButton.addEventListener('click', report);
  saveButton.addEventListener('click', save);
  const drop = $('csv-drop');
  drop.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('over'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    if (e.dataTransfer.files.length) load([...e.dataTransfer.files]);
  });
  form.addEventListener('submit', identify);
  await showMethodList($('csv-method-list'), form, { name: 'csv-method', checkedKey: 'recommended' });
}
