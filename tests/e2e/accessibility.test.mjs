// Browser test of accessibility with axe-core (a dev dependency, run inside the page): every step
// and tool of the navigation, each opened through its tab, and the result views (a quick 3-DOF
// identification, a reopened saved analysis, a simulation and its CSV identified, a universal
// file's summary, the nonlinear springs and the pole search, 8×8 matrices at 360 px) have no
// violation of impact "serious" or "critical" (contrast, names, labels, ARIA, landmarks, …).
// A failure lists each rule with its impact and the selectors of the elements.
// axe's source is evaluated through the DevTools protocol: the page's policy (script-src 'self')
// forbids an inline <script>, and the page itself stays untouched.
// Run: node --test tests/e2e/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeUff58 } from '../../wasm/uff-write.js';
import { checkOnly, chooseCsv, foreignRequests, identifyOnPage, openReadyBrowser, runCsv } from './browser.mjs';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let browser;
let page;
const dir = mkdtempSync(join(tmpdir(), 'mechid-axe-'));

before(async () => {
  browser = await openReadyBrowser();
  page = browser.page;
  await page.evaluate(AXE_SOURCE);
});

after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The serious and critical violations of what is shown now, one line each: rule (impact): targets. */
async function seriousViolations() {
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return violations.filter((v) => ['serious', 'critical'].includes(v.impact))
    .map((v) => `${v.id} (${v.impact}: ${v.help}): ${v.targets.slice(0, 8).join(', ')}${v.targets.length > 8 ? ` and ${v.targets.length - 8} more` : ''}`);
}

const STEPS = ['system', 'data', 'identify', 'analyse', 'nonlinear', 'estimators', 'saved', 'measure'];

for (const step of STEPS) {
  test(`axe-core: no serious or critical violation in the step “${step}”`, async () => {
    await page.click(`#tab-${step}`);
    await page.waitForFunction((id) => !document.getElementById(id).hidden, `step-${step}`);
    await page.waitForTimeout(300);  // plots follow the width of their now visible box
    assert.deepEqual(await seriousViolations(), []);
  });
}

test('axe-core: no serious or critical violation in the result view of a 3-DOF identification', async () => {
  const state = await identifyOnPage(page, { system: '3dof', h: 0.05, n: 600, snr: 30, seed: 1, methods: ['variational', 'n4sid-d2c'] });
  assert.equal(state, 'ok', await page.textContent('#ident-status'));
  assert.deepEqual(await seriousViolations(), []);
});

test('axe-core: no serious or critical violation in a reopened saved analysis', async () => {
  await page.click('#ident-save');
  await page.waitForFunction(() => document.getElementById('saved-list').dataset.count === '1', null, { timeout: 10_000 });
  await page.click('#tab-saved');
  await page.click('#saved-list button:text("Reopen")');
  await page.waitForSelector('#saved-results article');
  assert.deepEqual(await seriousViolations(), []);
});

test('axe-core: no serious or critical violation after a simulation (plots drawn) and its CSV identified', async () => {
  await page.click('#tab-data');
  await page.fill('#n', '600');
  await page.click('#simulate');
  await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('status').dataset.state), null, { timeout: 30_000 });
  assert.equal(await page.getAttribute('#status', 'data-state'), 'ok', await page.textContent('#status'));
  assert.deepEqual(await seriousViolations(), []);
  // The lab engineer's view: the simulated CSV read back, mapped and identified.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-csv')]);
  const csv = join(dir, 'simulated.csv');
  await download.saveAs(csv);
  await chooseCsv(page, csv);
  await checkOnly(page, 'input[name="csv-method"]', ['variational']);
  await runCsv(page);
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ok', await page.textContent('#csv-status'));
  assert.deepEqual(await seriousViolations(), []);
});

test('axe-core: no serious or critical violation with a universal file’s summary (its table, the channels as columns)', async () => {
  const n = 200;
  const wave = (f) => ({ rows: n, cols: 1, data: Float64Array.from({ length: n }, (_, k) => Math.sin(f * k)) });
  const uff = join(dir, 'record.uff');
  writeFileSync(uff, writeUff58({ kind: 'time', h: 0.01, u: wave(0.3), y: wave(0.1) }));
  await chooseCsv(page, uff);
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ready', await page.textContent('#csv-status'));
  assert.equal(await page.isVisible('#csv-summary-table caption'), true);
  assert.deepEqual(await seriousViolations(), []);
});

test('axe-core: no serious or critical violation in the results of the tools (nonlinear springs, pole search)', async () => {
  await page.click('#tab-nonlinear');
  await page.fill('#nl-n', '2000');
  await page.click('#nl-run');
  await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('nl-status').dataset.state)
    && !document.getElementById('nl-run').disabled, null, { timeout: 60_000 });
  assert.deepEqual(await seriousViolations(), []);
  await page.click('#tab-estimators');
  await page.fill('#est-svf-grid', '0.5:2.5:0.5');
  await page.click('#est-svf-run');
  await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('est-svf-status').dataset.state), null, { timeout: 60_000 });
  assert.deepEqual(await seriousViolations(), []);
});

test('axe-core: no serious or critical violation at 360 px with the 8-DOF matrices (boxes that scroll sideways)', async () => {
  await page.click('#tab-analyse');
  await page.selectOption('#cond-preset', '8dof');
  await page.waitForFunction(() => document.querySelectorAll('#cond-Md td').length === 64, null, { timeout: 30_000 });
  await page.setViewportSize({ width: 360, height: 740 });
  try {
    // The matrices scroll inside their boxes, which are then in the Tab order (web/ui/scroll-focus.js).
    await page.waitForFunction(() => document.getElementById('cond-Md').parentElement.tabIndex === 0, null, { timeout: 5_000 });
    assert.deepEqual(await seriousViolations(), []);
  } finally {
    await page.setViewportSize({ width: 1280, height: 720 });
  }
  // A box whose content fits is no Tab stop.
  await page.selectOption('#cond-preset', 'msd');
  await page.waitForFunction(() => !document.getElementById('cond-Md').parentElement.hasAttribute('tabindex'), null, { timeout: 5_000 });
});

test('the check sees a violation (so the tests above cannot pass vacuously): light grey text is reported', async () => {
  await page.evaluate(() => {
    const probe = document.createElement('p');
    probe.id = 'axe-probe';
    probe.textContent = 'low-contrast probe';
    probe.style.color = '#ccc';  // 1.6:1 on white; allowed here: the test sets it through the DOM
    document.querySelector('[role="tabpanel"]:not([hidden])').append(probe);  // visible
  });
  try {
    assert.deepEqual((await seriousViolations()).map((v) => v.split(' ')[0] + v.slice(v.lastIndexOf(':'))), ['color-contrast: #axe-probe']);
  } finally {
    await page.evaluate(() => document.getElementById('axe-probe').remove());
  }
});

test('no request left 127.0.0.1 and nothing went to the console', () => {
  assert.deepEqual(foreignRequests(browser.requests), []);
  assert.deepEqual(browser.problems, []);
});
