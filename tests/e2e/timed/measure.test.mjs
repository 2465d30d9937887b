// Browser test of the Measure section (issue 54; web/views/measure/). Audio: Chromium's fake
// capture device plays a stereo WAV of a known single-DOF system (tests/fixtures/measure/sdof-wav.mjs:
// 300 Hz, ζ = 2 %, white-noise force on channel 1, the acceleration on channel 2); the page,
// connected to it, shows the running FRF whose |H1| peaks within 1 % of 300 Hz after at most 10 s
// with coherence > 0.9 on the five lines around the peak, from ten averages or more (fewer: the
// page says the coherence is biased towards 1); a recording of it, handed to the Data step, gives in
// "Frequency response and modes" the mode within 0.5 % of the truth, the same numbers as
// `mechid modes` on the recording's CSV (exported by the page), and near those of `mechid modes`
// on the WAV itself (another stretch of the same signal: the fake device loops the file from a
// moment the page does not know); the acceleration alone, handed to the output-only modal analysis,
// gives the mode within 1 %. Phone: the DevTools protocol's sensor override drives the
// accelerometer; the recording keeps the readings' uneven times. Serial: a mock port (an init
// script's navigator.serial) streams lines split at random points, then is unplugged: every line
// is recorded once and the page says the device was lost, keeping the recording; a refused
// microphone then gives one sentence next to Connect, and the recording stays.
// Run: node --test tests/e2e/timed/measure.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMechidNode } from '../../../wasm/node.js';
import { departuresFromWav, sdofWav } from '../../fixtures/measure/sdof-wav.mjs';
import { downloadedText, mechidCli, openBrowser, openStep } from '../browser.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-measure-e2e-'));
const mechid = await loadMechidNode();
const wav = sdofWav(mechid, { seconds: 12 });
const wavPath = join(dir, 'sdof.wav');
writeFileSync(wavPath, wav.bytes);

// The serial device's lines: `t,a,b` at 100 Hz, a boot message first.
const SERIAL_LINES = ['hello from the board', ...Array.from({ length: 500 }, (_, i) => `${(i / 100).toFixed(2)},${i},${(i * 0.5 - 100).toFixed(1)}`)];

// Init script: navigator.serial with one mock port whose readable stream gives the lines' bytes
// in pieces cut at pseudo-random points, then fails as an unplugged device does.
function mockSerial(text) {
  const bytes = new TextEncoder().encode(text);
  let seed = 7;
  const next = () => { seed = (seed * 16807) % 2147483647; return seed; };
  const port = {
    async open({ baudRate }) { window.__serialBaud = baudRate; },
    async close() {},
    readable: new ReadableStream({
      async pull(controller) {
        // the first lines, then the rest once Record is pressed (a pull that enqueues nothing is not called again)
        while (port.at > 200 && !window.__serialGo) await new Promise((r) => setTimeout(r, 20));
        if (port.at >= bytes.length) {
          controller.error(new DOMException('The device has been lost.', 'NetworkError'));
          return;
        }
        const n = 1 + (next() % 97);
        controller.enqueue(bytes.slice(port.at, port.at + n));
        port.at += n;
        await new Promise((r) => setTimeout(r, 2));
      },
    }),
    at: 0,
  };
  Object.defineProperty(navigator, 'serial', { value: { requestPort: async () => port } });
}

let browser;
let page;
before(async () => {
  browser = await openBrowser({
    args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-audio-capture=${wavPath}`],
    initScripts: [`(${mockSerial})(${JSON.stringify(`${SERIAL_LINES.join("\r\n")}\r\n`)})`],
  });
  page = browser.page;
  await page.setViewportSize({ width: 1280, height: 900 });
});
after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

// The page has started its sections and restored the inputs kept in this tab (web/ui/form-memory.js).
const measureReady = () => page.waitForFunction(() => document.getElementById('measure-status').dataset.state === 'ready'
  && document.documentElement.dataset.formsRestored === 'true', null, { timeout: 90_000 });
// The CSV's rows as numbers: [[t, ...values]] after the header.
const rowsOf = (csv) => csv.trim().split('\n').slice(1).map((line) => line.split(',').map(Number));
const near = (x, truth, tol) => Math.abs(x - truth) <= tol * Math.abs(truth);
// The modes table as numbers: [{f, zeta}] (the value before ±).
const modesTable = () => page.$$eval('#modes-table-data tbody tr', (rows) => rows.map((tr) => {
  const cells = [...tr.cells].map((c) => c.textContent);
  return cells;
}));

test('audio: the fake capture device’s WAV of a 300 Hz single-DOF system, live FRF and a recording analysed for modes', async () => {
  await openStep(page, '#measure-connect');
  await measureReady();
  await page.click('#measure-connect');
  await page.waitForFunction(() => document.getElementById('measure-channel-rows').rows.length === 2, null, { timeout: 20_000 });
  const connected = Date.now();
  assert.match(await page.textContent('#measure-status'), /at 44100 Hz/);
  // channel 1 force (N per full scale), channel 2 acceleration
  await page.fill('#measure-channel-rows tr:nth-child(1) [name="measure-name"]', 'force');
  await page.fill('#measure-channel-rows tr:nth-child(1) [name="measure-factor"]', String(wav.forceFullScale));
  await page.fill('#measure-channel-rows tr:nth-child(2) [name="measure-name"]', 'acc');
  await page.fill('#measure-channel-rows tr:nth-child(2) [name="measure-factor"]', String(wav.accFullScale));
  await page.click('#measure-record');
  await page.waitForFunction(() => Number(document.getElementById('measure-live').dataset.averages) > 0, null, { timeout: 20_000 });
  // the live FRF after at most 10 s
  const deadline = connected + 10_000;
  let live;
  for (;;) {
    live = await page.$eval('#measure-live', (e) => ({ ...e.dataset, text: e.textContent }));
    if (Number(live.averages) >= 10 && near(Number(live.peakHz), wav.fn, 0.01) && Number(live.coherence) > 0.9) break;
    assert.ok(Date.now() < deadline, `after 10 s: ${live.text}`);
    await page.waitForTimeout(300);
  }
  console.log(`# live FRF after ${((Date.now() - connected) / 1000).toFixed(1)} s: ${live.text}`);
  assert.ok(Number(await page.getAttribute('#measure-spectrum', 'data-segments')) >= 1, 'the running spectrum is drawn');
  // recorded for at least 8 s, then stopped
  await page.waitForFunction(() => /Recording: ([89]|[1-9]\d)\./.test(document.getElementById('measure-status').textContent), null, { timeout: 30_000 });
  await page.click('#measure-stop');
  assert.match(await page.textContent('#measure-recorded-summary'), /s of force, acc\.$/);
  const csv = await downloadedText(page, '#measure-export-csv');
  assert.deepEqual(csv.slice(0, 200).split('\n').slice(0, 2).map((line) => line.split(',')[0]), ['t (s)', '0.00000000000']);
  assert.equal(csv.slice(0, 28), 't (s),force (N),acc (m/s^2)\n');
  const csvPath = join(dir, 'recording.csv');
  writeFileSync(csvPath, csv);
  // the recording is the file's samples in order (a second reader: the WAV itself), but for
  // Chromium's clock-drift corrections of one sample and, on a loaded machine, a glitch of the
  // fake device: whole 10 ms buffers of its own (441 samples each, `silent` tells how many were 0;
  // a CI run had one) inserted, a length our capture (copies of 128-frame render quanta,
  // web/views/measure/capture-worklet.js) cannot make: 441 and 128 are coprime. Lost audio,
  // repeated audio or an insertion of another length would be our capture's fault.
  const { samples, departures } = departuresFromWav(rowsOf(csv).map((r) => r[1] / wav.forceFullScale), wav.bytes);
  console.log(`# the recording against the WAV: ${samples} samples, ${departures.length} departures ${JSON.stringify(departures.slice(0, 12))}`);
  const deviceBuffer = wav.rate / 100;
  const deviceGlitch = (d) => d.skipped < 0 && -d.skipped % deviceBuffer === 0 && d.replaced <= -d.skipped + 2;
  const glitches = departures.filter(deviceGlitch);
  const lost = departures.filter((d) => (Math.abs(d.skipped) > 2 || d.replaced > 2) && !deviceGlitch(d));
  assert.deepEqual(lost, [], 'stretches of the recording are not the WAV\'s: audio lost or inserted');
  assert.ok(glitches.length <= 2, `${glitches.length} insertions by the capture device`);
  assert.ok(departures.length - glitches.length <= samples / 10_000, `${departures.length} single-sample corrections in ${samples} samples`);
  await page.click('#measure-disconnect');
  // ambient mode: the acceleration alone, in one click, to the output-only modal analysis (whole band)
  await page.click('#measure-to-oma');
  await page.waitForFunction(() => ['ok', 'warning', 'error'].includes(document.getElementById('oma-status').dataset.state)
    && !document.getElementById('oma-run').disabled, null, { timeout: 120_000 });
  const oma = await page.$$eval('#oma-table-data tbody tr', (trs) => trs.map((tr) => Number(tr.dataset.freqHz)));
  console.log(`# output-only modes of the recording: ${JSON.stringify(oma)} Hz`);
  assert.ok(oma.some((f) => near(f, wav.fn, 0.01)), `${oma}`);
  await openStep(page, '#measure-to-data');
  // one click to the Data step, then the modes
  await page.click('#measure-to-data');
  await page.waitForFunction(() => !document.getElementById('csv-run').disabled, null, { timeout: 60_000 });
  await openStep(page, '#modes-run');
  await page.waitForFunction(() => !document.getElementById('modes-run').disabled, null, { timeout: 30_000 });
  // the section's default FRF (the local polynomial method on the record's DFT: a length of
  // about 3.6·10⁵ samples, not a product of 2, 3 and 5, the DFT the WebAssembly build got wrong)
  await page.fill('#modes-band-lo', '250');
  await page.fill('#modes-band-hi', '350');
  await page.click('#modes-run');
  await page.waitForFunction(() => ['ok', 'warning', 'error'].includes(document.getElementById('modes-status').dataset.state)
    && !document.getElementById('modes-run').disabled, null, { timeout: 120_000 });
  const table = await modesTable();
  console.log(`# modes on the page: ${JSON.stringify(table)}`);
  const cli = JSON.parse(mechidCli('modes', '--data', csvPath, '--band', '250:350'));
  const cliWav = JSON.parse(mechidCli('modes', '--data', wavPath, '--input-cols', 'channel 1', '--output-cols', 'channel 2', '--response', 'acceleration',
    '--band', '250:350'));
  console.log(`# mechid modes on the recording: ${JSON.stringify(cli.modes.map((m) => [m.freq_hz, m.zeta]))}; on the WAV: ${JSON.stringify(cliWav.modes.map((m) => [m.freq_hz, m.zeta]))}`);
  assert.equal(cli.modes.length, 1);
  assert.ok(near(cli.modes[0].freq_hz, wav.fn, 0.005), `${cli.modes[0].freq_hz} Hz`);
  assert.ok(near(cliWav.modes[0].freq_hz, wav.fn, 0.005), `${cliWav.modes[0].freq_hz} Hz`);
  // the page's table: the CLI's numbers on the same recording, to the 4 digits shown
  assert.equal(table.length, 1);
  const [f, zeta] = [table[0][1], table[0][2]].map((cell) => cell.split(' ± ')[0]);
  assert.equal(f, cli.modes[0].freq_hz.toPrecision(4));
  assert.equal(zeta, cli.modes[0].zeta.toPrecision(4));
  assert.ok(near(Number(f), wav.fn, 0.005), `${f} Hz`);
  assert.ok(near(cli.modes[0].zeta, wav.zeta, 0.05), `ζ ${cli.modes[0].zeta}`);
});


test('phone: the DevTools sensor override drives the accelerometer; the recording keeps its uneven times', async () => {
  await page.goto(browser.server.url);
  await measureReady();
  await browser.context.grantPermissions(['accelerometer'], { origin: browser.server.url });
  const cdp = await browser.context.newCDPSession(page);
  await cdp.send('Emulation.setSensorOverrideEnabled', { enabled: true, type: 'accelerometer', metadata: { available: true, minimumFrequency: 1, maximumFrequency: 60 } });
  await openStep(page, '#measure-connect');
  await measureReady();
  await page.check('input[name="measure-source"][value="phone"]');
  await page.click('#measure-connect');
  // readings at uneven moments (15 to 45 ms apart), each a new value so that the sensor reports it
  const sent = [];
  const send = async (k) => {
    const z = (100 + 2 * (k % 7)) / 10;  // steps of 0.2 m/s²: Chromium rounds the readings to 0.1 m/s²
    sent.push(z);
    await cdp.send('Emulation.setSensorOverrideReadings', { type: 'accelerometer', reading: { xyz: { x: 0.1 * (k % 3), y: 0, z } } });
    await page.waitForTimeout(15 + ((k * 7) % 31));
  };
  let k = 0;
  while (!(await page.isEnabled('#measure-record'))) await send(k++);
  assert.deepEqual(await page.$$eval('#measure-channel-rows [name="measure-name"]', (xs) => xs.map((x) => x.value)), ['ax', 'ay', 'az']);
  await page.fill('#measure-duration', '1.5');  // ambient mode: recorded for a chosen time
  await page.click('#measure-record');
  while (await page.isEnabled('#measure-stop')) await send(k++);
  assert.match(await page.textContent('#measure-recorded-summary'), /at the times the sensor gave \(uneven\)/);
  assert.equal(await page.isDisabled('#measure-export-uff'), true);  // no increment to state
  assert.equal(await page.isHidden('#measure-resample-choice'), false);
  const rows = rowsOf(await downloadedText(page, '#measure-export-csv'));
  // how many readings arrive depends on the machine's load (each is one DevTools round trip): at least 10
  assert.ok(rows.length >= 10, `${rows.length} readings recorded`);
  assert.ok(rows.at(-1)[0] - rows[0][0] >= 1.2 && rows.at(-1)[0] - rows[0][0] < 2.5, `${rows.at(-1)[0] - rows[0][0]} s recorded`);
  const steps = rows.slice(1).map((r, i) => r[0] - rows[i][0]);
  assert.ok(steps.every((s) => s > 0), 'times increase');
  const [lo, hi] = [Math.min(...steps), Math.max(...steps)];
  console.log(`# phone: ${rows.length} readings, steps ${(lo * 1000).toFixed(1)} to ${(hi * 1000).toFixed(1)} ms`);
  assert.ok(hi > 1.5 * lo, 'the times are kept uneven, as the sensor gave them');
  // the readings are values sent: each recorded z one of them
  for (const z of rows.map((r) => r[3])) assert.ok(sent.some((x) => Math.abs(Math.fround(x) - z) < 1e-6), `z = ${z} was sent`);
  // ambient mode: handed to the output-only analysis; the reader resamples the times only with consent
  const omaSays = async () => {
    await page.waitForFunction(() => ['ok', 'warning', 'error'].includes(document.getElementById('oma-status').dataset.state)
      && !document.getElementById('oma-run').disabled, null, { timeout: 60_000 });
    return `${await page.textContent('#oma-status')} ${await page.textContent('#oma-run-error')}`;
  };
  await page.click('#measure-to-oma');
  assert.match(await omaSays(), /time is not uniform.*resample/);
  await openStep(page, '#measure-resample');
  await page.check('#measure-resample');
  await page.click('#measure-to-oma');
  const resampled = await omaSays();
  assert.doesNotMatch(resampled, /not uniform/);
  assert.match(resampled, /output 2 is zero in every sample/);  // read on the uniform grid; ay was 0 throughout
  await openStep(page, '#measure-disconnect');
  await page.click('#measure-disconnect');
});

test('serial: a mock port streaming lines split at random points, then unplugged: no line lost or duplicated, the recording kept', async () => {
  await openStep(page, '#measure-connect');
  await measureReady();
  await page.check('input[name="measure-source"][value="serial"]');
  await page.selectOption('#measure-baud', '230400');
  await page.selectOption('#measure-line-format', 'timed');
  await page.click('#measure-connect');
  await page.waitForFunction(() => !document.getElementById('measure-record').disabled, null, { timeout: 10_000 });
  await page.fill('#measure-duration', '');  // until the device stops
  assert.equal(await page.evaluate(() => window.__serialBaud), 230400);
  await page.click('#measure-record');
  await page.evaluate(() => { window.__serialGo = true; });
  await page.waitForFunction(() => /lost/.test(document.getElementById('measure-source-error').textContent), null, { timeout: 20_000 });
  assert.match(await page.textContent('#measure-source-error'), /what was recorded is kept/);
  assert.equal(await page.isVisible('#measure-recorded'), true);
  const rows = rowsOf(await downloadedText(page, '#measure-export-csv'));
  const first = Math.round(rows[0][0] * 100);
  assert.ok(rows.length > 300, `${rows.length} lines recorded`);
  assert.equal(first + rows.length, 500, 'the recording ends with the last line');
  rows.forEach((r, j) => {
    const i = first + j;  // line i of the device: t = i/100, a = i, b = i/2 − 100
    assert.deepEqual([Math.round(r[0] * 100), r[1], r[2]], [i, i, i * 0.5 - 100], `row ${j}`);
  });
  // kept in this browser (IndexedDB), listed with its length and channels
  await page.click('#measure-keep');
  await page.waitForFunction(() => document.getElementById('measure-kept').children.length > 0);
  assert.match(await page.textContent('#measure-kept li'), /^recording-.* s, channel 1, channel 2\)/);
  // a refused microphone: one sentence next to Connect, and the recording still there
  await page.evaluate(() => { navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')); });
  await page.check('input[name="measure-source"][value="audio"]');
  await page.click('#measure-connect');
  await page.waitForFunction(() => /refused the audio input/.test(document.getElementById('measure-source-error').textContent));
  assert.match(await page.getAttribute('#measure-connect', 'aria-describedby'), /measure-source-error/);
  assert.equal(await page.isVisible('#measure-recorded'), true);
  assert.equal(await page.isEnabled('#measure-connect'), true);
  assert.deepEqual(browser.problems, []);
});
