// Browser test of the Hammer test section (issue 54, item 3; web/views/hammer.js): a simulated tap
// train written as CSV — a single-DOF system (1 kg, 25 Hz, ζ = 0.01) at 2 kHz hit ten times by
// half-sine pulses of 5 ms, hit 4 a double hit and hit 7 clipped on the force channel (as
// tests/node/cli_hammer.test.mjs) — loaded in "Your measurements" and analysed in the section:
// exactly the two bad hits rejected with their reasons in words, the mode within 1 % of 25 Hz, its
// damping corrected for the exponential window within 10 % of 0.01, the numbers those of
// `mechid hammer` on the same file; taking the double hit back in averages one hit more.
// Run: node --test tests/e2e/hammer.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMechidNode } from '../../wasm/node.js';
import { chooseCsv, mechidCli, openStep, withWatchdog, withWideBrowser } from './browser.mjs';
import { TAP_TRAIN, writeTapTrainCsv } from '../fixtures/tap-train.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-hammer-e2e-'));
const mechid = await loadMechidNode();
let page;

withWideBrowser((opened) => {
  page = opened.page;
}, dir);

const { fn, zeta } = TAP_TRAIN;
const tapTrain = () => writeTapTrainCsv(mechid, join(dir, 'taps.csv'), 'u1');

const finished = () => ['ok', 'warning', 'error'].includes(document.getElementById('hammer-status').dataset.state);

async function analyse(action) {
  await page.evaluate(() => { document.getElementById('hammer-status').dataset.state = 'busy'; });
  await withWatchdog(page, async () => {
    await action();
    await page.waitForFunction(finished, null, { timeout: 60_000 });
  });
}

test('a tap train: the double hit and the clipped hit rejected with their reasons, the mode within 1 %, ζ corrected within 10 %, the CLI\'s numbers', async () => {
  const file = tapTrain();
  await withWatchdog(page, () => chooseCsv(page, file));
  await openStep(page, '#hammer');
  await page.waitForFunction(() => !document.getElementById('hammer-run').disabled);
  assert.match(await page.textContent('#hammer-source'), /taps\.csv: force u1; response a1/);
  // the core's defaults, filled from its schema
  const schema = mechid.optionSchema().hammer;
  assert.equal(await page.inputValue('#hammer-trigger'), String(schema.trigger.default));
  assert.equal(await page.inputValue('#hammer-double-hit'), String(schema.doubleHit.default));
  // A value the core refuses: its message next to the field, marked; a word: the page's.
  await page.fill('#hammer-trigger', '2');
  await analyse(() => page.click('#hammer-run'));
  assert.equal(await page.getAttribute('#hammer-status', 'data-state'), 'error');
  assert.match(await page.textContent('#hammer-options-error'), /trigger.*<= 1, got 2/);
  assert.equal(await page.getAttribute('#hammer-trigger', 'aria-invalid'), 'true');
  await page.fill('#hammer-trigger', 'high');
  await analyse(() => page.click('#hammer-run'));
  assert.match(await page.textContent('#hammer-options-error'), /Trigger level must be a number/);
  await page.fill('#hammer-trigger', String(schema.trigger.default));
  await page.fill('#hammer-band-lo', '10');
  await page.fill('#hammer-band-hi', '50');
  await analyse(() => page.click('#hammer-run'));
  const state = await page.getAttribute('#hammer-status', 'data-state');
  assert.ok(state === 'ok' || state === 'warning', `${state}: ${await page.textContent('#hammer-status')}`);

  const rows = await page.$$eval('#hammer-hits-table tbody tr', (trs) => trs.map((tr) => ({
    reason: tr.dataset.reason, accepted: tr.dataset.accepted === 'true', words: tr.children[4].textContent, checked: tr.querySelector('input').checked,
  })));
  assert.equal(rows.length, 10);
  assert.deepEqual(rows.map((r) => r.reason), ['', '', '', 'double-hit', '', '', 'overload', '', '', '']);
  assert.deepEqual(rows.map((r) => r.checked), rows.map((r) => r.reason === ''));
  assert.match(rows[3].words, /double hit/);
  assert.match(rows[6].words, /overload/);
  assert.equal(await page.getAttribute('#hammer-status', 'data-averages'), '8');

  const modes = await page.$$eval('#hammer-modes-table tbody tr', (trs) => trs.map((tr) => ({ f: Number(tr.dataset.freqHz), zeta: Number(tr.dataset.zeta) })));
  assert.equal(modes.length, 1);
  assert.ok(Math.abs(modes[0].f - fn) <= 0.01 * fn, `f = ${modes[0].f}`);
  assert.ok(Math.abs(modes[0].zeta - zeta) <= 0.1 * zeta, `ζ = ${modes[0].zeta}`);

  // The CLI on the same file: the same hits and the same mode.
  const cli = JSON.parse(mechidCli('hammer', '--data', file, '--force', 'u1', '--band', '10:50'));
  assert.deepEqual(cli.hits.map((hit) => hit.reason ?? ''), rows.map((r) => r.reason));
  assert.equal(cli.modes.length, 1);
  assert.ok(Math.abs(cli.modes[0].freq_hz - modes[0].f) <= 1e-9 * fn, `${cli.modes[0].freq_hz} vs ${modes[0].f}`);
  assert.ok(Math.abs(cli.modes[0].zeta - modes[0].zeta) <= 1e-9, `${cli.modes[0].zeta} vs ${modes[0].zeta}`);

  // The double hit taken back in: nine averages, the hit marked averaged.
  await analyse(() => page.check('#hammer-hits-table tbody tr:nth-child(4) input'));
  assert.equal(await page.getAttribute('#hammer-status', 'data-averages'), '9');
  assert.equal(await page.$eval('#hammer-hits-table tbody tr:nth-child(4)', (tr) => tr.dataset.accepted), 'true');
  // and a good hit taken out: eight again, with the reason "rejected by you"
  await analyse(() => page.uncheck('#hammer-hits-table tbody tr:nth-child(1) input'));
  assert.equal(await page.getAttribute('#hammer-status', 'data-averages'), '8');
  assert.match(await page.textContent('#hammer-hits-table tbody tr:nth-child(1)'), /rejected by you/);
});
