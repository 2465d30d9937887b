// Eigen's kernels alone, natively and in WebAssembly (issue 19: WASM/native ≤ 1.3): the same source,
// bench/native/eigen_kernels.cpp, built by the native build and by the WASM build with the core's
// flags, timed natively, under Node and in a worker of headless Chromium, so the ratio is the engine's
// code for Eigen's kernels and not mechid's. Five fresh processes each, alternated; the table gives
// each kernel's best. Reproduce: `node bench/run.mjs kernels` (needs both build directories; about
// 1.5 min; the machine to itself).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBrowser } from '../tests/e2e/browser.mjs';
import { nativeCompiler, requiredNativeTool } from './native_tool.mjs';

const root = new URL('../', import.meta.url).pathname;
const wasmBench = join(root, 'build-wasm/bench');
const native = requiredNativeTool('mechid_eigen_kernels');
execFileSync('cmake', ['--build', join(root, 'build-wasm'), '-j2', '--target', 'mechid_eigen_kernels_wasm', 'mechid_eigen_kernels_web'],
  { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_PATH: '/usr/share/nodejs' } });

// The worker build served from a directory of its own, beside an empty page.
const site = mkdtempSync(join(tmpdir(), 'mechid-kernels-'));
for (const f of ['eigen_kernels_web.js', 'eigen_kernels_web.wasm']) copyFileSync(join(wasmBench, f), join(site, f));
writeFileSync(join(site, 'index.html'), '<!doctype html><title>kernels</title>\n');
async function inChromium() {
  const browser = await openBrowser({ root: site });
  let timer;
  try {
    // The worker's printf arrives as the page's console message (the workers' console is the page's);
    // an error there (a missing file, a blocked compile, an abort) or 2 min without the line fails.
    const line = await new Promise((resolve, reject) => {
      timer = setTimeout(() => reject(new Error('kernels: no result from the Chromium worker in 2 min')), 120_000);
      browser.page.on('console', (m) => {
        // (The browser asks for /favicon.ico, which the bench's directory does not have.)
        if (m.type() === 'error' && !m.location().url.endsWith('/favicon.ico')) reject(new Error(`kernels in Chromium: ${m.text()}`));
        else if (m.text().startsWith('[')) resolve(m.text());
      });
      browser.page.on('pageerror', (e) => reject(e));
      browser.page.evaluate(() => { new Worker('eigen_kernels_web.js'); }).catch(reject);
    });
    return JSON.parse(line);
  } finally {
    clearTimeout(timer);
    await browser.close();
  }
}

const runs = { native: [], node: [], chromium: [] };
try {
  for (let i = 0; i < 5; i++) {
    runs.native.push(JSON.parse(execFileSync(native, { encoding: 'utf8' })));
    runs.node.push(JSON.parse(execFileSync(process.execPath, [join(wasmBench, 'eigen_kernels.cjs')], { encoding: 'utf8' })));
    runs.chromium.push(await inChromium());
  }
} finally {
  rmSync(site, { recursive: true, force: true });
}

const best = (rows, kernel) => Math.min(...rows.map((r) => r.find((x) => x.kernel === kernel).ms));
const chromium = execFileSync('/usr/bin/chromium', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim().replace(/ built on.*/, '');
const lines = [`Eigen's kernels alone, native ${nativeCompiler()} -O3 against the same source in WASM (the core's flags: SIMD128, Eigen's SSE2 path mapped onto it, and the product and matrix-vector kernels of src/core/eigen_product_kernel.hpp in place of Eigen's) under Node ${process.version} (V8 ${process.versions.v8.split('-')[0]}) and in a worker of headless ${chromium}; ms per call, best of 7 timings of 10 ms or more each after a warm-up, best of 5 fresh processes each, alternated:`, '',
  '| kernel | native ms | Node ms | Node / native | Chromium ms | Chromium / native |', '|---|---|---|---|---|---|'];
for (const { kernel } of runs.native[0]) {
  const [n, w, c] = ['native', 'node', 'chromium'].map((k) => best(runs[k], kernel));
  const ms = (x) => (x < 1 ? x.toFixed(3) : x.toFixed(2));
  lines.push(`| ${kernel} | ${ms(n)} | ${ms(w)} | ${(w / n).toFixed(2)} | ${ms(c)} | ${(c / n).toFixed(2)} |`);
}
export const table = lines.join('\n');
