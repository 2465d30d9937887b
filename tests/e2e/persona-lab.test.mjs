// A lab engineer with a one-actuator record, end to end through "Your measurements (CSV)" (step 2,
// Data; issue 18 item 7, the persona of the review behind issue 18), at 1366×768:
// load the file → map the columns (the motor pushes cart 1: its force acts on DOF 1; the effort is
// held over each period) → units and signs (encoder counts to metres by a factor; the reversed
// sign the page offers to flip, accepted in one click) → the "lumped chain" structure → Identify
// from the file → M, D, K with the measured and simulated outputs overlaid.
// The record: the ECP 210 two-cart rig's DOF2_en12_input1_test2.csv (motor on cart 1, encoder
// counts, the lab's sign convention reversed) from ../shared/data/real/ecp210 when that directory
// is there (MECHID_REAL_DATA=DIR points elsewhere); otherwise (CI, a fresh clone) a synthetic rig
// with the same traits: the two-cart chain of browser.mjs simulated by `mechid simulate`, its
// outputs in whole encoder counts and its force's sign reversed.
// Checked: M and D diagonal with positive entries, K positive definite, the page's numbers those
// of `mechid identify` with the same options, and the free-run fit above a bar: on the ECP record
// above the lab's own model's fit (87 % and 77 %, ../shared/data/real/README.md), on the synthetic
// rig above 98 % (SNR 40 dB: at best 99 %) with every free entry of M, D, K within its 95 %
// interval of the rig's true value.
// Screenshots: docs/screenshots/lab-{1-load,2-map,3-units,4-result}.png, of the synthetic rig only: the
// real records stay outside the repository (../shared/data/real/README.md), their pictures too.
// Run: node --test tests/e2e/persona-lab.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import {
  CHAIN_RIG, CHAIN_STRUCTURE, chooseCsv, exportedResults, foreignRequests, mechidCli, openBrowser, rescaledCsv, runCsv,
  simulateChain, spanScreenshot,
} from './browser.mjs';

const root = new URL('../..', import.meta.url).pathname;
const REAL = join(process.env.MECHID_REAL_DATA ?? join(root, '../shared/data/real'), 'ecp210/DOF2_en12_input1_test2.csv');
const real = existsSync(REAL);
// Metres per encoder count: the page's own example (its factor message and the README). The ECP
// record's README gives no factor; any factor scales M, D, K alike and leaves signs and fits as they are.
const M_PER_COUNT = 1.786e-5;
// The free-run fit each output must reach: on the ECP record, the lab's own model (logarithmic
// decrement on separate 1-DOF tests) fits it by 87 % (q1) and 77 % (q2), and this chain model by
// 95.0 % and 95.5 % (docs/results.md, "Real records"): 90 % asks for better than the lab's model on
// both outputs with a margin of 5 points below what it gets. On the synthetic rig (noise at 40 dB
// SNR: the best fit is 100 (1 − 10^(−40/20)) = 99 %) it gets 99.0 %: 98 % is that bar less a point.
const FIT_BAR = real ? 90 : 98;
const dir = mkdtempSync(join(tmpdir(), 'mechid-lab-e2e-'));
let browser;
let page;
let file;

before(async () => {
  if (real) {
    file = REAL;
  } else {
    // The ECP rig's traits on the chain of browser.mjs: whole counts, a positive force moving the carts negatively.
    const chain = simulateChain(dir, 'chain.csv');
    file = rescaledCsv(chain, join(dir, 'two-carts-counts.csv'), { u1: -1, q1: 1 / M_PER_COUNT, q2: 1 / M_PER_COUNT }, { round: true });
  }
  console.log(`lab: ${real ? `the ECP 210 record ${REAL}` : `no real record at ${REAL}: a synthetic two-cart rig, ${file}`}`);
  browser = await openBrowser();
  page = browser.page;
  await page.setViewportSize({ width: 1366, height: 768 });
});

after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

const factor = (column) => `input[name="csv-factor"][data-column="${column}"]`;
const state = () => page.getAttribute('#csv-status', 'data-state');
const name = () => basename(file);

test('1. load: the file read, its columns found (t, the effort u1, the encoders q1, q2)', async () => {
  await page.click('#tab-data');
  await chooseCsv(page, file);
  assert.equal(await state(), 'ready', await page.textContent('#csv-status'));
  assert.equal(await page.inputValue('#csv-time'), 't');
  const checked = (role) => page.$$eval(`input[name="csv-${role}"]:checked`, (bs) => bs.map((b) => b.closest('label').textContent.trim()));
  assert.deepEqual(await checked('input'), ['u1']);
  assert.deepEqual(await checked('output'), ['q1', 'q2']);
  if (!real) await spanScreenshot(page, '#csv-title', '#csv-preview', 'lab-1-load.png');
});

test('2. map: the one force acts on DOF 1 (cart 1), held over each period', async () => {
  const dofs = await page.$$('select[name="csv-force-dof"]');
  assert.equal(dofs.length, 1, 'one force, one place to say where it acts');
  await page.selectOption('select[name="csv-force-dof"]', '1');
  await page.selectOption('#csv-sampling', 'hold');
  if (!real) await spanScreenshot(page, '#csv-columns legend', '#csv-force-dofs', 'lab-2-map.png');
});

test('3. units and signs, structure, identify: counts to metres, the offered sign flip accepted, the lumped chain', async () => {
  for (const column of ['q1', 'q2']) await page.fill(factor(column), '1.786e-5');
  await page.selectOption('#csv-structure', 'chain');
  assert.deepEqual(await page.$$eval('input[name="csv-method"]:checked', (bs) => bs.map((b) => b.value)), ['auto']);
  await runCsv(page);
  // A positive effort moves the carts negatively: the page says so and offers the flip beside it.
  assert.equal(await state(), 'error', await page.textContent('#csv-status'));
  assert.match(await page.textContent('#csv-status-auto'), /a positive force moves the outputs negatively/);
  await page.click('#csv-status-auto button.flip-sign');
  await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('csv-status').dataset.state), null, { timeout: 60_000 });
  assert.equal(await state(), 'ok', await page.textContent('#csv-status'));
  assert.equal(await page.inputValue(factor('u1')), '-1');
  assert.match(await page.textContent('#csv-status'), /; factors u1 × -1, q1 × 0\.00001786, q2 × 0\.00001786 /);
  if (!real) await spanScreenshot(page, '#csv-units', '#csv-model', 'lab-3-units.png');
});

test('4. result: M, D diagonal and positive, K positive definite, the numbers of mechid identify, the fit above the bar, measured and simulated overlaid', async () => {
  const [r] = await exportedResults(page);
  for (const key of ['M', 'D']) {
    assert.equal(r[key][0][1], 0, `${key}: ${JSON.stringify(r[key])}`);
    assert.equal(r[key][1][0], 0, `${key}: ${JSON.stringify(r[key])}`);
    assert.ok(r[key][0][0] > 0 && r[key][1][1] > 0, `${key}: ${JSON.stringify(r[key])}`);
  }
  const K = r.K;
  assert.ok(K[0][0] > 0 && K[0][0] * K[1][1] - K[0][1] * K[1][0] > 0, `K positive definite: ${JSON.stringify(K)}`);
  assert.ok(r.checks.M_pd && r.checks.K_pd && r.checks.D_psd && !r.checks.sign_reversed, JSON.stringify(r.checks));
  // The same file and choices through the CLI: the same numbers.
  const c = JSON.parse(mechidCli('identify', '--data', file, '--method', 'auto', '--input-sampling', 'hold', '--force-dofs', '1',
    '--scale', `u1=-1,q1=${M_PER_COUNT},q2=${M_PER_COUNT}`, '--structure', JSON.stringify(CHAIN_STRUCTURE)));
  for (const key of ['M', 'D', 'K']) {
    for (const [i, j] of [[0, 0], [0, 1], [1, 1]]) {
      assert.ok(Math.abs(r[key][i][j] - c[key][i][j]) <= 1e-9 * Math.abs(c[key][i][i]), `${key}[${i}][${j}]: page ${r[key][i][j]}, CLI ${c[key][i][j]}`);
    }
  }
  const fits = r.fit.fit_percent;
  console.log(`lab: ${await page.textContent('#csv-status')}`);
  console.log(`lab: M ${JSON.stringify(r.M)}, D ${JSON.stringify(r.D)}, K ${JSON.stringify(r.K)}, fit ${fits.map((f) => f.toFixed(2)).join(' %, ')} %`);
  fits.forEach((f, j) => assert.ok(f > FIT_BAR, `fit of q${j + 1}: ${f} %, the bar ${FIT_BAR} %`));
  assert.equal(await page.textContent('#csv-fit-auto'), `Fit: ${fits.map((f, j) => `q${j + 1} ${f.toFixed(2)} %`).join(', ')}`);
  if (!real) {
    // The rig's true parameters within the 95 % intervals (the free entries; the structure fixes the others at 0).
    for (const key of ['M', 'D', 'K']) {
      for (const [i, j] of [[0, 0], [0, 1], [1, 1]]) {
        if (key !== 'K' && i !== j) continue;
        const half = r.uncertainty.z95 * r.uncertainty[`${key}_sd`][i][j];
        console.log(`lab: ${key}[${i + 1},${j + 1}] = ${r[key][i][j]} ± ${half}, true ${CHAIN_RIG[key][i][j]}`);
        assert.ok(Math.abs(r[key][i][j] - CHAIN_RIG[key][i][j]) <= half, `${key}[${i}][${j}] = ${r[key][i][j]} ± ${half}, true ${CHAIN_RIG[key][i][j]}`);
      }
    }
  }
  // The measured and simulated outputs of the record, overlaid: two series per output, every sample.
  const overlay = `#csv-results [data-method="auto"] [data-record="${name()}"]`;
  assert.equal(await page.getAttribute(overlay, 'data-series'), '4');
  const samples = readFileSync(file, 'utf8').trim().split('\n').length - 1;
  assert.equal(await page.getAttribute(overlay, 'data-points'), String(samples));
  if (!real) await spanScreenshot(page, '#csv-status', '#csv-results', 'lab-4-result.png');
});

test('no console errors or CSP violations, all requests to 127.0.0.1', () => {
  assert.deepEqual(browser.problems, []);
  assert.deepEqual(foreignRequests(browser.requests), []);
});
