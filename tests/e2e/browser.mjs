// Shared launch code of the browser tests: headless Debian Chromium via playwright-core
// (docs/toolchain.md §6), the static server in-process on port 0, and recorders for requests,
// console errors, page errors and CSP violations. Not a test file (no .test. in the name).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';

export const CHROMIUM = '/usr/bin/chromium';
const ROOT = new URL('../..', import.meta.url).pathname;
export const SCREENSHOTS = join(ROOT, 'docs/screenshots');

/**
 * Init script (context.addInitScript) that counts the page's dedicated workers:
 * window.__workers = {created, live(), peak}: workers constructed, those not terminated since, and
 * the most alive at once since `peak` was last set (a test sets it to live() before an action whose
 * workers may come and go between two of its polls on a loaded machine).
 */
export function countWorkers() {
  const Native = window.Worker;
  const live = new Set();
  window.__workers = { created: 0, live: () => live.size, peak: 0 };
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      window.__workers.created += 1;
      live.add(this);
      window.__workers.peak = Math.max(window.__workers.peak, live.size);
    }

    terminate() {
      live.delete(this);
      super.terminate();
    }
  };
}

/**
 * Starts the server (on `root`, web/ by default) and a browser (with Chromium's extra `args`), runs `initScripts` in every page
 * before its own scripts, opens the page; resolves with
 * {server, context, page, requests, problems, watch(page, sink), close()}.
 * serviceWorkers: 'block' (the default) keeps the page from registering web/sw.js, whose precache of
 * the whole site (about 12 MB) costs each launch 4-5 CPU s that only offline.test.mjs needs; 'allow'
 * registers it as a browser would.
 * isolated: false serves without the cross-origin isolation headers (scripts/serve.mjs), as a
 * static host that cannot send them.
 * requests: every request URL seen (page, worker, context); problems: console errors,
 * page errors and CSP violations of the page and its workers.
 */
export async function openBrowser({ initScripts = [], root, args = [], serviceWorkers = 'block', isolated = true } = {}) {
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing: run scripts/setup.sh`);
  const requests = [];
  const problems = [];
  // Record console errors and CSP violations of a page (worker console messages arrive here too).
  const watch = (p, sink) => {
    p.on('console', (m) => {
      if (m.type() === 'error') sink.push(`console: ${m.text()}`);
    });
    p.on('pageerror', (e) => sink.push(`pageerror: ${e.message}`));
    p.on('request', (r) => requests.push(r.url()));
  };
  const server = await startServer({ port: 0, isolated, ...(root ? { root } : {}) });
  const userDataDir = mkdtempSync(join(tmpdir(), 'mechid-e2e-'));
  let context;
  const close = async () => {
    await context?.close();
    await server.close();
    rmSync(userDataDir, { recursive: true, force: true });
  };
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      serviceWorkers,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync', ...args],
    });
    context.on('request', (r) => requests.push(r.url()));
    // CSP violations also reach the console, but say so explicitly.
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`);
      });
    });
    for (const script of initScripts) await context.addInitScript(script);
    const page = context.pages()[0] ?? await context.newPage();
    watch(page, problems);
    page.on('worker', (w) => w.on('console', (m) => {
      if (m.type() === 'error') problems.push(`worker console: ${m.text()}`);
    }));
    await page.goto(server.url);
    return { server, context, page, requests, problems, watch, close };
  } catch (e) {
    await close();
    throw e;
  }
}

/**
 * The page's own workers as Playwright lists them (web/app/worker.js), without the pthreads' workers
 * that the module with threads starts inside them (gen/mechid-threads.worker.js).
 */
export const appWorkers = (page) => page.workers().filter((w) => new URL(w.url()).pathname.endsWith('/app/worker.js'));

/** The core's module files a page's worker loads: with threads when the page is isolated and the machine has 2 cores or more. */
export const CORE_MODULE = /\/gen\/mechid(-threads)?\.mjs$/;
export const CORE_WASM = /\/gen\/mechid(-threads)?\.wasm$/;

/** The hosts of the recorded requests that are not 127.0.0.1 (blob: keeps its creator's origin). */
export function foreignRequests(requests) {
  const host = (u) => {
    const origin = new URL(u).origin;
    return origin === 'null' ? null : new URL(origin).hostname;
  };
  return requests.filter((u) => !u.startsWith('data:') && host(u) !== '127.0.0.1');
}

/** A page whose main thread runs one task this long has frozen (issues 49 and 56). */
export const STALL_MS = 2000;

/** How long a late round trip may still take before the page counts as frozen whatever its tasks. */
const UNANSWERED_MS = 10 * STALL_MS;

// Records, in the page, the duration of every task of its main thread over 50 ms (the Long Tasks
// API); a reload clears it, and the watchdog then judges by round trips alone.
const watchLongTasks = () => {
  if (window.__watchdogTasks) return;
  window.__watchdogTasks = [];
  window.__watchdogObserver = new PerformanceObserver((list) => window.__watchdogTasks.push(...list.getEntries().map((e) => e.duration)));
  window.__watchdogObserver.observe({ type: 'longtask' });
};
// The entries the observer has not been called with yet are taken too (takeRecords): its callback
// comes in a later task, and a watchdog asking right after a long task would otherwise miss it.
const takeLongestTask = () => {
  const tasks = window.__watchdogTasks ?? [];
  tasks.push(...(window.__watchdogObserver?.takeRecords() ?? []).map((e) => e.duration));
  const longest = Math.max(0, ...tasks);
  tasks.length = 0;
  return longest;
};

/**
 * Runs `action` while timing a round trip to the page every 200 ms; rejects when the page froze:
 * one task of its main thread ran longer than STALL_MS, or a round trip went unanswered for
 * UNANSWERED_MS. A round trip late because the machine is busy (two test files on two cores, as
 * in CI) is not a freeze when no single task was long. Resolves with the longest round trip that
 * answered within STALL_MS or the longest task, whichever is longer.
 */
export async function withWatchdog(page, action) {
  let done = false, longest = 0, stalled = null;
  const roundTrip = (ms) => Promise.race([page.evaluate(() => true), new Promise((r) => setTimeout(() => r(false), ms))]);
  await page.evaluate(watchLongTasks);
  // One last pass after the action has ended: a long task at its end is judged too.
  const watch = (async () => {
    for (;;) {
      const last = done;
      const t0 = Date.now();
      if (await roundTrip(STALL_MS)) longest = Math.max(longest, Date.now() - t0);
      else if (!await roundTrip(UNANSWERED_MS - STALL_MS)) {
        stalled = `the page did not answer for ${UNANSWERED_MS} ms`;
        return;
      }
      const task = await page.evaluate(takeLongestTask).catch(() => 0);
      longest = Math.max(longest, task);
      if (task > STALL_MS) {
        stalled = `the page ran one task for ${Math.round(task)} ms`;
        return;
      }
      if (last) return;
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  const acted = Promise.resolve().then(action);
  const stall = watch.then(() => (stalled ? Promise.reject(new Error(stalled)) : undefined));
  try {
    await Promise.race([acted, stall.then(() => new Promise(() => {}))]);
  } finally {
    done = true;
  }
  await watch;
  if (stalled) throw new Error(stalled);
  return longest;
}

/**
 * Keeps the page's next worker request of this type (web/client/protocol.js's REQUEST) from
 * reaching the worker, so that its run stays busy until the page cancels it, however fast the
 * machine: a test of Cancel that does not race the computation. A cancel terminates the worker
 * (web/client/worker-client.js); the held request goes with it. Later requests pass.
 */
export const holdNextRequest = (page, type) => page.evaluate((held) => {
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function postUnlessHeld(message, transfer) {
    if (message?.type !== held) return post.call(this, message, transfer);
    Worker.prototype.postMessage = post;
    return undefined;
  };
}, type);

/**
 * Adds `options` to the options of the page's next worker request of this type (web/client/
 * protocol.js's REQUEST), as if the section's form had them; later requests pass unchanged.
 */
export const withNextRequestOptions = (page, type, options) => page.evaluate(([changed, extra]) => {
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function postChanged(message, transfer) {
    if (message?.type !== changed) return post.call(this, message, transfer);
    Worker.prototype.postMessage = post;
    return post.call(this, { ...message, options: { ...message.options, ...extra } }, transfer);
  };
}, [type, options]);

/**
 * Sets options.maxWork of the page's next worker request of this type, as if the core's work limit
 * were that low: the work guard's refusal (and the page's "Run anyway") without a record large
 * enough to exceed the real limit. Later requests pass unchanged.
 */
export const limitNextRequestWork = (page, type, maxWork) => withNextRequestOptions(page, type, { maxWork });

/** openBrowser(options), then waits until the Identify section's worker is ready. */
export async function openReadyBrowser(options) {
  const browser = await openBrowser(options);
  await browser.page.waitForFunction(() => !document.getElementById('ident-run').disabled, null, { timeout: 30_000 });
  return browser;
}

/**
 * A test file's browser: registers node:test hooks that open one with openReadyBrowser(options)
 * before the file's tests, hand it to `ready(browser)` (which keeps it and its page), and close it
 * after them.
 */
export function withReadyBrowser(ready, options) {
  let browser;
  before(async () => {
    browser = await openReadyBrowser(options);
    ready(browser);
  });
  after(async () => {
    await browser?.close();
  });
}

/**
 * A test file's browser at 1280 × 900 px: registers node:test hooks that open one with openBrowser()
 * before the file's tests and hand it to `ready(browser)` (which keeps it and its page), and after
 * them close it and remove `dir` (the file's temporary folder).
 */
export function withWideBrowser(ready, dir) {
  let browser;
  before(async () => {
    browser = await openBrowser();
    await browser.page.setViewportSize({ width: 1280, height: 900 });
    ready(browser);
  });
  after(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });
}

/**
 * Opens the navigation step that holds the element `selector` (web/ui/navigation.js) by clicking
 * its tab, as a person would; nothing when that step is open already. The page shows one step at
 * a time, and Playwright acts only on visible elements.
 */
export async function openStep(page, selector) {
  const tab = await page.$eval(selector, (e) => e.closest('[role="tabpanel"]')?.getAttribute('aria-labelledby'));
  assert.ok(tab, `${selector} is in no step of the navigation`);
  if (await page.getAttribute(`#${tab}`, 'aria-selected') !== 'true') await page.click(`#${tab}`);
}

/**
 * Opens their step, checks exactly the checkboxes matched by `selector` whose value is in `values`:
 * clicks only those in the other state (each click is a few round trips to the browser).
 */
export async function checkOnly(page, selector, values) {
  await openStep(page, selector);
  const boxes = await page.$$(selector);
  const states = await page.$$eval(selector, (els) => els.map((e) => [e.getAttribute('value'), e.checked]));
  for (const [i, [value, checked]] of states.entries()) {
    if (checked !== values.includes(value)) await boxes[i].setChecked(!checked);
  }
}

/**
 * Fills the Identify form ({system, h, n, snr, seed}; fields not given are kept), checks exactly
 * `methods`, presses Identify and waits until it is done; resolves with the status's state.
 */
export async function identifyOnPage(page, { system, h, n, snr, seed, methods, timeout = 60_000 }) {
  await openStep(page, '#ident-form');
  if (system !== undefined) await page.selectOption('#ident-preset', system);
  for (const [id, value] of [['ident-h', h], ['ident-n', n], ['ident-snr', snr], ['ident-seed', seed]]) {
    if (value !== undefined) await page.fill(`#${id}`, String(value));
  }
  await checkOnly(page, '#ident-form input[name="method"]', methods);
  await page.click('#ident-run');
  await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('ident-status').dataset.state)
    && !document.getElementById('ident-run').disabled, null, { timeout });
  return page.getAttribute('#ident-status', 'data-state');
}

/**
 * Presses Simulate (opening step 2) and waits for this press's outcome: a new run counted in the
 * status's data-run, or an error; resolves with the status line's {state, text}.
 */
export async function simulateOnPage(page, timeout = 30_000) {
  await page.waitForFunction(() => !document.getElementById('simulate').disabled, null, { timeout });
  const before = Number(await page.getAttribute('#status', 'data-run') ?? 0);
  await openStep(page, '#simulate');
  await page.click('#simulate');
  await page.waitForFunction((n) => Number(document.getElementById('status').dataset.run ?? 0) > n
    || document.getElementById('status').dataset.state === 'error', before, { timeout });
  return { state: await page.getAttribute('#status', 'data-state'), text: await page.textContent('#status') };
}

/** Opens the Data step, chooses file(s) in its CSV section and waits until they are read (status ready or error). */
export async function chooseCsv(page, paths) {
  await openStep(page, '#csv-file');
  await page.setInputFiles('#csv-file', paths);
  await page.waitForFunction(() => ['ready', 'error'].includes(document.getElementById('csv-status').dataset.state));
}

/** Presses "Identify from the file" and waits until it is done (status ok or error). */
export async function runCsv(page, timeout = 60_000) {
  await openStep(page, '#csv-run');
  await page.click('#csv-run');
  await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('csv-status').dataset.state), null, { timeout });
}

/**
 * Saves a PNG of `target` (a locator, or a page for its viewport) as docs/screenshots/`name`
 * (the README links them); resolves with its path.
 */
export async function screenshot(target, name) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, name);
  await target.screenshot({ path });
  return path;
}

/**
 * Saves a PNG of the page from the top of the element `from` to the bottom of `to` (selectors of
 * visible elements), as wide as both, with a margin of 8 px, as docs/screenshots/`name`: a view
 * of one step that may be taller than the window. Resolves with its path.
 */
export async function spanScreenshot(page, from, to, name) {
  const measure = () => page.evaluate(([a, b]) => {
    const boxes = [a, b].map((s) => document.querySelector(s).getBoundingClientRect());
    const left = Math.max(0, Math.min(...boxes.map((r) => r.left)) - 8);
    const top = Math.max(0, boxes[0].top + window.scrollY - 8);
    return {
      x: left, y: top,
      width: Math.min(document.documentElement.scrollWidth, Math.max(...boxes.map((r) => r.right)) + 8) - left,
      height: boxes[1].bottom + window.scrollY + 8 - top,
    };
  }, [from, to]);
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, name);
  // Taken again when the span moved meanwhile (a line appearing above it, e.g. the header's offline note).
  let clip = await measure();
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.screenshot({ path, fullPage: true, clip });
    const after = await measure();
    if (JSON.stringify(after) === JSON.stringify(clip)) break;
    clip = after;
  }
  return path;
}

/** Clicks the download button `selector` and resolves with the downloaded file's text. */
export async function downloadedText(page, selector) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return readFileSync(await download.path(), 'utf8');
}

/** The results of the last identification as exported by the button `selector` (the JSON of `mechid identify`). */
export async function exportedResults(page, selector = '#csv-export') {
  return JSON.parse(await downloadedText(page, selector));
}

/** Runs `node bin/mechid.js …args` and returns its stdout (its warnings on stderr are dropped; a failure throws with them). */
export const mechidCli = (...args) => execFileSync(process.execPath, [join(ROOT, 'bin/mechid.js'), ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

// A lab rig for the CSV tests: two carts in a chain, masses and dashpots to ground, springs in a
// chain, one motor on cart 1 (the force-DOF test of csv.test.mjs); its structure as the page's
// "lumped chain" template (and the CLI's --structure) gives it.
export const CHAIN_RIG = { M: [[2, 0], [0, 1.5]], D: [[0.4, 0], [0, 0.1]], K: [[5, -2], [-2, 2]], L: [[1], [0]] };
export const CHAIN_STRUCTURE = { M: 'diagonal', D: 'diagonal', K: 'tridiagonal' };

/**
 * Simulates CHAIN_RIG with `mechid simulate` (PRBS held over each period, h = 0.05 s) into
 * `dir`/`name`; resolves with the CSV's path (t,u1,q1,q2, SI units).
 */
export function simulateChain(dir, name, { n = 1500, snr = 40, seed = 1 } = {}) {
  const system = join(dir, 'chain-rig.json');
  writeFileSync(system, JSON.stringify(CHAIN_RIG));
  const file = join(dir, name);
  mechidCli('simulate', '--system', system, '--h', '0.05', '--n', String(n), '--snr', String(snr), '--seed', String(seed), '--out', file);
  return file;
}

/**
 * Writes the CSV `from` to `to` with each named column multiplied by its factor ({u1: -1}); with
 * `round`, the scaled values are rounded to integers (an encoder's counts). Returns `to`.
 */
export function rescaledCsv(from, to, factors, { round = false } = {}) {
  const [head, ...rows] = readFileSync(from, 'utf8').trim().split('\n').map((l) => l.split(','));
  const scale = head.map((c) => factors[c] ?? 1);
  const value = (x, j) => {
    if (scale[j] === 1) return x;
    const y = Number(x) * scale[j];
    return String(round ? Math.round(y) : y);
  };
  writeFileSync(to, `${[head.join(','), ...rows.map((r) => r.map(value).join(','))].join('\n')}\n`);
  return to;
}
