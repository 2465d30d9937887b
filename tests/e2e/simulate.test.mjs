// Browser test of the simulate page: headless Debian Chromium via playwright-core (docs/toolchain.md §6),
// server in-process on port 0. Run: node --test tests/e2e/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { CORE_MODULE, CORE_WASM, openBrowser, openStep, foreignRequests, simulateOnPage } from './browser.mjs';

let browser;
let context;
let page;
let requests; // every request URL seen (page, worker, context)
let problems; // console errors, page errors, CSP violations
let watch;    // watch(page, sink): record another page's errors into sink

before(async () => {
  browser = await openBrowser();
  ({ context, page, requests, problems, watch } = browser);
  await page.waitForFunction(() => document.getElementById('status').dataset.state !== 'loading',
    null, { timeout: 30_000 });
  const state = await page.getAttribute('#status', 'data-state');
  assert.equal(state, 'ready', `page did not start: ${await page.textContent('#status')}`);
});

after(async () => {
  await browser?.close();
});

/** Fills the form, presses #simulate and waits for the outcome; returns {state, text}. */
async function simulate(values) {
  for (const [id, value] of Object.entries(values)) {
    await openStep(page, `#${id}`);  // the preset is in step 1, the rest in step 2
    if (id === 'preset' || id === 'input') await page.selectOption(`#${id}`, value);
    else if (id === 'derivatives') await page.setChecked('#derivatives', value);
    else await page.fill(`#${id}`, String(value));
  }
  return simulateOnPage(page);
}

const attrs = async (id) => ({
  points: await page.getAttribute(`#${id}`, 'data-points'),
  series: await page.getAttribute(`#${id}`, 'data-series'),
});

test('preset options come from the worker', async () => {
  const names = await page.$$eval('#preset option', (os) => os.map((o) => o.value));
  for (const name of ['3dof', '8dof', 'msd']) assert.ok(names.includes(name), `missing ${name} in ${names}`);
});

test('(a) 3dof, N = 1500, h = 0.05 plots 1500 points of 3 inputs and 3 outputs', async () => {
  const r = await simulate({
    preset: '3dof', input: 'prbs', h: 0.05, n: 1500, amplitude: 1, snr: 'inf', seed: 1,
  });
  assert.equal(r.state, 'ok', r.text);
  assert.match(r.text, /^1500 samples in [\d.]+ ms/);
  assert.deepEqual(await attrs('plot-q'), { points: '1500', series: '3' });
  assert.deepEqual(await attrs('plot-u'), { points: '1500', series: '3' });
  assert.equal(await page.locator('#plot-q canvas').count(), 1);
});

test('(d) h = -1 shows a message naming h and keeps the previous plots', async () => {
  const r = await simulate({ h: -1 });
  assert.equal(r.state, 'error');
  assert.match(r.text, /^h must be .*"-1"/);
  assert.equal(await page.getAttribute('#h', 'aria-invalid'), 'true');
  assert.deepEqual(await attrs('plot-q'), { points: '1500', series: '3' });
  assert.equal(await page.locator('#plot-q canvas').count(), 1);
  const n = await simulate({ h: 0.05, n: 2.5 });
  assert.equal(n.state, 'error');
  assert.match(n.text, /^N must be an integer/);
  await page.fill('#n', '1500');
});

test('a core error (MechidError) is shown verbatim and keeps the plots', async () => {
  // multisine needs 1/(N h) <= 0.25/h, i.e. N >= 4: the page lets N = 3 through, the core does not.
  const r = await simulate({ input: 'multisine', n: 3 });
  assert.equal(r.state, 'error');
  assert.match(r.text, /^multisine band top freq2 = 5 Hz is below the record's base frequency 1\/\(n h\)/);
  assert.deepEqual(await attrs('plot-q'), { points: '1500', series: '3' });
  await page.fill('#n', '1500');
});

test('(e) msd with a sine input gives one series on both plots', async () => {
  const r = await simulate({ preset: 'msd', input: 'sine', h: 0.05, n: 800 });
  assert.equal(r.state, 'ok', r.text);
  assert.deepEqual(await attrs('plot-u'), { points: '800', series: '1' });
  assert.deepEqual(await attrs('plot-q'), { points: '800', series: '1' });
});

test('(f) Download CSV of msd starts with the header t,u1,q1', async () => {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    page.click('#download-csv'),
  ]);
  assert.equal(download.suggestedFilename(), 'msd-h0.05-n800.csv');
  const lines = readFileSync(await download.path(), 'utf8').split(/\r?\n/).filter((l) => l !== '');
  assert.equal(lines[0], 't,u1,q1');
  assert.equal(lines.length, 801);
});

test('with derivatives, the CSV also has v1 and a1', async () => {
  const r = await simulate({ derivatives: true });
  assert.equal(r.state, 'ok', r.text);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-csv')]);
  const text = readFileSync(await download.path(), 'utf8');
  assert.equal(text.slice(0, text.indexOf('\n')), 't,u1,q1,v1,a1');
  await page.setChecked('#derivatives', false);
});

test('the page fits a 360 px wide screen', async () => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.waitForFunction(() => {
    const c = document.querySelector('#plot-q canvas');
    return c && c.getBoundingClientRect().right <= document.documentElement.clientWidth;
  }, null, { timeout: 10_000 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth
    - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `horizontal overflow of ${overflow} px at 360 px`);
  await page.setViewportSize({ width: 1280, height: 720 });
});

test('(b) every request goes to 127.0.0.1, including the worker\'s', () => {
  assert.ok(requests.length > 0, 'no requests were recorded');
  const seen = (suffix) => requests.some((u) => new URL(u).pathname.endsWith(suffix));
  for (const f of ['/app/worker.js', '/gen/vendor/uPlot.esm.js']) {
    assert.ok(seen(f), `request for ${f} not recorded: ${requests.join(' ')}`);
  }
  for (const file of [CORE_MODULE, CORE_WASM]) {
    assert.ok(requests.some((u) => file.test(new URL(u).pathname)), `request for ${file} not recorded: ${requests.join(' ')}`);
  }
  // blob: URLs carry their creator's origin; data: URLs never leave the page.
  assert.deepEqual(foreignRequests(requests), []);
});

test('(c) no console errors, page errors or CSP violations', () => {
  assert.deepEqual(problems, []);
});

test('the error recorder sees a CSP violation (so (c) cannot pass vacuously)', async () => {
  const probe = await context.newPage();
  const seen = [];
  watch(probe, seen);
  await probe.goto(browser.server.url);
  await probe.evaluate(() => document.body.setAttribute('style', 'color: red'));
  await probe.waitForTimeout(200);
  await probe.close();
  assert.ok(seen.some((s) => /CSP violation|Content Security Policy/.test(s)), seen.join('\n'));
});
