// Browser test of the "Nonlinear stiffness from acceleration" section (web/views/nonlinear.js):
// Lin-Ewins with accelerometer noise identified by DIA and IDA (Karimov et al. 2021, Table 1 pattern), the
// phase portraits coloured by region, the force-displacement plot, the beam preset, and errors.
// Run: node --test tests/e2e/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, foreignRequests, openStep } from './browser.mjs';

let browser;
let page;

before(async () => {
  browser = await openBrowser();
  page = browser.page;
  await page.waitForFunction(() => !document.getElementById('nl-run').disabled, null, { timeout: 30_000 });
  await openStep(page, '#nl');
});

after(async () => {
  await browser?.close();
});

async function runAndWait() {
  // The state of the run before must not end the wait (a test-all run saw the 'ok' of the run
  // before where this run's form error was due): cleared before the click.
  await page.evaluate(() => { document.getElementById('nl-status').dataset.state = ''; });
  await page.click('#nl-run');
  await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('nl-status').dataset.state)
    && !document.getElementById('nl-run').disabled, null, { timeout: 60_000 });
}

const percent = async (selector) => Number((await page.textContent(selector)).replace(' %', ''));

test('Lin-Ewins with noise (σ 10, a0 5): IDA within 5 %, DIA worse; portraits by region and force curves', async () => {
  await runAndWait();
  assert.equal(await page.getAttribute('#nl-status', 'data-state'), 'ok', await page.textContent('#nl-status'));
  const ida = await percent('#nl-row-ida td[data-error="outer"]');
  const dia = await percent('#nl-row-dia td[data-error="outer"]');
  assert.ok(ida < 5, `IDA error ${ida} %`);
  assert.ok(dia > 3 * ida, `DIA error ${dia} %, IDA ${ida} %`);
  assert.equal((await page.textContent('#nl-row-true td')).trim(), '4.000e+4');  // k = 40000 N/m to 4 significant digits
  assert.ok(Number(await page.textContent('#nl-row-ida td[data-changed]')) > 0, 'IDA swapping reclassified samples');
  assert.equal(await page.textContent('#nl-row-dia td[data-changed]'), '0');
  for (const id of ['nl-phase-xv', 'nl-phase-va']) {
    assert.equal(await page.getAttribute(`#${id}`, 'data-points'), '20000');
    assert.equal(await page.getAttribute(`#${id}`, 'data-series'), '3', 'one colour per region');
    assert.ok(await page.$(`#${id} canvas`));
  }
  assert.equal(await page.getAttribute('#nl-force', 'data-series'), '3', 'true, DIA and IDA curves');
  await page.selectOption('#nl-show', 'dia');
  assert.equal(await page.getAttribute('#nl-phase-xv', 'data-points'), '20000');
});

test('the beam preset: sign regions, free vibration, both stiffnesses within 3 % by the IDA', async () => {
  await page.selectOption('#nl-system', 'beam');
  assert.equal(await page.inputValue('#nl-regions'), 'sign');
  await runAndWait();
  assert.equal(await page.getAttribute('#nl-status', 'data-state'), 'ok', await page.textContent('#nl-status'));
  for (const name of ['negative', 'positive']) {
    const e = await percent(`#nl-row-ida td[data-error="${name}"]`);
    assert.ok(e < 3, `IDA ${name}: ${e} %`);
  }
  assert.equal(await page.getAttribute('#nl-phase-xv', 'data-series'), '2');
});

test('bad input: the form names the field, the core names the empty class', async () => {
  await page.selectOption('#nl-system', 'lin-ewins');
  await page.fill('#nl-regions', 'thresholds:abc');
  await runAndWait();
  assert.equal(await page.getAttribute('#nl-status', 'data-state'), 'error');
  assert.equal(await page.textContent('#nl-status'), "regions 'thresholds:abc': 'abc' is not a number");
  assert.equal(await page.getAttribute('#nl-regions', 'aria-invalid'), 'true');

  await page.fill('#nl-regions', 'thresholds:1');
  await page.fill('#nl-n', '2000');
  await runAndWait();
  assert.equal(await page.getAttribute('#nl-status', 'data-state'), 'error');
  assert.match(await page.textContent('#nl-status'), /^the regions leave stiffness 'outer' \(x <= -1 or x > 1\) with 0 samples/);
  // The page recovers.
  await page.fill('#nl-regions', 'thresholds:0.005');
  await runAndWait();
  assert.equal(await page.getAttribute('#nl-status', 'data-state'), 'ok');
});

test('no console errors, CSP violations or foreign requests', async () => {
  assert.deepEqual(browser.problems, []);
  assert.deepEqual(foreignRequests(browser.requests), []);
});
