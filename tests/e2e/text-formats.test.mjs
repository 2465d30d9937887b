// Browser test of the text dialects in the Data step: each file is dropped on the page's CSV
// input while a watchdog times a round trip to the page every 200 ms; the page must answer each
// within 2 s (a CSV with a units row, or text in the time column's first row, used to leave the
// tab at 99 % CPU on "Reading…": uPlot's tick loop on an x axis starting with NaN).
// Run: node --test tests/e2e/text-formats.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STALL_MS, checkOnly, chooseCsv, openBrowser, runCsv, withWatchdog } from './browser.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-text-e2e-'));
let browser;
let page;

before(async () => {
  browser = await openBrowser();
  page = browser.page;
});

after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

// A 12-line file: ECP-like columns with a second line of units (read as units), or text in the
// first time cell (refused, naming its line and column).
const rows = Array.from({ length: 10 }, (_, i) => `${(i * 0.01).toFixed(2)},${i % 2},${i * 3},${-i}`).join('\n');
const FREEZERS = {
  'units_small.csv': `t,u1,q1,q2\ns,V,counts,counts\n${rows}\n`,
  'text_t_first.csv': `t,u1,q1,q2\ns,0,0,0\n${rows}\n`,
};

for (const [name, text] of Object.entries(FREEZERS)) {
  test(`${name}: the page keeps answering while it is read and previewed`, async () => {
    const path = join(dir, name);
    writeFileSync(path, text);
    const longest = await withWatchdog(page, () => Promise.race([
      chooseCsv(page, path),
      new Promise((_, reject) => setTimeout(() => reject(new Error('not read within 20 s')), 20_000)),
    ]));
    assert.ok(longest < STALL_MS, `longest round trip ${longest} ms`);
    if (name === 'text_t_first.csv') {
      // The whole file is read when chosen: its text cell is refused at once, naming the line and the column.
      assert.equal(await page.textContent('#csv-file-error'), `${name}: line 2, column t "s" is not a number`);
      return;
    }
    assert.match(await page.textContent('#csv-status'), /4 columns/);
    if (name === 'units_small.csv') assert.match(await page.textContent('#csv-status'), /Units: t s, u1 V, q1 counts, q2 counts\./);
    // The preview plots the 10 rows with a numeric time (the units row has none).
    await page.selectOption('#csv-time', 't');
    assert.equal(await page.getAttribute('#csv-preview-plot', 'data-points'), '10');
  });
}

// Each dialect's fixture (tests/fixtures/formats/): the channels the Data step lists, by name.
const fixtures = new URL('../fixtures/formats/', import.meta.url).pathname;
const SHOWN = [
  ['text/ecp_raw.txt', ['Sample', 'Time', 'Commanded Pos', 'Encoder 1 Pos', 'Encoder 2 Pos', 'Control Effort']],
  ['text/units_row.csv', ['t', 'u1', 'q1', 'q2']],
  ['text/semicolon_comma.csv', ['Zeit', 'Kraft', 'Weg']],
  ['text/tab.tsv', ['t', 'u1', 'q1']],
  ['text/spaces.txt', ['column 1', 'column 2', 'column 3']],
  ['text/comments.csv', ['t', 'u1', 'q1']],
  ['text/phone.csv', ['Time', 'Acceleration x', 'Acceleration y', 'Acceleration z', 'Absolute acceleration']],
  ['lvm/short.lvm', ['Excitation (Trigger)', 'Response (Trigger)']],
  ['lvm/with_comments.lvm', ['Time', 'Pressão ABS. (MPa)', 'Temperatura (°C)', 'Volume (ml)']],
];

for (const [file, channels] of SHOWN) {
  test(`${file}: dropped in the Data step, its channels listed by name, the page answering throughout`, async () => {
    const longest = await withWatchdog(page, () => chooseCsv(page, fixtures + file));
    assert.ok(longest < STALL_MS, `longest round trip ${longest} ms`);
    assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ready', await page.textContent('#csv-status'));
    const listed = await page.$$eval('input[name="csv-input"]', (boxes) => boxes.map((b) => b.parentElement.textContent.trim()));
    assert.deepEqual(listed, channels);
  });
}

test('a CSV with comment lines, which the CSV reader refuses, is identified in the page (the text reader\'s dataset), its notes shown', async () => {
  await chooseCsv(page, `${fixtures}text/comments.csv`);
  await checkOnly(page, 'input[name="csv-method"]', ['variational']);
  await withWatchdog(page, () => runCsv(page));
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ok', await page.textContent('#csv-status'));
  assert.match(await page.textContent('#csv-status'), /200 samples/);
  assert.match(await page.textContent('#csv-status'), /2 comment lines \(# % \/\/\) skipped; 1 comment line among the rows skipped; time is printed to 0\.0001 s/);
});

test('the watchdog sees a frozen page (so the tests above cannot pass vacuously): one task of 3 s is reported', async () => {
  const freeze = () => page.evaluate(() => new Promise((resolve) => setTimeout(() => {
    const end = performance.now() + 3000;
    while (performance.now() < end);
    resolve();
  }, 300)));
  await assert.rejects(withWatchdog(page, freeze), /^Error: the page ran one task for 3\d{3} ms$/);
});
