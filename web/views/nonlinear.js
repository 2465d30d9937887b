// UI wiring of the "Nonlinear stiffness from acceleration" section (Karimov et al.
// 2021): a preset is simulated with the accelerometer model of eq. 24 and its piecewise-linear
// stiffness identified by the DIA (Algorithm 2) and the IDA (Algorithm 3) in the page's worker;
// this thread only reads the form and shows tables and plots. Text is only ever set through
// textContent. Computed here until the result carries it: the error of each stiffness against
// the preset's (errorText).
import { client } from '../client/worker-client.js';
import { fillForm } from '../ui/option-schema.js';
import { parseRegions } from '../gen/api.js';
import { $, el, fmt, setResultStatus, setStatus, worstOf } from '../ui/dom.js';
import { fieldError, readInteger, readNumber } from '../ui/form.js';
import { REFERENCE } from '../ui/palette.js';
import { clearFieldMessages, roundedMessage, showFieldError } from '../ui/field-message.js';
import { REGION_COLORS, XYPlot } from '../ui/plot-xy.js';
import { RunControl, runRequest } from '../ui/run-control.js';

const form = $('nl-form');
const runButton = $('nl-run');
const status = $('nl-status');
const METHODS = ['dia', 'ida'];
const control = new RunControl({ cancel: $('nl-cancel'), status });
const formError = $('nl-form-error');  // under the fields
const runError = $('nl-run-error');    // beside Identify

// The nonlinear core's refusals about one field, by their words (web/ui/refusal.js): the regions
// (a class no sample enters, a bad threshold or breakpoint), the fragments (too many for N: fewer
// is the remedy), the high-pass, the swapping tolerance, the noise, the drift, "m and c known".
const REFUSALS = [
  ['nl-regions', /^the regions leave|threshold x0|breakpoint|^region \d/], ['nl-segments', /segment/],
  ['nl-n', /record is too short/], ['nl-highpass', /high-pass/], ['nl-swap-tol', /swapping tolerance/],
  ['nl-sigma', /noise sigma/], ['nl-a0', /drift a0/], ['nl-known', /mass cannot be estimated/],
].map(([id, pattern]) => ({ pattern, control: $(id), place: formError }));

// Defaults per preset, as in the paper: Lin-Ewins 20 s at 1 kHz with σ = 10, a0 = 5 and the
// trend treatment of sec. 3.2.2; the beam in free vibration, 1.5 s, classified by the sign of θ.
const PRESETS = {
  'lin-ewins': { n: 20000, sigma: 10, a0: 5, regions: 'thresholds:0.005', segments: 20, highpass: 2, detrend: true },
  beam: { n: 1500, sigma: 0, a0: 0, regions: 'sign', segments: 1, highpass: 0, detrend: true },
};

let last = null;  // {sim, results} of the last run
let plots = null;

/** The request of the form; throws Error{field} naming the first bad field. */
function readForm() {
  let regions;
  try {
    regions = parseRegions($('nl-regions').value, (message) => new Error(message));
  } catch (e) {
    throw fieldError('nl-regions', e.message);
  }
  return {
    system: $('nl-system').value,
    simulate: {
      n: readInteger('nl-n', 'N', 50, 200000),
      sigma: readNumber('nl-sigma', 'σ', () => true, 'a number'),  // ranges: the core's (REFUSALS place them)
      a0: readNumber('nl-a0', 'a0', () => true, 'a number'),
      seed: readInteger('nl-seed', 'seed', 0, Number.MAX_SAFE_INTEGER),  // the core's range
    },
    identify: {
      regions,
      known: $('nl-known').checked,
      segments: readInteger('nl-segments', 'segments', 0, Number.MAX_SAFE_INTEGER),
      highpassHz: readNumber('nl-highpass', 'high-pass', () => true, 'a number of Hz'),
      detrend: $('nl-detrend').checked,
      swapTolerance: readNumber('nl-swap-tol', 'swapping tol', () => true, 'a number'),
    },
    methods: METHODS,
  };
}

function applyPreset() {
  const d = PRESETS[$('nl-system').value];
  $('nl-n').value = String(d.n);
  $('nl-sigma').value = String(d.sigma);
  $('nl-a0').value = String(d.a0);
  $('nl-regions').value = d.regions;
  $('nl-segments').value = String(d.segments);
  $('nl-highpass').value = String(d.highpass);
  $('nl-detrend').checked = d.detrend;
}

// ---- results ------------------------------------------------------------------------------

// The core's error against the preset (the result's stiffness entry): relative, in %, where the
// true stiffness is non-zero; the absolute |k̂ − k| (= |k̂|) where it is 0.
function errorText(s) {
  if (s.abs_error === undefined) return '–';
  return s.error === null ? `|k| = ${fmt(s.abs_error)}` : `${fmt(100 * s.error)} %`;
}

function showTable(sim, results) {
  const names = results[0].stiffness.map((s) => s.name);
  const table = el('table', undefined, { class: 'data', id: 'nl-table' });
  const head = el('tr');
  head.append(el('th', 'method'));
  for (const name of names) head.append(el('th', `k ${name}`), el('th', `error ${name}`));
  for (const h of ['m', 'c', 'reclassified', 'fit of eq. 14 / 16', 'status']) head.append(el('th', h));
  const thead = el('thead');
  thead.append(head);
  const body = el('tbody');
  const truth = el('tr', undefined, { id: 'nl-row-true' });
  truth.append(el('th', 'true'));
  for (const name of names) truth.append(el('td', fmt(sim.k[name])), el('td', ''));
  truth.append(el('td', fmt(sim.mass)), el('td', fmt(sim.damping)), el('td', ''), el('td', ''), el('td', ''));
  body.append(truth);
  for (const r of results) {
    const row = el('tr', undefined, { id: `nl-row-${r.method}` });
    row.append(el('th', r.method.toUpperCase()));
    for (const s of r.stiffness) {
      const interval = s.k_half95 === null ? '' : ` ± ${fmt(s.k_half95)}`;  // the core's 95 % half-width
      row.append(el('td', `${fmt(s.k)}${interval}`, { 'data-k': s.name }), el('td', errorText(s), { 'data-error': s.name }));
    }
    row.append(el('td', `${fmt(r.mass)}${r.mass_estimated ? '' : ' (known)'}`),
      el('td', `${fmt(r.damping)}${r.damping_estimated ? '' : ' (known)'}`),
      el('td', String(r.classification.changed), { 'data-changed': '' }),
      el('td', `${r.fit.fit_percent.toFixed(1)} %`),
      el('td', r.status === 'ok' ? 'ok' : `${r.status}: ${roundedMessage(r.message)}`, { 'data-status': r.status }));
    body.append(row);
  }
  table.append(thead, body);
  $('nl-results').replaceChildren(table);
}

// Points of `xs`, `ys` grouped by region index (Int32Array) into one series each.
function byRegion(regionsInfo, region, xs, ys) {
  return regionsInfo.regions.map((g, k) => {
    const idx = [];
    for (let i = 0; i < region.length; i++) if (region[i] === k) idx.push(i);
    return {
      label: g.interval,
      color: REGION_COLORS[k % REGION_COLORS.length],
      points: true,
      x: Float64Array.from(idx, (i) => xs[i]),
      y: Float64Array.from(idx, (i) => ys[i]),
    };
  }).filter((s) => s.x.length > 0);
}

function showPlots() {
  if (!last) return;
  const { sim, results } = last;
  const r = results.find((x) => x.method === $('nl-show').value) ?? results[0];
  const s = r.signals;
  plots.xv.show(byRegion(r.regions, s.final_region, s.x, s.v));
  plots.va.show(byRegion(r.regions, s.final_region, s.v, s.a));
  // The true curve last, so it is drawn on top of the estimates.
  plots.force.show([
    ...results.filter((x) => x.force_curve).map((x, i) => ({
      label: `${x.method.toUpperCase()} estimate`, color: REGION_COLORS[(i + 1) % REGION_COLORS.length],
      dash: x.method === 'dia' ? [6, 4] : undefined, x: x.force_curve.x, y: x.force_curve.F,
    })),
    { label: 'true F(x)', color: REFERENCE, x: sim.force_curve.x, y: sim.force_curve.F },
  ]);
}

async function run(event) {
  event.preventDefault();
  if (runButton.disabled) return;
  clearFieldMessages([formError, runError], form.elements);
  let request;
  try {
    request = readForm();
  } catch (e) {
    // Under the fields, the focus on the wrong one.
    showFieldError(formError, e.message, $(e.field));
    setStatus(status, 'error', roundedMessage(e.message));
    return;
  }
  runButton.disabled = true;
  await runRequest(control, {
    text: 'Simulating and identifying…',
    work: (signal) => client.nonlinear(request, { signal }),
    show: ({ sim, results, ms }) => {
      last = { sim, results };
      showTable(sim, results);
      showPlots();
      // Coloured by the worst method (amber on a warning); the reasons are in the table's status column.
      const worst = worstOf(results.map((r) => r.status));
      const where = worst === 'ok' ? '' : ': see the status column below';
      setResultStatus(status, worst, `${sim.t.length} samples, DIA and IDA in ${Math.round(ms)} ms${where}`);
    },
  }, {
    // The core's words, rounded, under the field they are about (else beside Identify).
    refusals: { options: REFUSALS, button: runButton, place: runError },
  });
  runButton.disabled = false;
}

/** Wires the section (it needs the worker only when Identify is pressed). */
export function start() {
  plots = {
    xv: new XYPlot($('nl-phase-xv'), { xLabel: 'x (m)', yLabel: 'ẋ (m/s)' }),
    va: new XYPlot($('nl-phase-va'), { xLabel: 'ẋ (m/s)', yLabel: 'ẍ (m/s²)' }),
    force: new XYPlot($('nl-force'), { xLabel: 'x (m)', yLabel: 'F (N)' }),
  };
  form.addEventListener('submit', run);
  $('nl-system').addEventListener('change', applyPreset);
  $('nl-show').addEventListener('change', showPlots);
  applyPreset();
  // The core's defaults of the options no preset sets (the page states none).
  // Identify waits for them: pressed before, it would send the empty seed field.
  fillForm({ 'nl-swap-tol': { option: 'nonlinearIdentify.swapTolerance' }, 'nl-seed': { option: 'nonlinearSimulate.seed' } }, () => {
    runButton.disabled = false;
    setStatus(status, 'ready', 'Ready: press Identify.');
  });
}
