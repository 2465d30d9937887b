// UI wiring of the "Identify" section (thesis sec. 4.2, ch. 5). Its own worker (worker.js via
// MechidClient) simulates PRBS data and identifies M, D, K with each chosen method; this thread
// only formats tables and plots. Text is only ever set through textContent.
import uPlot from './gen/vendor/uPlot.esm.js';
import { MechidClient } from './worker-client.js';
import { StudyView } from './study-view.js';

const $ = (id) => document.getElementById(id);
const form = $('ident-form');
const presetSelect = $('ident-preset');
const runButton = $('ident-run');
const studyButton = $('ident-study');
const cancelButton = $('ident-study-cancel');
const status = $('ident-status');
const resultsEl = $('ident-results');
const fitPlotEl = $('ident-fit-plot');

let client = new MechidClient();
let busy = false;
const study = new StudyView($('ident-study-plot'), $('ident-study-progress'));

function liveClient() {
  if (client.failed) client = new MechidClient();
  return client;
}

// The study's workers: the section's own and 1-3 more (one per core, at least two in all),
// started on the first study and kept; a dead one is replaced.
const STUDY_POOL_SIZE = Math.min(4, Math.max(2, navigator.hardwareConcurrency || 2));
let extraClients = [];
function studyPool() {
  extraClients = Array.from({ length: STUDY_POOL_SIZE - 1 }, (_, i) =>
    (extraClients[i] && !extraClients[i].failed ? extraClients[i] : new MechidClient()));
  return [liveClient(), ...extraClients];
}

function setStatus(state, text) {
  status.dataset.state = state;
  status.textContent = text;
}

function setBusy(on, studying = false) {
  busy = on;
  runButton.disabled = on;
  studyButton.disabled = on;
  cancelButton.disabled = !studying;
}

/** 4 significant digits: plain from 1e-3 to 1e4, exponential outside. */
function fmt4(x) {
  if (x === 0) return '0';
  if (!Number.isFinite(x)) return String(x);
  const a = Math.abs(x);
  return a >= 1e-3 && a < 1e4 ? x.toPrecision(4) : x.toExponential(3);
}

function el(tag, text, attrs = {}) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

// ---- inputs -------------------------------------------------------------------------------

function fieldError(id, message) {
  return Object.assign(new Error(message), { field: id });
}

function readNumber(id, name, ok, expected) {
  const text = $(id).value.trim();
  const x = text === '' ? NaN : Number(text);
  if (!Number.isFinite(x) || !ok(x)) throw fieldError(id, `${name} must be ${expected}, got "${text.slice(0, 40)}"`);
  return x;
}

function readInteger(id, name, min, max) {
  const text = $(id).value.trim();
  const x = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(x) || x < min || x > max) {
    throw fieldError(id, `${name} must be an integer from ${min} to ${max}, got "${text.slice(0, 40)}"`);
  }
  return x;
}

function readSnr() {
  const text = $('ident-snr').value.trim().toLowerCase();
  if (text === '' || text === 'inf') return Infinity;
  return readNumber('ident-snr', 'SNR', () => true, 'a number of dB or “inf”');
}

/** {system, h, n, snr, seed, methods} from the form; throws Error{field} on a bad value. */
function readForm() {
  for (const id of ['ident-h', 'ident-n', 'ident-snr', 'ident-seed']) $(id).removeAttribute('aria-invalid');
  const methods = [...form.querySelectorAll('input[name="method"]:checked')].map((c) => c.value);
  if (methods.length === 0) throw new Error('choose at least one method');
  return {
    system: presetSelect.value,
    h: readNumber('ident-h', 'h', (x) => x > 0, 'a positive number of seconds'),
    n: readInteger('ident-n', 'N', 50, 200000),
    snr: readSnr(),
    seed: readInteger('ident-seed', 'seed', 0, 2 ** 31 - 1),
    methods,
  };
}

function inputError(e) {
  if (e.field) $(e.field).setAttribute('aria-invalid', 'true');
  setStatus('error', e.message);
}

// ---- results ------------------------------------------------------------------------------

// half95: half-widths of the 95 % intervals (a matrix like m), shown as "± …" when given.
function matrixTable(m, id, half95) {
  const table = el('table', undefined, { class: 'matrix', id });
  const body = el('tbody');
  for (let i = 0; i < m.rows; i++) {
    const tr = el('tr');
    for (let j = 0; j < m.cols; j++) {
      const k = i * m.cols + j;
      tr.append(el('td', half95 ? `${fmt4(m.data[k])} ± ${fmt4(half95.data[k])}` : fmt4(m.data[k])));
    }
    body.append(tr);
  }
  table.append(body);
  const wrap = el('div', undefined, { class: 'table-scroll' });
  wrap.append(table);
  return wrap;
}

function dataTable(headers, rows) {
  const table = el('table', undefined, { class: 'data' });
  const head = el('thead');
  const hr = el('tr');
  for (const h of headers) hr.append(el('th', h, { scope: 'col' }));
  head.append(hr);
  const body = el('tbody');
  for (const cells of rows) {
    const tr = el('tr');
    cells.forEach((c, k) => tr.append(k === 0 ? el('th', c, { scope: 'row' }) : el('td', c)));
    body.append(tr);
  }
  table.append(head, body);
  const wrap = el('div', undefined, { class: 'table-scroll' });
  wrap.append(table);
  return wrap;
}

// u: the result's uncertainty (95 % half-widths beside ω_n and ζ), when it has one.
function modalTable(modal, u) {
  const pm = (value, sd) => (u && Number.isFinite(sd) ? `${fmt4(value)} ± ${fmt4(u.z95 * sd)}` : fmt4(value));
  return dataTable(['mode', 'ω_n (rad/s)', 'f (Hz)', 'ζ'],
    modal.modes.map((m, k) => [String(k + 1), pm(m.omega_n, u?.omega_n_sd[k]), fmt4(m.freq_hz), pm(m.zeta, u?.zeta_sd[k])]));
}

const scaled = (m, factor) => ({ rows: m.rows, cols: m.cols, data: Float64Array.from(m.data, (x) => factor * x) });

function matrices(column, sys, suffix, u) {
  for (const key of ['M', 'D', 'K']) {
    const fig = el('figure');
    const half95 = u ? scaled(u[`${key}_sd`], u.z95) : undefined;
    fig.append(el('figcaption', half95 ? `${key} (± 95 % interval)` : key), matrixTable(sys[key], `ident-${key}-${suffix}`, half95));
    column.append(fig);
  }
}

function truthColumn(truth, modal) {
  const col = el('article', undefined, { class: 'ident-col', 'data-method': 'true' });
  col.append(el('h4', 'True system'), el('p', 'The preset the data were simulated from.', { class: 'hint' }));
  matrices(col, truth, 'true');
  col.append(el('h5', 'Modes'), modalTable(modal));
  return col;
}

function methodColumn(r) {
  const m = r.method;
  const col = el('article', undefined, { class: 'ident-col', 'data-method': m, 'data-status': r.status });
  col.append(el('h4', m));

  const st = el('div', undefined, { id: `ident-status-${m}`, class: 'ident-status', 'data-status': r.status });
  const warnings = r.warnings ?? [];
  const head = r.message && !warnings.includes(r.message) ? `${r.status}: ${r.message}` : r.status;
  st.append(el('p', head, { class: 'verdict' }));
  if (warnings.length) {
    const ul = el('ul');
    for (const w of warnings) ul.append(el('li', w));
    st.append(ul);
  }
  col.append(st);

  if (r.status === 'failed' || !r.M) return col;

  if (r.errors) {
    const e = r.errors;
    col.append(el('p', `Relative errors: M = ${fmt4(e.M)}, D = ${fmt4(e.D)}, K = ${fmt4(e.K)}, A = ${fmt4(e.A)}`,
      { id: `ident-errors-${m}`, class: 'ident-errors' }));
  }
  const c = r.checks ?? {};
  const pd = el('p', undefined, { class: 'ident-pd' });
  for (const [key, label] of [['M_pd', 'M ≻ 0'], ['K_pd', 'K ≻ 0'], ['D_psd', 'D ⪰ 0']]) {
    pd.append(el('span', `${label}: ${c[key] ? 'yes' : 'no'}`, { class: 'verdict', 'data-passive': String(Boolean(c[key])) }), ' ');
  }
  col.append(pd);
  if (r.diagnostics?.reason) col.append(el('p', `Chose ${r.diagnostics.choice}: ${r.diagnostics.reason}`, { class: 'hint', id: `ident-reason-${m}` }));
  matrices(col, r, m, r.uncertainty);
  if (r.modal?.modes) col.append(el('h5', 'Modes'), modalTable(r.modal, r.uncertainty));
  const fitValues = r.fit?.fit_percent ? Array.from(r.fit.fit_percent) : [];
  const fits = fitValues.map((f, k) => `q${k + 1} ${Number.isFinite(f) ? f.toFixed(2) : String(f)} %`).join(', ');
  col.append(el('p', fits ? `Fit: ${fits}` : 'Fit: not available (no free-run simulation)',
    { id: `ident-fit-${m}`, class: 'ident-fit' }));
  return col;
}

// ---- fit plot -----------------------------------------------------------------------------

let fitPlot = null;
const fitObserver = new ResizeObserver(() => {
  const width = Math.floor(fitPlotEl.clientWidth);
  if (fitPlot && width > 0 && width !== fitPlot.width) fitPlot.setSize({ width, height: 260 });
});
fitObserver.observe(fitPlotEl);

function column0(m) {
  const out = new Float64Array(m.rows);
  for (let i = 0; i < m.rows; i++) out[i] = m.data[i * m.cols];
  return out;
}

function showFit(t, q, r) {
  fitPlot?.destroy();
  fitPlot = null;
  delete fitPlotEl.dataset.points;
  delete fitPlotEl.dataset.series;
  const sim = r?.validation?.simulated;
  if (!sim) return;
  const opts = {
    width: Math.max(1, Math.floor(fitPlotEl.clientWidth)),
    height: 260,
    scales: { x: { time: false } },
    axes: [{ label: 't (s)' }, { label: 'q1 (m)' }],
    series: [
      { label: 't (s)' },
      { label: 'measured q1', stroke: '#7f7f7f', width: 1, points: { show: false } },
      { label: `simulated q1 (${r.method})`, stroke: '#1f77b4', width: 1.5, points: { show: false } },
    ],
  };
  fitPlot = new uPlot(opts, [t, column0(q), column0(sim)], fitPlotEl);
  fitPlotEl.dataset.points = String(t.length);
  fitPlotEl.dataset.series = '2';
}

// ---- actions ------------------------------------------------------------------------------

async function identify(event) {
  event.preventDefault();
  if (busy) return;
  let spec;
  try {
    spec = readForm();
  } catch (e) {
    inputError(e);
    return;
  }
  setBusy(true);
  setStatus('busy', `Simulating ${spec.n} samples and identifying with ${spec.methods.join(', ')}…`);
  try {
    const { system, methods, ...options } = spec;
    const out = await liveClient().identify(system, options, methods);
    const cols = [truthColumn(out.truth, out.modal), ...out.results.map(methodColumn)];
    resultsEl.replaceChildren(...cols);
    showFit(out.t, out.q, out.results.find((r) => r.validation?.simulated));
    const summary = out.results.map((r) => `${r.method} ${r.status}`).join(', ');
    setStatus('ok', `Identified ${system} (h = ${spec.h} s, N = ${spec.n}) in ${Math.round(out.ms)} ms: ${summary}.`);
  } catch (e) {
    setStatus('error', e?.message ?? String(e));
  } finally {
    setBusy(false);
  }
}

async function runStudy() {
  if (busy) return;
  let spec;
  try {
    spec = readForm();
  } catch (e) {
    inputError(e);
    return;
  }
  setBusy(true, true);
  setStatus('busy', 'Running the Monte Carlo study…');
  try {
    const { aggregate, done, total, cancelled, ms } = await study.run(studyPool(), {
      system: spec.system, snr: spec.snr, n: spec.n, seed: spec.seed, methods: spec.methods,
    });
    const failures = aggregate.rows.reduce((s, r) => s + r.failures, 0);
    const note = failures ? ` ${failures} failed run(s) left out.` : '';
    setStatus('ok', `${cancelled ? 'Study cancelled' : 'Study finished'}: ${done} of ${total} runs in ${Math.round(ms)} ms.${note}`);
  } catch (e) {
    setStatus('error', e?.message ?? String(e));
  } finally {
    setBusy(false);
  }
}

async function init() {
  form.addEventListener('submit', identify);
  studyButton.addEventListener('click', runStudy);
  cancelButton.addEventListener('click', () => study.cancel());
  try {
    const names = await client.presetNames();
    for (const name of names) presetSelect.append(new Option(name, name));
    setBusy(false);
    setStatus('ready', 'Choose a system and methods, then Identify.');
  } catch (e) {
    const hint = e?.code ? '' : ' (is web/gen built? Run `npm run build:wasm`.)';
    setStatus('error', `Could not start: ${e?.message ?? e}${hint}`);
  }
}

init();
