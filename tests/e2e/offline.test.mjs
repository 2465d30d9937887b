// Browser test of offline use (web/sw.js, web/app/offline.js): after the first load the service
// worker holds every file of the site, so a reload with the network off still gives a working
// page (the WebAssembly module included).
// Run: node --test tests/e2e/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBrowser, foreignRequests, simulateOnPage } from './browser.mjs';
import { startServer, WEB_ROOT } from '../../scripts/serve.mjs';

let browser;
let page;

before(async () => {
  browser = await openBrowser({ serviceWorkers: 'allow' });
  page = browser.page;
});

after(async () => {
  await browser?.context.setOffline(false);
  await browser?.close();
});

const simulateOnce = () => simulateOnPage(page);

test('reload with the network off: the page, its worker and the WebAssembly module come from the cache', async () => {
  await page.waitForSelector('#offline-status[data-state="ready"]', { timeout: 30_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 10_000 });
  assert.match(await page.textContent('#offline-status'), /Available offline/);

  await browser.context.setOffline(true);
  // The network really is off: a file the cache does not hold cannot be fetched (the console
  // error this probe causes is expected and taken out of the problems).
  const seen = browser.problems.length;
  const missing = await page.evaluate(() => fetch('not-cached.txt').then((r) => r.status, (e) => `failed: ${e.message}`));
  assert.ok(String(missing).startsWith('failed'), `fetch offline gave ${missing}`);
  await page.waitForTimeout(200);
  for (const p of browser.problems.splice(seen)) assert.match(p, /Failed to load resource: net::ERR_FAILED/);

  await page.reload();
  const { state, text } = await simulateOnce();
  assert.equal(state, 'ok', text);
  assert.match(text, /^2000 samples/);
  // The Identify section's worker starts offline too.
  await page.waitForFunction(() => !document.getElementById('ident-run').disabled, null, { timeout: 30_000 });
  await browser.context.setOffline(false);
});

test('a new version of the site: the cached page loads, is told of it, and the next reload shows it', async () => {
  const root = mkdtempSync(join(tmpdir(), 'mechid-site-'));
  cpSync(WEB_ROOT, root, { recursive: true });
  const site = await startServer({ port: 0, root });
  const other = await browser.context.newPage();
  browser.watch(other, browser.problems);
  try {
    await other.goto(site.url);
    await other.waitForSelector('#offline-status[data-state="ready"]', { timeout: 30_000 });
    await other.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 10_000 });
    const index = join(root, 'index.html');
    // An edit alone makes a new version: the server computes gen/assets.json on each request.
    writeFileSync(index, readFileSync(index, 'utf8').replace('<h1>mechid</h1>', '<h1>mechid, new version</h1>'));

    await other.reload();
    assert.equal(await other.textContent('h1'), 'mechid');  // from the cache: one version at a time
    await other.waitForSelector('#offline-status[data-state="updated"]', { timeout: 30_000 });
    assert.match(await other.textContent('#offline-status'), /^A newer version of this page was downloaded: reload/);
    // Until it reloads, the page (and any worker it starts) gets the files of its own version.
    const own = await other.evaluate(() => fetch('index.html').then((r) => r.text()));
    assert.ok(own.includes('<h1>mechid</h1>'), 'the open page was served a file of the new version');
    await other.reload();
    assert.equal(await other.textContent('h1'), 'mechid, new version');
    await other.waitForFunction(() => !document.getElementById('ident-run').disabled, null, { timeout: 30_000 });
  } finally {
    await other.close();
    await site.close();
    rmSync(root, { recursive: true, force: true });
  }
});

test('no request left 127.0.0.1 and nothing went to the console', () => {
  assert.deepEqual(foreignRequests(browser.requests), []);
  assert.deepEqual(browser.problems, []);
});
