// Browser test of issue 18 item 4, "messages where the eye is": every file of the bad-CSV corpus
// (tests/data/bad) goes through the page's CSV import, and its message must be visible, next to
// the control it is about, styled as an error, with the focus on it or its control, and with no
// number of more than 4 significant digits; the Identify flow's field errors likewise, and a run
// whose methods all warn leaves its status line amber, not green.
// Run: node --test tests/e2e/messages.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chooseCsv, identifyOnPage, openReadyBrowser, openStep, runCsv } from './browser.mjs';

const corpus = new URL('../data/bad/', import.meta.url).pathname;
const ERROR_COLOUR = 'rgb(180, 35, 24)';   // style.css --error
const OK_COLOUR = 'rgb(26, 127, 55)';      // style.css --ok
// A message is "next to" its control when the nearest fieldset around the message holds the
// control, or else (a button row) when the message starts within this many pixels below it.
const NEAR_PX = 80;

let browser;
let page;

before(async () => {
  browser = await openReadyBrowser();
  page = browser.page;
});

after(async () => {
  await browser?.close();
});

/**
 * Where the page shows its error: the non-empty visible .field-error of the section `scope`, the
 * control whose aria-describedby names it, and how they sit; null when no message is shown.
 */
const placement = (scope) => page.evaluate((scopeSel) => {
  const shown = [...document.querySelectorAll(`${scopeSel} .field-error`)]
    .filter((p) => p.textContent.trim() !== '' && p.getClientRects().length > 0);
  if (shown.length === 0) return null;
  const message = shown[0];
  const control = [...document.querySelectorAll('[aria-describedby]')]
    .find((c) => c.getAttribute('aria-describedby').split(/\s+/).includes(message.id));
  const m = message.getBoundingClientRect();
  const c = control?.getBoundingClientRect();
  const style = getComputedStyle(message);
  const active = document.activeElement;
  return {
    id: message.id,
    text: message.textContent,
    count: shown.length,
    control: control ? `${control.tagName.toLowerCase()}#${control.id || control.name}` : null,
    sameFieldset: Boolean(control && message.closest('fieldset')?.contains(control)),
    gap: c ? m.top - c.bottom : null,
    inView: m.bottom > 0 && m.top < window.innerHeight,
    colour: style.color,
    focused: active === message || (control !== undefined && active === control),
    focus: `${active?.tagName.toLowerCase()}#${active?.id}`,
  };
}, scope);

// The decimal numbers of a text (integers, such as line numbers, are left out) with more than
// `max` significant digits. Quoted text ("0,5", a cell) is the user's own and is left out too.
function longNumbers(text, max = 4) {
  const unquoted = text.replace(/"[^"]*"/g, '""');
  return (unquoted.match(/\d*\.\d+(?:e[+-]?\d+)?/gi) ?? []).filter((x) => {
    const mantissa = x.split(/e/i)[0].replace('.', '').replace(/^0+/, '');
    return mantissa.length > max;
  });
}

// The problems of one placement, as text (empty when all is well).
function problemsOf(where) {
  if (!where) return ['no message shown'];
  const out = [];
  if (!where.control) out.push(`no control points to #${where.id} (aria-describedby)`);
  else if (!where.sameFieldset && !(where.gap >= -4 && where.gap <= NEAR_PX)) out.push(`#${where.id} is ${where.gap} px from ${where.control}`);
  if (!where.inView) out.push(`#${where.id} is outside the window`);
  if (where.colour !== ERROR_COLOUR) out.push(`colour ${where.colour}`);
  if (!where.focused) out.push(`focus on ${where.focus}, not on #${where.id} or ${where.control}`);
  const long = longNumbers(where.text);
  if (long.length) out.push(`long numbers ${long.join(', ')}`);
  return out;
}

test('every file of the bad-CSV corpus: its message next to its control, red, focused, 4 significant digits at most', async () => {
  const expected = JSON.parse(readFileSync(join(corpus, 'expected.json'), 'utf8'));
  const wrong = [];
  for (const name of Object.keys(expected)) {
    await chooseCsv(page, join(corpus, name));
    if (await page.getAttribute('#csv-status', 'data-state') === 'ready') {
      await openStep(page, '#csv-form');
      for (const method of ['auto', 'n4sid-d2c', 'equation-error', 'inverse-dynamic']) await page.uncheck(`input[name="csv-method"][value="${method}"]`);
      await page.check('input[name="csv-method"][value="variational"]');
      await runCsv(page);
    }
    const where = await placement('#csv');
    const problems = problemsOf(where);
    if (await page.getAttribute('#csv-status', 'data-state') !== 'error') problems.push('status not error');
    // The status line carries the message itself or says where it is: never a message "above".
    if (/message is above/.test(await page.textContent('#csv-status'))) problems.push('status says "the message is above"');
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
