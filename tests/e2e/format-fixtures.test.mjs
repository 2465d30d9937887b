// Browser test of every reader's fixtures (tests/fixtures/formats/*/, issue 49) in the Data step:
// each file with an extension the page accepts is chosen while a watchdog makes a round trip to
// the page every 200 ms, and the page must never stop answering for 2 s; a file the CLI's reader
// (wasm/record.js readRecording) reads shows a summary listing the channels `mechid inspect`
// lists (text files too: text is the last reader), and a file it refuses shows the same refusal
// under the file input. The fixtures are the readers' own: this test grows as their branches merge. A
// universal file written here keeps it from passing on no file at all.
// Run: node --test tests/e2e/format-fixtures.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { writeUff58 } from '../../wasm/uff-write.js';
import { inspectRecording } from '../../wasm/recording.js';
import { readRecording } from '../../wasm/record.js';
import { STALL_MS, chooseCsv, openReadyBrowser, withWatchdog } from './browser.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
const FIXTURES = join(ROOT, 'tests/fixtures/formats');
const ACCEPTED = ['.csv', '.txt', '.tsv', '.dat', '.lvm', '.uff', '.unv', '.mat', '.wav', '.tdms'];
const dir = mkdtempSync(join(tmpdir(), 'mechid-fixtures-e2e-'));
let browser;
let page;

before(async () => {
  browser = await openReadyBrowser();
  page = browser.page;
});

after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

// A universal file of two channels (a force and a displacement, 200 samples).
function generatedUff() {
  const n = 200;
  const wave = (f) => ({ rows: n, cols: 1, data: Float64Array.from({ length: n }, (_, k) => Math.sin(f * k)) });
  const path = join(dir, 'generated.uff');
  writeFileSync(path, writeUff58({ kind: 'time', h: 0.01, u: wave(0.3), y: wave(0.1) }, { binary: true }));
  return path;
}

// The summary table's caption and channel names as shown.
const shownSummary = () => page.$eval('#csv-summary-table', (t) => ({
  caption: t.caption?.textContent ?? '',
  rows: [...t.tBodies[0]?.rows ?? []].map((r) => [...r.cells].map((c) => c.textContent)),
}));

// Every file of the fixtures' folders (recursively) with an extension the page accepts.
function fixtureFiles(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return fixtureFiles(path);
    return ACCEPTED.includes(extname(name).toLowerCase()) ? [path] : [];
  });
}

// What the CLI's reader makes of a file (text included): {channels: names} (inspect's), or
// {message} (its refusal).
async function cliReading(path) {
  try {
    const recording = await readRecording(new Uint8Array(readFileSync(path)), basename(path));
    return { channels: inspectRecording(recording).channels.map((c) => c.name) };
  } catch (e) {
    return { message: e.message };
  }
}

test('every fixture of tests/fixtures/formats: a summary (or the reader\'s message), and the page never stops answering for 2 s', async () => {
  const files = [...fixtureFiles(FIXTURES), generatedUff()];
  console.log(`# ${files.length} files`);
  for (const path of files) {
    const expected = await cliReading(path);
    const longest = await withWatchdog(page, () => chooseCsv(page, path));  // rejects when the page stops answering
    const name = basename(path);
    assert.ok(longest < STALL_MS, `${name}: the page did not answer for ${longest} ms`);
    const state = await page.getAttribute('#csv-status', 'data-state');
    const error = await page.textContent('#csv-file-error');
    if (expected?.message) {
      // The same refusal, up to what the host adds in parentheses (the page rounds long decimals).
      const head = (text) => text.replace(/-?\d+(?:\.\d+)?(?:e[+-]?\d+)?/gi, '#').split(' (')[0];
      assert.equal(head(error), head(expected.message), `${name}: the page says ${error}`);
      assert.equal(state, 'error', `${name}: ${state}`);
    } else {
      assert.equal(error, '', `${name}: ${error}`);
      const { caption, rows } = await shownSummary();
      assert.ok(caption.startsWith(`${name}: `), `${name}: no summary (caption ${caption})`);
      assert.deepEqual(rows.map((r) => r[0].replace(/ \(complex: \|x\|\)$/, '')), expected.channels.slice(0, 200), name);
    }
  }
  assert.deepEqual(browser.problems, []);
});
