// Browser test of the Hammer test section on a Measure recording (issue 54, item 3 "fed the same
// way" as the live FRF): Chromium's fake capture device plays a stereo 16-bit WAV at 44.1 kHz of a
// tap train on a single-DOF system (1 kg, 100 Hz, ζ = 0.01): six half-sine hits of 5 ms about a
// second apart, hit 2 a double hit (a second pulse of 0.4 of the peak 30 ms later) and hit 5 clipped
// at the force channel's full scale. The device loops the file from a moment the page does not
// know, so the recording (13 s: the loop twice) holds each bad hit at least once and may cut a hit
// at its ends. Recorded, handed to the Data step and analysed in the Hammer section: every double
// hit and every clipped hit rejected with its reason (and nothing else rejected but hits cut by
// the recording's ends), the mode within 1 % of 100 Hz and its damping, corrected for the
// exponential window, within 10 % of 0.01.
// Run: node --test tests/e2e/timed/hammer-measure.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMechidNode } from '../../../wasm/node.js';
import { openBrowser, openStep } from '../browser.mjs';
import { stereoWav16 } from '../../fixtures/wav16.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-hammer-measure-'));
const mechid = await loadMechidNode();
const rate = 44100, fn = 100, zeta = 0.01, w = 2 * Math.PI * fn, N = Math.round(6.5 * rate);
const FORCE_FULL_SCALE = 200;  // N per full scale

// The WAV: the force as the load cell gives it (hit 5 held at full scale) and the acceleration at
// 0.8 of full scale at its largest.
function tapWav() {
  const force = new Float64Array(N);
  const halfSine = (first, peak) => { for (let k = 0; k < 220; k++) force[first + k] += peak * Math.sin(Math.PI * (k + 0.5) / 220); };
  const gaps = [44100, 45000, 43500, 46000, 44500];
  const peaks = [100, 120, 90, 110, 400, 95];
  let at = Math.round(0.3 * rate);
  peaks.forEach((peak, hit) => {
    halfSine(at, peak);
    if (hit === 1) halfSine(at + 1323, 0.4 * peak);
    at += gaps[hit] ?? 0;
  });
  const one = (x) => ({ rows: 1, cols: 1, data: Float64Array.of(x) });
  const system = { M: one(1), D: one(2 * zeta * w), K: one(w * w), L: one(1) };
  const a = mechid.simulate(system, { h: 1 / rate, n: N, input: 'samples', samples: { rows: N, cols: 1, data: force }, withDerivatives: true }).a.data;
  let peak = 0;
  for (const x of a) peak = Math.max(peak, Math.abs(x));
  const accFullScale = Number((peak / 0.8).toPrecision(3));
  const bytes = stereoWav16(rate, force.map((x) => x / FORCE_FULL_SCALE), a.map((x) => x / accFullScale));
  return { bytes, accFullScale };
}

const wav = tapWav();
const wavPath = join(dir, 'taps.wav');
writeFileSync(wavPath, wav.bytes);

let browser;
let page;
before(async () => {
  browser = await openBrowser({ args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-audio-capture=${wavPath}`] });
  page = browser.page;
  await page.setViewportSize({ width: 1280, height: 900 });
});
after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a tap train through the fake capture device, recorded and analysed in the Hammer section: the bad hits rejected, the mode and its corrected damping', async () => {
  await openStep(page, '#measure-connect');
  await page.waitForFunction(() => document.getElementById('measure-status').dataset.state === 'ready'
    && document.documentElement.dataset.formsRestored === 'true', null, { timeout: 30_000 });
  await page.click('#measure-connect');
  await page.waitForFunction(() => document.getElementById('measure-channel-rows').rows.length === 2, null, { timeout: 20_000 });
  await page.fill('#measure-channel-rows tr:nth-child(1) [name="measure-name"]', 'force');
  await page.fill('#measure-channel-rows tr:nth-child(1) [name="measure-factor"]', String(FORCE_FULL_SCALE));
  await page.fill('#measure-channel-rows tr:nth-child(2) [name="measure-name"]', 'acc');
  await page.fill('#measure-channel-rows tr:nth-child(2) [name="measure-factor"]', String(wav.accFullScale));
  await page.click('#measure-record');
  await page.waitForFunction(() => /Recording: (1[3-9]|[2-9]\d)\./.test(document.getElementById('measure-status').textContent), null, { timeout: 40_000 });
  await page.click('#measure-stop');
  await page.click('#measure-disconnect');
  await openStep(page, '#measure-to-data');
  await page.click('#measure-to-data');
  await page.waitForFunction(() => !document.getElementById('csv-run').disabled, null, { timeout: 60_000 });
  await openStep(page, '#hammer');
  await page.waitForFunction(() => !document.getElementById('hammer-run').disabled, null, { timeout: 30_000 });
  assert.match(await page.textContent('#hammer-source'), /force force; response acc/);
  await page.fill('#hammer-band-lo', '50');
  await page.fill('#hammer-band-hi', '150');
  await page.click('#hammer-run');
  await page.waitForFunction(() => ['ok', 'warning', 'error'].includes(document.getElementById('hammer-status').dataset.state)
    && !document.getElementById('hammer-run').disabled, null, { timeout: 120_000 });
  const status = await page.textContent('#hammer-status');
  console.log(`# ${status}`);
  assert.notEqual(await page.getAttribute('#hammer-status', 'data-state'), 'error', status);
  const hits = await page.$$eval('#hammer-hits-table tbody tr', (trs) => trs.map((tr) => ({ reason: tr.dataset.reason, words: tr.children[4].textContent })));
  console.log(`# hits: ${JSON.stringify(hits.map((h) => h.reason || 'ok'))}`);
  // 13 s of a 6.5 s loop of six hits: twelve or thirteen hits, the two bad ones twice (once when cut at an end)
  assert.ok(hits.length >= 12, `${hits.length} hits`);
  const count = (reason) => hits.filter((h) => h.reason === reason).length;
  assert.ok(count('double-hit') >= 1 && count('overload') >= 1, JSON.stringify(hits));
  for (const reason of ['double-hit', 'overload', 'truncated']) assert.ok(count(reason) <= 2, JSON.stringify(hits));  // twice each at most in two loops; a cut hit only at the ends
  assert.ok(hits.every((h) => ['', 'double-hit', 'overload', 'truncated'].includes(h.reason)));
  hits.forEach((h, k) => assert.ok(h.reason !== 'truncated' || k === 0 || k === hits.length - 1, `hit ${k + 1} cut off inside the record`));
  // the accepted hits: those a good hit of the loop gives (four per loop, one perhaps cut)
  assert.ok(count('') >= 7, JSON.stringify(hits));
  assert.ok(hits.filter((h) => h.reason === 'double-hit').every((h) => /double hit/.test(h.words)));
  assert.ok(hits.filter((h) => h.reason === 'overload').every((h) => /overload/.test(h.words)));
  const modes = await page.$$eval('#hammer-modes-table tbody tr', (trs) => trs.map((tr) => ({ f: Number(tr.dataset.freqHz), zeta: Number(tr.dataset.zeta) })));
  console.log(`# modes: ${JSON.stringify(modes)}`);
  assert.equal(modes.length, 1);
  assert.ok(Math.abs(modes[0].f - fn) <= 0.01 * fn, `f = ${modes[0].f}`);
  assert.ok(Math.abs(modes[0].zeta - zeta) <= 0.1 * zeta, `ζ = ${modes[0].zeta}`);
});
