// Browser test of usability: every control has an accessible name; the Identify section can be
// driven by the keyboard alone; the page fits 1280×720 and a tablet's 768 px without sideways
// scrolling; the empty states say what to do. Also reports the time to interactive (the Identify
// button enabled after a reload) — measured here, not asserted (the benchmark has the target).
// Run: node --test tests/e2e/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { foreignRequests, withReadyBrowser, openStep } from './browser.mjs';

let browser;
let page;

withReadyBrowser((b) => {
  browser = b;
  page = b.page;
});

test('every input, select and button has an accessible name', async () => {
  const unnamed = await page.evaluate(() => [...document.querySelectorAll('input, select, button, textarea')]
    .filter((el) => el.type !== 'hidden')
    .filter((el) => !((el.labels && [...el.labels].some((l) => l.textContent.trim())) || el.getAttribute('aria-label')
      || (el.tagName === 'BUTTON' && el.textContent.trim())))
    .map((el) => el.id || el.outerHTML.slice(0, 80)));
  assert.deepEqual(unnamed, []);
});

test('keyboard only: Tab reaches the Identify form, Enter identifies', async () => {
  await openStep(page, '#ident');
  await page.evaluate(() => document.activeElement?.blur());
  await page.locator('#ident-preset').focus();
  await page.keyboard.type('msd');  // type-ahead to the smallest preset (the chains would need the work guard's consent)
  assert.equal(await page.inputValue('#ident-preset'), 'msd');
  let id = '';
  for (let k = 0; k < 30 && id !== 'ident-run'; k++) {
    await page.keyboard.press('Tab');
    id = await page.evaluate(() => document.activeElement?.id ?? '');
    if (id === 'ident-n') {
      await page.keyboard.press('Control+A');
      await page.keyboard.type('600');
    }
  }
  assert.equal(id, 'ident-run', 'Tab did not reach the Identify button from the form');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('ident-status').dataset.state)
    && !document.getElementById('ident-run').disabled, null, { timeout: 60_000 });
  assert.equal(await page.getAttribute('#ident-status', 'data-state'), 'ok', await page.textContent('#ident-status'));
  assert.match(await page.textContent('#ident-status'), /N = 600/);
});

for (const [width, height] of [[1280, 720], [768, 1024]]) {
  test(`${width}×${height}: no sideways scrolling, the result tables stay in their boxes`, async () => {
    await openStep(page, '#ident');
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(200);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow} px wider than the window`);
    const plotWidth = await page.$eval('#ident-fit-plot', (el) => el.getBoundingClientRect().width);
    assert.ok(plotWidth <= width && plotWidth > 200, `fit plot ${plotWidth} px wide`);
  });
}

test('empty states say what to do', async () => {
  assert.equal(await page.textContent('#csv-status'), 'Choose a file.');
  assert.match(await page.textContent('#saved-status'), /^Nothing saved yet: identify something, then press “Save analysis”\./);
  assert.ok(await page.isDisabled('#csv-run'));
});

test('time to interactive after a reload (reported)', async () => {
  const times = [];
  for (let k = 0; k < 3; k++) {
    const t0 = Date.now();
    await page.reload();
    await page.waitForFunction(() => !document.getElementById('ident-run').disabled, null, { timeout: 30_000 });
    times.push(Date.now() - t0);
  }
  // Fails only when the page does not become interactive at all (30 s); the target is the bench's.
  console.log(`# time to interactive (Identify enabled) after reloads: ${times.join(', ')} ms`);
});

test('no request left 127.0.0.1 and nothing went to the console', () => {
  assert.deepEqual(foreignRequests(browser.requests), []);
  assert.deepEqual(browser.problems, []);
});
