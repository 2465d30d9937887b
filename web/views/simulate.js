// The "Simulate" section. The worker does all numerical work; this thread only reads the form,
// shows status and plots, and starts the CSV download. User text is only ever shown through
// textContent.
import { client } from '../client/worker-client.js';
import { $, setStatus } from '../ui/dom.js';
import { download } from '../ui/export.js';
import { fieldError, readInteger, readNumber, readSnr } from '../ui/form.js';
import { clearFieldMessages, roundedMessage, showFieldError, showFieldMessage } from '../ui/field-message.js';
import { showRefusal } from '../ui/refusal.js';
import { fillForm } from '../ui/option-schema.js';
import { followSharedSetup, shareButton } from '../ui/share.js';
import { ModeAnimation } from '../ui/mode-animation.js';
import { setSimulation } from '../state/step-data.js';

const form = $('sim-form');
const status = $('status');
const simulateButton = $('simulate');
const downloadButton = $('download-csv');

const MAX_N = 1_000_000; // plotting limit of the page; the CLI has none

// Where each field's message goes: the preset's beside it in step 1, the others in their fieldset;
// a refusal about no field beside the Simulate button.
const MESSAGE_OF = {
  preset: 'sim-preset-error', input: 'sim-sampling-error', amplitude: 'sim-sampling-error', h: 'sim-sampling-error',
  n: 'sim-sampling-error', snr: 'sim-noise-error', seed: 'sim-noise-error',
};
const MESSAGES = [...new Set(Object.values(MESSAGE_OF)), 'sim-run-error'];
// The simulation core's refusals about one field, by their option code (InputError::option,
// web/ui/refusal.js): an unknown preset, h out of the system's range, N, a multisine band top
// below the record's base frequency (more samples are the remedy: the page has no freq2 field),
// the amplitude, the SNR.
const REFUSALS = [
  ['preset', 'system'], ['h', 'h'], ['n', 'n'], ['n', 'freq2'], ['amplitude', 'amplitude'], ['snr', 'snr'],
].map(([id, option]) => ({ option, control: $(id), place: $(MESSAGE_OF[id]) }));

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

let plots = null; // {u, q}: ChannelPlot
let matrixChannels = null;  // plot-channels.js's, loaded with the plots
let last = null;  // {data, filename} of the last successful run
let runs = 0;

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
  // form.elements: the preset of step 1 too (form="sim-form").
  clearFieldMessages(MESSAGES.map($), form.elements);
  let request;
  try {
    request = readForm();
  } catch (e) {
    // Beside the field (the preset's in step 1, which opens), the focus there.
    showFieldError($(MESSAGE_OF[e.field]), e.message, $(e.field));
    setStatus(status, 'error', roundedMessage(e.message));
    return;
  }
  const { system, options } = request;
  simulateButton.disabled = true;
  setStatus(status, 'busy', 'Simulating…');
  try {
    const { data, ms } = await client.simulate({ system, options });
    showPlots(data);
    last = { data, filename: `${system.replace(/[^\w-]/g, '_')}-h${options.h}-n${options.n}.csv` };
    setSimulation({ system, options, data });  // Identify (step 3) identifies these samples
    downloadButton.disabled = false;
    status.dataset.run = String(++runs);
    setStatus(status, 'ok', `${data.t.length} samples in ${formatMs(ms)} ms (${methodText(data)})`);
  } catch (e) {
    // The core's words, rounded, beside the field they are about (else beside Simulate).
    showRefusal(e, REFUSALS, simulateButton, $('sim-run-error'));
    setStatus(status, 'error', roundedMessage(e?.message ?? String(e)));
  } finally {
    simulateButton.disabled = false;
  }
}

// The inputs one per panel as soon as there are two: PRBS inputs switch every sample and equal
// steps lie on each other, so an overlay of inputs hides all but the top one. The displacements
// are smooth: up to 3 share a plot, with a legend.
function showPlots(data) {
  plots.u.show(data.t, 't (s)', [{ quantity: 'u', unit: 'N', channels: matrixChannels(data.u, 'u'), overlayAtMost: 1 }]);
  plots.q.show(data.t, 't (s)', [{ quantity: 'q', unit: 'm', channels: matrixChannels(data.q, 'q') }]);
}

async function downloadCsv() {
  if (!last) return;
  try {
    download((await client.csv({ data: last.data })).blob, last.filename);
  } catch (e) {
    const message = `Could not build the CSV: ${e?.message ?? e}`;
    showFieldMessage($('sim-run-error'), message, downloadButton);
    setStatus(status, 'error', roundedMessage(message));
  }
}

// The chosen preset's modes (the core's modal), animated as masses in a row.
let animation = null;
async function showModes() {
  const name = $('preset').value;
  if (!name) return;
  try {
    const { system } = await client.preset({ name });
    const { modal } = await client.modal({ system });
    if ($('preset').value !== name) return;  // chosen again meanwhile: that call draws
    animation ??= new ModeAnimation($('sim-mode-anim'), { id: 'sim-anim', label: 'Mode shape of the preset' });
    animation.showChain(system, modal.modes);
    $('sim-modes-error').textContent = '';
  } catch (e) {
    $('sim-modes-error').textContent = `Could not compute the modes: ${e?.message ?? e}`;
  }
}

function showInputHint() {
  $('input-hint').textContent = INPUT_HINTS[$('input').value] ?? '';
}

/** Wires the section and fills its presets (main.js reports a failure in the status line). */
export async function start() {
  form.addEventListener('submit', simulate);
  downloadButton.addEventListener('click', downloadCsv);
  $('input').addEventListener('change', showInputHint);
  shareButton('simulate', $('sim-share'), $('sim-share-link'));
  showInputHint();
  const channels = await import('../ui/plot-channels.js');
  matrixChannels = channels.matrixChannels;
  plots = { u: new channels.ChannelPlot($('plot-u')), q: new channels.ChannelPlot($('plot-q')) };
  const select = $('preset');
  for (const name of (await client.presetNames()).names) select.append(new Option(name, name));
  select.addEventListener('change', showModes);
  followSharedSetup('simulate');
  // The core's defaults (group simulate); the SNR field keeps the page's 30 dB, so that a first
  // simulation shows noise and intervals (the core's default is noise-free). Simulate waits for them.
  await fillForm({ 'input': { option: 'simulate.input' }, 'amplitude': { option: 'simulate.amplitude' }, 'seed': { option: 'simulate.seed' } }, showInputHint);
  showModes();
  simulateButton.disabled = false;
  setStatus(status, 'ready', 'Ready: choose the settings and press Simulate.');
}
