// The "Discretization & conditioning" section (thesis ch. 3, app. A.4). Every number on it is
// computed in the page's worker (app/worker.js); this thread only formats tables and plots.
// Text is only ever set through textContent.
import { client } from '../client/worker-client.js';
import { $, el, fmt, setResultStatus, setStatus, worstOf } from '../ui/dom.js';
import { clearFieldMessages, roundedMessage } from '../ui/field-message.js';
import { showRefusal } from '../ui/refusal.js';
import { followSystem } from '../state/step-data.js';
import { COLOR, REFERENCE } from '../ui/palette.js';

const section = $('cond');
const presetSelect = $('cond-preset');
const slider = $('cond-h');
const hValue = $('cond-h-value');
const status = $('cond-status');
const studyButton = $('cond-study');
const controlsError = $('cond-controls-error');  // under the system and the slider
// The core's refusals about a control, by their option code (web/ui/refusal.js): a system it does
// not know, an h it refuses; any other refusal of an update is said under the controls too.
const REFUSALS = [
  { option: 'system', control: presetSelect, place: controlsError },
  { option: 'h', control: slider, place: controlsError },
];

// The slider: positions 0..200 on a log scale, h = 10^((i - 150)/50) from 1e-3 s to 10 s
// (0.02 decade per step; i = 100 is h = 0.1 s, i = 150 is h = 1 s). The κ plot uses the same grid.
const H_POSITIONS = 201;
const hAt = (i) => 10 ** ((i - 150) / 50);
const H_GRID = Array.from({ length: H_POSITIONS }, (_, i) => hAt(i));

// Thesis Figs. 3.1, 3.2, A.1 (the core accepts 1-DOF systems only).
const STUDY = { system: 'msd', options: { multiples: [1, 2, 3, 5, 10, 20, 50, 100], samples: 50, seed: 1 } };

let plots = null;        // {kappa, study}: LogLogPlot
let kappaRows = null;    // condition() rows over H_GRID
let busy = false;        // an update is in flight
let dirty = false;       // the controls changed while it was
let modalFor = null;     // preset whose modal table is shown

const fmt3 = (x) => fmt(x, 3);
const fmtE = (x) => (Number.isFinite(x) ? x.toExponential(2) : fmt(x));  // λmax: always exponential
const hText = (h) => `h = ${h.toPrecision(4)} s`;

function showMatrix(table, m) {
  const body = el('tbody');
  for (let i = 0; i < m.rows; i++) {
    const tr = el('tr');
    for (let j = 0; j < m.cols; j++) tr.append(el('td', fmt(m.data[i * m.cols + j])));
    body.append(tr);
  }
  table.replaceChildren(body);
}

function tableOf(table, headers, rows) {
  const head = el('thead');
  const hr = el('tr');
  for (const h of headers) hr.append(el('th', h, { scope: 'col' }));
  head.append(hr);
  const body = el('tbody');
  for (const cells of rows) body.append(cells);
  table.replaceChildren(head, body);
}

function showModal(result) {
  const rows = result.modes.map((m, k) => {
    const tr = el('tr');
    tr.append(el('th', String(k + 1), { scope: 'row' }), el('td', fmt(m.omega_n)),
      el('td', fmt(m.freq_hz)), el('td', fmt(m.zeta)));
    return tr;
  });
  tableOf($('cond-modal'), ['mode #', 'ω_n (rad/s)', 'f (Hz)', 'ζ'], rows);
}

const PASSIVITY_ROWS = [
  ['continuous', 'continuous'],
  ['cayley', 'Cayley / midpoint'],
  ['zoh', 'ZOH'],
  ['euler', 'forward Euler'],
];

function showPassivity(report) {
  const rows = PASSIVITY_ROWS.map(([key, label]) => {
    const check = report[key];
    const tr = el('tr', undefined, { 'data-method': key });
    const cell = el('td');
    cell.append(
      el('span', check.passive ? 'passive' : 'not passive', { class: 'verdict', 'data-passive': String(check.passive) }),
      el('small', `λmax = ${fmtE(check.largest_eigenvalue)} (scale ${fmt3(check.scale)})`),
    );
    tr.append(el('th', label, { scope: 'row' }), cell);
    return tr;
  });
  tableOf($('cond-passivity'), ['method', 'verdict'], rows);
}

function showCondition(row) {
  $('cond-kappa').textContent = `κ(h) = ${fmt3(row.kappa)}`;
  $('cond-kappa-detail').textContent = `Singular values of R: ${row.sigma.map(fmt3).join(', ')}. `
    + `Closed form (3.35): κ = ${fmt3(row.kappa_closed_form)}; `
    + `Bruschetta’s formula (3.36), σ+/σ−: ${fmt3(row.kappa_eq_3_36)}.`;
  const a = row.amplification;
  $('cond-amplification').textContent = a
    ? `At this h, a small relative error in the discrete matrices can grow up to ${fmt3(a.M)} times in M, `
      + `${fmt3(a.K)} times in K and ${fmt3(a.D)} times in D.`
    : '';
}

function moveMarker(i) {
  if (!plots || !kappaRows) return;
  const marker = H_GRID.map((_, k) => (k === i ? kappaRows[k].kappa : null));
  plots.kappa.setSeries(2, marker);
}

/** Asks the worker for everything that depends on (system, h) and shows it. */
async function update(preset, i) {
  const h = hAt(i);
  const system = preset;  // a preset name: the worker looks it up
  const needModal = modalFor !== preset;
  const [{ model }, { rows }, { report }, modal] = await Promise.all([
    client.discretize({ system, h, method: 'variational' }),
    client.condition({ hs: [h], system }),
    client.passivity({ system, h }),
    needModal ? client.modal({ system }).then((r) => r.modal) : null,
  ]);
  showMatrix($('cond-Md'), model.Md);
  showMatrix($('cond-Dd'), model.Dd);
  showMatrix($('cond-Kd'), model.Kd);
  showCondition(rows[0]);
  showPassivity(report);
  if (modal) {
    showModal(modal);
    modalFor = preset;
  }
  section.dataset.preset = preset;
  section.dataset.h = String(h);
  return modal;
}

/** Coalesces control changes: one update in flight, then one more with the latest values. */
async function refresh() {
  if (busy) {
    dirty = true;
    return;
  }
  busy = true;
  try {
    do {
      dirty = false;
      const preset = presetSelect.value;
      if (!preset) return;
      const shown = controlsError.textContent;
      try {
        const modal = await update(preset, Number(slider.value));
        clearFieldMessages([controlsError], [presetSelect, slider]);
        // A warning of the modes colours the line amber; else an earlier error gives way to "ready".
        const worst = modal ? worstOf([modal.status]) : 'ok';
        if (worst !== 'ok') setResultStatus(status, worst, `The modes of ${preset}: ${roundedMessage([modal.message, ...modal.warnings].filter(Boolean).join('; '))}`);
        else if (status.dataset.state === 'error') setStatus(status, 'ready', 'Move the slider or choose another system.');
      } catch (e) {
        // Under the controls, the one at fault marked; the focus moves to a new message only, not
        // to the same one again while the slider moves on.
        clearFieldMessages([controlsError], [presetSelect, slider]);
        showRefusal(e, REFUSALS, presetSelect, controlsError, { focus: roundedMessage(e?.message ?? String(e)) !== shown });
        setStatus(status, 'error', roundedMessage(e?.message ?? String(e)));
      }
    } while (dirty);
  } finally {
    busy = false;
  }
}

function onSlider() {
  const i = Number(slider.value);
  const h = hAt(i);
  hValue.textContent = hText(h);
  hValue.dataset.h = String(h);
  slider.setAttribute('aria-valuetext', hText(h));
  moveMarker(i);
  refresh();
}

async function runStudy() {
  if (studyButton.disabled) return;
  studyButton.disabled = true;
  clearFieldMessages([$('cond-study-error')], []);
  setStatus(status, 'busy', 'Running the perturbation study…');
  try {
    const { rows, ms } = await client.perturbationStudy({ system: STUDY.system, options: STUDY.options });
    const hs = [...new Set(rows.map((r) => r.h))].sort((a, b) => a - b);
    const pick = (method, key) => hs.map((h) => rows.find((r) => r.h === h && r.method === method)?.rel_err[key] ?? NaN);
    plots.study.show(hs, [
      pick('zoh', 'A'), pick('zoh', 'b'),
      pick('midpoint', 'm'), pick('midpoint', 'd'), pick('midpoint', 'k'),
      pick('zoh', 'm'), pick('zoh', 'd'), pick('zoh', 'k'),
    ]);
    const zoh = rows.filter((r) => r.method === 'zoh');
    const failed = zoh.reduce((s, r) => s + r.failures, 0);
    const total = zoh.length * STUDY.options.samples;
    const note = failed
      ? ` ${failed} of ${total} perturbed ZOH models had no real logarithm or no second-order form and were left out.`
      : '';
    setStatus(status, 'ok', `Perturbation study: ${hs.length} sampling periods in ${Math.round(ms)} ms.${note}`);
  } catch (e) {
    // Beside the study's button (its options are fixed: no field of the page is at fault).
    showRefusal(e, [], studyButton, $('cond-study-error'));
    setStatus(status, 'error', roundedMessage(e?.message ?? String(e)));
  } finally {
    studyButton.disabled = false;
  }
}

/** Wires the section, draws κ(h) over the slider's grid (main.js reports a failure). */
export async function start() {
  slider.addEventListener('input', onSlider);
  presetSelect.addEventListener('change', refresh);
  followSystem(presetSelect, refresh);  // the system chosen in step 1
  studyButton.addEventListener('click', runStudy);
  const { LogLogPlot } = await import('../ui/plot-loglog.js');
  plots = {
    kappa: new LogLogPlot($('cond-kappa-plot'), {
      xLabel: 'h (s)',
      yLabel: 'κ(h)',
      series: [
        { label: 'κ (SVD)', stroke: COLOR.blue, width: 2 },
        { label: 'Bruschetta 2011 (3.36)', stroke: COLOR.red, dash: [6, 4] },
        { label: 'chosen h', stroke: REFERENCE, marker: true },
      ],
    }),
    // Eight colours, one per series: m, d and k in blue, red and green for the midpoint and in
    // the neighbouring navy, pink and olive for ZOH (dashed, in the legend too), A and b apart.
    study: new LogLogPlot($('cond-study-plot'), {
      xLabel: 'h (s)',
      yLabel: 'relative error',
      xRange: 'data',
      series: [
        { label: 'ZOH A', stroke: COLOR.purple, dash: [6, 4], width: 2, points: true },
        { label: 'ZOH b', stroke: COLOR.orange, dash: [6, 4], width: 2, points: true },
        { label: 'mid m', stroke: COLOR.blue, width: 2, points: true },
        { label: 'mid d', stroke: COLOR.red, width: 2, points: true },
        { label: 'mid k', stroke: COLOR.green, width: 2, points: true },
        { label: 'ZOH m', stroke: COLOR.navy, dash: [2, 3], width: 2, points: true },
        { label: 'ZOH d', stroke: COLOR.pink, dash: [2, 3], width: 2, points: true },
        { label: 'ZOH k', stroke: COLOR.olive, dash: [2, 3], width: 2, points: true },
      ],
    }),
  };
  for (const name of (await client.presetNames()).names) presetSelect.append(new Option(name, name));
  kappaRows = (await client.condition({ hs: H_GRID })).rows;
  plots.kappa.show(H_GRID, [kappaRows.map((r) => r.kappa), kappaRows.map((r) => r.kappa_eq_3_36),
    H_GRID.map(() => null)]);
  slider.disabled = false;
  studyButton.disabled = false;
  setStatus(status, 'ready', 'Move the slider or choose another system.');
  onSlider();
}
