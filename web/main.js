// UI wiring of the simulate page. The worker does all numerical work; this thread only
// reads the form, shows status and plots, and starts the CSV download.
// User text is only ever shown through textContent.
import { MechidClient } from './worker-client.js';
import { download } from './export.js';
import { fieldError, readInteger, readNumber, readSnr } from './form.js';
import { followSharedSetup, shareButton } from './share.js';

const $ = (id) => document.getElementById(id);
const form = $('sim-form');
const status = $('status');
const simulateButton = $('simulate');
const downloadButton = $('download-csv');

const MAX_N = 1_000_000; // plotting limit of the page; the CLI has none

const INPUT_HINTS = {
  prbs: 'PRBS: random levels ±amplitude, held over each sample period. The input is piecewise '
    + 'constant, so the samples are exact (zero-order-hold sampling with the matrix exponential).',
  step: 'Step: the amplitude from t = 0 on. Piecewise constant, so the samples are exact '
    + '(zero-order-hold sampling with the matrix exponential).',
  sine: 'Sine: the force varies within a sample period, so the samples come from a fine-step '
    + 'reference simulation (several sub-steps per period).',
  multisine: 'Multisine: a sum of sines; the samples come from a fine-step reference simulation '
    + '(several sub-steps per period).',
  chirp: 'Chirp: a sine of rising frequency; the samples come from a fine-step reference '
    + 'simulation (several sub-steps per period).',
};

let client = new MechidClient();
let plots = null; // {u, q}: TimePlot
let last = null;  // {data, filename} of the last successful run
let runs = 0;

function setStatus(state, text) {
  status.dataset.state = state;
  status.textContent = text;
}

/** The form as {system, options}; throws Error{field} naming the first bad field. */
function readForm() {
  const system = $('preset').value;
  if (!system) throw fieldError('preset', 'Choose a preset system');
  const options = {
    h: readNumber('h', 'h', (x) => x > 0, 'a number of seconds > 0'),
    n: readInteger('n', 'N', 3, MAX_N),
    input: $('input').value,
    amplitude: readNumber('amplitude', 'amplitude', () => true, 'a finite number'),
    snr: readSnr('snr'),
    seed: readInteger('seed', 'seed', 0, Number.MAX_SAFE_INTEGER),
    withDerivatives: $('derivatives').checked,
  };
  return { system, options };
}

function methodText(data) {
  if (data.method === 'zoh-exact') return 'exact zero-order-hold sampling';
  return `fine-step reference, ${data.substeps} sub-steps per sample`;
}

function formatMs(ms) {
  return ms < 10 ? ms.toFixed(1) : String(Math.round(ms));
}

async function simulate(event) {
  event.preventDefault();
  if (simulateButton.disabled) return;
  for (const el of form.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
  let request;
  try {
    request = readForm();
  } catch (e) {
    setStatus('error', e.message);
    $(e.field).setAttribute('aria-invalid', 'true');
    $(e.field).focus();
    return;
  }
  const { system, options } = request;
  simulateButton.disabled = true;
  setStatus('busy', 'Simulating…');
  try {
    if (client.failed) client = new MechidClient(); // a dead worker (e.g. after an abort) is replaced
    const { data, ms } = await client.simulate(system, options);
    plots.u.show(data.t, data.u);
    plots.q.show(data.t, data.q);
    last = { data, filename: `${system.replace(/[^\w-]/g, '_')}-h${options.h}-n${options.n}.csv` };
    downloadButton.disabled = false;
    status.dataset.run = String(++runs);
    setStatus('ok', `${data.t.length} samples in ${formatMs(ms)} ms (${methodText(data)})`);
  } catch (e) {
    setStatus('error', e?.message ?? String(e)); // core messages are shown verbatim
  } finally {
    simulateButton.disabled = false;
  }
}

async function downloadCsv() {
  if (!last) return;
  try {
    download(await client.csv(last.data), last.filename);
  } catch (e) {
    setStatus('error', `Could not build the CSV: ${e?.message ?? e}`);
  }
}

function showInputHint() {
  $('input-hint').textContent = INPUT_HINTS[$('input').value] ?? '';
}

async function init() {
  form.addEventListener('submit', simulate);
  downloadButton.addEventListener('click', downloadCsv);
  $('input').addEventListener('change', showInputHint);
  shareButton('simulate', $('sim-share'), $('sim-share-link'));
  showInputHint();
  try {
    const { TimePlot } = await import('./plot.js');
    plots = {
      u: new TimePlot($('plot-u'), { yLabel: 'u (N)', prefix: 'u' }),
      q: new TimePlot($('plot-q'), { yLabel: 'q (m)', prefix: 'q' }),
    };
    const select = $('preset');
    for (const name of await client.presetNames()) select.append(new Option(name, name));
    followSharedSetup('simulate');
    simulateButton.disabled = false;
    setStatus('ready', 'Ready: choose the settings and press Simulate.');
  } catch (e) {
    const hint = e?.code ? '' : ' (is web/gen built? Run `npm run build:wasm`.)';
    setStatus('error', `Could not start: ${e?.message ?? e}${hint}`);
  }
}

init();
