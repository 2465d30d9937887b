// Browser test of the page's threads (issue 55, item 4; README, "Threads"): served by
// scripts/serve.mjs the page is cross-origin isolated and its worker identifies on the machine's
// cores with the module built with WebAssembly threads (gen/mechid-threads.mjs); its numbers are
// those of the module without threads (gen/mechid.mjs, which a worker asked for one thread loads)
// to the bit. On a host that sends no isolation header the page computes on one thread until the
// service worker (web/sw.js) supplies the headers, from the next load on.
// Run: node --test tests/e2e/threads.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { identifyOnPage, openBrowser, withReadyBrowser } from './browser.mjs';

// Init script: the identify requests the page posts to its workers and their replies, in
// window.__identify = {requests, replies}.
function recordIdentify() {
  const Native = window.Worker;
  const seen = { requests: [], replies: [] };
  window.__identify = seen;
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        if (e.data?.type === 'result' && Array.isArray(e.data.results) && 'threads' in e.data) seen.replies.push(e.data);
      });
    }

    postMessage(message, ...rest) {
      if (message?.type === 'identify') seen.requests.push(structuredClone(message));
      super.postMessage(message, ...rest);
    }
  };
}

// In the page: the same request answered by a worker asked for one thread; resolves with its reply.
function identifyOnOneThread(request) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('app/worker.js?threads=1', document.baseURI), { type: 'module' });
    worker.onmessage = ({ data }) => {
      if (data.type === 'progress') return;
      worker.terminate();
      if (data.type === 'result') resolve(data); else reject(new Error(data.message));
    };
    worker.onerror = (e) => reject(new Error(e.message || 'the worker did not start'));
    worker.postMessage(request);
  });
}

// In the page: `request` answered by a new worker on the page's default threads; resolves with its reply.
function askWorker(request) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('app/worker.js', document.baseURI), { type: 'module' });
    worker.onmessage = ({ data }) => {
      worker.terminate();
      resolve(data);
    };
    worker.onerror = (e) => reject(new Error(e.message || 'the worker did not start'));
    worker.postMessage(request);
  });
}

// Every estimated number of a reply's results (M, D, K and the modal table of each method), as
// exact decimal strings: equal strings mean equal doubles.
const estimates = (reply) => JSON.stringify(reply.results.map((r) => [r.method, r.status, r.M?.data, r.D?.data, r.K?.data,
  r.modal?.modes?.map((m) => [m.freq_hz, m.zeta])]));

let browser;
withReadyBrowser((b) => {
  browser = b;
}, { initScripts: [recordIdentify] });

test('isolated by the server, the page identifies on the cores with the same bits as on one thread', async () => {
  const { page } = browser;
  const { isolated, cores } = await page.evaluate(() => ({ isolated: crossOriginIsolated, cores: navigator.hardwareConcurrency }));
  assert.equal(isolated, true, 'scripts/serve.mjs sends COOP and COEP: the page is cross-origin isolated');
  // 8dof: 2n = 16 states and 124 parameters, so the Jacobian's recursion and its rank updates split
  // into blocks that the threads share (src/identify/exact_sampling_predictor.cpp, core/parallel_for.hpp).
  const state = await identifyOnPage(page, { system: '8dof', methods: ['auto'], timeout: 120_000 });
  assert.notEqual(state, 'error', await page.textContent('#ident-status'));
  const { requests, replies } = await page.evaluate(() => window.__identify);
  assert.equal(replies.length, 1);
  const threads = Math.min(cores, 8);
  assert.equal(replies[0].threads, threads, `the worker computed on ${replies[0].threads} threads, the machine has ${cores} cores`);
  if (threads > 1) assert.ok(browser.requests.some((u) => u.endsWith('/gen/mechid-threads.wasm')), 'the module with threads was not loaded');
  const text = await page.textContent('#ident-status');
  if (threads > 1) assert.match(text, new RegExp(`ms on ${threads} threads:`));
  else assert.doesNotMatch(text, /threads/);

  const one = await page.evaluate(identifyOnOneThread, requests.at(-1));
  assert.equal(one.threads, 1);
  assert.equal(estimates(replies[0]), estimates(one), 'the module with threads and the one without differ');
  assert.ok(replies[0].results[0].M.data.every(Number.isFinite));
  assert.deepEqual(browser.problems, []);
});

test('with threads, the core\'s bad-input errors still reach the page as such (typed catches: docs/toolchain.md pitfall 23)', async () => {
  const reply = await browser.page.evaluate(askWorker, { type: 'preset', id: 1, name: 'no such preset' });
  assert.equal(reply.type, 'error');
  assert.equal(reply.code, 'bad-input', reply.message);
  assert.equal(reply.crashed, undefined);
  assert.match(reply.message, /unknown preset 'no such preset'/);
});

test('on a host without the isolation headers: one thread, then the cores once the service worker supplies them', async () => {
  const plain = await openBrowser({ isolated: false, serviceWorkers: 'allow', initScripts: [recordIdentify] });
  try {
    const { page } = plain;
    assert.equal(await page.evaluate(() => crossOriginIsolated), false);
    await page.waitForSelector('#offline-status[data-state="ready"]', { timeout: 60_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 10_000 });
    await identifyOnPage(page, { system: '3dof', methods: ['auto'] });
    const first = await page.evaluate(() => window.__identify.replies.at(-1));
    assert.equal(first.threads, 1);
    await page.reload();
    assert.equal(await page.evaluate(() => crossOriginIsolated), true, 'the service worker did not isolate the page');
    await page.waitForFunction(() => !document.getElementById('ident-run').disabled, null, { timeout: 30_000 });
    await identifyOnPage(page, { system: '3dof', methods: ['auto'] });
    const second = await page.evaluate(() => window.__identify.replies.at(-1));
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    assert.equal(second.threads, Math.min(cores, 8));
    assert.equal(estimates(second), estimates(first));
    assert.deepEqual(plain.problems, []);
  } finally {
    await plain.close();
  }
});
