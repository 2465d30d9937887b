// The page's cases of the reliability probe (issue 56, tests/fixtures/probe/corpus.mjs): every file
// of the CLI corpus chosen in the Data step while a watchdog makes a round trip to the page every
// 200 ms (browser.mjs withWatchdog: the test fails when the page stops answering for 2 s); each is
// read (a units row too, which froze the tab before) or refused under the file input with a line
// naming the file. Then the custom-structure field with JSON nested 5,000 deep (it overflowed the
// stack when the form was posted to the worker; now refused next to the field), and result files
// whose matrices are not matrices (a raw TypeError before). The saved-analysis, reload, 600×600 and
// sign-flip cases are hardening.test.mjs's.
// Run: node --test tests/e2e/probe-page.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMechidNode } from '../../wasm/node.js';
import { writeCorpus } from '../fixtures/probe/corpus.mjs';
import { STALL_MS, checkOnly, chooseCsv, openReadyBrowser, openStep, runCsv, withWatchdog } from './browser.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-probe-e2e-'));
let browser;
let page;

before(async () => {
  await writeCorpus(dir, await loadMechidNode());
  browser = await openReadyBrowser();
  page = browser.page;
});

after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('every data file of the probe corpus: read or refused naming the file, and the page never stops answering for 2 s', async () => {
  const files = readdirSync(dir).filter((n) => /\.(csv|uff)$/.test(n)).sort();
  assert.ok(files.length >= 50, `${files.length} files`);
  for (const name of files) {
    const longest = await withWatchdog(page, () => chooseCsv(page, join(dir, name)));
    assert.ok(longest < STALL_MS, `${name}: the page did not answer for ${longest} ms`);
    const state = await page.getAttribute('#csv-status', 'data-state');
    const error = await page.textContent('#csv-file-error');
    assert.ok(state === 'ready' || (state === 'error' && error.includes(name)), `${name}: ${state}: ${error}`);
    assert.doesNotMatch(error, /internal|Cannot read properties|Maximum call stack|a bug in mechid/, name);
    if (name === 'run-units-row.csv') assert.equal(state, 'ready', `${name}: ${error}`);
  }
  assert.deepEqual(browser.problems, []);
});

test('the custom structure nested 5,000 deep is refused next to the field, the page answering; the inputs are kept', async () => {
  await chooseCsv(page, join(dir, 'base.csv'));
  await checkOnly(page, 'input[name="csv-method"]', ['auto']);
  await openStep(page, '#csv-structure');
  await page.selectOption('#csv-structure', 'custom');
  const deep = `{"M":${'['.repeat(5000)}1${']'.repeat(5000)}}`;
  await page.fill('#csv-structure-json', deep);
  const longest = await withWatchdog(page, () => runCsv(page));
  assert.ok(longest < STALL_MS, `the page did not answer for ${longest} ms`);
  assert.match(await page.textContent('#csv-structure-error'), /^Structure JSON nests 5001 levels deep; .*at most 4 levels/);
  assert.equal(await page.getAttribute('#csv-structure-json', 'aria-invalid'), 'true');
  assert.equal((await page.inputValue('#csv-structure-json')).length, deep.length, 'the JSON typed is kept');
  // A key given twice: JSON keeps the last; refused, naming it.
  await page.fill('#csv-structure-json', '{"M": "diagonal", "M": "full"}');
  await runCsv(page);
  assert.match(await page.textContent('#csv-structure-error'), /^Structure JSON gives "M" twice: give each matrix once/);
  await page.selectOption('#csv-structure', 'full');
  assert.deepEqual(browser.problems, []);
});

test('a result file whose matrices are not matrices is refused with one line naming the file, not a TypeError', async () => {
  const path = join(dir, 'odd-result.json');
  writeFileSync(path, JSON.stringify([{ method: '<img src=x onerror=alert(1)>', status: 'ok', M: 'x', D: { rows: 1 }, K: null }]));
  await openStep(page, '#saved-open');
  const longest = await withWatchdog(page, async () => {
    await page.setInputFiles('#saved-open', path);
    await page.waitForFunction(() => document.getElementById('saved-open-error').textContent !== '');
  });
  assert.ok(longest < STALL_MS);
  const message = await page.textContent('#saved-open-error');
  assert.match(message, /^odd-result\.json: /);
  assert.doesNotMatch(message, /Cannot read properties|undefined/);
  assert.ok(message.length < 300, message);
  assert.equal(await page.$('img[src="x"]'), null);
});
