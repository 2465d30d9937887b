// The "Hammer test" section (issue 54, item 3): the record of "Your measurements" (a loaded file or
// a Measure recording handed to it) with its one force column as the hammer's force, through the
// worker's `hammer` request (api.hammer: the hits found on the force, double hits and overloads
// rejected, H1/H2 and coherence averaged with force and exponential windows, the modes in the band
// with the window's damping taken off, Fladung & Rost 1997). The page only shows what hammer()
// returns: the hits with their reasons (a checkbox per hit runs it again with `reject`/`accept`),
// the averages, the modes and the averaged FRF with its coherence.
import { client } from '../client/worker-client.js';
import { fillForm } from '../ui/option-schema.js';
import { measurementRecord, onMeasurementChange } from '../state/measurement.js';
import { dataTable } from '../ui/results-table.js';
import { adviceList, otherWarnings } from '../ui/advice-actions.js';
import { $, el, fmt, setResultStatus, setStatus } from '../ui/dom.js';
import { clearFieldMessages, roundedMessage, showFieldError, showFieldMessage } from '../ui/field-message.js';
import { seriesColor } from '../ui/palette.js';
import { FrequencyPlot, magnitude } from '../ui/plot-frequency.js';
import { RunControl, runRequest } from '../ui/run-control.js';

const form = $('hammer-form');
const runButton = $('hammer-run');
const status = $('hammer-status');
const control = new RunControl({ cancel: $('hammer-cancel'), status });
const frfPlot = new FrequencyPlot($('hammer-frf-plot'), { yLabel: '|H1|, coherence', log: true });
const KIND_BY_PREFIX = { q: 'displacement', v: 'velocity', a: 'acceleration' };
// The fields and the options they give (an empty field: the option not given, the core's default).
const FIELDS = [
  ['hammer-trigger', 'trigger', 'Trigger level'], ['hammer-pretrigger', 'pretrigger', 'Samples before the trigger', true],
  ['hammer-length', 'length', 'Samples per hit', true], ['hammer-double-hit', 'doubleHit', 'Double hit above'],
  ['hammer-exp-tau', 'expTau', 'Exponential window τ'], ['hammer-band-lo', 'bandLoHz', 'Band from'], ['hammer-band-hi', 'bandHiHz', 'Band to'],
];
// The typed reasons of the core (docs/interfaces.md, `hammer`) in words.
const REASONS = {
  'double-hit': 'rejected: a double hit (a second pulse after the force had decayed)',
  overload: 'rejected: overload (a channel held at its largest value: clipped)',
  truncated: 'rejected: cut off by the end of the record',
  'rejected-by-user': 'rejected by you',
};
let choices = { reject: new Set(), accept: new Set() };  // hits (from 1) taken out or in by the user
let lastRecord = null;

function showRecord() {
  let record = null;
  try {
    record = measurementRecord();
  } catch (e) {
    $('hammer-source').textContent = e.message;
  }
  runButton.disabled = record === null || control.running;
  if (record?.file !== lastRecord?.file) choices = { reject: new Set(), accept: new Set() };
  lastRecord = record;
  if (record) {
    const forces = record.mapping.inputCols;
    const force = forces.length === 1 ? `force ${forces[0]}` : `${forces.length} force columns (the hammer test takes one: choose it in “Your measurements”)`;
    $('hammer-source').textContent = `From ${record.file.name}: ${force}; `
      + `response${record.outputCols.length > 1 ? 's' : ''} ${record.outputCols.join(', ')} (chosen in “Your measurements”).`;
  }
}

// The options typed (numbers only: the ranges are the core's), or an Error naming its field.
function readOptions(record) {
  const options = {};
  for (const [id, key, name, integer] of FIELDS) {
    const text = $(id).value.trim().replace(',', '.');
    if (text === '') continue;
    const x = Number(text);
    if (!Number.isFinite(x) || (integer && !Number.isInteger(x))) {
      throw Object.assign(new Error(`${name} must be ${integer ? 'a whole number' : 'a number'} (or empty: the default), got "${text.slice(0, 40)}"`), { field: id });
    }
    options[key] = x;
  }
  options.outputs = record.outputCols.map((c) => (/^[qva]\d+$/.test(c) ? KIND_BY_PREFIX[c[0]] : record.outputKind ?? 'acceleration'));
  if (choices.reject.size) options.reject = [...choices.reject];
  if (choices.accept.size) options.accept = [...choices.accept];
  return options;
}

async function analyse(event) {
  event?.preventDefault();
  if (control.running) return;
  clearFieldMessages([$('hammer-options-error'), $('hammer-run-error')], form.querySelectorAll('[aria-invalid]'));
  let record, options;
  try {
    record = measurementRecord();
    if (!record) return;
    options = readOptions(record);
  } catch (e) {
    if (e.field) showFieldError($('hammer-options-error'), e.message, $(e.field));
    else showFieldMessage($('hammer-run-error'), e.message, runButton);
    setStatus(status, 'error', roundedMessage(e.message));
    return;
  }
  runButton.disabled = true;
  await runRequest(control, {
    text: `Reading ${record.file.name}…`,
    work: (signal, say) => client.hammer({ file: record.file, mapping: record.mapping, options }, {
      signal,
      onProgress: (p) => say(p.phase === 'reading' ? `Reading ${p.file}: ${Math.round(100 * p.fraction)} %…` : `Finding the hits in ${p.samples} samples…`),
    }),
    show: (out) => showRun(out),
  }, {
    kept: 'your file and options are kept',
    onError: (e) => {
      const field = FIELDS.find(([, key]) => key === e.option || (e.option === 'band' && key.startsWith('band')));
      if (field) showFieldError($('hammer-options-error'), e.message, $(field[0]));
      else showFieldMessage($('hammer-run-error'), e.message, runButton);
    },
    stopped: (message) => `Stopped: ${message}. Your file and options are kept.`,
  });
  runButton.disabled = false;
}

function showRun(out) {
  const r = out.result;
  const warnings = [...out.summary.warnings, ...otherWarnings(r.warnings ?? [], r.advice)];
  const list = $('hammer-warnings');
  list.replaceChildren(...warnings.map((w) => el('li', roundedMessage(w))));
  list.hidden = warnings.length === 0;
  const advice = adviceList(r.advice, 'hammer');
  $('hammer-advice').replaceChildren(...(advice ? [advice] : []));
  showHits(r.hits ?? []);
  showModes(r);
  showFrf(r.frf);
  if (r.status === 'failed') {
    showFieldMessage($('hammer-run-error'), r.message, runButton);
    setStatus(status, 'error', `No result: ${roundedMessage(r.message)}`);
    return;
  }
  const worst = r.status === 'warning' || warnings.length ? 'warning' : 'ok';
  setResultStatus(status, worst, `${out.name}: ${r.hits.length} hits, ${r.averages} averaged, ${r.modes?.length ?? 0} mode${r.modes?.length === 1 ? '' : 's'}`
    + `${Number.isFinite(r.tau_s) ? `, exponential window τ = ${fmt(r.tau_s)} s` : ''}`
    + `${r.message && !(r.warnings ?? []).includes(r.message) ? `; ${roundedMessage(r.message)}` : ''}${worst === 'ok' ? '' : ', with warnings (below)'}; ${(out.ms / 1000).toFixed(2)} s.`);
  $('hammer-status').dataset.averages = String(r.averages);
}

// One row per hit: its time, accepted or the reason in words, and a box that takes it in or out.
function showHits(hits) {
  const wrap = dataTable(['hit', 'time (s)', 'peak', 'averaged', 'reason'], hits.map((hit) => [
    String(hit.hit), fmt(hit.time_s), fmt(hit.peak), '', hit.accepted ? 'accepted' : REASONS[hit.reason] ?? `rejected: ${hit.reason}`,
  ]));
  const table = wrap.querySelector('table');
  table.id = 'hammer-hits-table';
  table.querySelectorAll('tbody tr').forEach((tr, k) => {
    const hit = hits[k];
    tr.dataset.reason = hit.reason ?? '';
    tr.dataset.accepted = String(hit.accepted);
    const box = el('input', undefined, { type: 'checkbox', 'aria-label': `average hit ${hit.hit}` });
    box.checked = hit.accepted;
    box.addEventListener('change', () => {
      const n = hit.hit;
      choices.reject.delete(n);
      choices.accept.delete(n);
      if (!box.checked) choices.reject.add(n);
      else if (hit.reason && hit.reason !== 'rejected-by-user') choices.accept.add(n);
      analyse();
    });
    tr.children[3].replaceChildren(box);
  });
  $('hammer-hits').replaceChildren(hits.length ? wrap : el('p', 'No hit found: lower the trigger level or check the force column.', { class: 'hint' }));
}

function showModes(r) {
  const modes = r.modes ?? [];
  const wrap = dataTable(['mode', 'f (Hz)', 'ζ (corrected)', 'ζ (windowed)', 'correction'], modes.map((m, k) => [
    String(k + 1), fmt(m.freq_hz), fmt(m.zeta), fmt(m.zeta_windowed), fmt(m.damping_correction),
  ]));
  const table = wrap.querySelector('table');
  table.id = 'hammer-modes-table';
  table.querySelectorAll('tbody tr').forEach((tr, k) => {
    tr.dataset.freqHz = String(modes[k].freq_hz);
    tr.dataset.zeta = String(modes[k].zeta);
  });
  $('hammer-modes').replaceChildren(modes.length ? wrap
    : el('p', 'No modes: give a band (from, to) around the peaks of the FRF below.', { class: 'hint' }));
}

function showFrf(frf) {
  if (!frf?.freq_hz?.length || !frf.H?.[0]) return;
  frfPlot.show(frf.freq_hz, [
    { label: '|H1|', color: seriesColor(0), values: magnitude(frf.H[0][0] ?? frf.H[0]) },
    { label: 'coherence', color: seriesColor(2), values: frf.coherence?.[0] ?? [] },
  ]);
}

/** Wires the section: the defaults from the core's schema, the record from "Your measurements". */
export function start() {
  fillForm({
    'hammer-trigger': { option: 'hammer.trigger' },
    'hammer-pretrigger': { option: 'hammer.pretrigger' },
    'hammer-length': { option: 'hammer.length' },
    'hammer-double-hit': { option: 'hammer.doubleHit' },
  });
  form.addEventListener('submit', analyse);
  onMeasurementChange(showRecord);
  showRecord();
}
