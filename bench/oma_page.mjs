// Output-only modal analysis in the page (issue 51, item 5: 16 channels × 10⁶ samples, SSI-cov, 40
// block rows, orders to 80, in at most 5 s in the page), `node bench/run.mjs oma_page` (~1 min):
// the chain16 preset's displacements under a PRBS force on every mass (40 dB, seed 3, sampled at
// 200 Hz, about five times its fastest mode) written as a CSV of t, q1…q16 in counts (whole
// numbers, as a converter gives them), chosen in "Your measurements" of the page in headless
// Chromium and sent to output-only modal analysis by the section's route, its request given
// blockRows 40 and maxOrder 80 (the page's form has neither). Timed in the page from the click:
// the worker reading the file (to its progress message of phase 'oma'), then the analysis (to the
// result).
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chooseCsv, openReadyBrowser, withNextRequestOptions } from '../tests/e2e/browser.mjs';
import { loadMechidNode } from '../wasm/node.js';

const N = 1_000_000, RATE = 200, CHANNELS = 16;

// Writes the record's CSV at `path`: each channel scaled to ±30000 counts at its largest value.
async function writeRecord(path) {
  const mechid = await loadMechidNode();
  const sim = mechid.simulate(mechid.preset('chain16'), { h: 1 / RATE, n: N, snr: 40, seed: 3 });
  const { data } = sim.q;  // row-major N × 16
  const scale = new Float64Array(CHANNELS);
  for (let i = 0; i < data.length; i++) scale[i % CHANNELS] = Math.max(scale[i % CHANNELS], Math.abs(data[i]));
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, `t,${Array.from({ length: CHANNELS }, (_, j) => `q${j + 1}`).join(',')}\n`);
    const lines = [];
    for (let i = 0; i < N; i++) {
      const row = [(i / RATE).toFixed(3)];
      for (let j = 0; j < CHANNELS; j++) row.push(Math.round(30000 * data[i * CHANNELS + j] / scale[j]));
      lines.push(row.join(','));
      if (lines.length === 20000) writeSync(fd, `${lines.splice(0).join('\n')}\n`);
    }
    if (lines.length) writeSync(fd, `${lines.join('\n')}\n`);
  } finally {
    closeSync(fd);
  }
}

// Records, in the page, when each of its workers' messages arrives: [time, type, phase].
const watchWorkerMessages = () => {
  window.__workerMessages = [];
  const Base = window.Worker;
  window.Worker = class extends Base {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => window.__workerMessages.push([performance.now(), e.data?.type, e.data?.phase]));
    }
  };
};

const dir = mkdtempSync(join(tmpdir(), 'mechid-oma-page-'));
const file = join(dir, 'chain16-1e6.csv');
await writeRecord(file);
const megabytes = statSync(file).size / 1e6;
const browser = await openReadyBrowser({ initScripts: [watchWorkerMessages] });
let row;
try {
  const { page } = browser;
  await page.setViewportSize({ width: 1280, height: 900 });
  await chooseCsv(page, file);
  await withNextRequestOptions(page, 'oma', { blockRows: 40, maxOrder: 80 });
  const t0 = await page.evaluate(() => { window.__workerMessages.length = 0; return performance.now(); });
  await page.click('#csv-route-oma');
  await page.waitForFunction(() => ['ok', 'warning', 'error'].includes(document.getElementById('oma-status').dataset.state), null, { timeout: 120_000 });
  const messages = await page.evaluate(() => window.__workerMessages);
  const analysing = messages.find(([, type, phase]) => type === 'progress' && phase === 'oma');
  const done = messages.find(([, type]) => type === 'result');
  row = {
    state: await page.getAttribute('#oma-status', 'data-state'),
    status: await page.textContent('#oma-status'),
    read: analysing ? (analysing[0] - t0) / 1000 : NaN,
    oma: analysing && done ? (done[0] - analysing[0]) / 1000 : NaN,
    total: done ? (done[0] - t0) / 1000 : NaN,
  };
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}

const modes = /: (\d+) modes? in/.exec(row.status)?.[1] ?? '?';
export const table = [
  `16 channels × 10⁶ samples in the page (the chain16 preset's displacements, PRBS on every mass, 40 dB, 200 Hz; a CSV of ${megabytes.toFixed(0)} MB in counts), ` +
    'SSI-cov with 40 block rows and orders to 80 and the jackknife\'s 10 blocks, in headless Chromium from the click on "Output-only modal analysis" ' +
    `(\`node bench/run.mjs oma_page\`): the analysis ${row.oma.toFixed(1)} s after the worker read the file in ${row.read.toFixed(1)} s, ` +
    `${row.total.toFixed(1)} s in all; status ${row.state}, ${modes} modes (issue 51's target: 5 s; load average ${loadavg()[0].toFixed(1)} on 2 cores while measured).`,
].join('\n');
