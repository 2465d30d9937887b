// Browser test of issue 56's messages in the page's words: a refusal of the core about a modes
// option names it as the API does ("modes: freq_tol must be positive, got -0.01": a core name and
// the fraction the page sent for the percentage typed). The page says it in its own words, next to
// the field: the field's label and the value as typed ("Frequency tolerance (%) must be positive,
// got -1"), that field alone marked and focused, the status line in the same words. The option is
// found by the CLI's table of spellings (wasm/option-words.js), so these are the words the CLI
// turns into --freq-tol.
// Run: node --test tests/e2e/modes-words.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMechidNode } from '../../wasm/node.js';
import { simulationToCsv } from '../../wasm/api.js';
import { chooseCsv, openReadyBrowser, openStep } from './browser.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-modes-words-e2e-'));
let browser;
let page;

before(async () => {
  browser = await openReadyBrowser();
  page = browser.page;
  const mechid = await loadMechidNode();
  const csv = join(dir, 'msd-modes.csv');
  writeFileSync(csv, simulationToCsv(mechid.simulate(mechid.preset('msd'), { h: 0.1, n: 4000, input: 'prbs', seed: 1 })));
  await chooseCsv(page, csv);
  await page.waitForFunction(() => !document.getElementById('modes-run').disabled);
});

after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

// Fills the fields {id: text} (the band 0.01–0.2 Hz first), presses "Find the modes" and waits for
// its end; resolves with what the page shows: the message next to the field, the marked fields,
// the focused one and the status line.
async function tryModes(values) {
  for (const [id, text] of Object.entries({ 'modes-band-lo': '0.01', 'modes-band-hi': '0.2', ...values })) {
    await openStep(page, `#${id}`);
    await page.fill(`#${id}`, text);
  }
  await openStep(page, '#modes-run');
  await page.$eval('#modes-status', (s) => { s.dataset.state = 'test-pressed'; });
  await page.click('#modes-run');
  await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('modes-status').dataset.state)
    && !document.getElementById('modes-run').disabled, null, { timeout: 60_000 });
  return page.evaluate((field) => ({
    state: document.getElementById('modes-status').dataset.state,
    status: document.getElementById('modes-status').textContent,
    marked: [...document.querySelectorAll('#modes-form [aria-invalid="true"]')].map((e) => e.id),
    focused: document.activeElement?.id,
    describedBy: document.getElementById(field).getAttribute('aria-describedby'),
    messages: Object.fromEntries([...document.querySelectorAll('#modes-form .field-error')].filter((e) => e.textContent).map((e) => [e.id, e.textContent])),
  }), Object.keys(values)[0]);
}

const CASES = [
  // [field, typed, its label, the rest of the message, the other fields set back]
  ['modes-freq-tol', '-1', 'Frequency tolerance (%)', 'must be positive, got -1', { 'modes-freq-tol': '2' }],
  ['modes-damping-tol', '0', 'Damping tolerance (%)', 'must be positive, got 0', { 'modes-damping-tol': '5' }],
  ['modes-mac-min', '2', 'Shape MAC at least', 'must be in (0, 1], got 2', { 'modes-mac-min': '0.9' }],
  ['modes-min-stable', '0', 'Stable over at least (orders)', 'must be at least 1, got 0', { 'modes-min-stable': '3' }],
  ['modes-max-order', '1000', 'Highest model order', 'must be in 2 … 400, got 1000', { 'modes-max-order': '20' }],
];

for (const [id, typed, label, rest, restore] of CASES) {
  test(`modes: ${id} = ${typed} is refused in the page's words, next to that field`, async () => {
    let shown;
    try {
      shown = await tryModes({ [id]: typed });
    } finally {
      for (const [field, text] of Object.entries(restore)) await page.fill(`#${field}`, text);
    }
    const expected = `${label} ${rest}`;
    assert.equal(shown.state, 'error', shown.status);
    assert.deepEqual(Object.values(shown.messages), [expected], `the message next to the field: ${JSON.stringify(shown.messages)}`);
    assert.ok(shown.status.includes(expected), `the status line: ${shown.status}`);
    assert.doesNotMatch(`${Object.values(shown.messages)} ${shown.status}`, /freq_tol|damping_tol|mac_min|min_stable_orders|max_order|modes: /);
    assert.deepEqual(shown.marked, [id], 'that field alone is marked');
    assert.equal(shown.focused, id, 'the focus is on that field');
    assert.ok(Object.keys(shown.messages).every((m) => shown.describedBy?.split(' ').includes(m)), `aria-describedby ${shown.describedBy}`);
  });
}
