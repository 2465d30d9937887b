// Browser test of the SVF report / Beckmann et al. 2016 section (web/views/estimators.js, web/app/worker.js): the
// SVF pole search on the SVF report's 1-DOF data (result text and the error-surface plot) and the
// augmented EKF on the belt drive (estimates table and the parameter-trajectory plots).
// Run: node --test tests/e2e/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { checkOnly, foreignRequests, openBrowser, openStep } from './browser.mjs';

let browser;
let page;

before(async () => {
  browser = await openBrowser();
  page = browser.page;
  await page.waitForFunction(() => !document.getElementById('est-svf-run').disabled, null, { timeout: 30_000 });
  await openStep(page, '#est');
});

after(async () => {
  await browser?.close();
});

const settled = (id) => page.waitForFunction((i) => ['ok', 'error'].includes(document.getElementById(i).dataset.state),
  id, { timeout: 60_000 });

test('SVF pole search on msd: the SVF report\'s m, b, k and the error surface', async () => {
  await page.selectOption('#est-svf-experiment', 'msd-sine');
  await page.fill('#est-svf-grid', '0.1:4.9:0.2');
  await page.click('#est-svf-run');
  await settled('est-svf-status');
  assert.equal(await page.getAttribute('#est-svf-status', 'data-state'), 'ok', await page.textContent('#est-svf-status'));
  assert.match(await page.textContent('#est-svf-status'), /^325 pole pairs/);
  const text = await page.textContent('#est-svf-result');
  const value = (name) => Number(new RegExp(`\\b${name} = ([-+0-9.eE]+)`).exec(text)[1]);
  const e = Math.abs(value('m') / 15 - 1) + Math.abs(value('b') / 0.2 - 1) + Math.abs(value('k') / 2 - 1);
  assert.ok(e < 1.3e-3, `${text}: e = ${e}`);
  assert.equal(await page.getAttribute('#est-svf-plot', 'data-points'), '25');
  assert.ok(Number(await page.getAttribute('#est-svf-plot', 'data-series')) >= 2);
  assert.ok(await page.$('#est-svf-plot canvas'));
  // A bad grid is reported, not thrown.
  await page.fill('#est-svf-grid', '0:1:0.1');
  await page.click('#est-svf-run');
  await page.waitForFunction(() => document.getElementById('est-svf-status').dataset.state === 'error');
  assert.match(await page.textContent('#est-svf-status'), /the pole grid must start at a positive value, got 0/);  // the core's pole_grid
});

test('augmented EKF on the belt drive: estimates per discretization and their trajectories', async () => {
  await page.fill('#est-ekf-duration', '6');
  await page.selectOption('#est-ekf-reading', 'kn-wide');
  await checkOnly(page, '#est-ekf-form input[name="discretization"]', ['ef', 'rk4']);
  await page.click('#est-ekf-run');
  await settled('est-ekf-status');
  assert.equal(await page.getAttribute('#est-ekf-status', 'data-state'), 'ok', await page.textContent('#est-ekf-status'));
  const rows = await page.$$eval('#est-ekf-table tr', (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  assert.deepEqual(rows.map((r) => r[0]), ['ef', 'rk4']);
  const rk4 = rows[1];
  assert.ok(Math.abs(Number(rk4[1]) / 8940 - 1) < 0.05, `RK4 c_spec ${rk4[1]}`);
  for (const key of ['cspec', 'damping']) {
    assert.equal(await page.getAttribute(`#est-ekf-plot-${key}`, 'data-series'), '3');  // ef, rk4, true
    assert.ok(Number(await page.getAttribute(`#est-ekf-plot-${key}`, 'data-points')) > 1000);
  }
  assert.deepEqual(browser.problems, []);
  assert.deepEqual(foreignRequests(browser.requests), []);
});
