// The residual tests' advice on the page (issue 47: advice is typed, never matched as English
// text): held forces declared sampled leave correlated residuals; the core's advice
// correlated_residuals carries {"input-sampling": "hold"}, which the page (web/ui/advice-actions.js
// CONTROLS) makes a button that sets Forces to "held over each period" and identifies again, after
// which the residuals pass (status ok, no such advice).
// Run: node --test tests/e2e/advice-sampling.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkOnly, chooseCsv, mechidCli as cli, runCsv, withWatchdog, withWideBrowser } from './browser.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-advice-sampling-e2e-'));
let browser;
let page;

withWideBrowser((opened) => {
  browser = opened;
  page = opened.page;
}, dir);

const state = () => page.getAttribute('#csv-status', 'data-state');

test('held forces declared sampled: the advice\'s button sets Forces to held and identifies again; then ok', async () => {
  // PRBS held over 3-sample bits at h = 0.4 s (3 DOF, SNR 40), as tests/node/core_words.test.mjs.
  const file = join(dir, 'held.csv');
  cli('simulate', '--system', '3dof', '--h', '0.4', '--n', '3000', '--input', 'prbs', '--hold', '3', '--snr', '40', '--seed', '1', '--out', file);
  await chooseCsv(page, file);
  for (const column of ['u1', 'u2', 'u3', 'q1', 'q2', 'q3']) await page.fill(`input[name="csv-factor"][data-column="${column}"]`, '1');
  await page.selectOption('#csv-sampling', 'point');
  await checkOnly(page, 'input[name="csv-method"]', ['auto']);
  await withWatchdog(page, () => runCsv(page));
  assert.equal(await state(), 'ok', await page.textContent('#csv-status'));
  const advice = page.locator('#csv-results li[data-code="correlated_residuals"]').first();
  assert.match(await advice.locator('.advice-message').textContent(), /^The residuals are correlated/);
  assert.doesNotMatch(await advice.textContent(), /--input-sampling|the CLI/);
  const button = advice.locator('button.advice-action');
  assert.equal(await button.textContent(), 'Take the forces as held over each period, and run again');
  await withWatchdog(page, async () => {
    await button.click();
    await page.waitForFunction(() => document.getElementById('csv-sampling').value === 'hold');
    await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('csv-status').dataset.state)
      && !document.getElementById('csv-run').disabled, null, { timeout: 60_000 });
  });
  assert.equal(await page.inputValue('#csv-sampling'), 'hold');
  assert.equal(await page.$('#csv-results li[data-code="correlated_residuals"]'), null, 'no such advice once the forces are said held');
  assert.deepEqual(browser.problems, []);
});
