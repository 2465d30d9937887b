// The "Identify" section (thesis sec. 4.2, ch. 5). The page's worker identifies M, D, K with each
// chosen method from the data of step 2 (web/state/step-data.js) or from PRBS data it simulates;
// this thread only formats tables and plots (the residual plotted is the core's
// validation.residual). Text is only ever set through textContent.
import { client } from '../client/worker-client.js';
import { StudyView } from '../ui/study-view.js';
import { showMethodList } from '../ui/method-list.js';
import { methodColumn, truthColumn } from '../ui/results-table.js';
import { shape3dAfter, viewModes } from '../ui/shape-3d.js';
import { currentGeometry, onGeometryChange } from '../state/geometry.js';
import { fillForm } from '../ui/option-schema.js';
import { keepAnalysis } from '../state/analysis-store.js';
import { $, el, onThreads, setResultStatus, setStatus, worstOf } from '../ui/dom.js';
import { clearFieldMessages, roundedMessage, showFieldError, showFieldMessage } from '../ui/field-message.js';
import { RunControl, runRequest } from '../ui/run-control.js';
import { readInteger, readNumber, readNumberList, readSnr } from '../ui/form.js';
import { COLOR } from '../ui/palette.js';
import { columnsOf, ResizingPlot } from '../ui/plot.js';
import { followSharedSetup, shareButton } from '../ui/share.js';
import { download, downloadResults, safeName, studyToCsv } from '../ui/export.js';
import { downloadReport } from '../ui/report-download.js';
import { toJson } from '../gen/api.js';
import { followSystem, inputSamplingOf, onMeasurementFile, onSimulation, simulation } from '../state/step-data.js';

const form = $('ident-form');
const presetSelect = $('ident-preset');
const runButton = $('ident-run');
const studyButton = $('ident-study');
const runError = $('ident-run-error');
const status = $('ident-status');
const resultsEl = $('ident-results');
const fitPlotEl = $('ident-fit-plot');
const saveButton = $('ident-save');
const exportJsonButton = $('ident-export-json');
const exportCsvButton = $('ident-export-csv');
const reportButton = $('ident-report');
const studyCsvButton = $('ident-study-csv');

let busy = false;
let last = null;  // {spec, out} of the last identification, for "Save analysis" and the exports
let lastStudy = null;  // the aggregate of the last study, for its CSV
const study = new StudyView($('ident-study-plot'), $('ident-study-progress'));
// Identify and the study: Cancel beside them and the elapsed time while one runs.
const control = new RunControl({ cancel: $('ident-cancel'), status });

function setBusy(on) {
  busy = on;
  runButton.disabled = on;
  studyButton.disabled = on;
}


// ---- inputs -------------------------------------------------------------------------------

/**
 * {system, h, n, snr, seed, positive, methods, source} from the form; throws Error{field} on a bad
 * value. `source` 'data': the simulation of step 2 (then system, h, n, snr and seed are its own, the
 * spec also carries its `input` and `data`, and the fields of new data are not read); 'new': PRBS
 * data simulated with the fields' settings.
 * `forStudy`: the study always simulates new data.
 */
function readForm({ forStudy = false } = {}) {
  for (const id of ['ident-h', 'ident-n', 'ident-snr', 'ident-seed']) $(id).removeAttribute('aria-invalid');
  const methods = [...form.querySelectorAll('input[name="method"]:checked')].map((c) => c.value);
  if (methods.length === 0) throw Object.assign(new Error('Choose at least one method.'), { methods: true });
  const sim = simulation();
  if (!forStudy && $('ident-source-data').checked && sim) {
    const { system, options: { h, snr, seed, input } } = sim;
    return {
      system, h, n: sim.data.t.length, snr, seed, positive: $('ident-positive').checked, methods,
      source: 'data', input, data: stepData(sim.data),
    };
  }
  return {
    source: 'new',
    system: presetSelect.value,
    h: readNumber('ident-h', 'h', (x) => x > 0, 'a positive number of seconds'),
    n: readInteger('ident-n', 'N', 50, 200000),
    snr: readSnr('ident-snr'),
    seed: readInteger('ident-seed', 'seed', 0, Number.MAX_SAFE_INTEGER),  // the core's range (a seed is any whole number JS holds exactly)
    positive: $('ident-positive').checked,
    methods,
  };
}

// After a file was read in step 2: where it is identified (with the settings only a file has).
function pointToFile(name) {
  const note = $('ident-data-file');
  note.hidden = !name;
  if (!name) return;
  const link = el('a', 'Your measurements, 4. Structure to 6. Method', { href: '#csv-model' });
  note.replaceChildren(`Your file ${name} is identified with its own columns, units, structure and friction in step 2: `, link, '.');
}

const noiseText = (snr) => (snr === Infinity ? 'noise-free' : `SNR ${snr} dB`);

// After a simulation in step 2: its summary beside the "data of step 2" choice, which it selects.
function offerSimulation({ system, options, data }) {
  $('ident-data-summary').textContent = `${system}, ${options.input}, h = ${options.h} s, N = ${data.t.length}, ${noiseText(options.snr)}, seed ${options.seed}`;
  const choice = $('ident-source-data');
  choice.disabled = false;
  choice.checked = true;
}

// A bad field's message under the fields (a method's in the Methods box), the focus on the field.
function inputError(e) {
  const control = e.methods ? form.querySelector('input[name="method"]') : e.field ? $(e.field) : null;
  if (e.field) control.setAttribute('aria-invalid', 'true');
  showFieldMessage($(e.methods ? 'ident-methods-error' : 'ident-form-error'), e.message, control);
  setStatus(status, 'error', roundedMessage(e.message));
}

// ---- fit plot -----------------------------------------------------------------------------

const fitPlot = new ResizingPlot(fitPlotEl, () => 260);
const residualPlot = new ResizingPlot($('ident-residual-plot'), () => 180);

function showFit(t, q, r) {
  fitPlot.destroy();
  residualPlot.destroy();
  const sim = r?.validation?.simulated;
  if (!sim) return;
  const opts = {
    scales: { x: { time: false } },
    axes: [{ label: 't (s)' }, { label: 'q1 (m)' }],
    series: [
      { label: 't (s)' },
      { label: 'measured q1', stroke: COLOR.grey, width: 1, points: { show: false } },
      { label: `simulated q1 (${r.method})`, stroke: COLOR.blue, width: 1.5, points: { show: false } },
    ],
  };
  const [measured] = columnsOf(q), [simulated] = columnsOf(sim);
  fitPlot.mount(opts, [t, measured, simulated], { series: 2, points: t.length });
  const [residual] = columnsOf(r.validation.residual);
  residualPlot.mount({
    scales: { x: { time: false } },
    axes: [{ label: 't (s)' }, { label: 'residual q1 (m)' }],
    series: [{ label: 't (s)' }, { label: `q1 − simulated (${r.method})`, stroke: COLOR.red, width: 1, points: { show: false } }],
  }, [t, residual], { series: 1, points: t.length });
}

// ---- actions ------------------------------------------------------------------------------

// The form's values, or null (and the message shown next to the field) when one is wrong or a
// run is going on.
function formOrNull(options) {
  if (busy) return null;
  clearFieldMessages(['ident-form-error', 'ident-methods-error'].map($), []);
  try {
    return readForm(options);
  } catch (e) {
    inputError(e);
    return null;
  }
}

function identify(event) {
  event.preventDefault();
  const spec = formOrNull();
  if (spec) runIdentify(spec);
}

// Identifies; `extra`: options added to identify's (maxWork: Infinity after "Run anyway").
async function runIdentify(spec, extra = {}) {
  setBusy(true);
  runError.replaceChildren();
  // The samples of step 2 go to the worker as they are (a copy: the plots of step 2 keep theirs).
  const { system, methods, source, input, data, ...options } = spec;
  const doing = data ? `Identifying the ${spec.n} samples of step 2` : `Simulating ${spec.n} samples and identifying`;
  await runRequest(control, {
    text: `${doing} with ${spec.methods.join(', ')}…`,
    work: (signal, say) => client.identify({ system, options: { ...options, ...extra }, methods, data }, {
      signal,
      // The method being run, before the elapsed seconds (run-control.js adds them).
      onProgress: (p) => {
        if (p.phase === 'identifying') say(`Identifying with ${p.method} (${p.done + 1} of ${p.total})…`);
      },
    }),
    show: (out) => {
      const cols = [truthColumn(out.truth, out.modal), ...out.results.map((r) => methodColumn(r))];
      resultsEl.replaceChildren(...cols);
      shapes3d?.show(modalSets(out));
      last = { spec, out };
      for (const b of [saveButton, exportJsonButton, exportCsvButton, reportButton]) b.disabled = false;
      showFit(out.t, out.q, out.results.find((r) => r.validation?.simulated));
      const summary = out.results.map((r) => `${r.method} ${r.status}`).join(', ');
      // Coloured by the worst result; its reasons are in the method's column, just below.
      const worst = worstOf(out.results.map((r) => r.status));
      const where = worst === 'ok' ? '' : ' The reasons are in each method’s column below.';
      const from = data ? ' from the data of step 2' : '';
      setResultStatus(status, worst, `Identified ${system}${from} (h = ${spec.h} s, N = ${spec.n}) in ${Math.round(out.ms)} ms${onThreads(out.threads)}: ${summary}.${where}`);
    },
  }, {
    runAnyway: {
      place: runError,
      again: () => runIdentify(spec, { ...extra, maxWork: Infinity }),
      text: 'Not started: the work is above the limit (see beside the Identify button).',
    },
    // A crash, a refusal for memory or the core's refusal of the options: beside the button,
    // which takes the focus, and in the status line.
    refusals: { options: [], button: runButton, place: runError },
    stopped: (message) => `Identification stopped: ${message}`,
  });
  setBusy(false);
}

// The modes of each identified M, D, K and of the true system, for the 3-D view (q1 … qn: one per DOF).
let shapes3d = null;
function modalSets(out) {
  const set = (label, modal) => ({ label, channelNames: (modal?.modes?.[0]?.shape ?? []).map((_, k) => `q${k + 1}`), modes: viewModes(modal?.modes ?? []) });
  return [...out.results.map((r) => set(r.method, r.modal)), set('true system', out.modal)];
}

// A simulation of step 2 as identify's data (web/app/worker.js, REQUEST.identify).
function stepData(data) {
  return { h: data.h, t: data.t, u: data.u, q: data.q, inputSampling: inputSamplingOf(data) };
}

async function save() {
  if (!last) return;
  const { spec: { system, h, n, snr, seed, methods, source, input }, out } = last;
  try {
    setStatus(status, 'ok', await keepAnalysis({
      name: `${system}, h = ${h} s, N = ${n}, ${noiseText(snr)}, seed ${seed}`,
      source: source === 'data' ? `simulated ${input} (step 2)` : 'simulated PRBS',
      setup: { system, h, n, snr, seed, methods },
      truth: out.truth, modal: out.modal, results: out.results,
    }));
  } catch (e) {
    setStatus(status, 'error', `Could not save: ${e?.message ?? e}`);
  }
}

const baseName = ({ system, h, n, snr, seed }) => safeName(`${system}-h${h}-n${n}-snr${snr}-seed${seed}`);

function exportResults(kind) {
  if (last) downloadResults(last.out.results, kind, baseName(last.spec));
}

// The one-file report of the results shown: the JSON of "Export results (JSON)", on the page's geometry.
async function report() {
  if (!last) return;
  try {
    await downloadReport({ kind: 'identify', result: last.out.results.map((r) => toJson(r)), file: null, geometry: currentGeometry() }, baseName(last.spec));
  } catch (e) {
    showFieldMessage(runError, `Report: ${e.message}`, reportButton);
  }
}

/** The study's own fields: {hs, runs}; a bad value is said next to them and in the status. */
function studyDesignOrNull() {
  const place = $('ident-study-error');
  clearFieldMessages([place], ['ident-study-hs', 'ident-study-runs'].map($));
  try {
    return {
      hs: readNumberList('ident-study-hs', 'the h values', (x) => x > 0, 'a positive number of seconds'),
      runs: readInteger('ident-study-runs', 'runs per h', 1, 100),
    };
  } catch (e) {
    // Next to the study's own fields (not under Identify's), the focus on the wrong one.
    showFieldError(place, e.message, $(e.field));
    setStatus(status, 'error', roundedMessage(e.message));
    return null;
  }
}

// The Monte Carlo study; `extra`: the work guard's options (maxWork: Infinity after "Run anyway").
async function runStudy(extra = {}) {
  const spec = formOrNull({ forStudy: true });
  if (!spec) return;
  const design = studyDesignOrNull();
  if (!design) return;
  setBusy(true);
  runError.replaceChildren();
  await runRequest(control, {
    text: 'Running the Monte Carlo study…',
    work: async (signal) => {
      // The core's guard on the whole study, before its first run (a refusal names its estimate).
      await client.checkStudyWork({ system: spec.system, options: { n: spec.n, hValues: design.hs.length, runs: design.runs, methods: spec.methods, ...extra } });
      signal.addEventListener('abort', () => study.cancel());
      return study.run({ system: spec.system, snr: spec.snr, n: spec.n, seed: spec.seed, methods: spec.methods, ...design });
    },
    // A cancelled study resolves with the runs done (study-view.js): shown as a result.
    show: ({ aggregate, done, total, cancelled, ms }) => {
      lastStudy = aggregate;
      studyCsvButton.disabled = false;
      const failures = aggregate.rows.reduce((s, r) => s + r.failures, 0);
      const note = failures ? ` ${failures} failed run(s) left out.` : '';
      // h values whose record is too short for the slowest mode: said, and drawn as such (study-view.js).
      const short = aggregate.rows.filter((r) => r.too_short > 0);
      const shortNote = short.length ? ` At h = ${[...new Set(short.map((r) => r.h))].join(', ')} s: ${short[0].too_short_message} `
        + 'Those points are grey markers: the record, not the method, is at fault.' : '';
      setStatus(status, 'ok', `${cancelled ? 'Study cancelled' : 'Study finished'}: ${done} of ${total} runs in ${Math.round(ms)} ms.${note}${shortNote}`);
    },
  }, {
    runAnyway: {
      place: runError,
      again: () => runStudy({ ...extra, maxWork: Infinity }),
      text: 'Not started: the study\'s work is above the limit (see beside the Study button).',
    },
    // A crash or a refusal of the study: beside the Study button.
    refusals: { options: [], button: studyButton, place: runError },
    stopped: (message) => `Study stopped: ${message}`,
  });
  setBusy(false);
}

/** Wires the section and fills its presets (main.js reports a failure in the status line). */
export async function start() {
  shapes3d = shape3dAfter(resultsEl, { id: 'ident-3d', client, geometry: currentGeometry, onGeometryChange });
  fillForm({ 'ident-positive': { option: 'identify.positive' } });  // the core's default (the page states none)
  form.addEventListener('submit', identify);
  studyButton.addEventListener('click', () => runStudy());
  saveButton.addEventListener('click', save);
  shareButton('identify', $('ident-share'), $('ident-share-link'));
  exportJsonButton.addEventListener('click', () => exportResults('json'));
  exportCsvButton.addEventListener('click', () => exportResults('csv'));
  reportButton.addEventListener('click', report);
  studyCsvButton.addEventListener('click', () => {
    if (lastStudy) download(new Blob([studyToCsv(lastStudy)], { type: 'text/csv' }), `${safeName(`study-${lastStudy.system}-snr${lastStudy.snr}`)}.csv`);
  });
  for (const name of (await client.presetNames()).names) presetSelect.append(new Option(name, name));
  // The thesis's comparison (Bruschetta 2011, ch. 5) checked by default: this section's lesson.
  await showMethodList($('ident-method-list'), form, { name: 'method', checkedKey: 'thesis_comparison' });
  followSystem(presetSelect);  // the system of step 1, for new data and the study
  onSimulation(offerSimulation);
  onMeasurementFile(pointToFile);
  if (simulation()) offerSimulation(simulation());
  // Changing a setting of new data (by hand or from a shared link) means new data.
  for (const field of $('ident-data').querySelectorAll('.grid select, .grid input')) {
    for (const type of ['input', 'change']) field.addEventListener(type, () => { $('ident-source-new').checked = true; });
  }
  followSharedSetup('identify');
  setBusy(false);
  setStatus(status, 'ready', 'Choose a system and methods, then Identify.');
}
