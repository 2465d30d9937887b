// The page's peak memory on a file of about 200 MB of each big format (issue 56 item 7: at most
// twice the file), opened as a person opens it: chosen in "Your measurements" (step 2, Data), read
// whole by the page's worker (its inspectFile request: the Recording, its summary and preview) until
// the section says it is ready. The files are bench/formats/'s (text, UFF 58b, WAV, TDMS of DAQmx
// integers, MAT v5 and v7).
// Each file in a fresh browser (bench/page.mjs's Chromium), sampled two ways:
// - every SAMPLE_MS, through the DevTools protocol (bench/page-memory.mjs memorySampler, no garbage
//   collection forced): the JS heap, Blink's objects and the ArrayBuffers' backing stores of the
//   page's main thread and of its worker, summed; the largest sum over the read, plus the
//   worker's WebAssembly memory after it (it only grows; the readers are JavaScript);
// - the kernel's peak resident memory (VmHWM) of the page's renderer process (the page, its worker,
//   their heaps, buffers and WebAssembly memory; Chromium's own code and caches too), reset
//   (/proc/PID/clear_refs) before the file is chosen, less its resident memory then.
// `node bench/run.mjs page_files` (~3 min; ~1 GB free in the temp folder; Linux /proc).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chooseCsv, openBrowser } from '../tests/e2e/browser.mjs';
import { memorySampler } from './page-memory.mjs';

const BYTES = 200e6;
const SAMPLE_MS = 100;
const FORMATS = (process.env.MECHID_PAGE_FILES ?? 'text,uff-58b,wav,tdms-daqmx,mat,mat-v7').split(',');

// The parent of process `pid` (field 4 of /proc/PID/stat, after the name in parentheses).
const parentOf = (pid) => {
  try { return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]; } catch { return null; }
};

// The renderer processes of the Chromium this process started (its descendants: not another
// browser on the machine), but the one of Chromium's own interface (--top-chrome-webui).
function renderers() {
  const out = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let args;
    try { args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/); } catch { continue; }  // Chromium rewrites its arguments into one string
    if (!args.includes('--type=renderer') || args.includes('--top-chrome-webui')) continue;
    let p = pid;
    for (let k = 0; k < 8 && p && p !== '1'; k++) {
      p = parentOf(p);
      if (p === String(process.pid)) { out.push(pid); break; }
    }
  }
  return out;
}

const status = (pid, key) => {
  try { return 1024 * Number(new RegExp(`${key}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]); } catch { return 0; }
};

const total = ({ page, workers }) => [page, ...workers].reduce((s, x) => s + x.heap + x.embedder + x.buffers, 0);

async function measure(format, path) {
  const browser = await openBrowser();
  try {
    const { page } = browser;
    await page.waitForFunction(() => !document.getElementById('csv-file').disabled && !document.getElementById('ident-run').disabled, null, { timeout: 60_000 });
    await page.waitForTimeout(1000);
    const ours = renderers();  // the page's is the one whose peak is the largest
    const rssBefore = new Map(ours.map((pid) => [pid, status(pid, 'VmRSS')]));
    for (const pid of ours) writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const sampler = await memorySampler(page);
    const baseline = total(await sampler.sample());
    let peak = { sum: 0 }, samples = 0, reading = true;
    const loop = (async () => {
      while (reading) {
        const s = await sampler.sample();
        samples++;
        const sum = total(s);
        if (sum > peak.sum) peak = { sum, page: s.page, worker: s.workers[0] };
        await new Promise((r) => setTimeout(r, SAMPLE_MS));
      }
    })();
    const t0 = Date.now();
    await chooseCsv(page, path);
    const seconds = (Date.now() - t0) / 1000;
    const state = await page.getAttribute('#csv-status', 'data-state');
    if (state !== 'ready') throw new Error(`${format.name}: the page says ${await page.textContent('#csv-status')}`);
    await page.waitForTimeout(500);
    reading = false;
    await loop;
    await sampler.close();
    const wasm = await page.evaluate(async () => (await (await import('./client/worker-client.js')).client.memory()).wasm_bytes);
    const pid = ours.sort((a, b) => status(b, 'VmHWM') - status(a, 'VmHWM'))[0];
    return { seconds, samples, baseline, peak, wasm, pid, renderers: ours.length, hwm: status(pid, 'VmHWM'), rssBefore: rssBefore.get(pid) };
  } finally {
    await browser.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'mechid-page-files-'));
const rows = [];
const loads = [];
try {
  for (const key of FORMATS) {
    const format = await import(`./formats/${key}.mjs`);
    const path = join(dir, `${key}.${{ text: 'csv', 'uff-58b': 'uff', wav: 'wav', 'tdms-daqmx': 'tdms' }[key] ?? 'mat'}`);
    await format.make(path, BYTES);
    loads.push(loadavg()[0]);
    rows.push({ name: format.name, size: statSync(path).size, ...(await measure(format, path)) });
    rmSync(path);
    console.error(JSON.stringify(rows.at(-1)));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const mb = (b) => (b / 1e6).toFixed(0);
export const table = [
  `The page's memory while a file of about 200 MB is opened in "Your measurements" (chosen, read whole by the worker, summary and preview shown; \`node bench/run.mjs page_files\`; headless Chromium; 1-minute load average of this 2-core machine ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)}). `
    + `Sampled: the largest sum, over samples every ${SAMPLE_MS} ms (DevTools protocol), of the JS heap, Blink's objects and the ArrayBuffers of the page and of its worker, plus the worker's WebAssembly memory; `
    + 'renderer: the kernel\'s peak resident memory (VmHWM) of the page\'s renderer process during the read, less its resident memory before (its whole process: Chromium\'s caches too).',
  '',
  '| format | file MB | read s | samples | page MB | worker MB | WASM MB | sampled peak MB | / file | renderer peak − before MB | / file |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map((r) => {
    const part = (x) => (x ? mb(x.heap + x.embedder + x.buffers) : '–');
    const sampled = r.peak.sum + r.wasm;
    return `| ${r.name} | ${mb(r.size)} | ${r.seconds.toFixed(1)} | ${r.samples} | ${part(r.peak.page)} | ${part(r.peak.worker)} | ${mb(r.wasm)} | ${mb(sampled)} | ${(sampled / r.size).toFixed(2)} | ${mb(r.hwm - r.rssBefore)} | ${((r.hwm - r.rssBefore) / r.size).toFixed(2)} |`;
  }),
  '',
  `Above twice the file (either measure): ${rows.filter((r) => (r.peak.sum + r.wasm) / r.size > 2 || (r.hwm - r.rssBefore) / r.size > 2).map((r) => r.name).join(', ') || 'none'}.`,
].join('\n');
