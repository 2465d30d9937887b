// Browser test of the page under work that crashes or takes long (issue 20, "Done when": a file
// that would trap or take minutes leaves the page responsive and usable; web/client/worker-client.js,
// web/ui/run-control.js):
// - a crash in the worker becomes one message beside the Identify button and a new worker; the
//   next identification works;
// - a 60-DOF CSV identified by equation-error (minutes: O(N n⁵)) is refused by the resource guard
//   (then "Run anyway") or runs; meanwhile animation frames keep coming (≥ 20 fps), Cancel stops it
//   at once with the elapsed time shown, the inputs are kept, and the next identification works;
// - cancelling one section's request does not lose another section's request queued behind it;
// - Cancel also stops a long Identify, nonlinear and EKF request.
// How the crash is made without any hook in the page: Playwright evaluates code inside the page's
// worker that replaces its `performance.now` (called first by every identification handler) by a
// function throwing a real `WebAssembly.RuntimeError('memory access out of bounds')`, the error a
// trap throws. The fault stays in that worker, so the next identification can only succeed if the
// client really replaced the worker.
// Run: node --test tests/e2e/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMechidNode } from '../../../wasm/node.js';
import { appWorkers, checkOnly, chooseCsv, countWorkers, foreignRequests, openReadyBrowser, runCsv, openStep } from '../browser.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-recovery-'));
const small = join(dir, 'msd-small.csv');
const wide = join(dir, 'sixty-dof.csv');
const DOF = 60;
let browser;
let page;

// msd, h = 0.05, 600 samples of PRBS held, SNR 40 dB: identifies in well under a second.
async function writeSmallCsv() {
  const mechid = await loadMechidNode();
  const sim = mechid.simulate(mechid.preset('msd'), { h: 0.05, n: 600, snr: 40, seed: 2 });
  const rows = Array.from(sim.t, (t, i) => `${t},${sim.u.data[i]},${sim.q.data[i]}`);
  writeFileSync(small, `t,u1,q1\n${rows.join('\n')}\n`);
}

// 60 forces and 60 displacements, 2000 rows of seeded pseudo-random numbers: equation-error
// accumulates a P×P normal matrix with P = 3n(n+1)/2 = 5490 per sample (the probe: minutes).
function writeSixtyDofCsv() {
  let x = 12345;
  const rand = () => ((x = (1103515245 * x + 12345) % 2147483648) / 2147483648 - 0.5).toPrecision(6);
  const header = ['t', ...Array.from({ length: DOF }, (_, k) => `u${k + 1}`), ...Array.from({ length: DOF }, (_, k) => `q${k + 1}`)];
  const lines = [header.join(',')];
  for (let i = 0; i < 2000; i++) lines.push([(i * 0.01).toFixed(2), ...Array.from({ length: 2 * DOF }, rand)].join(','));
  writeFileSync(wide, `${lines.join('\n')}\n`);
}

before(async () => {
  await writeSmallCsv();
  writeSixtyDofCsv();
  browser = await openReadyBrowser({ initScripts: [countWorkers] });
  page = browser.page;
});

after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

const workers = () => page.evaluate(() => ({ created: window.__workers.created, live: window.__workers.live() }));

/** The page's one running worker, as Playwright sees it. */
async function pageWorker() {
  for (let k = 0; k < 50 && appWorkers(page).length !== 1; k++) await page.waitForTimeout(100);
  assert.equal(appWorkers(page).length, 1, 'one worker');
  return appWorkers(page)[0];
}

/** Identifies the small file with variational; asserts ok and m within 5 % of 15. */
async function identifySmall() {
  await chooseCsv(page, small);
  await checkOnly(page, 'input[name="csv-method"]', ['variational']);
  await page.selectOption('#csv-sampling', 'hold');
  await runCsv(page);
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ok', await page.textContent('#csv-status'));
  const m = Number(await page.textContent('#csv-M-variational td'));
  assert.ok(Math.abs(m - 15) / 15 < 0.05, `m = ${m}`);
}

/** Counts animation frames and the longest gap between two (ms) until stop() resolves them. */
async function frameMeter() {
  await page.evaluate(() => {
    const meter = { frames: 0, last: performance.now(), gap: 0, t0: performance.now() };
    const tick = (now) => {
      meter.frames += 1;
      meter.gap = Math.max(meter.gap, now - meter.last);
      meter.last = now;
      meter.loop = requestAnimationFrame(tick);
    };
    meter.loop = requestAnimationFrame(tick);
    window.__meter = meter;
  });
  return () => page.evaluate(() => {
    const m = window.__meter;
    cancelAnimationFrame(m.loop);
    return { fps: m.frames / ((performance.now() - m.t0) / 1000), gap: m.gap };
  });
}

test('a crash in the worker: one message beside Identify, a new worker, the next identification works', async () => {
  await chooseCsv(page, small);
  await checkOnly(page, 'input[name="csv-method"]', ['variational']);
  await page.selectOption('#csv-sampling', 'hold');
  const before = await workers();
  const worker = await pageWorker();
  await worker.evaluate(() => {
    performance.now = () => { throw new WebAssembly.RuntimeError('memory access out of bounds'); };
  });
  await runCsv(page);
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'error');
  const message = await page.textContent('#csv-run-error');
  assert.match(message, /^The computation crashed \(RuntimeError: memory access out of bounds\); the worker was restarted/);
  assert.ok(!message.includes('\n'), 'one line');
  for (const id of ['csv-file-error', 'csv-mapping-error', 'csv-structure-error', 'csv-nonlinear-error']) {
    assert.equal(await page.textContent(`#${id}`), '', `#${id} is about something else`);
  }
  // The crashed worker was terminated and one new one started (before any new request).
  const now = await workers();
  assert.equal(now.live, 1);
  assert.equal(now.created, before.created + 1, 'a new worker');
  // The inputs are kept: the method and the sampling are as chosen.
  assert.ok(await page.isChecked('input[name="csv-method"][value="variational"]'));
  assert.equal(await page.inputValue('#csv-sampling'), 'hold');
  await runCsv(page);
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ok', await page.textContent('#csv-status'));
  assert.equal(await page.textContent('#csv-run-error'), '', 'the old message is cleared');
});

/**
 * Loads the 60-DOF file, asks equation-error and presses Identify; resolves when the guard has
 * refused (returns {refused: true, ms}) or the work has started ({refused: false}).
 */
async function startSixtyDof() {
  await page.setInputFiles('#csv-file', []);  // choosing the same file again fires no change event
  await chooseCsv(page, wide);
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ready', await page.textContent('#csv-status'));
  await checkOnly(page, 'input[name="csv-method"]', ['equation-error']);
  const t0 = Date.now();
  await page.click('#csv-run');
  // Read (the progress says "(1 of 1)" once identifying starts), then refused within 1 s or running.
  const refusal = () => document.querySelector('#csv-run-error button.run-anyway') !== null;
  await page.waitForFunction(() => document.querySelector('#csv-run-error button.run-anyway') !== null
    || /\(1 of 1\)/.test(document.getElementById('csv-status').textContent), null, { timeout: 10_000 });
  const refused = await page.waitForFunction(refusal, null, { timeout: 1000 }).then(() => true, () => false);
  return { refused, ms: Date.now() - t0 };
}

/** Presses Cancel and checks the section after it: cancelled within 1 s, Identify enabled. */
async function cancelCsv() {
  const t1 = Date.now();
  await page.click('#csv-cancel');
  await page.waitForFunction(() => document.getElementById('csv-status').dataset.state === 'cancelled', null, { timeout: 2_000 });
  assert.ok(Date.now() - t1 < 1000, `cancel took ${Date.now() - t1} ms`);
  assert.ok(await page.isHidden('#csv-cancel'));
  assert.ok(await page.isEnabled('#csv-run'));
}

test('the resource guard refuses the 60-DOF equation-error within 1 s, beside Identify, with Run anyway', async (t) => {
  const { refused, ms } = await startSixtyDof();
  if (!refused) {
    await cancelCsv();
    t.skip('the core does not refuse with option \'work\' yet (the guard of issue 20 item 3 is not in this build)');
    return;
  }
  t.diagnostic(`refused after ${ms} ms`);
  assert.ok(ms < 1000, `refused after ${ms} ms`);
  const message = (await page.textContent('#csv-run-error')).replace(/Run anyway$/, '').trim();
  assert.match(message, /\d/, `the refusal gives its numbers: ${message}`);
  assert.ok(!message.includes('\n'), 'one line');
  for (const id of ['csv-file-error', 'csv-mapping-error', 'csv-structure-error', 'csv-nonlinear-error']) {
    assert.equal(await page.textContent(`#${id}`), '', `#${id} is about something else`);
  }
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'error');
  // Run anyway repeats the request without the limit: now it runs (and Cancel matters).
  await page.click('#csv-run-error button.run-anyway');
  await page.waitForFunction(() => /^Identifying sixty-dof/.test(document.getElementById('csv-status').textContent));
  await page.waitForTimeout(1500);
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'busy', 'Run anyway runs past the limit');
  assert.equal(await page.textContent('#csv-run-error'), '');
  await cancelCsv();
});

test('a 60-DOF file that would take minutes: refused or cancelled, the page stays responsive and usable', async (t) => {
  // A failure before Cancel must not leave minutes of work queued in front of the next tests.
  t.after(async () => {
    if (await page.isVisible('#csv-cancel')) await page.click('#csv-cancel');
  });
  const before = await workers();
  const { refused } = await startSixtyDof();
  assert.equal(await page.locator('input[name="csv-input"]:checked').count(), DOF);
  if (refused) {
    await page.click('#csv-run-error button.run-anyway');  // Run anyway (maxWork: Infinity): minutes
    await page.waitForFunction(() => /^Identifying sixty-dof\.csv with equation-error/.test(document.getElementById('csv-status').textContent));
  }
  // While it runs: Cancel beside the button, the elapsed time counting, frames coming.
  assert.ok(await page.isVisible('#csv-cancel') && await page.isEnabled('#csv-cancel'));
  const stop = await frameMeter();
  await page.waitForTimeout(2000);
  const { fps, gap } = await stop();
  assert.ok(fps >= 20, `${fps.toFixed(1)} frames per second while identifying`);
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'busy', 'still running after 2 s');
  assert.match(await page.textContent('#csv-status'), /\d+\.\d s$/);
  console.log(`# while identifying (${refused ? 'run anyway after the guard\'s refusal' : 'no guard in this core'}): ${fps.toFixed(1)} fps, longest frame gap ${gap.toFixed(0)} ms`);
  await cancelCsv();
  assert.match(await page.textContent('#csv-status'), /^Cancelled after \d+\.\d s: the work was stopped; your files and choices are kept\.$/);
  // The worker that was busy is gone, a new one is ready.
  assert.deepEqual(await workers(), { created: before.created + 1, live: 1 }, 'the busy worker was replaced');
  // Inputs kept: the columns and the method as chosen.
  assert.equal(await page.locator('input[name="csv-input"]:checked').count(), DOF);
  assert.ok(await page.isChecked('input[name="csv-method"][value="equation-error"]'));
  // Usable: the next identification works.
  await identifySmall();
  assert.equal((await workers()).live, 1);
});

test('cancelling one section\'s request keeps another section\'s request queued behind it', async () => {
  if ((await startSixtyDof()).refused) await page.click('#csv-run-error button.run-anyway');
  // Past the reading (which yields between chunks, letting other requests through): identifying.
  await page.waitForFunction(() => /^Identifying sixty-dof\.csv with equation-error \(1 of 1\)/.test(document.getElementById('csv-status').textContent));
  // The perturbation study of the conditioning section waits behind the identification.
  try {
    await openStep(page, '#cond-study');
    await page.click('#cond-study');
    await page.waitForTimeout(300);
    assert.equal(await page.getAttribute('#cond-status', 'data-state'), 'busy');
  } finally {
    await openStep(page, '#csv-cancel');
    await page.click('#csv-cancel');  // also when failing: the next tests need the worker
  }
  await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('cond-status').dataset.state)
    && !document.getElementById('cond-study').disabled, null, { timeout: 30_000 });
  assert.equal(await page.getAttribute('#cond-status', 'data-state'), 'ok', await page.textContent('#cond-status'));
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'cancelled');
});

test('Cancel in the Identify section stops a long identification; the next one works', async () => {
  await openStep(page, '#ident');
  await page.selectOption('#ident-preset', 'chain16');
  await page.fill('#ident-n', '200000');
  await checkOnly(page, '#ident-form input[name="method"]', ['auto']);
  await page.click('#ident-run');
  // chain16 auto on 200 000 samples (about 1.2e12 flop-equivalents, 4 min at the guard's calibrated
  // rate) is above the work limit: it is refused once the samples are simulated (under 1 s on a fast
  // machine), and "Run anyway" starts it without the limit, for minutes. Waiting for the refusal
  // keeps the test off the simulation's duration.
  await page.waitForSelector('#ident-run-error button.run-anyway', { timeout: 30_000 });
  assert.equal(await page.getAttribute('#ident-status', 'data-state'), 'error', await page.textContent('#ident-status'));
  await page.click('#ident-run-error button.run-anyway');
  await page.waitForFunction(() => !document.getElementById('ident-cancel').hidden);
  try {
    await page.waitForTimeout(500);
    assert.equal(await page.getAttribute('#ident-status', 'data-state'), 'busy', await page.textContent('#ident-status'));
  } finally {
    await page.click('#ident-cancel');  // also when failing: without a limit the run takes minutes
  }
  await page.waitForFunction(() => document.getElementById('ident-status').dataset.state === 'cancelled', null, { timeout: 2_000 });
  assert.match(await page.textContent('#ident-status'), /^Cancelled after \d+\.\d s: the work was stopped; your inputs are kept\.$/);
  assert.equal(await page.inputValue('#ident-n'), '200000');
  await page.selectOption('#ident-preset', 'msd');
  await page.fill('#ident-n', '600');
  await checkOnly(page, '#ident-form input[name="method"]', ['variational']);
  await page.click('#ident-run');
  await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('ident-status').dataset.state), null, { timeout: 30_000 });
  assert.equal(await page.getAttribute('#ident-status', 'data-state'), 'ok', await page.textContent('#ident-status'));
});

// The other long requests: nonlinear (200 000 samples) and the EKF (60 s, six discretizations).
for (const { name, run, cancel, status, setUp } of [
  { name: 'nonlinear', run: 'nl-run', cancel: 'nl-cancel', status: 'nl-status', setUp: async () => page.fill('#nl-n', '200000') },
  { name: 'EKF', run: 'est-ekf-run', cancel: 'est-ekf-cancel', status: 'est-ekf-status', setUp: async () => {
    await page.fill('#est-ekf-duration', '60');
    await checkOnly(page, '#est-ekf-form input[name="discretization"]', ['ef', 'se', 'heun', 'lp', 'rk3', 'rk4']);
  } },
]) {
  test(`Cancel beside the ${name} button stops it; the next request of that section works`, async () => {
    await openStep(page, `#${run}`);
    await setUp();
    await page.click(`#${run}`);
    await page.waitForFunction((id) => !document.getElementById(id).hidden, cancel);
    await page.waitForTimeout(300);
    assert.equal(await page.getAttribute(`#${status}`, 'data-state'), 'busy', 'finished before Cancel: make the work longer');
    assert.match(await page.textContent(`#${status}`), /\d+\.\d s$/);
    await page.click(`#${cancel}`);
    await page.waitForFunction((id) => document.getElementById(id).dataset.state === 'cancelled', status, { timeout: 2_000 });
    assert.ok(await page.isHidden(`#${cancel}`));
    if (name === 'nonlinear') await page.fill('#nl-n', '2000');
    else await page.fill('#est-ekf-duration', '1');
    await page.click(`#${run}`);
    await page.waitForFunction((id) => ['ok', 'error'].includes(document.getElementById(id).dataset.state), status, { timeout: 60_000 });
    assert.equal(await page.getAttribute(`#${status}`, 'data-state'), 'ok', await page.textContent(`#${status}`));
  });
}

test('no console errors or CSP violations, all requests to 127.0.0.1', () => {
  assert.deepEqual(browser.problems, []);
  assert.deepEqual(foreignRequests(browser.requests), []);
});
