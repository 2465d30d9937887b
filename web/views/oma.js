// The "Output-only modal analysis" section (issue 51, item 4): the modes of a file of responses only
// (accelerations of a structure under unmeasured forces, a phone's CSV), through the worker's `oma`
// request (api.oma, its `method`: covariance-driven or data-driven SSI over orders, Peeters & De Roeck
// 1999, the stable poles clustered into modes, jackknife intervals; or enhanced FDD, Brincker, Ventura &
// Andersen 2001, no orders and no intervals; the singular values of the output spectrum). The page
// only shows what oma() returns, with the pieces of the modes section: the stabilization diagram
// over the first singular value, the table of the modes (f and ζ with their 95 % intervals, MPC,
// MPD), each mode's shape animated on a line of sensors, the MAC between the modes, the warnings in
// two layers, the exports (UFF 55, JSON). The file comes
// from "What the data are" (web/state/output-only.js). Column and file names are only set as text.
import { client } from '../client/worker-client.js';
import { onOutputOnly, outputOnlyRecord } from '../state/output-only.js';
import { currentGeometry, offerChannels, onGeometryChange } from '../state/geometry.js';
import { dataTable } from '../ui/results-table.js';
import { adviceList, otherWarnings } from '../ui/advice-actions.js';
import { $, el, fmt, setResultStatus, setStatus } from '../ui/dom.js';
import { clearFieldMessages, roundedMessage, showFieldError, showFieldMessage } from '../ui/field-message.js';
import { StabilizationPlot } from '../ui/plot-stabilization.js';
import { ModeAnimation } from '../ui/mode-animation.js';
import { macTable } from '../ui/mac-table.js';
import { fillForm } from '../ui/option-schema.js';
import { shape3dAfter, viewModes } from '../ui/shape-3d.js';
import { reveal } from '../ui/navigation.js';
import { isCancelled, RunControl, runRequest } from '../ui/run-control.js';
import { download } from '../ui/export.js';
import { downloadReport } from '../ui/report-download.js';
import { onResultOpened } from '../state/opened-result.js';
import { writeUff55 } from '../gen/uff-write.js';

const form = $('oma-form');
const runButton = $('oma-run');
const status = $('oma-status');
const progressBar = $('oma-progress');
const control = new RunControl({ cancel: $('oma-cancel'), status });
const stabPlot = new StabilizationPlot($('oma-stab-plot'), { onToggle: () => {}, curveLabel: 'σ₁' });
let animation = null;
let shapes3d = null;  // the 3-D view (web/ui/shape-3d.js)
let last = null;  // {out, options}: the last result, for the exports
const exportButtons = ['oma-export-uff55', 'oma-export-json', 'oma-report'].map($);
// A band edge as typed: 4 significant digits without trailing zeros.
// What each method (OmaOptions::method, the choices of the core's schema) is doing, for the progress line.
const working = {
  'ssi-cov': 'Covariance-driven stochastic subspace identification',
  'ssi-data': 'Data-driven stochastic subspace identification',
  efdd: 'Enhanced frequency-domain decomposition',
};
const short = (x) => (Number.isFinite(x) ? String(Number(x.toPrecision(4))) : '?');

// The source line and the Run button for the file of responses only.
function showRecord(record) {
  runButton.disabled = record === null || control.running;
  $('oma-source').textContent = record
    ? `From ${record.file.name}: its responses (of one kind: displacements, else velocities, else accelerations)${record.mapping.timeCol ? `, time column ${record.mapping.timeCol}` : ''}.`
    : 'No file of responses only yet: load one in “Your measurements”, then press “Output-only modal analysis” under it.';
}

// A band edge typed (empty: the core's, the whole band up to Nyquist), or an Error marking its field.
function bandEdge(id, name) {
  const text = $(id).value.trim().replace(',', '.');
  if (text === '') return undefined;
  const x = Number(text);
  if (!Number.isFinite(x)) throw Object.assign(new Error(`${name} must be a number in Hz (or empty: the whole band), got "${text.slice(0, 40)}"`), { field: id });
  return x;
}

function readOptions() {
  const options = { bandLoHz: bandEdge('oma-band-lo', 'Band from (Hz)'), bandHiHz: bandEdge('oma-band-hi', 'Band to (Hz)'), method: $('oma-method').value };
  for (const key of Object.keys(options)) if (options[key] === undefined) delete options[key];
  return options;
}

// A message of the worker next to the band when it names the band, else next to the Run button.
function showError(e) {
  if (e.phase === 'oma' && e.option === 'band') showFieldError($('oma-band-error'), e.message, $('oma-band-lo'));
  else showFieldMessage($('oma-run-error'), e.message, runButton);
}

// Runs the analysis; `extra`: options added to the form's (maxWork: Infinity after "Run anyway").
async function analyse(event, extra = {}) {
  event?.preventDefault();
  const record = outputOnlyRecord();
  if (control.running || !record) return;
  clearFieldMessages([$('oma-band-error'), $('oma-run-error')], form.querySelectorAll('[aria-invalid]'));
  let options;
  try {
    options = readOptions();
  } catch (e) {
    showFieldError($('oma-band-error'), e.message, $(e.field));
    setStatus(status, 'error', `Correct the marked field: ${roundedMessage(e.message)}`);
    return;
  }
  runButton.disabled = true;
  await runRequest(control, {
    text: `Reading ${record.file.name}…`,
    work: (signal, say) => client.oma({ file: record.file, mapping: record.mapping, options: { ...options, ...extra } }, {
      signal,
      onProgress: (p) => {
        progressBar.hidden = p.phase !== 'reading';
        if (p.phase === 'reading') {
          progressBar.value = p.fraction;
          say(`Reading ${p.file}: ${Math.round(100 * p.fraction)} %…`);
        } else {
          const efdd = options.method === 'efdd';
          say(`${working[options.method] ?? 'Output-only modal analysis'} of ${p.outputs} responses, ${p.samples} samples${efdd ? '' : ', over the model orders'}…`);
        }
      },
    }),
    show: (out) => showRun(out, options, record.file),
  }, {
    kept: 'your file and band are kept',
    runAnyway: {
      place: $('oma-run-error'),
      again: () => analyse(null, { maxWork: Infinity }),
      text: 'Not started: the work is above the limit (see beside Find the modes). Your file and band are kept.',
    },
    onError: showError,
    stopped: (message) => `Stopped: ${message}. Your file and band are kept.`,
  });
  progressBar.hidden = true;
  runButton.disabled = false;
}

function showRun(out, options, file) {
  const r = out.result;
  last = { out, options, file };
  for (const b of exportButtons) b.disabled = r.status === 'failed' || r.modes.length === 0;
  const s = out.summary;
  // The reading's warnings and the result's that are no advice's as they come; the advice in two layers.
  const warnings = [...s.warnings, ...otherWarnings(r.warnings, r.advice)];
  const list = $('oma-warnings');
  list.replaceChildren(...warnings.map((w) => el('li', roundedMessage(w))));
  list.hidden = warnings.length === 0;
  const advice = adviceList(r.advice, 'oma');
  $('oma-advice').replaceChildren(...(advice ? [advice] : []));
  const names = (out.channels?.outputs ?? []).map((c) => c.name);
  offerChannels(names, out.name);  // the Geometry section maps them to nodes
  if (r.status === 'failed') {
    showFieldMessage($('oma-run-error'), r.message, runButton);
    setStatus(status, 'error', `No modes: ${roundedMessage(r.message)}`);
  } else {
    const worst = r.status === 'warning' || warnings.length ? 'warning' : 'ok';
    const band = `${short(options.bandLoHz ?? 0)}–${options.bandHiHz === undefined ? `${short(0.5 / s.h)} (Nyquist)` : short(options.bandHiHz)} Hz`;
    if (out.opened) setResultStatus(status, worst, `${out.name} (opened from a report): ${r.modes.length} mode${r.modes.length === 1 ? '' : 's'} in ${band}.`);
    else {
      setResultStatus(status, worst, `${out.name}: ${r.modes.length} mode${r.modes.length === 1 ? '' : 's'} in ${band} from ${s.outputs} responses `
        + `(${s.samples} samples, h = ${short(s.h)} s; ${r.free_decay ? 'a free decay' : 'ambient'}, `
        + `${r.method === 'efdd' ? 'enhanced FDD' : `${r.method === 'ssi-data' ? 'data-driven' : 'covariance-driven'} SSI, ${r.block_rows} block rows, orders 2–${r.max_order}`})`
        + `${worst === 'ok' ? '' : ', with warnings (below)'}; ${(out.ms / 1000).toFixed(2)} s.`);
    }
  }
  drawDiagram();
  showTable(r.modes, r.method === 'efdd');
  showAnimation(r.modes, names);
  showAutoMac(r.modes);
}

// The MAC of the modes against each other (AutoMAC, the worker's `mac` of their complex shapes): an
// entry near 1 off the diagonal is two modes the sensors cannot tell apart.
let macRequest = 0;
async function showAutoMac(modes) {
  const target = $('oma-mac');
  const request = ++macRequest;
  target.replaceChildren();
  if (modes.length < 2) return;
  const shapes = modes.map((m) => m.complex_shape ?? m.shape);
  const labels = modes.map((m) => ({ label: `${fmt(m.freq_hz)} Hz` }));
  try {
    const { mac } = await client.mac({ a: shapes, b: shapes });
    if (request === macRequest) target.replaceChildren(macTable(mac, labels, labels, 'oma-mac-table'));
  } catch (e) {
    if (request === macRequest && !isCancelled(e)) target.replaceChildren(el('p', `The MAC could not be computed: ${roundedMessage(e.message)}`, { class: 'hint' }));
  }
}

// The diagram over the first singular value of the output spectrum: the stable poles (all of them
// when the box is checked), those nearest the modes ringed. Enhanced FDD has no orders: a sentence
// says so in place of the diagram.
function drawDiagram() {
  if (!last) return;
  const r = last.out.result;
  const none = r.method === 'efdd';
  $('oma-stab').hidden = none;
  $('oma-stab-none').hidden = !none;
  if (none) return;
  const all = $('oma-all-poles').checked;
  const rows = (r.stabilization ?? []).map((row) => ({ ...row, poles: all ? row.poles : row.poles.filter((p) => p.stable) }));
  const sv = r.spectrum?.singular_values?.[0] ?? [];
  stabPlot.show(rows, r.spectrum?.freq_hz ?? [], sv, new Set(r.modes.map((m) => poleKeyOf(rows, m)).filter(Boolean)));
}

// The key of the pole nearest a mode in frequency (the stabilization plot's ring), or null.
function poleKeyOf(stabilization, m) {
  let best = null;
  for (const row of stabilization ?? []) {
    row.poles.forEach((p, k) => {
      const d = Math.abs(p.freq_hz - m.freq_hz);
      if (!best || d < best.d) best = { d, key: `${row.order}:${k}` };
    });
  }
  return best?.key ?? null;
}

// The modes' table; `noOrders` (enhanced FDD): "–" for the orders.
function showTable(modes, noOrders) {
  // ± the core's 95 % half-width (jackknife, Student's t), rounded to 2 digits; "–" without one (null).
  const pm = (x, half) => `${fmt(x)} ± ${fmt(half, 2)}`;
  const wrap = dataTable(['mode', 'f (Hz)', 'ζ', 'MPC', 'MPD (°)', 'orders'], modes.map((m, k) => [
    String(k + 1), pm(m.freq_hz, m.freq_hz_half95), pm(m.zeta, m.zeta_half95), fmt(m.mpc, 3), fmt(m.mpd_deg, 2), noOrders ? '–' : String(m.orders_found),
  ]));
  const table = wrap.querySelector('table');
  table.id = 'oma-table-data';
  table.querySelectorAll('tbody tr').forEach((tr, k) => {
    tr.dataset.freqHz = String(modes[k].freq_hz);
    tr.addEventListener('click', () => { animation?.choose(k); shapes3d?.choose(k); });
  });
  const none = noOrders ? 'No clear peak of the spectrum’s first singular value in the band: narrow the band to where the spectrum has peaks, or record longer.'
    : 'No pole is stable over enough orders: narrow the band to where the spectrum has peaks, or record longer.';
  $('oma-table').replaceChildren(modes.length ? wrap : el('p', none, { class: 'hint' }));
}

// Each mode's shape animated at the sensors equally spaced along a line.
function showAnimation(modes, labels) {
  const target = $('oma-anim');
  const names = labels.length ? labels : (modes[0]?.shape ?? []).map((_, k) => `y${k + 1}`);
  shapes3d?.show([{ label: 'this analysis', channelNames: names, modes: viewModes(modes, (m) => m.complex_shape ?? m.shape) }]);
  if (!modes.length) {
    animation?.destroy();
    animation = null;
    target.replaceChildren();
    return;
  }
  if (!animation?.root.isConnected) animation = new ModeAnimation(target, { id: 'oma-anim-fig', label: 'Operational mode shape' });
  animation.showLine(modes.map((m) => ({ ...m, shape: m.complex_shape ?? m.shape.map((x) => [x, 0]) })), { labels });
}

// The modes as made in this browser: UFF 55 (complex shapes, the sensors' names and units in its ID
// line) or the JSON of `mechid oma` with the file's name and the options.
function exportModes(kind) {
  if (!last) return;
  const { out, options } = last;
  const base = out.name.replace(/\.[^.]*$/, '');
  try {
    if (kind === 'uff55') {
      const modes = out.result.modes.map((m) => ({ freq_hz: m.freq_hz, zeta: m.zeta, pole: m.pole, shape: m.complex_shape }));
      download(new Blob([writeUff55(modes, { complex: true, id2: out.name, channels: out.channels?.outputs })], { type: 'text/plain' }), `${base}-oma-modes.uff`);
    } else {
      const json = { file: out.name, options, ...out.result, channels: out.channels };
      if (kind === 'report') return downloadReport({ kind: 'oma', result: json, file: last.file, geometry: currentGeometry() }, base)
        .catch((e) => showFieldMessage($('oma-run-error'), `Report: ${e.message}`, $('oma-report')));
      download(new Blob([`${JSON.stringify(json)}\n`], { type: 'application/json' }), `${base}-oma.json`);
    }
  } catch (e) {
    showFieldMessage($('oma-run-error'), `Export: ${e.message}`, $(`oma-export-${kind}`));
  }
}

/** Wires the section: a file of responses only from "Your measurements", analysed when asked for. */
export function start() {
  shapes3d = shape3dAfter($('oma-anim'), { id: 'oma-3d', client, geometry: currentGeometry, onGeometryChange });
  fillForm({ 'oma-method': { option: 'oma.method' } });
  form.addEventListener('submit', analyse);
  $('oma-all-poles').addEventListener('change', drawDiagram);
  $('oma-export-uff55').addEventListener('click', () => exportModes('uff55'));
  $('oma-export-json').addEventListener('click', () => exportModes('json'));
  $('oma-report').addEventListener('click', () => exportModes('report'));
  // A report of oma opened in "Saved analyses": its result shown here (its data file is not at hand).
  onResultOpened('oma', (json, name) => {
    const { file, options = {}, channels, ...result } = json;
    showRun({ result, name: file ?? name, channels, summary: { warnings: [] }, opened: true }, options, null);
    reveal($('oma'));
  });
  onOutputOnly((record, { run }) => {
    showRecord(record);
    if (!run || !record) return;
    const section = $('oma');
    reveal(section);
    section.scrollIntoView();
    form.requestSubmit();
  });
  showRecord(outputOnlyRecord());
}
