// The page's load for docs/results.md (web application issue): time from navigation to
// interactive — the Identify button enabled, i.e. that section's worker has loaded the
// WebAssembly module — over 5 reloads in headless Debian chromium from 127.0.0.1, the bytes
// of every file the page requests (raw and gzip), WASM and JS apart, and once every section has
// started: the page's dedicated workers, its JS heap and its WebAssembly memory (page-memory.mjs).
// MECHID_WEB_ROOT=dir measures another copy of the site (e.g. an older version, for a comparison).
import { realpathSync, statSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { openBrowser } from '../tests/e2e/browser.mjs';
import { pageMemory } from './page-memory.mjs';

const web = process.env.MECHID_WEB_ROOT ? `${resolve(process.env.MECHID_WEB_ROOT)}/` : new URL('../web/', import.meta.url).pathname;
const browser = await openBrowser({ root: web.replace(/\/$/, '') });
const { page } = browser;
const ready = ['ident-run', 'csv-file', 'simulate', 'cond-study'];
const times = [];
const loads = [];  // {workers, heap, wasm} after each reload, every section started
try {
  for (let i = 0; i < 6; i++) {
    browser.requests.length = 0;
    const t0 = Date.now();
    await page.reload();
    await page.waitForFunction((ids) => ids.every((id) => !document.getElementById(id).disabled)
      && document.getElementById('ident-status').dataset.state !== 'loading', ready, { timeout: 30_000 });
    times.push(Date.now() - t0);
    await page.waitForFunction(() => document.getElementById('cond-status').dataset.state !== 'loading', null, { timeout: 30_000 });
    await page.waitForTimeout(500);
    loads.push(await pageMemory(page));
  }
} finally {
  await browser.close();
}
const files = [...new Set(browser.requests.map((u) => new URL(u).pathname))].filter((p) => p !== '/');
const sizes = { wasm: [0, 0], js: [0, 0], other: [0, 0] };
for (const path of [...files, '/index.html']) {
  const file = `${web}${path.replace(/^\//, '')}`;
  let bytes;
  try { bytes = readFileSync(file); } catch { continue; }
  const kind = path.endsWith('.wasm') ? 'wasm' : /\.m?js$/.test(path) ? 'js' : 'other';
  sizes[kind][0] += statSync(file).size;
  sizes[kind][1] += gzipSync(bytes).length;
}
const kb = (b) => (b / 1024).toFixed(0);
const mb = (b) => (b / 2 ** 20).toFixed(1);
const warm = times.slice(1).sort((a, b) => a - b);
const median = (key) => loads.slice(1).map((l) => l[key]).sort((a, b) => a - b)[Math.floor((loads.length - 1) / 2)];
export const memory = { workers: median('workers'), heap: median('heap'), wasm: median('wasm') };
export const table = [
  `Headless Debian chromium, page served by scripts/serve.mjs on 127.0.0.1; time from reload until the Identify button is enabled (its worker has loaded and started the WebAssembly module), 6 reloads after the page's opening load: the first ${times[0]} ms, the next ${warm.length} median ${warm[Math.floor(warm.length / 2)]} ms and worst ${warm.at(-1)} ms. Target: ≤ 1 s.`,
  '',
  '| payload | files | raw KB | gzip KB |', '|---|---|---|---|',
  `| WASM | ${files.filter((p) => p.endsWith('.wasm')).length} | ${kb(sizes.wasm[0])} | ${kb(sizes.wasm[1])} |`,
  `| JS (modules, workers, vendored uPlot and PapaParse) | ${files.filter((p) => /\.m?js$/.test(p)).length} | ${kb(sizes.js[0])} | ${kb(sizes.js[1])} |`,
  `| HTML and CSS | ${files.filter((p) => !/\.(m?js|wasm)$/.test(p)).length + 1} | ${kb(sizes.other[0])} | ${kb(sizes.other[1])} |`,
  '',
  'At load, every section started (median of the last 5 reloads): dedicated workers, JS heap of the page and its workers (DevTools protocol), WebAssembly memory of the page\'s worker (its `memory` request).',
  '',
  '| workers | JS heap MB | WebAssembly memory MB |', '|---|---|---|',
  `| ${memory.workers} | ${mb(memory.heap)} | ${memory.wasm == null ? 'n/a' : mb(memory.wasm)} |`,
].join('\n');

if (realpathSync(process.argv[1] ?? '') === realpathSync(fileURLToPath(import.meta.url))) console.log(table);
