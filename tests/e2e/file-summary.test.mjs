// Browser test of the Data step with any file mechid reads (issue 49; web/views/csv/csv-summary.js,
// the worker's inspectFile): a dropped universal file shows its summary (the numbers of
// wasm/recording.js inspectRecording on the same file) and its channels as the columns; a file's
// quantities choose the inputs, the outputs and their kind (unless the user chose it); an uneven
// time channel offers "resample onto a uniform grid" with its worst deviation, and identify's
// refusal next to it while it is off; the modes section works from the file; a file of spectra
// only is summarised with nothing to map; reading shows its progress and Cancel stops it. Readers that are not on this branch yet are stood in for by a
// reader of JSON recordings (*.recording.json) added to a copy of the page's wasm/readers.js: the
// page's code is the same for every reader of that table. (tests/e2e/format-fixtures.test.mjs
// chooses every file of the readers' fixtures.)
// Run: node --test tests/e2e/file-summary.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { loadMechidNode } from '../../wasm/node.js';
import { writeUff58 } from '../../wasm/uff-write.js';
import { inspectRecording } from '../../wasm/recording.js';
import { simulationToCsv } from '../../wasm/api.js';
import { stereoWav16 } from '../fixtures/wav16.mjs';
import { fmt } from '../../web/ui/dom.js';  // the page's rounding of a number
import { checkOnly, chooseCsv, openBrowser, openStep } from './browser.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'mechid-summary-e2e-'));
const site = join(dir, 'web');
const mechid = await loadMechidNode();
let browser;
let page;

// The stand-in reader: a file named *.recording.json holds a Recording with plain arrays; with
// `hang`, it says it is half read and never ends (for Cancel). Put before text, the last entry
// (what no other reader recognises).
const STAND_IN = `
READERS.splice(READERS.length - 1, 0, {
  format: 'test',
  recognise: (head, name) => name.endsWith('.recording.json'),
  read: async (bytes, source, { onProgress } = {}) => {
    const r = JSON.parse(new TextDecoder().decode(bytes));
    onProgress?.(0.5);
    if (r.hang) await new Promise(() => {});
    return { ...r, channels: r.channels.map((c) => ({ ...c, values: Float64Array.from(c.values) })) };
  },
});
`;

before(async () => {
  cpSync(join(ROOT, 'web'), site, { recursive: true });
  writeFileSync(join(site, 'gen/readers.js'), readFileSync(join(site, 'gen/readers.js'), 'utf8') + STAND_IN);
  browser = await openBrowser({ root: site });
  page = browser.page;
  await page.waitForFunction(() => !document.getElementById('ident-run').disabled, null, { timeout: 30_000 });  // every section started
});

after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

// The stand-in's Recording as the worker reads it (Float64Array channels).
const asRecording = (r) => ({ ...r, channels: r.channels.map((c) => ({ ...c, values: Float64Array.from(c.values) })) });

// Drops `path` on the file control's drop zone, as a person drags a file there, and waits until it is read.
async function dropFile(path) {
  await openStep(page, '#csv-drop');
  const transfer = await page.evaluateHandle(({ name, base64 }) => {
    const data = new DataTransfer();
    data.items.add(new File([Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0))], name));
    return data;
  }, { name: basename(path), base64: readFileSync(path).toString('base64') });
  await page.dispatchEvent('#csv-drop', 'drop', { dataTransfer: transfer });
  await page.waitForFunction(() => ['ready', 'error', 'cancelled'].includes(document.getElementById('csv-status').dataset.state)
    && document.getElementById('csv-read-cancel').hidden);
}

// The summary table as shown: {caption, rows: [[channel, quantity, unit, samples, spacing, min, max]]}.
const shownSummary = () => page.$eval('#csv-summary-table', (t) => ({
  caption: t.caption?.textContent ?? '',
  rows: [...t.tBodies[0]?.rows ?? []].map((r) => [...r.cells].map((c) => c.textContent)),
}));

const checked = (name) => page.$$eval(`input[name="${name}"]:checked`, (boxes) => boxes.map((b) => b.parentElement.textContent.trim()));

// A simulated single-DOF record (msd preset, PRBS held, 1500 samples at h = 0.1 s).
function simulated(n = 1500) {
  return mechid.simulate(mechid.preset('msd'), { h: 0.1, n, input: 'prbs', snr: 40, seed: 4 });
}

test('a dropped universal file (58b): its summary, as inspectRecording gives it, and its channels as the columns', async () => {
  const data = simulated(6000);
  const path = join(dir, 'msd.uff');
  writeFileSync(path, writeUff58({ kind: 'time', h: data.h, u: data.u, y: data.q }, { binary: true }));
  await dropFile(path);
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ready', await page.textContent('#csv-status'));
  assert.equal(await page.isVisible('#csv-summary-table'), true);
  const { caption, rows } = await shownSummary();
  assert.match(caption, /^msd\.uff: universal file \(UFF\).*, 2 channels$/);
  const column = (k, matrix) => Array.from({ length: matrix.rows }, (_, i) => matrix.data[i * matrix.cols + k]);
  const range = (x) => [fmt(Math.min(...x)), fmt(Math.max(...x))];
  assert.deepEqual(rows, [
    ['u1', 'force', 'N', '6000', '0.1000 s (10.00 Hz)', ...range(column(0, data.u))],
    ['q1', 'displacement', 'm', '6000', '0.1000 s (10.00 Hz)', ...range(column(0, data.q))],
  ]);
  assert.equal(await page.inputValue('#csv-time'), '');
  assert.deepEqual(await checked('csv-input'), ['u1']);
  assert.deepEqual(await checked('csv-output'), ['q1']);
  assert.equal(await page.inputValue('#csv-output-kind'), 'displacement');
  assert.equal(await page.isVisible('#csv-resample'), false);  // no time channel: nothing to resample

  // The modes section reads the same file (u1 on q1, h from the file).
  await page.waitForFunction(() => !document.getElementById('modes-run').disabled);
  assert.match(await page.textContent('#modes-source'), /msd\.uff: force u1; output q1; h = 0\.1 s \(from the file\)/);
  await openStep(page, '#modes');
  await page.fill('#modes-band-lo', '0.02');
  await page.fill('#modes-band-hi', '0.3');
  await page.click('#modes-run');
  await page.waitForFunction(() => ['ok', 'warning', 'error'].includes(document.getElementById('modes-status').dataset.state)
    && !document.getElementById('modes-run').disabled, null, { timeout: 60_000 });
  assert.notEqual(await page.getAttribute('#modes-status', 'data-state'), 'error', await page.textContent('#modes-status'));
  const { modes } = mechid.modal(mechid.preset('msd'));
  const shown = await page.$$eval('#modes-table-data tbody tr', (trs) => trs.map((tr) => Number(tr.children[1].textContent.split('±')[0])));
  assert.equal(shown.length, 1, JSON.stringify(shown));
  assert.ok(Math.abs(shown[0] / modes[0].freq_hz - 1) < 0.02, `mode at ${shown[0]} Hz, preset ${modes[0].freq_hz} Hz`);
  assert.deepEqual(browser.problems, []);
});

// Issue 56 item 7: a 16-bit WAV's channels are held as the file's integers with a scale; the
// page shows the samples (fractions of full scale), never the integers.
test('a dropped 16-bit WAV: its summary and preview show the samples over 32768, as inspectRecording gives them', async () => {
  const n = 3000;
  const left = Array.from({ length: n }, (_, i) => 0.9 * Math.sin(i / 17)), right = Array.from({ length: n }, (_, i) => -0.5 * Math.cos(i / 29));
  const path = join(dir, 'taps.wav');
  writeFileSync(path, stereoWav16(8000, left, right));
  await dropFile(path);
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ready', await page.textContent('#csv-status'));
  const bytes = readFileSync(path);
  const samples = (c) => Array.from({ length: n }, (_, i) => bytes.readInt16LE(44 + 4 * i + 2 * c) / 32768);
  const { rows } = await shownSummary();
  assert.deepEqual(rows.map((r) => [r[0], r[3], r[5], r[6]]), [0, 1].map((c) => [`channel ${c + 1}`, String(n), fmt(Math.min(...samples(c))), fmt(Math.max(...samples(c)))]));
  const preview = await page.$$eval('#csv-preview tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
  assert.deepEqual(preview, Array.from({ length: 5 }, (_, i) => [String(samples(0)[i]), String(samples(1)[i])]));
  assert.deepEqual(browser.problems, []);
});

test('a CSV: its columns as before (t, u1, q1 chosen); a summary, when its reader gives one, lists the same channels', async () => {
  const path = join(dir, 'msd.csv');
  writeFileSync(path, simulationToCsv(simulated(300)));
  await chooseCsv(page, path);
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ready', await page.textContent('#csv-status'));
  assert.equal(await page.inputValue('#csv-time'), 't');
  assert.deepEqual(await checked('csv-input'), ['u1']);
  assert.deepEqual(await checked('csv-output'), ['q1']);
  if (await page.isVisible('#csv-summary-table')) {
    const { rows } = await shownSummary();
    assert.deepEqual(rows.map((r) => r.slice(0, 2)), [['t', 'time'], ['u1', 'force'], ['q1', 'displacement']]);
  }
});

// A recording of the stand-in reader: time (quantity time, s), Force (N) and `response` of the
// msd record, its 8th time late by `jitter` of h.
function standIn(name, { response = { name: 'Position', quantity: 'displacement', unit: 'm' }, jitter = 0, n = 1500 } = {}) {
  const data = simulated(n);
  const t = Array.from(data.t, (x, k) => x + (k === 7 ? jitter * data.h : 0));
  const recording = {
    format: 'text', variant: 'phone', parameters: { rate: 10 }, notes: ['2 header lines read as names and units'],
    channels: [
      { name: 'Time', quantity: 'time', unit: 's', values: t },
      { name: 'Force', quantity: 'force', unit: 'N', values: Array.from(data.u.data) },
      { ...response, values: Array.from(data.q.data) },
    ],
  };
  const path = join(dir, `${name}.recording.json`);
  writeFileSync(path, JSON.stringify(recording));
  return { path, recording };
}

test('quantities choose: forces as inputs, the one response quantity as outputs and as the output kind, unless the user chose the kind', async () => {
  await openStep(page, '#csv-output-kind');
  const accelerations = standIn('phone', { response: { name: 'Acceleration x', quantity: 'acceleration', unit: 'm/s^2' }, n: 200 });
  await dropFile(accelerations.path);
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ready', await page.textContent('#csv-status'));
  const { caption, rows } = await shownSummary();
  assert.match(caption, /^phone\.recording\.json: text \(phone\), 3 channels$/);
  const expected = inspectRecording(asRecording(accelerations.recording));
  assert.deepEqual(rows.map((r) => [r[0], r[1], r[2], r[3], r[5], r[6]]),
    expected.channels.map((c) => [c.name, c.quantity, c.unit, String(c.n), fmt(c.min), fmt(c.max)]));
  assert.deepEqual(await page.$$eval('#csv-summary-facts li', (li) => li.map((e) => e.textContent)), ['Parameters: rate = 10.']);
  assert.deepEqual(await page.$$eval('#csv-summary-notes li', (li) => li.map((e) => e.textContent)), ['2 header lines read as names and units']);
  assert.equal(await page.inputValue('#csv-time'), 'Time');
  assert.deepEqual(await checked('csv-input'), ['Force']);
  assert.deepEqual(await checked('csv-output'), ['Acceleration x']);
  assert.equal(await page.inputValue('#csv-output-kind'), 'acceleration');

  // A velocity: no kind the page identifies from, so no output is chosen and the note says why.
  const velocities = standIn('velocity', { response: { name: 'Speed', quantity: 'velocity', unit: 'm/s' }, n: 200 });
  await dropFile(velocities.path);
  assert.deepEqual(await checked('csv-output'), []);
  assert.match(await page.textContent('#csv-columns-note'), /The file's responses are velocity \(Speed\): tick the outputs/);

  // The user chooses displacements: the next file's accelerations no longer change the kind.
  await page.selectOption('#csv-output-kind', 'displacement');
  await dropFile(accelerations.path);
  assert.equal(await page.inputValue('#csv-output-kind'), 'displacement');
  assert.deepEqual(await checked('csv-output'), []);
  await page.selectOption('#csv-output-kind', 'acceleration');
  assert.deepEqual(await checked('csv-output'), ['Acceleration x']);
});

test('uneven time: "resample onto a uniform grid" with its worst deviation, off by default, identify\'s refusal beside it; ticked, identified', async () => {
  const { path } = standIn('uneven', { jitter: 0.05 });
  await page.selectOption('#csv-output-kind', 'displacement');  // the user's choice of the test before is kept
  await dropFile(path);
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ready', await page.textContent('#csv-status'));
  assert.deepEqual(await checked('csv-output'), ['Position']);
  assert.equal(await page.isChecked('#csv-resample'), false);
  assert.match(await page.textContent('#csv-resample-text'), /^resample onto a uniform grid \(worst deviation 0\.005000 s at sample 8, 5\.0 % of h = 0\.1000 s\)$/);
  assert.match(await page.textContent('#csv-resample-note'), /uneven\.recording\.json: time column Time is not uniform: worst deviation 0\.005000 s at sample 8 .*identification refuses it unless it is resampled/);
  assert.equal(await page.getAttribute('#csv-resample', 'aria-describedby'), 'csv-resample-note');

  await page.selectOption('#csv-sampling', 'hold');
  await checkOnly(page, 'input[name="csv-method"]', ['variational']);
  await openStep(page, '#csv-run');
  await page.click('#csv-run');
  await page.waitForFunction(() => ['ok', 'warning', 'error'].includes(document.getElementById('csv-status').dataset.state), null, { timeout: 60_000 });
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'error');
  assert.match(await page.textContent('#csv-file-error'), /time is not uniform: worst deviation 0\.00500 s at sample 8/);

  await page.setChecked('#csv-resample', true);
  assert.equal(await page.textContent('#csv-resample-note'), '');
  await page.click('#csv-run');
  await page.waitForFunction(() => ['ok', 'warning', 'error'].includes(document.getElementById('csv-status').dataset.state), null, { timeout: 60_000 });
  assert.notEqual(await page.getAttribute('#csv-status', 'data-state'), 'error', await page.textContent('#csv-status'));
  assert.match(await page.textContent('#csv-status'), /resampled to h = 0\.1000 s by linear interpolation, as asked/);
});

test('a file of spectra only: its summary (Δf in Hz, |x| of the complex channel), and no columns to map', async () => {
  const path = join(dir, 'spectrum.recording.json');
  const frf = { name: 'H1,1', quantity: 'other', unit: 'm/N', axis: 'frequency', h: 0.5, start: 0, values: [1, 0, -3], imag: [0, 4, 4] };
  writeFileSync(path, JSON.stringify({ format: 'uff', variant: '58', channels: [frf], parameters: {}, notes: [], datasets: { 58: 1, 55: 2 } }));
  await dropFile(path);
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ready');
  assert.match(await page.textContent('#csv-status'), /^spectrum\.recording\.json holds no time series to identify from/);
  assert.deepEqual((await shownSummary()).rows, [['H1,1 (complex: |x|)', 'other', 'm/N', '3', '0.5000 Hz', '1.000', '5.000']]);
  assert.deepEqual(await page.$$eval('#csv-summary-facts li', (li) => li.map((e) => e.textContent)), ['Datasets (type: count): 55: 2, 58: 1.']);
  assert.equal(await page.isVisible('#csv-mapping'), false);
  assert.equal(await page.isDisabled('#csv-run'), true);
});

test('reading shows its progress; Cancel stops it, and the next file is read', async () => {
  const path = join(dir, 'slow.recording.json');
  writeFileSync(path, JSON.stringify({ hang: true, format: 'test', channels: [], parameters: {}, notes: [] }));
  await openStep(page, '#csv-file');
  await page.setInputFiles('#csv-file', path);
  await page.waitForFunction(() => !document.getElementById('csv-read-progress').hidden && document.getElementById('csv-read-progress').value === 0.5);
  assert.match(await page.textContent('#csv-status'), /Reading slow\.recording\.json: 50 %/);
  await page.click('#csv-read-cancel');
  await page.waitForFunction(() => document.getElementById('csv-status').dataset.state === 'cancelled');
  assert.match(await page.textContent('#csv-status'), /Reading slow\.recording\.json cancelled after [\d.]+ s; choose a file\./);
  assert.equal(await page.isVisible('#csv-read-progress'), false);
  assert.equal(await page.isVisible('#csv-mapping'), false);
  const { path: next } = standIn('after-cancel', { n: 100 });
  await chooseCsv(page, next);
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ready', await page.textContent('#csv-status'));
});
