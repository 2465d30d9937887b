// Browser test of accessibility with axe-core (a dev dependency, run inside the page): every step
// and tool of the navigation, each opened through its tab, and the result view of a quick 3-DOF
// identification, have no violation of impact "serious" or "critical" (contrast, names, labels,
// ARIA, landmarks, …). A failure lists each rule with its impact and the selectors of the elements.
// axe's source is evaluated through the DevTools protocol: the page's policy (script-src 'self')
// forbids an inline <script>, and the page itself stays untouched.
// Run: node --test tests/e2e/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { foreignRequests, identifyOnPage, openReadyBrowser } from './browser.mjs';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let browser;
let page;

before(async () => {
  browser = await openReadyBrowser();
  page = browser.page;
  await page.evaluate(AXE_SOURCE);
});

after(async () => {
  await browser?.close();
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

const STEPS = ['system', 'data', 'identify', 'analyse', 'nonlinear', 'estimators', 'saved'];

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

test('axe-core: no serious or critical violation after a simulation (plots drawn)', async () => {
  await page.click('#tab-data');
  await page.click('#simulate');
  await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('status').dataset.state), null, { timeout: 30_000 });
  assert.deepEqual(await seriousViolations(), []);
});

test('the check sees a violation (so the tests above cannot pass vacuously): light grey text is reported', async () => {
  await page.evaluate(() => {
    const probe = document.createElement('p');
    probe.id = 'axe-probe';
    probe.textContent = 'low-contrast probe';
    probe.style.color = '#ccc';  // 1.6:1 on white; allowed here: the test sets it through the DOM
    document.getElementById('sim-form').append(probe);
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
