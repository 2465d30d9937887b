// The "Frequency response and modes" section (issue 17): the modes in a band of the measurement
// file loaded in "Your measurements" (its first file, columns, units and factors: csv-import.js's
// measurementRecord), through the worker's `modes` request (api.modes: FRFs, LSCF stabilization
// diagram, modes with standard deviations, the band model, a held-out validation). The page only
// shows what modes() returns: the stabilization diagram (a click takes or drops a pole), the table
// of the modes taken, the FRFs with the band model, the MAC of the modes taken against another set
// (the worker's `mac`), and exports (UFF 55, UFF 58, JSON). Every message of the core appears next
// to the control its option names. Column and file names are only set as text.
import { client } from '../client/worker-client.js';
import { fillForm } from '../ui/option-schema.js';
import { identifiedResults, measurementRecord, onMeasurementChange } from '../state/measurement.js';
import { currentGeometry, offerChannels, onGeometryChange } from '../state/geometry.js';
import { dataTable, matrixTable } from '../ui/results-table.js';
import { adviceList, otherWarnings } from '../ui/advice-actions.js';
import { $, el, fmt, setResultStatus, setStatus, worstOf } from '../ui/dom.js';
import { clearFieldMessages, roundedMessage, showFieldError, showFieldMessage } from '../ui/field-message.js';
import { fieldWording } from '../ui/field-wording.js';
import { download } from '../ui/export.js';
import { reveal } from '../ui/navigation.js';
import { downloadReport } from '../ui/report-download.js';
import { onResultOpened } from '../state/opened-result.js';
import { seriesColor } from '../ui/palette.js';
import { FrequencyPlot, magnitude, magnitudeSum, phaseDeg } from '../ui/plot-frequency.js';
import { StabilizationPlot } from '../ui/plot-stabilization.js';
import { ModeAnimation } from '../ui/mode-animation.js';
import { macTable } from '../ui/mac-table.js';
import { shape3dAfter, viewModes } from '../ui/shape-3d.js';
import { isCancelled, RunControl, runRequest } from '../ui/run-control.js';
import { writeUff55, writeUff58 } from '../gen/uff-write.js';

const form = $('modes-form');
const runButton = $('modes-run');
const status = $('modes-status');
const progressBar = $('modes-progress');
const control = new RunControl({ cancel: $('modes-cancel'), status });
const exportButtons = ['modes-export-uff55', 'modes-export-uff58', 'modes-export-json', 'modes-report'].map($);
// A band edge or a step as typed: 4 significant digits without trailing zeros (2, 15, 0.0025).
const short = (x) => (Number.isFinite(x) ? String(Number(x.toPrecision(4))) : '?');

const KIND_BY_PREFIX = { q: 'displacement', v: 'velocity', a: 'acceleration' };
const KINDS = ['displacement', 'velocity', 'acceleration'];
const kindChoices = new Map();  // output column -> kind chosen here by the user

// Where each option of a MechidError (its `option`) is shown, and the fields it marks.
const PLACES = {
  band: ['modes-band-error', ['modes-band-lo', 'modes-band-hi']],
  periods: ['modes-periods-error', ['modes-periods', 'modes-skip']],
  holdout: ['modes-periods-error', ['modes-holdout']],
  segment: ['modes-method-error', ['modes-segment']],
  window: ['modes-method-error', ['modes-method']],
  max_order: ['modes-max-order-error', ['modes-max-order']],
  tolerances: ['modes-tolerances-error', ['modes-freq-tol', 'modes-damping-tol', 'modes-mac-min', 'modes-min-stable']],
  outputs: ['modes-outputs-error', []],
  drivingOutput: ['modes-driving-error', ['modes-driving']],
};
const ERROR_IDS = ['modes-band-error', 'modes-periods-error', 'modes-method-error', 'modes-outputs-error', 'modes-max-order-error',
  'modes-tolerances-error', 'modes-run-error', 'modes-driving-error'];

let run = null;        // {name, record, options, result, summary, taken: Set of pole keys, auto: Map key -> mode}
const history = [];    // earlier runs (at most MAX_HISTORY), for the MAC
const MAX_HISTORY = 5;
let presetNames = null;

const stabPlot = new StabilizationPlot($('modes-stab-plot'), { onToggle: toggle });
const magPlot = new FrequencyPlot($('modes-frf-mag'), { yLabel: '|H|', log: true });
const phasePlot = new FrequencyPlot($('modes-frf-phase'), { yLabel: 'phase (°)' });
const coherencePlot = new FrequencyPlot($('modes-coherence'), { yLabel: 'coherence', range: [0, 1.05] });

// ------------------------------------------------------------------------------------------------
// The record of the CSV section and the response kind of each output

function kindOf(column, fallback, quantities = {}) {
  if (kindChoices.has(column)) return kindChoices.get(column);
  if (KINDS.includes(quantities[column])) return quantities[column];  // as the file states it
  return /^[qva]\d+$/.test(column) ? KIND_BY_PREFIX[column[0]] : fallback;
}

// The source line, the kind choice per output column and the Run button, for the CSV section's
// current file and columns.
function showRecord() {
  const container = $('modes-outputs');
  container.querySelectorAll('label').forEach((l) => l.remove());
  let record = null;
  try {
    record = measurementRecord();
  } catch (e) {
    $('modes-source').textContent = e.message;
    runButton.disabled = control.running;
    return;
  }
  runButton.disabled = record === null || control.running;
  if (record === null) {
    $('modes-source').textContent = 'No file yet: load one in “Your measurements (CSV)”, step 2 (Data).';
    return;
  }
  const { file, mapping } = record;
  const time = mapping.timeCol ? `time column ${mapping.timeCol}`
    : mapping.h === undefined && record.fileH !== undefined ? `h = ${Number(record.fileH.toPrecision(6))} s (from the file)` : `h = ${mapping.h ?? '?'} s`;
  $('modes-source').textContent = `From ${file.name}: force${mapping.inputCols.length > 1 ? 's' : ''} ${mapping.inputCols.join(', ')}; `
    + `output${record.outputCols.length > 1 ? 's' : ''} ${record.outputCols.join(', ')}; ${time} (chosen in “Your measurements”).`;
  for (const column of record.outputCols) {
    const select = el('select', undefined, { name: 'modes-kind', 'data-column': column });
    select.append(...KINDS.map((k) => el('option', k, { value: k })));
    select.value = kindOf(column, record.outputKind, record.quantities);
    select.addEventListener('change', () => kindChoices.set(column, select.value));
    const label = el('label');
    label.append(`${column} is a`, select);
    container.append(label);
  }
  // The driving point: none, or one of the output columns (value: its 1-based position), the
  // column chosen before kept when it is still an output.
  const driving = $('modes-driving');
  const chosen = driving.selectedOptions[0]?.textContent;
  driving.replaceChildren(el('option', 'none', { value: '' }), ...record.outputCols.map((column, k) => el('option', column, { value: String(k + 1) })));
  const keep = record.outputCols.indexOf(chosen);
  driving.value = keep >= 0 ? String(keep + 1) : '';
  if (run) showMacChoices();  // the models identified above may have changed
}

// ------------------------------------------------------------------------------------------------
// Reading the options: the text of each field as a number (types here; ranges are the core's, and
// so are the defaults the fields start with: fillForm at start; an empty field is an option not given)

// The message place of the field `id` (PLACES), else the Run button's.
const placeOf = (id) => Object.values(PLACES).find(([, ids]) => ids.includes(id))?.[0] ?? 'modes-run-error';

const fieldError = (ids, place, message) => Object.assign(new Error(message), { ids, place });

function numberOf(id, name, { integer = false, optional = false } = {}) {
  const text = $(id).value.trim().replace(',', '.');
  if (text === '' && optional) return undefined;
  const x = text === '' ? NaN : Number(text);
  if (!Number.isFinite(x) || (integer && !Number.isInteger(x))) {
    throw fieldError([id], placeOf(id), `${name} must be ${integer ? 'a whole number' : 'a number'}${optional ? " (or empty: the core's default)" : ''}, got "${text.slice(0, 40)}"`);
  }
  return x;
}

const METHODS = {
  lpm: { method: 'lpm' },
  'welch-hann': { method: 'welch', window: 'hann' },
  'welch-impact': { method: 'welch', window: 'impact' },
  'welch-rectangular': { method: 'welch', window: 'rectangular' },
};

// The modes options of the form; every field is read, each wrong one marked with its message
// (two about one place: both), the focus on the first; the first message is thrown.
function readOptions() {
  const problems = [];
  const read = (f) => {
    try {
      return f();
    } catch (e) {
      const place = $(e.place ?? 'modes-run-error');
      showFieldError(place, place.textContent ? `${place.textContent} ${e.message}` : e.message, $(e.ids[0]), { focus: problems.length === 0 });
      problems.push(e);
      return undefined;
    }
  };
  const excitation = $('modes-excitation').value;  // auto: the core finds the periods from the force
  const options = {
    ...METHODS[$('modes-method').value],
    bandLoHz: read(() => numberOf('modes-band-lo', 'Band from (Hz)', { optional: true })),
    bandHiHz: read(() => numberOf('modes-band-hi', 'Band to (Hz)', { optional: true })),
    segment: read(() => numberOf('modes-segment', 'Segment length', { integer: true, optional: true })),
    maxOrder: read(() => numberOf('modes-max-order', 'Highest model order', { integer: true, optional: true })),
    freqTol: read(() => numberOf('modes-freq-tol', 'Frequency tolerance (%)', { optional: true })) / 100,
    dampingTol: read(() => numberOf('modes-damping-tol', 'Damping tolerance (%)', { optional: true })) / 100,
    macMin: read(() => numberOf('modes-mac-min', 'Shape MAC', { optional: true })),
    minStableOrders: read(() => numberOf('modes-min-stable', 'Stable orders', { integer: true, optional: true })),
    outputs: [...form.querySelectorAll('select[name="modes-kind"]')].map((s) => s.value),
    drivingOutput: $('modes-driving').value === '' ? undefined : Number($('modes-driving').value),
  };
  if (excitation === 'random') options.periods = 0;
  if (excitation === 'periodic') {
    options.periods = read(() => numberOf('modes-periods', 'Periods in the record', { integer: true }));
    options.skipPeriods = read(() => numberOf('modes-skip', 'Periods skipped', { integer: true, optional: true }));
    options.holdoutPeriods = read(() => numberOf('modes-holdout', 'Periods held out', { integer: true, optional: true }));
  }
  if (problems.length) throw problems[0];
  for (const key of Object.keys(options)) if (options[key] === undefined || Number.isNaN(options[key])) delete options[key];
  return options;
}

function clearMessages() {
  clearFieldMessages(ERROR_IDS.map($), form.querySelectorAll('[aria-invalid]'));
}

// The section's fields by the CLI option each sets: its id after "modes-", or its data-option
// (and data-part: the band's LO and HI).
const optionFields = () => [...form.querySelectorAll('input[id^="modes-"], select[id^="modes-"]')]
  .map((control) => ({ name: control.dataset.option ?? control.id.slice('modes-'.length), part: control.dataset.part, control }));

// A message of the worker next to the controls its option names (all marked, the focus on the
// first), else next to the Run button. A message naming one field's option (the core's freq_tol)
// says that field's label and the value typed in it, here and in the status line, next to it.
function showError(e) {
  const worded = fieldWording(e.message, optionFields());
  if (worded) {
    e.message = worded.message;
    showFieldError($(placeOf(worded.control.id)), e.message, worded.control);
    return;
  }
  const [placeId, ids] = (e.phase === 'modes' && PLACES[e.option]) || ['modes-run-error', []];
  const kinds = e.option === 'outputs' ? [...form.querySelectorAll('select[name="modes-kind"]')] : [];
  const [first, ...others] = [...ids.map($), ...kinds];
  for (const c of others) c.setAttribute('aria-invalid', 'true');
  if (first) showFieldError($(placeId), e.message, first);
  else showFieldMessage($(placeId), e.message, runButton);
}

// ------------------------------------------------------------------------------------------------
// Running

// Finds the modes; `extra`: options added to the form's (maxWork: Infinity after "Run anyway").
async function findModes(event, extra = {}) {
  event?.preventDefault();
  if (control.running) return;
  clearMessages();
  let record, options;
  try {
    record = measurementRecord();
    if (!record) return;
  } catch (e) {
    // The columns are chosen in step 2: said beside the button that was pressed.
    showFieldMessage($('modes-run-error'), e.message, runButton);
    setStatus(status, 'error', `Choose the columns first: ${roundedMessage(e.message)}`);
    return;
  }
  try {
    options = readOptions();
  } catch (e) {
    setStatus(status, 'error', `Correct the marked field: ${roundedMessage(e.message)}`);
    return;
  }
  runButton.disabled = true;
  await runRequest(control, {
    text: `Reading ${record.file.name}…`,
    work: (signal, say) => client.modes(
      { file: record.file, mapping: record.mapping, options: { ...options, ...extra } },
      {
        signal,
        onProgress: (p) => {
          if (p.phase === 'reading') {
            progressBar.hidden = false;
            progressBar.value = p.fraction;
            say(`Reading ${p.file}: ${Math.round(100 * p.fraction)} %…`);
          } else {
            progressBar.hidden = true;
            say(`Estimating the FRFs of ${p.samples} samples and the poles up to order ${options.maxOrder}…`);
          }
        },
      },
    ),
    show: (out) => {
      if (run) history.unshift(run);
      history.splice(MAX_HISTORY);
      run = newRun(out, record, options);
      showRun(out);
    },
  }, {
    kept: 'your file and options are kept',
    runAnyway: {
      place: $('modes-run-error'),
      again: () => findModes(null, { maxWork: Infinity }),
      text: 'Not started: the work is above the limit (see beside Find the modes). Your file and options are kept.',
    },
    onError: showError,
    stopped: (message) => `Stopped: ${message}. Your file and options are kept.`,
  });
  progressBar.hidden = true;
  runButton.disabled = false;
}

// The key of the pole that stands for mode m: the nearest in frequency at the mode's order.
function poleKeyOf(stabilization, m) {
  const row = stabilization.find((r) => r.order === m.order);
  if (!row || row.poles.length === 0) return null;
  let best = 0;
  row.poles.forEach((p, k) => { if (Math.abs(p.freq_hz - m.freq_hz) < Math.abs(row.poles[best].freq_hz - m.freq_hz)) best = k; });
  return `${row.order}:${best}`;
}

function newRun(out, record, options) {
  const r = out.result;
  const auto = new Map();
  for (const m of r.modes) {
    const key = poleKeyOf(r.stabilization, m);
    if (key !== null) auto.set(key, m);
  }
  const time = new Date().toLocaleTimeString();
  const band = `${short(options.bandLoHz ?? 0)}–${short(options.bandHiHz)} Hz`;
  return { ...out, record, options, auto, taken: new Set(auto.keys()), label: `${out.name}, ${band} (run at ${time})` };
}

// The modes taken, by frequency: [{key, freq_hz, zeta, order, mode (modes()'s, or null: by hand)}].
function takenModes(r = run) {
  if (!r) return [];
  const byKey = new Map();
  for (const row of r.result.stabilization) row.poles.forEach((p, k) => byKey.set(`${row.order}:${k}`, { ...p, order: row.order }));
  return [...r.taken].map((key) => {
    const mode = r.auto.get(key) ?? null;
    const p = byKey.get(key);
    return { key, freq_hz: mode?.freq_hz ?? p.freq_hz, zeta: mode?.zeta ?? p.zeta, order: p.order, mode };
  }).sort((a, b) => a.freq_hz - b.freq_hz);
}

function toggle(key) {
  if (!run) return;
  if (run.taken.has(key)) run.taken.delete(key);
  else run.taken.add(key);
  stabPlot.select(run.taken);
  showTable();
  showMac();
}

// ------------------------------------------------------------------------------------------------
// Showing a result

function showRun(out) {
  const r = out.result;
  const s = out.summary;
  const frf = r.frf;
  offerChannels(run.record.outputCols, out.name);  // the Geometry section maps them to nodes
  for (const b of exportButtons) b.disabled = r.status === 'failed';
  // The reading's warnings and the result's that are no advice's as they come; the advice in two
  // layers with its action's button (web/ui/advice-actions.js): a periodic record's note, the band
  // the force excites.
  const warnings = [...s.warnings, ...otherWarnings(r.warnings, r.advice)];
  const list = $('modes-warnings');
  list.replaceChildren(...warnings.map((w) => el('li', roundedMessage(w))));
  list.hidden = warnings.length === 0;
  const advice = adviceList(r.advice, 'modes', { busy: () => control.running });
  $('modes-advice').replaceChildren(...(advice ? [advice] : []));
  if (r.status === 'failed') {
    showFieldMessage($('modes-run-error'), r.message, runButton);
    setStatus(status, 'error', `No modes: ${roundedMessage(r.message)}`);
  }
  const method = r.method === 'lpm' ? 'local polynomial method' : `Welch (${run.options.window ?? 'hann'})`;
  const found = r.advice?.find((a) => a.code === 'periodic');  // the periods found from the force
  const averaging = frf.periods ? `${frf.averages} of ${frf.periods} periods averaged${found ? ' (the force repeats: found from the data)' : ''}`
    : `${method}, ${frf.averages} averages`;
  // Coloured by the worst of the modes and the reading (amber on a warning; a note is information).
  // The reduced M, D, K is an optional part: refused, it is said below, and the modes stay as good
  // as their own status says (a refusal is not a red result).
  const worst = worstOf([r.status, ...(r.reduced?.status === 'warning' ? ['warning'] : []), warnings.length ? 'warning' : 'ok']);
  const refused = r.reduced?.status === 'failed' ? '; the reduced M, D, K was not formed (the reason is below)' : '';
  if (r.status !== 'failed' && out.opened) {
    setResultStatus(status, worst, `${out.name} (opened from a report): ${r.modes.length} mode${r.modes.length === 1 ? '' : 's'} in ${short(run.options.bandLoHz ?? 0)}–${short(run.options.bandHiHz)} Hz.`);
  } else if (r.status !== 'failed') {
    setResultStatus(status, worst, `${out.name}: ${r.modes.length} mode${r.modes.length === 1 ? '' : 's'} in ${short(run.options.bandLoHz ?? 0)}–${short(run.options.bandHiHz)} Hz `
      + `(${s.samples} samples, h = ${short(s.h)} s, ${frf.freq_hz.length} frequencies, ${averaging}; orders 2–${r.max_order})`
      + `${worst === 'ok' ? '' : ', with warnings (below)'}${refused}; ${(out.ms / 1000).toFixed(2)} s.`);
  }
  // The stabilization diagram first: it is what the user waits for.
  stabPlot.show(r.stabilization, frf.freq_hz, magnitudeSum(frf.H, frf.freq_hz.length), run.taken);
  showTable();
  showReduced(r.reduced);
  const v = r.validation ?? [];
  $('modes-validation').textContent = v.length
    ? `Held-out ${run.options.holdoutPeriods === 1 ? 'period' : 'periods'}: the band model's response to the measured force fits ${v.map((x, k) => `${run.record.outputCols[k] ?? `output ${x.output}`} ${fmt(x.fit_percent, 3)} %`).join(', ')} `
      + `(against the outputs' part in the band: ${v.map((x) => `${fmt(x.fit_percent_band, 3)} %`).join(', ')}).`
    : '';
  showChannels();
  showMacChoices();
  showMac();
}

// The band's reduced M, D, K (modes()'s `reduced`, when a driving point was chosen) next to the
// driving-point control, or the reason it cannot be formed.
function showReduced(reduced) {
  const box = $('modes-reduced');
  if (!reduced) {
    box.replaceChildren();
    return;
  }
  const names = run.record.outputCols;
  const column = names[reduced.driving_output - 1] ?? `output ${reduced.driving_output}`;
  if (reduced.status === 'failed') {
    // An optional part refused: said plainly, not as an error of the modes.
    box.replaceChildren(el('p', `The reduced M, D, K is not formed: ${roundedMessage(reduced.message)}`, { class: 'hint', id: 'modes-reduced-reason', 'data-reason': reduced.reason }));
    return;
  }
  const grid = el('div', undefined, { class: 'matrices', id: 'modes-reduced-matrices' });
  for (const key of ['M', 'D', 'K']) {
    const fig = el('figure');
    fig.append(el('figcaption', key), matrixTable(reduced[key], `modes-reduced-${key}`));
    grid.append(fig);
  }
  const mpc = reduced.mpc.map((x) => fmt(x, 3)).join(', ');
  const parts = [el('p', `The band’s reduced model in the coordinates of ${names.join(', ')} (driving point ${column}), from mass-normalised `
    + `real shapes: condition number ${fmt(reduced.condition, 3)}, MPC of the modes ${mpc}.`, { class: 'hint' }), grid];
  if (reduced.warnings.length) {
    const list = el('ul', undefined, { class: 'warnings' });
    list.append(...reduced.warnings.map((w) => el('li', roundedMessage(w))));
    parts.push(list);
  }
  box.replaceChildren(...parts);
}

function showTable() {
  const modes = takenModes();
  // ± the core's 95 % half-width (freq_hz_half95, zeta_half95), rounded to 2 digits.
  const pm = (x, half) => (Number.isFinite(half) ? `${fmt(x)} ± ${fmt(half, 2)}` : fmt(x));
  const wrap = dataTable(['mode', 'f (Hz)', 'ζ', 'MPC', 'stable orders', 'order', 'taken'], modes.map((m, k) => [
    String(k + 1),
    pm(m.freq_hz, m.mode?.freq_hz_half95),
    pm(m.zeta, m.mode?.zeta_half95),
    m.mode ? fmt(m.mode.mpc, 3) : '–',
    m.mode ? String(m.mode.stable_orders) : '–',
    String(m.order),
    m.mode ? 'automatic' : 'by hand',
  ]));
  const table = wrap.querySelector('table');
  table.id = 'modes-table-data';
  // A checkbox per row: drop the mode (the keyboard's way to what a click on its pole does).
  table.querySelectorAll('tbody tr').forEach((tr, k) => {
    const box = el('input', undefined, { type: 'checkbox', 'aria-label': `take mode ${k + 1} (${fmt(modes[k].freq_hz)} Hz)` });
    box.checked = true;
    box.addEventListener('change', () => toggle(modes[k].key));
    tr.lastChild.prepend(box, ' ');
  });
  // A click on a row with a shape animates that mode.
  const shaped = modes.filter((m) => m.mode);
  table.querySelectorAll('tbody tr').forEach((tr, k) => {
    if (!modes[k].mode) return;
    tr.addEventListener('click', (e) => {
      if (e.target.tagName !== 'INPUT' && animation?.root.isConnected) animation.choose(shaped.indexOf(modes[k]));
      if (e.target.tagName !== 'INPUT') shapes3d?.choose(shaped.indexOf(modes[k]));
    });
  });
  showAnimation();
  $('modes-table').replaceChildren(modes.length ? wrap : el('p', run?.result.modes.length === 0
    ? 'No pole is stable over enough orders: widen the band, raise the highest order, or loosen the tolerances; or take poles by hand in the diagram.'
    : 'No mode taken: click a pole in the diagram.', { class: 'hint' }));
}

// The sensors' positions typed by the user (one number per output), or undefined: equally spaced
// (a wrong list is said next to the field; the focus goes back to it when `focus`: just typed).
function sensorPositions(count, focus) {
  const field = $('modes-positions');
  const text = field.value.trim();
  const error = $('modes-positions-error');
  clearFieldMessages([error], [field]);
  if (!text) return undefined;
  const xs = text.split(/[\s,;]+/).filter(Boolean).map(Number);
  if (xs.length !== count || !xs.every(Number.isFinite)) {
    showFieldError(error, `Sensor positions: give ${count} numbers (one per output, in order), got "${text.slice(0, 60)}"; shown equally spaced.`, field, { focus });
    return undefined;
  }
  return xs;
}

// The animated shape of the modes taken that have one, at the sensors along a line; `focus`: the
// positions were just typed (a wrong list takes the focus back to them).
let animation = null;
let shapes3d = null;  // the 3-D view (web/ui/shape-3d.js): this run's modes, side by side with an earlier run's
function showAnimation(focus = false) {
  const modes = takenModes().filter((m) => m.mode).map((m) => m.mode);
  const sets = (r, label) => ({ label, channelNames: r.record.outputCols, modes: viewModes(takenModes(r).filter((m) => m.mode).map((m) => m.mode)) });
  shapes3d?.show(run ? [sets(run, 'this run'), ...history.map((h) => sets(h, `earlier run (${h.label})`))] : []);
  const target = $('modes-anim');
  if (!modes.length) {
    animation?.destroy();
    animation = null;
    target.replaceChildren(run ? el('p', 'No mode with a shape is taken.', { class: 'hint' }) : '');
    return;
  }
  if (!animation?.root.isConnected) animation = new ModeAnimation(target, { id: 'modes-anim-fig', label: 'Measured mode shape' });
  animation.showLine(modes, { labels: run.record.outputCols, positions: sensorPositions(modes[0].shape.length, focus) });
}

// The output and force choices and the FRF plots of the chosen pair.
function showChannels() {
  const outputs = $('modes-output'), inputs = $('modes-input');
  const keep = (select, names) => {
    const before = select.value;
    select.replaceChildren(...names.map((name, k) => el('option', name, { value: String(k) })));
    if (names.some((_, k) => String(k) === before)) select.value = before;
  };
  keep(outputs, run.record.outputCols);
  keep(inputs, run.record.mapping.inputCols);
  inputs.closest('label').hidden = run.record.mapping.inputCols.length < 2;
  drawFrf();
}

function drawFrf() {
  if (!run) return;
  const { frf, model_H: model } = run.result;
  const o = Number($('modes-output').value || 0), i = Number($('modes-input').value || 0);
  const name = run.record.outputCols[o] ?? `output ${o + 1}`;
  const measured = frf.H[o]?.[i] ?? [];
  const fitted = model?.[o]?.[i] ?? [];
  const series = (values, label, color, dash) => ({ label, color, values, dash });
  const withModel = (f, what) => [series(f(measured), `${what} measured`, seriesColor(0)),
    ...(fitted.length ? [series(f(fitted), `${what} band model`, seriesColor(1), [6, 4])] : [])];
  magPlot.show(frf.freq_hz, withModel(magnitude, `|H| ${name}`));
  phasePlot.show(frf.freq_hz, withModel(phaseDeg, `phase ${name}`));
  coherencePlot.show(frf.freq_hz, [series(frf.coherence[o] ?? [], `coherence ${name}`, seriesColor(2))]);
}

// ------------------------------------------------------------------------------------------------
// MAC

async function showMacChoices() {
  const select = $('modes-mac-with');
  const before = select.value;
  if (presetNames === null) {
    presetNames = [];
    try {
      presetNames = (await client.presetNames()).names;
    } catch {
      presetNames = [];
    }
  }
  const options = [el('option', 'themselves (AutoMAC)', { value: 'self' })];
  history.forEach((h, k) => options.push(el('option', `an earlier run: ${h.label}`, { value: `run:${k}` })));
  for (const r of identifiedResults()?.results ?? []) {
    if (r.modal?.modes?.length) options.push(el('option', `M, D, K identified from the file by ${r.method}`, { value: `identified:${r.method}` }));
  }
  for (const name of presetNames) options.push(el('option', `the preset ${name}`, { value: `preset:${name}` }));
  select.replaceChildren(...options);
  select.value = options.some((o) => o.value === before) ? before : 'self';
}

// The shapes to compare against, with a name for each: [{label, shape}].
async function otherShapes(choice) {
  const colon = choice.indexOf(':');
  const [kind, arg] = [choice.slice(0, colon), choice.slice(colon + 1)];
  const withShapes = (r) => takenModes(r).filter((m) => m.mode).map((m) => ({ label: `${fmt(m.freq_hz)} Hz`, shape: m.mode.shape }));
  if (choice === 'self') return withShapes(run);
  if (kind === 'run') return history[Number(arg)] ? withShapes(history[Number(arg)]) : [];
  const modal = kind === 'identified'
    ? identifiedResults()?.results.find((r) => r.method === arg)?.modal
    : (await client.modal({ system: arg })).modal;
  return (modal?.modes ?? []).map((m) => ({ label: `${fmt(m.freq_hz)} Hz`, shape: m.shape }));
}

let macRequest = 0;
async function showMac() {
  const target = $('modes-mac');
  const error = $('modes-mac-error');
  clearFieldMessages([error], []);
  if (!run) return;
  const ours = takenModes().filter((m) => m.mode).map((m) => ({ label: `${fmt(m.freq_hz)} Hz`, shape: m.mode.shape }));
  const request = ++macRequest;
  try {
    const theirs = await otherShapes($('modes-mac-with').value || 'self');
    if (ours.length === 0 || theirs.length === 0) {
      target.replaceChildren(el('p', 'No shapes to compare (modes taken by hand have none).', { class: 'hint' }));
      return;
    }
    const { mac } = await client.mac({ a: ours.map((m) => m.shape), b: theirs.map((m) => m.shape) });
    if (request !== macRequest) return;  // a newer comparison was asked meanwhile
    target.replaceChildren(macTable(mac, ours, theirs, 'modes-mac-table'));
  } catch (e) {
    if (request !== macRequest || isCancelled(e)) return;
    target.replaceChildren();
    // Next to the choice it is about; the focus stays (this also runs after a run or a click on a pole).
    showFieldMessage(error, e.message, $('modes-mac-with'), { focus: false });
  }
}

// ------------------------------------------------------------------------------------------------
// Exports, made in this browser

const baseName = () => run.name.replace(/\.[^.]*$/, '');

// The JSON of "Export modes (JSON)": mechid modes's, with the file, columns, options and the modes taken.
function modesJson(taken) {
  const picks = taken.map((m) => (m.mode ? { ...m.mode, taken: 'automatic' } : { freq_hz: m.freq_hz, zeta: m.zeta, order: m.order, taken: 'by hand' }));
  return { file: run.name, columns: { inputs: run.record.mapping.inputCols, outputs: run.record.outputCols }, channels: run.channels, options: run.options, taken: picks, ...run.result };
}

// The one-file report of that JSON, with the data file and the page's geometry.
async function report() {
  if (!run) return;
  try {
    await downloadReport({ kind: 'modes', result: modesJson(takenModes()), file: run.record.file, geometry: currentGeometry() }, baseName());
  } catch (e) {
    showFieldMessage($('modes-run-error'), `Report: ${e.message}`, $('modes-report'));
  }
}

function exportModes(kind) {
  if (!run) return;
  const taken = takenModes();
  try {
    if (kind === 'uff55') {
      const modes = taken.filter((m) => m.mode).map((m) => m.mode);
      if (modes.length === 0) throw new Error('no mode with a shape is taken (modes taken by hand have none)');
      download(new Blob([writeUff55(modes, { complex: true, id2: run.name, channels: run.channels?.outputs })], { type: 'text/plain' }), `${baseName()}-modes.uff`);
    } else if (kind === 'uff58') {
      const { freq_hz, H } = run.result.frf;
      download(new Blob([writeUff58({ kind: 'frf', freq_hz, H, response: run.result.outputs, id2: run.name, channels: run.channels })], { type: 'text/plain' }), `${baseName()}-frf.uff`);
    } else {
      download(new Blob([`${JSON.stringify(modesJson(taken))}\n`], { type: 'application/json' }), `${baseName()}-modes.json`);
    }
  } catch (e) {
    showFieldMessage($('modes-run-error'), `Export: ${e.message}`, $(`modes-export-${kind}`));
  }
}

/** Wires the section (it needs the worker only when Find the modes is pressed). */
export function start() {
  shapes3d = shape3dAfter($('modes-anim'), { id: 'modes-3d', client, geometry: currentGeometry, onGeometryChange });
  const excitation = $('modes-excitation');
  const periodFields = ['modes-periods', 'modes-skip', 'modes-holdout'].map($);
  const showPeriodic = () => periodFields.forEach((f) => { f.disabled = excitation.value !== 'periodic'; });
  excitation.addEventListener('change', showPeriodic);
  showPeriodic();
  fillForm({
    'modes-max-order': { option: 'modes.maxOrder' }, 'modes-freq-tol': { option: 'modes.freqTol', scale: 100 },
    'modes-damping-tol': { option: 'modes.dampingTol', scale: 100 }, 'modes-mac-min': { option: 'modes.macMin' },
    'modes-min-stable': { option: 'modes.minStableOrders' }, 'modes-skip': { option: 'modes.skipPeriods' },
    'modes-holdout': { option: 'modes.holdoutPeriods' },
  });
  form.addEventListener('submit', findModes);
  $('modes-output').addEventListener('change', drawFrf);
  $('modes-input').addEventListener('change', drawFrf);
  $('modes-mac-with').addEventListener('change', showMac);
  $('modes-positions').addEventListener('change', () => { if (run) showAnimation(true); });
  $('modes-export-uff55').addEventListener('click', () => exportModes('uff55'));
  $('modes-export-uff58').addEventListener('click', () => exportModes('uff58'));
  $('modes-export-json').addEventListener('click', () => exportModes('json'));
  $('modes-report').addEventListener('click', report);
  onMeasurementChange(showRecord);
  showRecord();
  // A report of modes opened in "Saved analyses": its result shown here (its data file is not at hand).
  onResultOpened('modes', (json, name) => {
    const { file, columns, options = {}, taken, ...result } = json;
    const names = (list) => (list ?? []).map((c) => c.name);
    const record = { file: null, mapping: { inputCols: columns?.inputs ?? names(result.channels?.inputs) }, outputCols: columns?.outputs ?? names(result.channels?.outputs) };
    const out = { result, name: file ?? name, channels: result.channels, summary: { warnings: [] }, opened: true };
    if (run) history.unshift(run);
    history.splice(MAX_HISTORY);
    run = newRun(out, record, options);
    showRun(out);
    reveal($('modes'));
  });
}
