// UI wiring of the "Filter and Kalman estimators" section (the SVF report; Beckmann et al. 2016): the state-variable-filter pole search (its error
// surface) and the augmented EKF on the belt drive (its parameter trajectories). The page's worker
// does the numbers (app/worker.js); this thread formats text and plots. textContent only.
import { client } from '../client/worker-client.js';
import { $, el, fmt, setResultStatus, setStatus, worstOf } from '../ui/dom.js';
import { clearFieldMessages, roundedMessage, showFieldError, showFieldMessage } from '../ui/field-message.js';
import { readNumber } from '../ui/form.js';
import { fillForm } from '../ui/option-schema.js';
import { REFERENCE, seriesColor } from '../ui/palette.js';
import { ResizingPlot } from '../ui/plot.js';
import { RunControl, runRequest } from '../ui/run-control.js';

const SVF_GRIDS = { 'msd-sine': '0.1:4.9:0.2', rlc: '200:700:25' };

const plots = {};
let svfControl, ekfControl;  // Cancel and elapsed time of each form (made by start())
const fmt6 = (x) => fmt(x, 6);  // the estimates: 6 significant digits

// The core's refusals about one field, by their words (web/ui/refusal.js): the pole grid's; the
// EKF's sample count, which the duration sets.
// The core's pole_grid refuses a bad grid with option code 'grid' (estimators/svf/pole_search.cpp).
const SVF_REFUSALS = [{ option: 'grid', pattern: /pole grid/, control: $('est-svf-grid'), place: $('est-svf-form-error') }];
const EKF_REFUSALS = [{ pattern: /^n must/, control: $('est-ekf-duration'), place: $('est-ekf-form-error') }];

// A run's bad field: its message under the fields, the focus on it, the status line red.
function inputError(statusId, place, e) {
  showFieldError(place, e.message, $(e.field));
  setStatus(statusId, 'error', roundedMessage(e.message));
}

/** A line plot in `container` (PNG/SVG export included): x values, series [{label, values}], optional log y. Replaces the old one. */
function linePlot(key, container, { x, xLabel, yLabel, series, logY = false }) {
  plots[key] ??= new ResizingPlot(container, (width) => Math.round(Math.min(300, Math.max(200, width * 0.45))));
  const opts = {
    scales: { x: { time: false }, y: logY ? { distr: 3 } : {} },
    axes: [{ label: xLabel }, { label: yLabel, size: 70, values: logY ? (u, values) => values.map((v) => (v == null ? "" : v.toExponential(0))) : undefined }],
    series: [{ label: xLabel }, ...series.map((s, i) => ({
      label: s.label, stroke: s.color ?? seriesColor(i), width: s.width ?? 1, dash: s.dash, points: { show: false },
    }))],
  };
  plots[key].mount(opts, [x, ...series.map((s) => s.values)], { series: series.length, points: x.length });
}

// ---- SVF pole search ------------------------------------------------------------------------

async function runSvf(event) {
  event.preventDefault();
  const button = $('est-svf-run');
  clearFieldMessages([$('est-svf-form-error'), $('est-svf-run-error')], $('est-svf-form').elements);
  const experiment = $('est-svf-experiment').value;
  const grid = $('est-svf-grid').value.trim();  // read by the worker and the core: a bad grid is refused beside the field
  button.disabled = true;
  await runRequest(svfControl, {
    text: 'Searching the pole grid…',
    work: (signal) => client.svfSearch({ experiment, grid, intersample: $('est-svf-intersample').value }, { signal }),
    show: (r) => {
      // The core's result as it is: svfRlc's (p1, p2, output_error at the top) or svfIdentify's
      // (in its diagnostics; m, b, k the single entries of M, D, K).
      const e = r.estimate;
      const found = experiment === 'rlc' ? e : e.diagnostics ?? {};
      const entry = (m) => m?.data[0];
      const what = experiment === 'rlc'
        ? `1/RC = ${fmt6(e.inv_RC)} (true 10), 1/LC = ${fmt6(e.inv_LC)} (true 2.5e7)`
        : `m = ${fmt6(entry(e.M))}, b = ${fmt6(entry(e.D))}, k = ${fmt6(entry(e.K))} (true 15, 0.2, 2)`;
      $('est-svf-result').textContent = `best poles p1 = ${fmt(found.p1)}, p2 = ${fmt(found.p2)}: ${what}; mean |y − ŷ| = ${fmt(found.output_error)}`;
      showSurface(e.search);
      // Red when the estimate failed, amber on its warning (the reason follows in the line).
      const text = `${e.search.evaluated} pole pairs in ${Math.round(r.ms)} ms (${e.status}${e.message ? `: ${roundedMessage(e.message)}` : ''})`;
      if (e.status === 'failed') setStatus('est-svf-status', 'error', text);
      else setResultStatus('est-svf-status', worstOf([e.status]), text);
    },
  }, { refusals: { options: SVF_REFUSALS, button, place: $('est-svf-run-error') } });
  button.disabled = false;
}

/** The error surface as curves: mean |y − ŷ| against p2 for up to 6 values of p1 (log scale). */
function showSurface(search) {
  const g = search.grid.length;
  const rows = [...new Set([0, ...Array.from({ length: 5 }, (_, i) => Math.round(((i + 1) * (g - 1)) / 5)),
    search.grid.indexOf(search.p1)])].filter((i) => i >= 0).sort((a, b) => a - b).slice(0, 7);
  const x = Float64Array.from(search.grid);
  const series = rows.map((i) => ({
    label: `p1 = ${fmt(search.grid[i])}`,
    values: Float64Array.from({ length: g }, (_, j) => search.surface.data[i * g + j]),
    width: search.grid[i] === search.p1 ? 2.5 : 1,
  }));
  linePlot('surface', $('est-svf-plot'), { x, xLabel: 'p2', yLabel: 'mean |y − ŷ|', series, logY: true });
}

// ---- augmented EKF ----------------------------------------------------------------------------

async function runEkf(event) {
  event.preventDefault();
  const button = $('est-ekf-run');
  const boxes = [...document.querySelectorAll('#est-ekf-form input[name="discretization"]')];
  const methods = boxes.filter((c) => c.checked).map((c) => c.value);
  clearFieldMessages(['est-ekf-form-error', 'est-ekf-methods-error', 'est-ekf-run-error'].map($), $('est-ekf-form').elements);
  let duration;
  try {
    duration = readNumber('est-ekf-duration', 'duration', (x) => x >= 1 && x <= 60, 'a number of seconds from 1 to 60');
  } catch (e) {
    inputError('est-ekf-status', $('est-ekf-form-error'), e);
    return;
  }
  if (methods.length === 0) {
    // In the Discretizations box, the focus on its first choice.
    showFieldMessage($('est-ekf-methods-error'), 'Choose at least one discretization.', boxes[0]);
    setStatus('est-ekf-status', 'error', 'Choose at least one discretization.');
    return;
  }
  button.disabled = true;
  const t0 = performance.now();
  await runRequest(ekfControl, {
    text: 'Simulating the belt drive and running the EKF…',
    work: (signal) => client.ekfRun({ duration, methods, reading: $('est-ekf-reading').value, seed: 1 }, { signal }),
    show: (r) => {
      showTrajectories(r);
      const table = $('est-ekf-table');
      table.replaceChildren();
      for (const run of r.runs) {
        const method = run.discretization;
        const cells = run.status === 'failed'
          ? [method, roundedMessage(run.message), '', '', '']
          : [method, fmt6(run.theta[0]), `${(100 * run.errors[0]).toFixed(2)} %`, fmt6(run.theta[1]), `${(100 * run.errors[1]).toFixed(2)} %`];
        const tr = el('tr', undefined, { 'data-method': method });
        tr.append(...cells.map((c) => el('td', c)));
        table.append(tr);
      }
      // Coloured by the worst filter (amber on a warning, red when one failed: its reason is in its row).
      const worst = worstOf(r.runs.map((run) => run.status));
      const where = worst === 'ok' ? '' : ': see the table below';
      setResultStatus('est-ekf-status', worst, `${r.runs.length} filters over ${r.t.length} samples in ${Math.round(performance.now() - t0)} ms${where}`);
    },
  }, { refusals: { options: EKF_REFUSALS, button, place: $('est-ekf-run-error') } });
  button.disabled = false;
}

/** c_spec(t) and d(t) of each run, and the true values, decimated to at most 4000 points. */
function showTrajectories(r) {
  const N = r.t.length, step = Math.max(1, Math.ceil(N / 4000)), M = Math.ceil(N / step);
  const x = Float64Array.from({ length: M }, (_, i) => r.t[i * step]);
  for (const [j, key, label] of [[0, 'cspec', 'c_spec (N)'], [1, 'damping', 'd (N s/m)']]) {
    const series = r.runs.map((run) => ({
      label: run.discretization, values: Float64Array.from({ length: M }, (_, i) => run.parameters.data[i * step * 2 + j]),
    }));
    series.push({ label: 'true', values: new Float64Array(M).fill(r.true_theta[j]), color: REFERENCE, dash: [6, 4] });
    linePlot(key, $(`est-ekf-plot-${key}`), { x, xLabel: 't (s)', yLabel: label, series });
  }
}

/** Wires the section; its intersample rule starts at the core's default (the option schema, group svf). */
export function start() {
  fillForm({ 'est-svf-intersample': { option: 'svf.intersample' }, 'est-ekf-reading': { option: 'ekf.reading' } });
  svfControl = new RunControl({ cancel: $('est-svf-cancel'), status: $('est-svf-status') });
  ekfControl = new RunControl({ cancel: $('est-ekf-cancel'), status: $('est-ekf-status') });
  $('est-svf-form').addEventListener('submit', runSvf);
  $('est-ekf-form').addEventListener('submit', runEkf);
  $('est-svf-experiment').addEventListener('change', () => { $('est-svf-grid').value = SVF_GRIDS[$('est-svf-experiment').value]; });
  $('est-svf-run').disabled = false;
  $('est-ekf-run').disabled = false;
  setStatus('est-svf-status', 'ready', 'Ready.');
  setStatus('est-ekf-status', 'ready', 'Ready.');
}
