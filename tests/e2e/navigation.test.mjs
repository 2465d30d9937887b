// Browser test of the page's navigation (web/ui/navigation.js): a nav landmark holds the steps
// System → Data → Identify → Analyse and the tools as tabs; from a fresh load, keyboard alone
// reaches every step in at most 5 Tab presses (skip link, the tablist, arrows, Enter or Space,
// then Tab into the open step); one step is shown at a time; a fragment (#identify, #cond, a share
// link) opens its step.
// Run: node --test tests/e2e/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { foreignRequests, withReadyBrowser } from './browser.mjs';

let browser;
let page;

withReadyBrowser((b) => {
  browser = b;
  page = b.page;
});

// The tabs in their order: [step, tab name, an element of the step that must then be visible].
const STEPS = [
  ['system', '1. System', '#preset'],
  ['data', '2. Data', '#simulate'],
  ['identify', '3. Identify', '#ident-run'],
  ['analyse', '4. Analyse', '#cond-h'],
  ['nonlinear', 'Nonlinear springs', '#nl-run'],
  ['estimators', 'Filter and Kalman estimators', '#est-svf-run'],
  ['saved', 'Saved analyses', '#saved-status'],
  ['measure', 'Measure', '#measure-connect'],
];

const focused = () => page.evaluate(() => document.activeElement?.id ?? '');
const openSteps = () => page.$$eval('[role="tabpanel"]', (ps) => ps.filter((p) => !p.hidden).map((p) => p.id));

/** A fresh load of the page (with `fragment`, if any), ready to use. */
async function freshLoad(fragment = '') {
  await page.goto('about:blank');  // else a change of the fragment alone would not reload
  await page.goto(`${browser.server.url}${fragment}`);
  // Both sections that read a share link have started (each fills its form from the fragment when
  // it starts; Identify can be ready before Simulate is).
  await page.waitForFunction(() => !document.getElementById('ident-run').disabled
    && !document.getElementById('simulate').disabled, null, { timeout: 30_000 });
}

test('a nav landmark holds one tablist with the four steps and the four tools, named by what they do', async () => {
  const nav = await page.$$eval('nav', (navs) => navs.map((n) => ({
    label: n.getAttribute('aria-label'),
    tabs: [...n.querySelectorAll('[role="tablist"] [role="tab"]')].map((t) => t.textContent.trim()),
  })));
  assert.deepEqual(nav, [{ label: 'Steps and tools', tabs: STEPS.map(([, name]) => name) }]);
  // Every tab controls a panel labelled by it; exactly one is selected and shown.
  const wiring = await page.$$eval('[role="tab"]', (tabs) => tabs.map((t) => {
    const panel = document.getElementById(t.getAttribute('aria-controls'));
    return panel?.getAttribute('role') === 'tabpanel' && panel.getAttribute('aria-labelledby') === t.id;
  }));
  assert.ok(wiring.every(Boolean), JSON.stringify(wiring));
  assert.deepEqual(await openSteps(), ['step-system']);
});

for (const [k, [step, name, inside]] of STEPS.entries()) {
  test(`keyboard only, from a fresh load: “${name}” in at most 5 Tabs (arrows to the tab, ${k % 2 ? 'Space' : 'Enter'} opens it)`, async () => {
    await freshLoad();
    let tabs = 0;
    // Tab until the focus is in the tablist (after the skip link).
    while (tabs < 5 && !(await page.evaluate(() => document.activeElement?.getAttribute('role') === 'tab'))) {
      await page.keyboard.press('Tab');
      tabs += 1;
    }
    assert.equal(await focused(), 'tab-system', `${tabs} Tabs did not reach the selected tab`);
    for (let i = 0; i < k; i++) await page.keyboard.press('ArrowRight');
    assert.equal(await focused(), `tab-${step}`);
    await page.keyboard.press(k % 2 ? 'Space' : 'Enter');
    assert.deepEqual(await openSteps(), [`step-${step}`]);
    assert.equal(await page.getAttribute(`#tab-${step}`, 'aria-selected'), 'true');
    assert.ok(await page.isVisible(inside), `${inside} is not visible in ${step}`);
    // The next Tab enters the open step.
    await page.keyboard.press('Tab');
    tabs += 1;
    assert.equal(await focused(), `step-${step}`);
    assert.ok(tabs <= 5, `${tabs} Tabs`);
    assert.equal(new URL(page.url()).hash, `#${step}`);
  });
}

test('the skip link (the first Tab) enters the open step; Home and End move within the tablist', async () => {
  await freshLoad('#identify');
  await page.keyboard.press('Tab');
  assert.equal(await focused(), 'skip-link');
  assert.ok(await page.isVisible('#skip-link'), 'the focused skip link is not shown');
  await page.keyboard.press('Enter');
  assert.equal(await focused(), 'step-identify');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await focused(), 'tab-identify');  // the selected tab is the tablist's one Tab stop
  await page.keyboard.press('End');
  assert.equal(await focused(), 'tab-measure');
  await page.keyboard.press('Home');
  assert.equal(await focused(), 'tab-system');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await focused(), 'tab-measure');  // wraps around
  assert.deepEqual(await openSteps(), ['step-identify'], 'the arrows opened a step (manual activation expected)');
});

test('fragments open their step: a step, a section inside one, a share link, and nothing known', async () => {
  for (const [fragment, step] of [['#identify', 'identify'], ['#analyse', 'analyse'], ['#est', 'estimators'],
    ['#csv', 'data'], ['#simulate?h=0.02', 'data'], ['#nonsense', 'system']]) {
    await freshLoad(fragment);
    assert.deepEqual(await openSteps(), [`step-${step}`], fragment);
  }
  assert.equal(await page.inputValue('#h'), '0.05');  // #nonsense left the form alone
  await freshLoad('#simulate?h=0.02');
  assert.equal(await page.inputValue('#h'), '0.02');
  // Only the fragment changes (no reload): the step follows, and a section is scrolled to.
  await page.evaluate(() => { window.location.hash = 'cond'; });
  await page.waitForFunction(() => !document.getElementById('step-analyse').hidden);
  const top = await page.$eval('#cond', (e) => e.getBoundingClientRect().top);
  assert.ok(Math.abs(top) < 2, `#cond is at ${top} px, not at the top of the window`);
});

test('no request left 127.0.0.1 and nothing went to the console', () => {
  assert.deepEqual(foreignRequests(browser.requests), []);
  assert.deepEqual(browser.problems, []);
});
