// Issue 56 (hardening), the page's cases of the reliability probe of e622506: saved analyses that
// survive a malformed record, inputs that survive a reload (and a reload during a run asks first),
// a reopened result of 600×600 matrices that leaves the tab answering.
// Run: node --test tests/e2e/hardening.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkOnly, chooseCsv, foreignRequests, identifyOnPage, mechidCli, openStep, rescaledCsv, runCsv, withReadyBrowser, withWatchdog } from './browser.mjs';

let browser;
let page;
withReadyBrowser((b) => {
  browser = b;
  page = b.page;
});

const dir = mkdtempSync(join(tmpdir(), 'mechid-hardening-e2e-'));

async function reloadReady() {
  await page.reload();
  await page.waitForFunction(() => !document.getElementById('ident-run').disabled && document.documentElement.dataset.formsRestored === 'true', null, { timeout: 30_000 });
}

// Adds records to the saved analyses' store as another page version or an extension might.
function addRecords(records) {
  return page.evaluate((list) => new Promise((resolve, reject) => {
    const q = indexedDB.open('mechid', 1);
    q.onupgradeneeded = () => q.result.createObjectStore('analyses', { keyPath: 'id', autoIncrement: true });
    q.onsuccess = () => {
      const t = q.result.transaction('analyses', 'readwrite');
      for (const r of list) t.objectStore('analyses').add(r);
      t.oncomplete = () => { q.result.close(); resolve(); };
      t.onerror = () => reject(t.error);
    };
  }), records);
}

const count = () => page.getAttribute('#saved-list', 'data-count').then(Number);
const matrix = (v) => ({ rows: 1, cols: 1, data: [v] });

test('a malformed saved record is listed as unreadable with Export and Delete, the others stay listed and reopen, Save still works', async () => {
  await addRecords([
    { name: 'good', created: '2026-11-29T05:00:00.000Z', source: 'simulated PRBS', results: [{ method: 'auto', status: 'ok', M: matrix(2), D: matrix(0.1), K: matrix(5), warnings: [] }] },
    { name: 'broken', created: 'x' },  // the probe's record: no results
    { name: 'no modes', created: '2026-11-29T05:00:00.000Z', source: 's', truth: { M: matrix(1), D: matrix(1), K: matrix(1) }, results: [{ method: 'auto', status: 'failed', message: 'm' }] },
    { name: 'D null', created: '2026-11-29T05:00:00.000Z', source: 's', results: [{ method: 'auto', status: 'ok', M: matrix(1), D: null, K: matrix(1) }] },
  ]);
  await reloadReady();
  await page.waitForFunction(() => document.getElementById('saved-list').dataset.count === '4', null, { timeout: 10_000 });
  await openStep(page, '#saved-list');
  assert.match(await page.textContent('#saved-status'), /^4 saved; reopen one to see its results\. 3 cannot be read by this page: export or delete them\.$/);
  const rows = await page.$$eval('#saved-list tbody tr', (trs) => trs.map((tr) => ({
    name: tr.querySelector('th').textContent, unreadable: tr.dataset.unreadable === 'true', methods: tr.cells[3].textContent,
    buttons: [...tr.querySelectorAll('button')].map((b) => b.textContent),
  })));
  const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
  assert.deepEqual(byName.good, { name: 'good', unreadable: false, methods: 'auto', buttons: ['Reopen', 'Delete'] });
  assert.deepEqual(byName.broken, { name: 'broken', unreadable: true, methods: 'unreadable: it holds no list of results', buttons: ['Export', 'Delete'] });
  assert.equal(byName['no modes'].methods, 'unreadable: the true system has no list of modes');
  assert.equal(byName['D null'].methods, 'unreadable: result 1 (auto): D is not a matrix');

  // Export gives the stored record as JSON.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#saved-list tr[data-unreadable] >> text=Export >> nth=0')]);
  const exported = JSON.parse(await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c).toString('utf8')));
  assert.ok(['broken', 'no modes', 'D null'].includes(exported.name));

  // The good one reopens.
  await page.click('#saved-list tr:not([data-unreadable]) >> text=Reopen');
  await page.waitForSelector('#saved-M-auto td');
  assert.equal(await page.textContent('#saved-M-auto td'), '2.000');

  // Delete removes an unreadable one.
  await page.click('#saved-list tr[data-unreadable] >> text=Delete >> nth=0');
  await page.waitForFunction(() => document.getElementById('saved-list').dataset.count === '3', null, { timeout: 10_000 });

  // Save still works (it said "Could not save: … reading 'map'") and the new analysis is listed.
  assert.equal(await identifyOnPage(page, { system: 'msd', h: 0.1, n: 500, snr: 30, seed: 2, methods: ['equation-error'] }), 'ok');
  await page.click('#ident-save');
  await page.waitForFunction(() => document.getElementById('saved-list').dataset.count === '4', null, { timeout: 10_000 });
  assert.match(await page.textContent('#ident-status'), /^Saved as “msd/);
});

test('the form\'s inputs survive a reload (sessionStorage, this tab), and a reload during a run asks first', async () => {
  await openStep(page, '#ident-form');
  await page.fill('#ident-h', '0.02');
  await page.fill('#ident-n', '3456');
  await page.fill('#ident-seed', '7');
  await checkOnly(page, '#ident-form input[name="method"]', ['equation-error', 'variational']);
  await reloadReady();
  assert.deepEqual(await page.$$eval('#ident-form input[name="method"]:checked', (bs) => bs.map((b) => b.value).sort()), ['equation-error', 'variational']);
  assert.equal(await page.inputValue('#ident-h'), '0.02');
  assert.equal(await page.inputValue('#ident-n'), '3456');
  assert.equal(await page.inputValue('#ident-seed'), '7');
  // Kept in this tab's sessionStorage only.
  assert.match(await page.evaluate(() => sessionStorage.getItem('mechid-form:ident')), /"ident-n":"3456"/);

  const asks = () => page.evaluate(() => {
    const e = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(e);
    return e.defaultPrevented;
  });
  assert.equal(await asks(), false, 'idle, a reload must not ask');
  // A run of several seconds: 8 DOF, variational.
  await openStep(page, '#ident-form');
  await page.selectOption('#ident-preset', '8dof');
  await page.fill('#ident-h', '0.01');
  await page.fill('#ident-n', '40000');
  await page.click('#ident-run');
  await page.waitForFunction(() => document.getElementById('ident-status').dataset.state === 'busy');
  assert.equal(await asks(), true, 'during a run, a reload must ask first');
  await page.click('#ident-cancel');
  await page.waitForFunction(() => document.getElementById('ident-status').dataset.state !== 'busy');
  assert.equal(await asks(), false, 'after the run, a reload must not ask');
});

test('reopening a result JSON of 600×600 matrices leaves the tab answering within 2 s and shows a corner of each', async () => {
  const n = 600;
  const m = (v) => Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? v : 0)));
  const path = join(dir, 'big-result.json');
  writeFileSync(path, JSON.stringify([{ method: 'auto', status: 'ok', M: m(1), D: m(0.1), K: m(4) }]));
  await openStep(page, '#saved-open');
  // No task of the main thread longer than 2 s while the file is read and shown (withWatchdog:
  // the Long Tasks API; a gap between timer ticks also counted the renderer waiting for a core
  // while another test file ran: 3.7 s on a fresh clone here, with no long task behind it).
  const longest = await withWatchdog(page, async () => {
    await page.setInputFiles('#saved-open', path);
    await page.waitForFunction(() => /^Opened big-result\.json/.test(document.getElementById('saved-status').textContent), null, { timeout: 120_000 });
  });
  console.log(`longest main-thread task or round trip while reopening 600×600 matrices: ${longest.toFixed(0)} ms`);
  assert.equal(await page.$$eval('#saved-M-auto td', (tds) => tds.length), 30 * 30);
  assert.match(await page.textContent('#saved-results .matrix-cut'), /^Rows 1–30 and columns 1–30 of this 600 × 600 matrix are shown/);

  // A result nested 50,000 deep is refused at once with a short message.
  const deep = join(dir, 'deep-result.json');
  writeFileSync(deep, `[{"method":"auto","status":"ok","M":${'['.repeat(50000)}${']'.repeat(50000)}}]`);
  await page.setInputFiles('#saved-open', deep);
  await page.waitForFunction(() => document.getElementById('saved-open-error').textContent !== '');
  const message = await page.textContent('#saved-open-error');
  assert.match(message, /^deep-result\.json: its JSON nests 50002 levels deep; a result file nests at most 10/);
  assert.ok(message.length < 200, message);
});

test('the sign flip: two flip buttons clicked during one run leave the factors the results used; a flip does not carry to the next file', async () => {
  const base = join(dir, 'base-3dof.csv');
  mechidCli('simulate', '--system', '3dof', '--h', '0.05', '--n', '2000', '--snr', '40', '--seed', '4', '--out', base);
  const negated = rescaledCsv(base, join(dir, 'negated-3dof.csv'), { u1: -1, u2: -1, u3: -1 });
  const factor = (c) => `input[name="csv-factor"][data-column="${c}"]`;
  const factors = () => Promise.all(['u1', 'u2', 'u3'].map((c) => page.inputValue(factor(c))));
  await chooseCsv(page, [negated]);
  await checkOnly(page, 'input[name="csv-method"]', ['auto', 'variational']);
  await runCsv(page);
  const offers = await page.$$eval('button.flip-sign', (bs) => bs.map((b) => b.dataset.method));
  assert.deepEqual(offers, ['auto', 'variational'], await page.textContent('#csv-status'));
  // Both clicked at once: the first starts the run, the second must not undo its flip.
  await page.$$eval('button.flip-sign', (bs) => bs.forEach((b) => b.click()));
  await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('csv-status').dataset.state), null, { timeout: 60_000 });
  assert.match(await page.textContent('#csv-status'), /factors u1 × -1, u2 × -1, u3 × -1/);
  assert.deepEqual(await factors(), ['-1', '-1', '-1'], 'the factor fields disagree with the results shown');
  assert.equal(await page.$('button.flip-sign'), null, 'the signs are right: no flip offered');
  // The next file, signed correctly, starts from the factors typed, not from the flip made for the other.
  await chooseCsv(page, [base]);
  assert.deepEqual(await factors(), ['1', '1', '1'], 'the flip carried to the next file');
  assert.doesNotMatch(await page.textContent('#csv-status'), /Factors kept from before/);
});

test('no request left 127.0.0.1 and nothing went to the console', () => {
  assert.deepEqual(foreignRequests(browser.requests), []);
  assert.deepEqual(browser.problems, []);
});
