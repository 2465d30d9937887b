// Browser test of a large measurement file (web/views/csv/csv-import.js, wasm/csv.js parseDatasetFile):
// a CSV of more than 50 MB is streamed through PapaParse in the worker in 2 MiB chunks, with a
// progress bar, and identified; the estimate of m matches the simulated msd (m = 15).
// Run: node --test tests/e2e/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMechidNode } from '../../wasm/node.js';
import { checkOnly, foreignRequests, openBrowser } from './browser.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-large-csv-'));
const file = join(dir, 'msd-large.csv');
const N = 280_000;
let browser;
let page;

// msd, h = 0.05, PRBS held, SNR 30 dB, seed 3; eight extra columns the mapping leaves out
// (they are still checked as numbers) bring the file above 50 MB.
async function writeLargeCsv() {
  const mechid = await loadMechidNode();
  const sim = mechid.simulate(mechid.preset('msd'), { h: 0.05, n: N, snr: 30, seed: 3 });
  const out = createWriteStream(file);
  out.write(`t,u1,q1,${Array.from({ length: 8 }, (_, k) => `extra${k + 1}`).join(',')}\n`);
  let block = '';
  for (let i = 0; i < N; i++) {
    const extras = Array.from({ length: 8 }, (_, k) => (Math.sin(i * (k + 1)) * 1e3).toPrecision(17)).join(',');
    block += `${sim.t[i]},${sim.u.data[i]},${sim.q.data[i]},${extras}\n`;
    if (block.length > 1 << 20) {
      if (!out.write(block)) await once(out, 'drain');
      block = '';
    }
  }
  out.end(block);
  await once(out, 'finish');
}

before(async () => {
  await writeLargeCsv();
  browser = await openBrowser();
  page = browser.page;
});

after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a CSV above 50 MB is read in chunks with progress, and identified', async () => {
  const bytes = statSync(file).size;
  assert.ok(bytes > 50e6, `the file has only ${bytes} bytes`);
  await page.setInputFiles('#csv-file', file);
  await page.waitForFunction(() => document.getElementById('csv-status').dataset.state === 'ready', null, { timeout: 30_000 });
  await checkOnly(page, '#csv-form input[name="csv-method"]', ['variational']);
  await page.selectOption('#csv-sampling', 'hold');
  const t0 = Date.now();
  await page.click('#csv-run');
  await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('csv-status').dataset.state), null, { timeout: 120_000 });
  const seconds = (Date.now() - t0) / 1000;
  const status = await page.textContent('#csv-status');
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ok', `${status} / ${await page.textContent('#csv-file-error')}`);
  assert.match(status, new RegExp(`^msd-large\\.csv: ${N} samples, h = 0\\.05`));
  // One update per 2 MiB chunk (at least 24 for 50 MB) and one per method.
  const updates = Number(await page.getAttribute('#csv-progress', 'data-updates'));
  assert.ok(updates >= Math.floor(bytes / 2 ** 21) + 1, `${updates} progress updates for ${bytes} bytes`);
  assert.ok(await page.isHidden('#csv-progress'), 'the progress bar stays after the end');
  const m = Number(await page.textContent('#csv-M-variational td'));
  assert.ok(Math.abs(m - 15) / 15 < 0.01, `m = ${m}`);
  console.log(`# ${(bytes / 1e6).toFixed(1)} MB, ${N} rows: read and identified in ${seconds.toFixed(1)} s, ${updates} progress updates`);
});

test('no request left 127.0.0.1 and nothing went to the console', () => {
  assert.deepEqual(foreignRequests(browser.requests), []);
  assert.deepEqual(browser.problems, []);
});
