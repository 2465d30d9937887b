// Browser test of the page's two layers of explanation (issue 18 item 2): every hint and caption
// is first one plain sentence a student understands; the precise statement with its references
// (thesis equations, sections, figures, the LMIs, the source papers' numbers) sits behind a
// <details> disclosure, closed on load. The page is read as shown after load, so that texts set
// by web/views/*.js (the κ(h) section's, filled on load) are read too.
// Run: node --test tests/e2e/texts.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { foreignRequests, openReadyBrowser } from './browser.mjs';

// A reference to a numbered place in the thesis or a source paper: "eq. 2.22", "eqs. 3.28",
// "sec. 5.2.1", "ch. 5", "Figs. 5.2", "LMI", "thesis", "Bruschetta 2011", "Remark 2", "Theorem 3.3.1",
// "Algorithm 1", "Table 1", "Karimov et al. 2021", "(3.36)".
const REFERENCE = /\beqs?\.|\bsecs?\.|\bch\.\s*\d|\bFigs?\.|\bLMI\b|thesis|\bBruschetta\b|\bRemark\b|\bTheorem\b|\bAlgorithm\b|\bTable \d|\bet al\.|\(\d\.\d\d?\)/i;

// The explanatory texts: hints, figure captions, the lesson's caption, the header.
const EXPLANATIONS = '.hint, figcaption, #lesson-caption, header p';

let browser;
let page;

before(async () => {
  browser = await openReadyBrowser();
  page = browser.page;
  // The κ(h) section writes its hints on load.
  await page.waitForFunction(() => document.getElementById('cond-amplification').textContent
    && document.getElementById('cond-kappa-detail').textContent, null, { timeout: 30_000 });
});

after(async () => {
  await browser?.close();
});

test('the regex finds the references it is meant to find, and not plain words', () => {
  for (const text of ['(eq. 2.22)', 'eqs. 3.28, 3.33', 'thesis sec. 5.2.1', 'Bruschetta 2011', 'Figs. 5.2–5.5', 'LMI 3.42', 'Remark 2',
    'Theorem 3.3.1', 'Algorithm 1', 'Table 1', 'Karimov et al. 2021', 'formula (3.36)', 'ch. 5']) {
    assert.match(text, REFERENCE, text);
  }
  for (const text of ['The seed makes the noise repeatable.', 'the fastest mode several times per swing',
    'h well below 1/f', 'in the table below', 'each with ± 95 % intervals (1.24 s to 3.24 s)']) {
    assert.doesNotMatch(text, REFERENCE, text);
  }
});

test('no hint or caption shows a reference outside a <details> (the precise layer)', async () => {
  const found = await page.evaluate(({ selector, source }) => {
    const reference = new RegExp(source, 'i');
    const out = [];
    for (const e of document.querySelectorAll(selector)) {
      if (e.closest('details')) continue;
      const plain = e.cloneNode(true);
      for (const d of plain.querySelectorAll('details')) d.remove();
      const text = plain.textContent.replace(/\s+/g, ' ').trim();
      const match = text.match(reference);
      if (match) out.push(`${e.id ? `#${e.id}` : e.tagName.toLowerCase()} in #${e.closest('[id]')?.id}: “${match[0]}” in “${text.slice(0, 90)}…”`);
    }
    return out;
  }, { selector: EXPLANATIONS, source: REFERENCE.source });
  assert.deepEqual(found, []);
});

test('each precise layer has a named summary, holds a statement, and is closed on load', async () => {
  const layers = await page.$$eval('details.precise', (ds) => ds.map((d) => ({
    where: d.closest('[id]')?.id,
    summary: d.querySelector(':scope > summary')?.textContent.trim() ?? '',
    body: d.textContent.length - (d.querySelector(':scope > summary')?.textContent.length ?? 0),
    open: d.open,
  })));
  assert.ok(layers.length >= 20, `${layers.length} precise layers`);
  for (const l of layers) {
    assert.ok(l.summary, `a precise layer in #${l.where} has no summary`);
    assert.ok(l.body > 40, `the precise layer in #${l.where} is empty`);
    assert.equal(l.open, false, `the precise layer in #${l.where} is open on load`);
  }
});

test('no request left 127.0.0.1 and nothing went to the console', () => {
  assert.deepEqual(foreignRequests(browser.requests), []);
  assert.deepEqual(browser.problems, []);
});
