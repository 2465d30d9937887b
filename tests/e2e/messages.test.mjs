// Browser test of issue 18 item 4, "messages where the eye is": every file of the bad-CSV corpus
// (tests/data/bad) goes through the page's CSV import, and its message must be the one
// expected.json lists, visible, next to the control it is about, styled as an error, with the focus
// on it or its control, and with no number of more than 4 significant digits; the Identify flow's
// field errors likewise, a run whose methods all warn leaves its status line amber, not green, and
// the work guard's refusal puts the focus on its "Run anyway". The other sections: messages-sections.test.mjs.
// Run: node --test tests/e2e/messages.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkOnly, chooseCsv, identifyOnPage, withReadyBrowser, openStep, runCsv } from './browser.mjs';
import { longNumbers, OK_COLOUR, placement as placementOn, problemsOf } from './messages-check.mjs';

const corpus = new URL('../data/bad/', import.meta.url).pathname;

let browser;
let page;

withReadyBrowser((b) => {
  browser = b;
  page = b.page;
});

const placement = (scope) => placementOn(page, scope);

// One walk through the corpus checks both what each message says and where and how it is shown.
test('every file of the bad-CSV corpus: its own message, next to its control, red, focused, 4 significant digits at most; the page stays usable', async () => {
  const expected = JSON.parse(readFileSync(join(corpus, 'expected.json'), 'utf8'));
  assert.ok(Object.keys(expected).length >= 80, 'a corpus of at least 80 files');
  const wrong = [];
  for (const [name, entry] of Object.entries(expected)) {
    await chooseCsv(page, join(corpus, name));
    if (await page.getAttribute('#csv-status', 'data-state') === 'ready') {
      // The page keeps the chosen methods from file to file, so after the first file checkOnly
      // clicks nothing (five clicks per file were a third of this walk's time).
      await checkOnly(page, 'input[name="csv-method"]', ['variational']);
      await runCsv(page);
    }
    const where = await placement('#csv');
    const problems = problemsOf(where);
    if (await page.getAttribute('#csv-status', 'data-state') !== 'error') problems.push('status not error');
    // The status line carries the message itself or says where it is: never a message "above".
    if (/message is above/.test(await page.textContent('#csv-status'))) problems.push('status says "the message is above"');
    // The file's message (or, where the page maps columns itself, its own {cli, page} variant), next
    // to the file input, or next to the mapping when the mapping is what is missing.
    const message = typeof entry === 'string' ? entry : entry.page;
    const shown = (await page.textContent('#csv-file-error')) || (await page.textContent('#csv-mapping-error'));
    if (shown !== message) problems.push(`says ${JSON.stringify(shown)}, expected ${JSON.stringify(message)}`);
    if (!await page.isEnabled('#csv-file')) problems.push('the file input is not usable');
    if (problems.length) wrong.push(`${name}: ${problems.join('; ')} (${where?.id}: ${where?.text})`);
  }
  assert.deepEqual(wrong, []);
  assert.deepEqual(browser.problems, [], 'no console error, page error or CSP violation');
});

test('Identify: a bad field and no method give their message next to the field, red, with the focus there', async () => {
  await openStep(page, '#ident-form');
  await page.fill('#ident-h', 'abc');
  await page.click('#ident-run');
  let where = await placement('#ident');
  assert.deepEqual(problemsOf(where), [], JSON.stringify(where));
  assert.equal(where.control, 'input#ident-h');
  assert.equal(await page.getAttribute('#ident-h', 'aria-invalid'), 'true');
  assert.equal(await page.getAttribute('#ident-status', 'data-state'), 'error');
  await page.fill('#ident-h', '0.05');
  for (const box of await page.$$('#ident-form input[name="method"]')) await box.setChecked(false);
  await page.click('#ident-run');
  where = await placement('#ident');
  assert.deepEqual(problemsOf(where), [], JSON.stringify(where));
  assert.equal(where.id, 'ident-methods-error');
  assert.equal(where.count, 1, 'the earlier message is gone');
});

test('Identify: 3-DOF at h = 0.001, every method warns: the status line is amber, not green', async () => {
  const state = await identifyOnPage(page, { system: '3dof', h: 0.001, n: 20000, snr: 15, seed: 1, methods: ['variational', 'n4sid-d2c'] });
  assert.equal(state, 'ok', await page.textContent('#ident-status'));
  const statuses = await page.$$eval('#ident-results [data-method][data-status]', (cols) => cols.map((c) => c.dataset.status));
  assert.ok(statuses.includes('warning'), `a method warns: ${statuses}`);
  assert.equal(await page.getAttribute('#ident-status', 'data-worst'), statuses.includes('failed') ? 'error' : 'warning');
  const colour = await page.$eval('#ident-status', (s) => getComputedStyle(s).color);
  assert.notEqual(colour, OK_COLOUR, 'not green on warnings');
  assert.match(await page.textContent('#ident-status'), /reasons are in each method’s column below/);
  // The warnings in the columns carry no long numbers either.
  const warnings = await page.$$eval('#ident-results .ident-status', (els) => els.map((e) => e.textContent));
  assert.deepEqual(warnings.flatMap((w) => longNumbers(w)), [], warnings.join(' | '));
  // A later clean run is green again.
  assert.equal(await identifyOnPage(page, { system: 'msd', h: 0.1, n: 1000, snr: 40, seed: 1, methods: ['equation-error'] }), 'ok');
  const clean = await page.$$eval('#ident-results [data-method][data-status]', (cols) => cols.map((c) => c.dataset.status));
  if (clean.every((s) => s === 'ok')) assert.equal(await page.$eval('#ident-status', (s) => getComputedStyle(s).color), OK_COLOUR);
});

test('Study: the work guard’s refusal of the whole study before its first run, beside the Study button, with “Run anyway”', async () => {
  // 3 h x 100 runs of auto on the 16-DOF chain with 200 000 samples: hours of work, refused at once (checkStudyWork).
  await openStep(page, '#ident-form');
  await page.selectOption('#ident-preset', 'chain16');
  for (const [id, value] of [['ident-h', 0.05], ['ident-n', 200000], ['ident-study-hs', '0.02, 0.05, 0.1'], ['ident-study-runs', 100]]) {
    await page.fill(`#${id}`, String(value));
  }
  await checkOnly(page, '#ident-form input[name="method"]', ['auto']);
  await page.waitForFunction(() => !document.getElementById('ident-study').disabled);
  const t0 = Date.now();
  await page.click('#ident-study');
  await page.waitForSelector('#ident-run-error button.run-anyway', { timeout: 10_000 });
  assert.ok(Date.now() - t0 < 10_000, 'refused before any run');
  assert.equal(await page.getAttribute('#ident-status', 'data-state'), 'error');
  assert.match(await page.textContent('#ident-status'), /study's work is above the limit/);
  assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('run-anyway')), true);
  const message = (await page.textContent('#ident-run-error')).replace(/Run anyway$/, '');
  assert.match(message, /^A study of 300 identifications .* raise the work limit/i);
  assert.deepEqual(longNumbers(message), [], message);
  assert.equal(await page.textContent('#ident-study-progress'), '', 'no run started');
  await page.fill('#ident-study-runs', '3');
  // A good run clears it.
  assert.equal(await identifyOnPage(page, { system: 'msd', h: 0.1, n: 1000, snr: 40, seed: 1, methods: ['equation-error'] }), 'ok');
  assert.equal(await page.textContent('#ident-run-error'), '');
});

test('Identify: the work guard’s refusal beside the button, rounded, with the focus on “Run anyway”', async () => {
  // A 16-DOF chain, 200 000 samples, auto: about 1.2e12 flop-equivalents, above the guard's 5e11 (100 s).
  const state = await identifyOnPage(page, { system: 'chain16', h: 0.05, n: 200000, snr: 40, seed: 1, methods: ['auto'] });
  assert.equal(state, 'error', await page.textContent('#ident-status'));
  const button = await page.$('#ident-run-error button.run-anyway');
  assert.ok(button, `no Run anyway: ${await page.textContent('#ident-run-error')}`);
  assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('run-anyway')), true,
    `the focus is on ${await page.evaluate(() => `${document.activeElement?.tagName}#${document.activeElement?.id}`)}`);
  assert.ok(await button.isVisible());
  const message = (await page.textContent('#ident-run-error')).replace(/Run anyway$/, '');
  assert.deepEqual(longNumbers(message), [], message);
  // The core names the limit maxWork (its API name); the page says its own words, the CLI's never.
  assert.match(message, /raise the work limit/);
  assert.doesNotMatch(message, /maxWork|--max-work/);
  // Not pressed: it would run for minutes. A good run clears it.
  assert.equal(await identifyOnPage(page, { system: 'msd', h: 0.1, n: 1000, snr: 40, seed: 1, methods: ['equation-error'] }), 'ok');
  assert.equal(await page.textContent('#ident-run-error'), '');
});
