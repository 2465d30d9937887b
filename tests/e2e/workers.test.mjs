// Browser test of the page's workers (web/client/worker-client.js, web/ui/study-view.js): at most one
// worker at load and exactly one after every section has been used once (one WebAssembly
// instance shared by all), a pool of its own while a Monte Carlo study runs and none after it,
// and a cancel that stops the study's workers at once and leaves the page usable.
// Workers are counted twice: by wrapping the page's `Worker` (created, and not terminated) and
// by Playwright's list of the page's dedicated workers.
// Run: node --test tests/e2e/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appWorkers, checkOnly, countWorkers, foreignRequests, identifyOnPage, openBrowser, openStep } from './browser.mjs';

let browser;
let page;
const dir = mkdtempSync(join(tmpdir(), 'mechid-workers-'));

before(async () => {
  browser = await openBrowser({ initScripts: [countWorkers] });
  page = browser.page;
});

after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

const workers = () => page.evaluate(() => ({ created: window.__workers.created, live: window.__workers.live() }));

/** Waits until Playwright lists `n` dedicated workers of the page (a terminated one leaves the list on its close event). */
async function listed(n) {
  for (let k = 0; k < 50 && appWorkers(page).length !== n; k++) await page.waitForTimeout(100);
  return appWorkers(page).length;
}

/** Waits until the status line `id` is settled (ok or error) and `button` enabled; returns its state. */
async function settled(id, button) {
  await page.waitForFunction(([s, b]) => ['ok', 'error'].includes(document.getElementById(s).dataset.state)
    && !document.getElementById(b).disabled, [id, button], { timeout: 60_000 });
  return page.getAttribute(`#${id}`, 'data-state');
}

test('at load: at most one worker (every section is ready)', async () => {
  await page.waitForFunction(() => ['ident-run', 'simulate', 'cond-study', 'nl-run', 'est-svf-run'].every((id) => !document.getElementById(id).disabled)
    && document.getElementById('cond-status').dataset.state === 'ready', null, { timeout: 30_000 });
  const { created, live } = await workers();
  assert.ok(created <= 1 && live <= 1, `at load: ${created} workers created, ${live} running`);
  assert.ok(await listed(live) <= 1, `Playwright lists ${appWorkers(page).length} workers`);
});

test('after using every section once: exactly one worker, and every request answered', async () => {
  // Simulate, and its CSV download (built in the worker), which the CSV section then reads.
  await openStep(page, '#h');
  await page.fill('#h', '0.1');
  await page.fill('#n', '800');
  await page.fill('#snr', '40');
  await page.click('#simulate');
  await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('status').dataset.state), null, { timeout: 30_000 });
  assert.equal(await page.getAttribute('#status', 'data-state'), 'ok', await page.textContent('#status'));
  // The wait and the click one after the other, so that a click that cannot happen names itself;
  // a download that does not come names the status line and the message beside the buttons.
  const downloaded = page.waitForEvent('download', { timeout: 60_000 });
  await page.click('#download-csv');
  const download = await downloaded.catch(async (e) => {
    throw new Error(`${e.message}; status: ${await page.textContent('#status')}; beside the buttons: ${await page.textContent('#sim-run-error')}`);
  });
  const csv = join(dir, 'simulated.csv');
  await download.saveAs(csv);

  // Discretization & conditioning: another system, then the perturbation study.
  await openStep(page, '#cond');
  await page.selectOption('#cond-preset', '3dof');
  await page.waitForFunction(() => document.getElementById('cond').dataset.preset === '3dof', null, { timeout: 30_000 });
  await page.click('#cond-study');
  assert.equal(await settled('cond-status', 'cond-study'), 'ok', await page.textContent('#cond-status'));

  // Your measurements (CSV).
  await page.setInputFiles('#csv-file', csv);
  await page.waitForFunction(() => ['ready', 'error'].includes(document.getElementById('csv-status').dataset.state));
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ready', await page.textContent('#csv-status'));
  await checkOnly(page, 'input[name="csv-method"]', ['variational']);
  await page.click('#csv-run');
  await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('csv-status').dataset.state));
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ok', await page.textContent('#csv-file-error'));

  // Identify, and Saved analyses (saved and reopened: IndexedDB, no worker).
  assert.equal(await identifyOnPage(page, { system: 'msd', h: 0.1, n: 600, snr: 40, seed: 1, methods: ['variational'] }), 'ok',
    await page.textContent('#ident-status'));
  await page.click('#ident-save');
  await page.waitForFunction(() => document.querySelector('#saved-list tbody tr') !== null);
  await openStep(page, '#saved-list');
  await page.click('#saved-list tbody button:text("Reopen")');
  await page.waitForFunction(() => document.getElementById('saved-results').children.length > 0);

  // Nonlinear stiffness (a short record).
  await openStep(page, '#nl');
  await page.fill('#nl-n', '2000');
  await page.click('#nl-run');
  assert.equal(await settled('nl-status', 'nl-run'), 'ok', await page.textContent('#nl-status'));

  // SVF pole search and augmented EKF.
  await openStep(page, '#est');
  await page.selectOption('#est-svf-experiment', 'msd-sine');
  await page.click('#est-svf-run');
  assert.equal(await settled('est-svf-status', 'est-svf-run'), 'ok', await page.textContent('#est-svf-status'));
  await page.fill('#est-ekf-duration', '1');
  await page.click('#est-ekf-run');
  assert.equal(await settled('est-ekf-status', 'est-ekf-run'), 'ok', await page.textContent('#est-ekf-status'));

  assert.deepEqual(await workers(), { created: 1, live: 1 });
  assert.equal(await listed(1), 1, 'Playwright lists one dedicated worker');
});

test('a study runs on a pool of its own, closed when it ends', async () => {
  await openStep(page, '#ident');
  await page.selectOption('#ident-preset', 'msd');
  await page.fill('#ident-n', '400');
  await checkOnly(page, '#ident-form input[name="method"]', ['variational']);
  const before = await workers();
  // While it runs: the page's worker and the pool (2 to 4). Counted in the page (the most alive at
  // once): a short study on a loaded machine can start and close its pool between two polls.
  await page.evaluate(() => { window.__workers.peak = window.__workers.live(); });
  await page.click('#ident-study');
  assert.equal(await settled('ident-status', 'ident-study'), 'ok', await page.textContent('#ident-status'));
  const peak = await page.evaluate(() => window.__workers.peak);
  assert.match(await page.textContent('#ident-status'), /^Study finished: 9 of 9 runs/);
  const pool = (await page.getAttribute('#ident-study-progress', 'data-per-worker')).split(',').length;
  assert.ok(pool >= 2 && pool <= 4, `pool of ${pool}`);
  assert.equal(peak, 1 + pool, `running at once while the study ran: ${peak}`);
  assert.deepEqual(await workers(), { created: before.created + pool, live: 1 }, 'the pool is closed after the study');
  assert.equal(await listed(1), 1, 'Playwright lists one dedicated worker after the study');
});

test('cancel terminates the study\'s workers at once; the page is usable and the next request succeeds', async () => {
  // A long study: 3dof, 6000 samples, the auto method (about 40 ms a run in WASM), 30
  // runs at each of the 3 h values, so that it is still running when Cancel is pressed.
  await page.selectOption('#ident-preset', '3dof');
  await page.fill('#ident-h', '0.05');
  await page.fill('#ident-n', '6000');
  await page.fill('#ident-snr', '15');
  await page.fill('#ident-study-runs', '30');
  await checkOnly(page, '#ident-form input[name="method"]', ['auto']);
  await page.click('#ident-study');
  await page.waitForFunction(() => !document.getElementById('ident-cancel').disabled);
  await page.waitForTimeout(300);  // the pool's workers are inside their first runs
  assert.ok((await workers()).live > 1, 'the pool is running');
  const t0 = Date.now();
  await page.click('#ident-cancel');
  await page.waitForFunction(() => !document.getElementById('ident-study').disabled, null, { timeout: 5_000 });
  const ms = Date.now() - t0;
  assert.equal((await workers()).live, 1, 'the pool was terminated, the page\'s worker kept');
  assert.match(await page.textContent('#ident-study-progress'), /\(cancelled\)$/);
  assert.match(await page.textContent('#ident-status'), /^Study cancelled: \d+ of 90 runs/);
  console.log(`# cancel to usable: ${ms} ms`);
  // The next request: a small identification on the page's worker.
  assert.equal(await identifyOnPage(page, { system: 'msd', h: 0.1, n: 600, snr: 40, seed: 1, methods: ['variational'] }), 'ok',
    await page.textContent('#ident-status'));
  // And a new study starts a new pool.
  await page.fill('#ident-n', '400');
  await page.fill('#ident-study-runs', '3');
  await page.click('#ident-study');
  assert.equal(await settled('ident-status', 'ident-study'), 'ok', await page.textContent('#ident-status'));
  assert.match(await page.textContent('#ident-status'), /^Study finished: 9 of 9 runs/);
  assert.equal((await workers()).live, 1);
});

test('no console errors or CSP violations, all requests to 127.0.0.1', () => {
  assert.deepEqual(browser.problems, []);
  assert.deepEqual(foreignRequests(browser.requests), []);
});
