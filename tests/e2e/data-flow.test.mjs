// Browser test of the data flow from step 2 (Data) to step 3 (Identify), web/state/step-data.js:
// Identify estimates M, D, K from the samples simulated in step 2, not from new ones of its own
// (issue 18, item 1). Independent evidence that the samples are step 2's: their count N and the fit.
// Step 2 simulates noise-free data, so a model fitted to them reproduces them (fit ≥ 99.9 %); the
// Identify fields' own data have SNR 15 dB, whose best possible fit is 100 (1 − 10^(−15/20)) ≈ 82 %.
// Run: node --test tests/e2e/data-flow.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { identifyOnPage, withReadyBrowser, openStep, simulateOnPage } from './browser.mjs';

let browser;
let page;

withReadyBrowser((b) => {
  browser = b;
  page = b.page;
});

/** Step 1 and 2 as a person does them: the preset, then a simulation with the given settings. */
async function simulate(preset, { input, h, n, snr }) {
  await openStep(page, '#preset');
  await page.selectOption('#preset', preset);
  await openStep(page, '#simulate');
  await page.selectOption('#input', input);
  await page.fill('#h', h);
  await page.fill('#n', n);
  await page.fill('#snr', snr);
  const { state, text } = await simulateOnPage(page);
  assert.equal(state, 'ok', text);
}

/** The fit percentages of a method's column (results.js: "Fit: q1 99.98 %, …"). */
async function fits(method) {
  const text = await page.textContent(`#ident-fit-${method}`);
  return [...text.matchAll(/q\d+ ([-0-9.]+) %/g)].map((m) => Number(m[1]));
}

test('before any simulation, Identify offers only new data', async () => {
  await openStep(page, '#ident');
  assert.equal(await page.isDisabled('#ident-source-data'), true);
  assert.equal(await page.isChecked('#ident-source-new'), true);
  assert.match(await page.textContent('#ident-data-summary'), /none yet/);
});

test('Identify identifies the PRBS samples simulated in step 2: their N, their noise (none), their h', async () => {
  await simulate('msd', { input: 'prbs', h: '0.1', n: '1234', snr: 'inf' });
  await openStep(page, '#ident');
  assert.equal(await page.isChecked('#ident-source-data'), true, 'a simulation selects the data of step 2');
  assert.equal(await page.textContent('#ident-data-summary'), 'msd, prbs, h = 0.1 s, N = 1234, noise-free, seed 1');
  await identifyOnPage(page, { methods: ['variational'] });
  assert.match(await page.textContent('#ident-status'), /^Identified msd from the data of step 2 \(h = 0\.1 s, N = 1234\)/);
  assert.equal(await page.getAttribute('#ident-fit-plot', 'data-points'), '1234', 'the fit plot shows the 1234 samples of step 2');
  for (const f of await fits('variational')) assert.ok(f >= 99.9, `fit ${f} % on noise-free data`);
  // msd: m = 15 (tests/e2e/timed/identify.test.mjs); noise-free data determine it closely.
  const m = Number((await page.textContent('#ident-M-variational td')).trim().split(/\s/)[0]);
  assert.ok(Math.abs(m - 15) / 15 < 0.01, `M = ${m}`);
});

test('step 2 with a multisine (point samples): identified as such, the fit reproduces the data', async () => {
  await simulate('msd', { input: 'multisine', h: '0.1', n: '3000', snr: 'inf' });
  await openStep(page, '#ident');
  assert.match(await page.textContent('#ident-data-summary'), /^msd, multisine, h = 0\.1 s, N = 3000/);
  await identifyOnPage(page, { methods: ['auto'] });
  assert.equal(await page.getAttribute('#ident-fit-plot', 'data-points'), '3000');
  for (const f of await fits('auto')) assert.ok(f >= 99, `fit ${f} % on noise-free multisine data`);
});

test('the system chosen in step 1 is the one Identify and Analyse start from', async () => {
  // msd was chosen in step 1 by simulate() above; both menus of the later steps followed it.
  assert.equal(await page.inputValue('#ident-preset'), 'msd');
  assert.equal(await page.inputValue('#cond-preset'), 'msd');
  await openStep(page, '#preset');
  await page.selectOption('#preset', '3dof');
  assert.equal(await page.inputValue('#ident-preset'), '3dof');
  await page.selectOption('#preset', 'msd');
});

test('changing a setting of new data switches to new data: the Identify fields’ N and noise', async () => {
  await openStep(page, '#ident');
  await page.fill('#ident-n', '1500');
  assert.equal(await page.isChecked('#ident-source-new'), true);
  await identifyOnPage(page, { methods: ['variational'] });
  assert.match(await page.textContent('#ident-status'), /^Identified msd \(h = 0\.05 s, N = 1500\)/);
  assert.equal(await page.getAttribute('#ident-fit-plot', 'data-points'), '1500');
  // SNR 15 dB on q: no model can fit the noisy samples beyond ≈ 82 %.
  for (const f of await fits('variational')) assert.ok(f < 85, `fit ${f} % on SNR 15 dB data`);
});

test('a file read in step 2: Identify says where it is identified, by its name as text, and links there', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mechid-flow-'));
  try {
    // A name with markup in it: shown as text, never as HTML.
    const file = join(dir, '<img src=x onerror=alert(1)>rig.csv');
    writeFileSync(file, `t,u1,q1\n${Array.from({ length: 50 }, (_, i) => `${i * 0.01},${i % 2},${0.001 * i}`).join('\n')}\n`);
    await openStep(page, '#csv-file');
    await page.setInputFiles('#csv-file', file);
    await page.waitForFunction(() => !document.getElementById('csv-mapping').hidden, null, { timeout: 15_000 });
    await openStep(page, '#ident');
    const note = page.locator('#ident-data-file');
    assert.equal(await note.isVisible(), true);
    assert.match(await note.textContent(), /^Your file <img src=x onerror=alert\(1\)>rig\.csv is identified with its own columns/);
    assert.equal(await page.locator('#ident-data-file img').count(), 0, 'the name is not markup');
    await page.click('#ident-data-file a');
    await page.waitForFunction(() => !document.getElementById('step-data').hidden);
    assert.equal(await page.locator('#csv-model').isVisible(), true, 'the link opens the file’s structure and methods');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('no console error, page error or CSP violation along the way', () => {
  assert.deepEqual(browser.problems, []);
});
