// Browser test of shareable links (web/ui/share.js): "Share this setup" puts the Identify form in the
// URL fragment (no data); opening that link in a fresh page fills the form the same way; a link
// with hostile values fills fields with text only, and a select keeps its value.
// Run: node --test tests/e2e/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { checkOnly, foreignRequests, openReadyBrowser, openStep } from './browser.mjs';

let browser;
let page;

before(async () => {
  browser = await openReadyBrowser();
  page = browser.page;
  await openStep(page, '#ident');
});

after(async () => {
  await browser?.close();
});

const form = () => page.evaluate(() => ({
  system: document.getElementById('ident-preset').value,
  h: document.getElementById('ident-h').value,
  n: document.getElementById('ident-n').value,
  snr: document.getElementById('ident-snr').value,
  seed: document.getElementById('ident-seed').value,
  methods: [...document.querySelectorAll('#ident-form input[name="method"]:checked')].map((b) => b.value),
}));

test('Share puts the Identify setup in the link; the link fills a fresh page the same way', async () => {
  await page.selectOption('#ident-preset', '8dof');
  await page.fill('#ident-h', '0.01');
  await page.fill('#ident-n', '3000');
  await page.fill('#ident-snr', '20');
  await page.fill('#ident-seed', '7');
  await checkOnly(page, '#ident-form input[name="method"]', ['n4sid-d2c', 'auto']);
  const shared = await form();
  await page.click('#ident-share');
  const link = await page.inputValue('#ident-share-link');
  assert.equal(page.url(), link);
  const url = new URL(link);
  assert.equal(url.origin, new URL(browser.server.url).origin);
  assert.equal(url.hash, '#identify?system=8dof&h=0.01&n=3000&snr=20&seed=7&methods=auto%2Cn4sid-d2c');

  const other = await browser.context.newPage();
  browser.watch(other, browser.problems);
  await other.goto(link);
  await other.waitForFunction(() => !document.getElementById('ident-run').disabled, null, { timeout: 30_000 });
  page = other;
  assert.deepEqual(await form(), shared);
});

test('a link with hostile values: text stays text in the fields, an unknown system is ignored (also when only the fragment changes), Identify names the bad field', async () => {
  const payload = '<img src=x onerror="window.pwned=1">';
  const system = await page.inputValue('#ident-preset');
  await page.goto(`${browser.server.url}#identify?system=${encodeURIComponent(payload)}&h=${encodeURIComponent(payload)}&methods=variational`);
  await page.waitForFunction(() => !document.getElementById('ident-run').disabled, null, { timeout: 30_000 });
  assert.equal(await page.inputValue('#ident-h'), payload);
  assert.equal(await page.inputValue('#ident-preset'), system);  // unchanged
  await page.click('#ident-run');
  assert.match(await page.textContent('#ident-status'), /^h must be a positive number of seconds, got "<img src=x/);
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  assert.equal(await page.$('img[src="x"]'), null);
});

test('no request left 127.0.0.1 and nothing went to the console', () => {
  assert.deepEqual(foreignRequests(browser.requests), []);
  assert.deepEqual(browser.problems, []);
});
