// Browser test of the page's trust model (README, "What the page may request"): the server sends
// the Content-Security-Policy with frame-ancestors 'none' and X-Frame-Options DENY; web/index.html
// carries the same policy (minus frame-ancestors) in a <meta>, before anything it loads, so that on
// a static host that sends no header the policy still holds (an injected inline script does not
// run); another site cannot frame the page; a whole session (simulate, CSV download and import,
// identify, export, save, nonlinear) causes no CSP violation.
// Run: node --test tests/e2e/
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkOnly, foreignRequests, identifyOnPage, withReadyBrowser, openStep } from './browser.mjs';
import { CSP, PAGE_CSP, resolveRequestPath, WEB_ROOT } from '../../scripts/serve.mjs';

let browser;
let page;
const dir = mkdtempSync(join(tmpdir(), 'mechid-csp-'));

withReadyBrowser((b) => {
  browser = b;
  page = b.page;
});

after(() => {
  rmSync(dir, { recursive: true, force: true });
});

const META = 'meta[http-equiv="Content-Security-Policy"]';

test('the server sends the policy with frame-ancestors \'none\' and X-Frame-Options DENY', async () => {
  const res = await fetch(browser.server.url);
  const header = res.headers.get('content-security-policy');
  assert.equal(header, CSP);
  assert.match(header, /(^|; )frame-ancestors 'none'(;|$)/);
  assert.equal(res.headers.get('x-frame-options'), 'DENY');
  // Every directive but frame-ancestors is the meta's, in the same words.
  const directives = header.split('; ').filter((d) => !d.startsWith('frame-ancestors '));
  assert.equal(directives.join('; '), PAGE_CSP);
});

test('index.html carries the same policy in a <meta>, before any script or style it loads', async () => {
  assert.equal(await page.getAttribute(META, 'content'), PAGE_CSP);
  // Elements of <head> before the meta: only <meta charset> (a policy applies from where it stands).
  const before = await page.$eval(META, (m) => {
    const all = [...document.head.children];
    return all.slice(0, all.indexOf(m)).map((e) => e.outerHTML);
  });
  assert.deepEqual(before, ['<meta charset="utf-8">']);
});

test('on a static host that sends no header, the <meta> alone blocks an inline script; the page works', async () => {
  // A plain static server (no CSP, no other header) on another port: "any other static host".
  const plain = createServer(async (req, res) => {
    const file = resolveRequestPath(WEB_ROOT, req.url);
    try {
      const body = await readFile(file);
      const type = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.html': 'text/html', '.json': 'application/json' };
      res.writeHead(200, { 'Content-Type': type[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((done) => plain.listen(0, '127.0.0.1', done));
  const other = await browser.context.newPage();
  const seen = [];
  browser.watch(other, seen);
  try {
    const res = await other.goto(`http://127.0.0.1:${plain.address().port}/`);
    assert.equal(res.headers()['content-security-policy'], undefined, 'the plain host sends no policy');
    await other.waitForFunction(() => !document.getElementById('ident-run').disabled, null, { timeout: 30_000 });
    const ran = await other.evaluate(async () => {
      const s = document.createElement('script');
      s.textContent = 'window.__inline = true;';
      document.body.append(s);
      await new Promise((r) => setTimeout(r, 100));
      return window.__inline === true;
    });
    assert.equal(ran, false, 'an inline script ran without the header');
    assert.ok(seen.some((s) => /CSP violation: script-src/.test(s)), `no violation reported: ${seen.join('\n')}`);
  } finally {
    await other.close();
    plain.closeAllConnections();
    await new Promise((done) => plain.close(done));
  }
});

test('another site cannot frame the page (frame-ancestors \'none\')', async () => {
  const framer = await browser.context.newPage();
  try {
    await framer.setContent(`<iframe src="${browser.server.url}" width="400" height="300"></iframe>`);
    await framer.waitForTimeout(1000);
    const frame = framer.frames().find((f) => f !== framer.mainFrame());
    const framed = frame ? await frame.evaluate(() => document.getElementById('ident-run') !== null).catch(() => false) : false;
    assert.equal(framed, false, 'the page loaded inside a frame of another origin');
  } finally {
    await framer.close();
  }
});

test('a whole session causes no CSP violation and no request off 127.0.0.1', async () => {
  // Simulate and download the CSV (a blob: link), import it, identify, export, save.
  await openStep(page, '#h');
  await page.fill('#h', '0.1');
  await page.fill('#n', '600');
  await page.fill('#snr', '40');
  await page.click('#simulate');
  await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('status').dataset.state), null, { timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-csv')]);
  const csv = join(dir, 'simulated.csv');
  await download.saveAs(csv);
  await page.setInputFiles('#csv-file', csv);
  await page.waitForFunction(() => document.getElementById('csv-status').dataset.state === 'ready');
  await checkOnly(page, 'input[name="csv-method"]', ['variational']);
  await page.click('#csv-run');
  await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('csv-status').dataset.state), null, { timeout: 60_000 });
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ok', await page.textContent('#csv-status'));
  await Promise.all([page.waitForEvent('download'), page.click('#csv-export')]);
  assert.equal(await identifyOnPage(page, { system: 'msd', h: 0.1, n: 600, snr: 40, seed: 1, methods: ['variational'] }), 'ok');
  await page.click('#ident-save');
  await page.waitForFunction(() => document.querySelector('#saved-list tbody tr') !== null);
  await openStep(page, '#nl');
  await page.fill('#nl-n', '2000');
  await page.click('#nl-run');
  await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('nl-status').dataset.state)
    && !document.getElementById('nl-run').disabled, null, { timeout: 60_000 });
  assert.deepEqual(browser.problems, []);
  assert.deepEqual(foreignRequests(browser.requests), []);
});
