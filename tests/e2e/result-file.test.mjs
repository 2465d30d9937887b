// Browser test of issue 18 item 6, "open what you saved": a result exported with "Export results
// (JSON)" (a Playwright download) is opened again with "Open a result file" in Saved analyses and
// shows the same numbers; a file that is not such a result gets one message naming what is wrong
// next to the file input, and nothing of its content becomes HTML.
// Run: node --test tests/e2e/result-file.test.mjs
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { foreignRequests, identifyOnPage, withReadyBrowser, openStep } from './browser.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-result-file-'));
let browser;
let page;

withReadyBrowser((b) => {
  browser = b;
  page = b.page;
});

after(() => {
  rmSync(dir, { recursive: true, force: true });
});

const cells = (selector) => page.$$eval(selector, (tds) => tds.map((td) => td.textContent));
const METHODS = ['auto', 'n4sid-d2c'];

// Chooses `path` in the Saved analyses' file input and waits until it is read.
async function open(path) {
  await openStep(page, '#saved-open');
  await page.setInputFiles('#saved-open', path);
  await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('saved-status').dataset.state));
}

test('an exported result JSON reopens in the page with the same numbers', async () => {
  assert.equal(await identifyOnPage(page, { system: 'msd', h: 0.1, n: 1000, snr: 30, seed: 2, methods: METHODS }), 'ok');
  const shown = {};
  for (const m of METHODS) {
    for (const key of ['M', 'D', 'K']) shown[`${key}-${m}`] = await cells(`#ident-${key}-${m} td`);
    shown[`fit-${m}`] = await page.textContent(`#ident-fit-${m}`);
    shown[`status-${m}`] = await page.textContent(`#ident-status-${m}`);
  }
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#ident-export-json')]);
  const file = join(dir, download.suggestedFilename());
  await download.saveAs(file);

  await open(file);
  assert.equal(await page.getAttribute('#saved-status', 'data-state'), 'ok', await page.textContent('#saved-open-error'));
  assert.match(await page.textContent('#saved-status'), /^Opened msd-.*-mechid\.json: 2 results \(auto, n4sid-d2c\)\.$/);
  for (const m of METHODS) {
    for (const key of ['M', 'D', 'K']) assert.deepEqual(await cells(`#saved-${key}-${m} td`), shown[`${key}-${m}`], `${key} of ${m}`);
    assert.equal(await page.textContent(`#saved-fit-${m}`), shown[`fit-${m}`], `fit of ${m}`);
    assert.equal(await page.textContent(`#saved-status-${m}`), shown[`status-${m}`], `status of ${m}`);
  }
  assert.ok((await cells('#saved-M-auto td'))[0].includes('±'), 'the intervals come back too');
  assert.equal(await page.textContent('#saved-open-error'), '');
});

test('a malformed file: one message naming what is wrong, next to the file input, focused, as text only', async () => {
  const cases = [
    ['broken.json', '[{"method": "auto", "status": "ok", ', /^broken\.json: not valid JSON \(/],
    ['object.json', '{"hello": 1}', /^object\.json: not a result file of “Export results \(JSON\)”: expected a list of results, one per method$/],
    ['empty-list.json', '[]', /^empty-list\.json: the file holds no result$/],
    ['no-k.json', '[{"method": "auto", "status": "ok", "M": [[1]], "D": [[0.1]]}]', /^no-k\.json: result 1 \(auto\): matrix K is missing$/],
    ['sizes.json', '[{"method": "auto", "status": "ok", "M": [[1]], "D": [[0.1]], "K": [[1, 0], [0, 1]]}]', /^sizes\.json: result 1 \(auto\): matrix K is 2×2, expected 1×1 as M$/],
    // A method name that is an HTML payload stays text.
    ['evil.json', '[{"method": "<img src=x onerror=\\"window.__pwned=1\\">", "status": "ok", "M": [[1]], "D": [["x"]], "K": [[1]]}]',
      /^evil\.json: result 1 \(<img src=x onerror="window\.__pwned=1">\): matrix D row 1, column 1 is not a finite number: "x"$/],
  ];
  const before = await page.$$eval('#saved-results [data-method]', (cols) => cols.length);
  for (const [name, text, message] of cases) {
    const path = join(dir, name);
    writeFileSync(path, text);
    await open(path);
    assert.equal(await page.getAttribute('#saved-status', 'data-state'), 'error', name);
    const error = await page.textContent('#saved-open-error');
    assert.match(error, message, name);
    const where = await page.evaluate(() => {
      const input = document.getElementById('saved-open');
      const message = document.getElementById('saved-open-error');
      return {
        describedBy: input.getAttribute('aria-describedby'),
        invalid: input.getAttribute('aria-invalid'),
        focused: document.activeElement === input || document.activeElement === message,
        gap: message.getBoundingClientRect().top - input.getBoundingClientRect().bottom,
        colour: getComputedStyle(message).color,
      };
    });
    assert.deepEqual(where.describedBy.split(' ').includes('saved-open-error'), true, name);
    assert.equal(where.invalid, 'true', name);
    assert.ok(where.focused, `${name}: the focus is on the file input or its message`);
    assert.ok(where.gap >= -4 && where.gap <= 40, `${name}: the message is ${where.gap} px below the input`);
    assert.equal(where.colour, 'rgb(180, 35, 24)', `${name}: styled as an error`);
  }
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.equal(await page.$('#saved img'), null, 'no element made from the file');
  assert.equal(await page.$$eval('#saved-results [data-method]', (cols) => cols.length), before, 'what was shown stays');
  assert.deepEqual(foreignRequests(browser.requests), []);
  assert.deepEqual(browser.problems, [], 'no console error, page error or CSP violation');
});
