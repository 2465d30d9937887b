// Browser test of the saved analyses (web/views/saved.js, web/state/analysis-store.js): an
// identification saved from the Identify section is listed after a reload (IndexedDB), reopens
// with the same numbers, and is gone after Delete (and after another reload).
// Run: node --test tests/e2e/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { foreignRequests, identifyOnPage, withReadyBrowser, openStep } from './browser.mjs';

let browser;
let page;

withReadyBrowser((b) => {
  browser = b;
  page = b.page;
});

const count = () => page.getAttribute('#saved-list', 'data-count').then(Number);
const cells = (selector) => page.$$eval(selector, (tds) => tds.map((td) => td.textContent));

let saved;  // the M, D, K cells of the identification that was saved

test('an identification saved from the Identify section survives a reload and reopens with the same numbers', async () => {
  assert.equal(await count(), 0);
  assert.match(await page.textContent('#saved-status'), /Nothing saved yet/);
  assert.ok(await page.isDisabled('#ident-save'), 'Save is enabled before any identification');

  const state = await identifyOnPage(page, { system: 'msd', h: 0.1, n: 1000, snr: 30, seed: 2, methods: ['variational', 'n4sid-d2c'] });
  assert.equal(state, 'ok', await page.textContent('#ident-status'));
  saved = {};
  for (const key of ['M', 'D', 'K']) saved[key] = await cells(`#ident-${key}-variational td`);
  await page.click('#ident-save');
  await page.waitForFunction(() => document.getElementById('saved-list').dataset.count === '1', null, { timeout: 10_000 });
  assert.match(await page.textContent('#ident-status'), /^Saved as “msd, h = 0.1 s, N = 1000, SNR 30 dB, seed 2”/);

  await page.reload();
  await page.waitForFunction(() => document.getElementById('saved-list').dataset.count === '1', null, { timeout: 10_000 });
  assert.equal(await page.textContent('#saved-status'), '1 saved; reopen one to see its results.');
  const row = await cells('#saved-list tbody tr td');
  assert.equal(await page.textContent('#saved-list tbody th'), 'msd, h = 0.1 s, N = 1000, SNR 30 dB, seed 2');
  assert.equal(row[1], 'simulated PRBS');
  assert.equal(row[2], 'variational, n4sid-d2c');

  await openStep(page, '#saved-list');
  await page.click('#saved-list button:text("Reopen")');
  await page.waitForSelector('#saved-M-variational td');
  for (const key of ['M', 'D', 'K']) assert.deepEqual(await cells(`#saved-${key}-variational td`), saved[key], key);
  assert.deepEqual(await cells('#saved-M-true td'), ['15.00']);
  // n4sid-d2c's estimate (D ~2 % off) misfits these SNR 30 data beyond the noise: the residual test warns.
  assert.match(await page.textContent('#saved-status-n4sid-d2c'), /^(ok|warningThe residuals are correlated)/);
  assert.match(await page.textContent('#saved-status'), /^Reopened “msd/);
});

test('Delete removes the analysis, also after a reload', async () => {
  await openStep(page, '#saved-list');
  await page.click('#saved-list button:text("Delete")');
  await page.waitForFunction(() => document.getElementById('saved-list').dataset.count === '0', null, { timeout: 10_000 });
  assert.equal(await page.$('#saved-M-variational'), null, 'the deleted analysis is still shown');
  await page.reload();
  await page.waitForFunction(() => document.getElementById('saved-list').dataset.count === '0', null, { timeout: 10_000 });
  assert.ok(await page.isHidden('#saved-list'));
});

test('no request left 127.0.0.1 and nothing went to the console', () => {
  assert.deepEqual(foreignRequests(browser.requests), []);
  assert.deepEqual(browser.problems, []);
});
