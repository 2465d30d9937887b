// The Measure section (issue 54): a source (audio input, a phone's accelerometer, a serial device:
// each gives its samples through sample-chunks.js's interface), the channel table
// (measure-channels.js), the live view (measure-live.js) and the recording, which becomes a record
// like a loaded file (record-file.js: CSV with names and units, UFF 58), kept in this browser
// (web/state/recordings.js), and handed in one click to the Data step (identify, modes:
// web/state/measured-file.js) or to the output-only modal analysis (web/state/output-only.js).
// A refused permission or a lost device gives one sentence next to the control and keeps what was
// recorded.
import { openAudioSource } from './audio-source.js';
import { openPhoneSource } from './phone-source.js';
import { openSerialSource } from './serial-source.js';
import { Recorder } from './recorder.js';
import { calibrated, recordCsv, recordUff } from './record-file.js';
import { channelConfig, chunkPeaks, CLIP_LEVEL, showChannels, showLevels } from './measure-channels.js';
import { clearLive, LIVE_SECONDS, showFrf, showTraces } from './measure-live.js';
import { handMeasuredFile } from '../../state/measured-file.js';
import { setOutputOnly } from '../../state/output-only.js';
import { deleteRecording, keepRecording, listRecordings } from '../../state/recordings.js';
import { $, el, fmt, setStatus } from '../../ui/dom.js';
import { clearFieldMessages, showFieldError, showFieldMessage } from '../../ui/field-message.js';
import { reveal } from '../../ui/navigation.js';
import { download, safeName } from '../../ui/export.js';

const status = $('measure-status');
const connectButton = $('measure-connect');
const recordButton = $('measure-record');
const stopButton = $('measure-stop');
const MESSAGES = ['measure-source-error', 'measure-record-error', 'measure-recorded-error'].map($);

let source = null;
let live = null;       // every sample since Connect (the live view's), trimmed to 2 × LIVE_SECONDS
let recording = null;  // the samples since Record
let recordStart = 0;
let clipped = new Set();
let timer = null;
let current = null;    // the last recording: {name, csv, uff, record, seconds, uneven}

const sourceKind = () => document.querySelector('input[name="measure-source"]:checked').value;

function defaultsFor(kind, count) {
  if (kind === 'phone') return () => ({ quantity: 'acceleration', unit: 'm/s^2', factor: 1 });
  if (kind === 'audio' && count >= 2) return (k) => (k === 0 ? { quantity: 'force', unit: 'N' } : { quantity: 'acceleration', unit: 'm/s^2' });
  return () => ({});
}

async function connect() {
  clearFieldMessages(MESSAGES, []);
  const kind = sourceKind();
  connectButton.disabled = true;
  setStatus(status, 'busy', 'Connecting…');
  try {
    if (kind === 'audio') source = await openAudioSource();
    else if (kind === 'phone') source = await openPhoneSource();
    else {
      const rate = Number($('measure-serial-rate').value.replace(',', '.'));
      const format = $('measure-line-format').value;
      if (format === 'rate' && !(rate > 0)) {
        connectButton.disabled = false;
        showFieldError($('measure-source-error'), 'The rate must be a positive number of samples per second.', $('measure-serial-rate'));
        setStatus(status, 'error', 'Not connected.');
        return;
      }
      source = await openSerialSource({ baudRate: Number($('measure-baud').value), format, rate });
    }
  } catch (e) {
    source = null;
    connectButton.disabled = false;
    showFieldMessage($('measure-source-error'), e.message, connectButton);
    setStatus(status, 'error', 'Not connected.');
    return;
  }
  clearLive();
  live = null;
  clipped = new Set();
  if (source.channels) showChannels(source.channels, { defaults: defaultsFor(kind, source.channels.length), fullScale: kind === 'audio' });
  else $('measure-channel-rows').replaceChildren();  // a serial device's channels: from its first line of numbers
  $('measure-disconnect').disabled = false;
  $('measure-reset').disabled = false;
  recordButton.disabled = !source.channels;
  const opened = source;  // its end is this source's only while it is the one connected
  const started = source.start((chunk) => onChunk(chunk, kind), (e) => { if (opened === source) onEnd(e); });
  timer = setInterval(refresh, 500);
  await started;
  setStatus(status, 'ready', `Connected: ${source.label}${source.rate ? ` at ${source.rate} Hz` : ''}. Record when ready.`);
}

function onChunk(chunk, kind) {
  if (!live) {
    if (!$('measure-channel-rows').rows.length || $('measure-channel-rows').rows.length !== chunk.channels.length) {
      showChannels(chunk.channels.map((_, k) => ({ name: `channel ${k + 1}` })), { defaults: defaultsFor(kind, chunk.channels.length), fullScale: kind === 'audio' });
    }
    live = new Recorder(chunk.channels.length);
    recordButton.disabled = false;
  }
  live.add(chunk);
  recording?.add(chunk);
  if (live.rate && live.length > 2 * LIVE_SECONDS * live.rate) live.keepLast(Math.round(LIVE_SECONDS * live.rate));
  if (kind === 'audio') {
    for (const name of showLevels(chunkPeaks(chunk))) clipped.add(name);
  }
  const duration = Number($('measure-duration').value.replace(',', '.'));
  if (recording && duration > 0 && recording.seconds() >= duration) stopRecording();
}

// Called when the source ends: a device unplugged or a permission withdrawn (error), or Disconnect (null).
function onEnd(error) {
  clearInterval(timer);
  timer = null;
  if (recording) stopRecording();
  source = null;
  connectButton.disabled = false;
  $('measure-disconnect').disabled = true;
  recordButton.disabled = true;
  stopButton.disabled = true;
  if (error) {
    showFieldMessage($('measure-source-error'), error.message, connectButton, { focus: false });
    setStatus(status, 'error', current ? 'The source stopped; the recording is kept below.' : 'The source stopped.');
  } else setStatus(status, 'ready', 'Disconnected.');
}

function refresh() {
  if (!live) return;
  const config = channelConfig();
  showTraces(live, config);
  const clip = $('measure-clip');
  const text = clipped.size ? `Clipping on ${[...clipped].join(', ')} (|x| ≥ ${CLIP_LEVEL} of full scale): lower the input gain or the signal, then Restart the averages.` : '';
  if (clip.textContent !== text) clip.textContent = text;
  const force = $('measure-force').value === '' ? null : Number($('measure-force').value);
  showFrf(live, config, force, Number($('measure-segment').value));
  if (recording) setStatus(status, 'busy', `Recording: ${fmt(recording.seconds(), 3)} s.`);
}

function startRecording() {
  clearFieldMessages(MESSAGES, []);
  const duration = $('measure-duration').value.trim();
  if (duration !== '' && !(Number(duration.replace(',', '.')) > 0)) {
    showFieldError($('measure-record-error'), 'The recording time must be a positive number of seconds, or empty (until Stop).', $('measure-duration'));
    return;
  }
  recording = new Recorder(live ? live.pieces.length : source.channels.length);
  recordStart = Date.now();
  recordButton.disabled = true;
  stopButton.disabled = false;
  setStatus(status, 'busy', 'Recording…');
}

function stopRecording() {
  const done = recording;
  recording = null;
  stopButton.disabled = true;
  recordButton.disabled = !source;
  if (!done || done.length === 0) {
    setStatus(status, 'error', 'Nothing was recorded: no samples arrived.');
    return;
  }
  const config = channelConfig();
  const chosen = config.map((c, k) => k).filter((k) => config[k].keep);
  const problem = channelProblem(config, chosen);
  if (problem) {
    showFieldError($('measure-record-error'), `${problem[0]}; the recording is kept: correct it and press Stop again to write it.`, problem[1]);
    recording = done;  // kept: Stop writes it once the table is right
    stopButton.disabled = false;
    return;
  }
  const record = calibrated(done, config, chosen);
  const name = `recording-${new Date(recordStart).toISOString().slice(0, 19).replace(/[:T]/g, '-')}`;
  showRecording({ name, csv: recordCsv(record), uff: recordUff(record), seconds: done.seconds(), uneven: done.timed, channels: record.channels.map((c) => c.name), quantities: record.channels.map((c) => c.quantity) });
  setStatus(status, 'ok', `Recorded ${fmt(done.seconds(), 4)} s (${done.length} samples) of ${record.channels.length} channels.`);
}

// Why the table cannot name the record's columns: [sentence, control] or null.
function channelProblem(config, chosen) {
  if (chosen.length === 0) return ['Keep at least one channel', null];
  const seen = new Set(['t']);
  for (const k of chosen) {
    const c = config[k];
    if (c.name === '' || /[,"\n()]/.test(c.name)) return [`Channel ${k + 1} needs a name without commas, quotes or brackets`, c.nameInput];
    if (seen.has(c.name)) return [`Two channels are named “${c.name}” (or “t”, the time): give each its own name`, c.nameInput];
    seen.add(c.name);
    if (!Number.isFinite(c.factor) || c.factor === 0) return [`The units per full scale of ${c.name} must be a number other than 0`, c.factorInput];
  }
  return null;
}

function showRecording(r) {
  current = r;
  $('measure-recorded').hidden = false;
  $('measure-recorded-summary').textContent = `${r.name}: ${fmt(r.seconds, 4)} s of ${r.channels.join(', ')}`
    + `${r.uneven ? ' at the times the sensor gave (uneven)' : ''}.`;
  $('measure-resample-choice').hidden = !r.uneven;
  $('measure-resample').checked = false;  // the consent is given for each recording
  $('measure-export-uff').disabled = !r.uff;
  $('measure-export-uff').title = r.uff ? '' : 'A universal file needs even times: export the CSV';
  $('measure-to-oma').disabled = !r.quantities.some((q) => q !== 'force' && q !== 'other' && q !== 'voltage');
}

const fileOf = (r) => new File([r.csv], `${safeName(r.name)}.csv`, { type: 'text/csv' });

function toOma() {
  const responses = current.channels.filter((_, k) => ['displacement', 'velocity', 'acceleration'].includes(current.quantities[k]));
  setOutputOnly({ file: fileOf(current), mapping: { timeCol: 't', outputCols: responses, resample: $('measure-resample').checked } }, { run: true });
}

function toData() {
  handMeasuredFile(fileOf(current));
  const section = $('csv');
  reveal(section);
  section.scrollIntoView();
}

async function keep() {
  try {
    await keepRecording({ name: current.name, seconds: current.seconds, uneven: current.uneven, channels: current.channels, quantities: current.quantities, csv: current.csv, uff: current.uff });
    await showKept();
    setStatus(status, 'ok', `${current.name} kept in this browser.`);
  } catch (e) {
    showFieldMessage($('measure-recorded-error'), `The recording could not be kept in this browser (${e.message}); export it instead.`, $('measure-keep'));
  }
}

async function showKept() {
  let list = [];
  try {
    list = await listRecordings();
  } catch {
    list = [];  // no IndexedDB (a private window): nothing kept to list
  }
  $('measure-kept').replaceChildren(...list.map((r) => {
    const open = el('button', 'Open', { type: 'button' });
    open.addEventListener('click', () => showRecording(r));
    const remove = el('button', 'Delete', { type: 'button' });
    remove.addEventListener('click', async () => { await deleteRecording(r.id); showKept(); });
    const li = el('li', `${r.name} (${fmt(r.seconds, 4)} s, ${r.channels.join(', ')}) `);
    li.append(open, ' ', remove);
    return li;
  }));
}

export async function start() {
  for (const radio of document.querySelectorAll('input[name="measure-source"]')) {
    radio.addEventListener('change', () => { $('measure-serial-options').hidden = sourceKind() !== 'serial'; });
  }
  connectButton.addEventListener('click', connect);
  $('measure-disconnect').addEventListener('click', () => {
    const stopping = source;
    onEnd(null);
    stopping?.stop();
  });
  recordButton.addEventListener('click', startRecording);
  stopButton.addEventListener('click', stopRecording);
  $('measure-reset').addEventListener('click', () => { live = null; clipped = new Set(); clearLive(); });
  $('measure-export-csv').addEventListener('click', () => download(new Blob([current.csv], { type: 'text/csv' }), `${safeName(current.name)}.csv`));
  $('measure-export-uff').addEventListener('click', () => download(new Blob([current.uff], { type: 'text/plain' }), `${safeName(current.name)}.uff`));
  $('measure-keep').addEventListener('click', keep);
  $('measure-to-data').addEventListener('click', toData);
  $('measure-to-oma').addEventListener('click', toOma);
  await showKept();
  setStatus(status, 'ready', 'Choose a source, then Connect.');
}
