// Browser test of the "Discretization & conditioning" section (web/views/conditioning.js): slider on a
// log scale, Md/Dd/Kd (eq. 2.22), κ(h) against the closed form (3.35), modal table (eq. 1.5),
// passivity verdicts (sec. 3.3) and the perturbation study plot (Figs. 3.1, 3.2, A.1).
// Run: node --test tests/e2e/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { CORE_WASM, openBrowser, foreignRequests, openStep } from './browser.mjs';

let browser;
let page;

// κ(h) = max/min of the singular values of the scalar R (thesis eq. 3.35), written without the
// cancellation of a − S: σ+ = (√2/8)·sqrt(a+S)/h, σmid = √2, σ− = 4h/sqrt(a+S).
function kappaClosedForm(h) {
  const a = 48 + 3 * h ** 4;
  const S = Math.sqrt(2304 - 224 * h ** 4 + 9 * h ** 8);
  const sigma = [(Math.SQRT2 / 8) * Math.sqrt(a + S) / h, Math.SQRT2, 4 * h / Math.sqrt(a + S)];
  return Math.max(...sigma) / Math.min(...sigma);
}

// The thesis's printed (3.36): σ+/σ−.
function kappaEq336(h) {
  const a = 48 + 3 * h ** 4;
  const S = Math.sqrt(2304 - 224 * h ** 4 + 9 * h ** 8);
  return ((Math.SQRT2 / 8) * Math.sqrt(a + S) / h) / (4 * h / Math.sqrt(a + S));
}

/** Significant digits of a displayed number ("0.3651" -> 4, "-1.500e+4" -> 4, "150.2" -> 4). */
function sigDigits(text) {
  const mantissa = text.replace(/^-/, '').replace(/e[+-]\d+$/, '').replace('.', '');
  return mantissa.replace(/^0+/, '').length;
}

/** Asserts that `text` shows `expected` to 4 significant digits. */
function assert4(text, expected, what) {
  assert.equal(sigDigits(text), 4, `${what}: "${text}" does not have 4 significant digits`);
  const half = 0.5 * 10 ** (Math.floor(Math.log10(Math.abs(expected))) - 3);
  assert.ok(Math.abs(Number(text) - expected) <= half * (1 + 1e-9),
    `${what}: shows ${text}, expected ${expected}`);
}

const text = (sel) => page.textContent(sel);
const cells = (sel) => page.$$eval(sel, (es) => es.map((e) => e.textContent));

/** Waits until the section shows the slider's h for the selected preset. */
async function settled() {
  await page.waitForFunction(() => {
    const s = document.getElementById('cond');
    const h = document.getElementById('cond-h-value').dataset.h;
    return h && s.dataset.h === h && s.dataset.preset === document.getElementById('cond-preset').value;
  }, null, { timeout: 30_000 });
  return Number(await page.getAttribute('#cond-h-value', 'data-h'));
}

/** Moves the slider to position i (set value, dispatch 'input'); resolves with h once shown. */
async function slideTo(i) {
  await page.$eval('#cond-h', (e, v) => {
    e.value = String(v);
    e.dispatchEvent(new Event('input', { bubbles: true }));
  }, i);
  return settled();
}

async function choose(preset) {
  await page.selectOption('#cond-preset', preset);
  return settled();
}

const kappaShown = async () => {
  const t = await text('#cond-kappa');
  assert.match(t, /^κ\(h\) = \S+$/);
  return t.slice('κ(h) = '.length);
};

before(async () => {
  browser = await openBrowser();
  page = browser.page;
  await page.waitForFunction(() => document.getElementById('cond-status').dataset.state !== 'loading',
    null, { timeout: 30_000 });
  const state = await page.getAttribute('#cond-status', 'data-state');
  assert.equal(state, 'ready', `section did not start: ${await text('#cond-status')}`);
  await openStep(page, '#cond');
});

after(async () => {
  await browser?.close();
});

test('(a) κ for the default h, then the slider updates h, κ and Md; κ equals the closed form (3.35)', async () => {
  const h0 = await settled();
  assert.equal(h0, 0.1);
  assert.equal(await text('#cond-h-value'), 'h = 0.1000 s');
  assert.equal(await kappaShown(), kappaClosedForm(0.1).toPrecision(3));
  const md0 = await cells('#cond-Md td');

  // Position 40 of 0..200: h = 10^((40 - 150)/50) = 10^-2.2.
  const h = await slideTo(40);
  assert.ok(Math.abs(h - 10 ** -2.2) < 1e-15, `h = ${h}`);
  assert.equal(await text('#cond-h-value'), `h = ${(10 ** -2.2).toPrecision(4)} s`);
  assert.equal(await text('#cond-h-value'), 'h = 0.006310 s');
  assert.equal(await kappaShown(), kappaClosedForm(h).toPrecision(3));
  assert.notDeepEqual(await cells('#cond-Md td'), md0);

  // The ends of the log scale.
  assert.equal(await slideTo(0), 1e-3);
  assert.equal(await kappaShown(), kappaClosedForm(1e-3).toPrecision(3));
  assert.equal(await slideTo(200), 10);
  assert.equal(await text('#cond-h-value'), 'h = 10.00 s');
  assert.equal(await kappaShown(), kappaClosedForm(10).toPrecision(3));
});

test('(a) between √5−1 and √5+1 the middle singular value √2 sets κ, not σ+/σ− of (3.36)', async () => {
  const h = await slideTo(165); // h = 10^0.3 ≈ 1.995
  const kappa = kappaClosedForm(h);
  assert.equal(kappa.toPrecision(3), '2.00');
  assert.equal(await kappaShown(), '2.00');
  const detail = await text('#cond-kappa-detail');
  assert.ok(detail.includes(`(3.36), σ+/σ−: ${kappaEq336(h).toPrecision(3)}`), detail);
  assert.ok(detail.includes('σ+/σ−: 1.41'), detail);
});

test('a burst of input events ends with the last position shown', async () => {
  await page.$eval('#cond-h', (e) => {
    for (let i = 10; i <= 90; i++) {
      e.value = String(i);
      e.dispatchEvent(new Event('input', { bubbles: true }));
    }
  });
  const h = await settled();
  assert.equal(h, 10 ** ((90 - 150) / 50));
  assert.equal(await kappaShown(), kappaClosedForm(h).toPrecision(3));
  assert.equal(await page.getAttribute('#cond-status', 'data-state'), 'ready');
});

test('the κ plot has 201 points (h from 1e-3 to 10 s) and 3 series (SVD, (3.36), chosen h)', async () => {
  assert.equal(await page.getAttribute('#cond-kappa-plot', 'data-points'), '201');
  assert.equal(await page.getAttribute('#cond-kappa-plot', 'data-series'), '3');
  assert.equal(await page.locator('#cond-kappa-plot canvas').count(), 1);
});

test('(b) msd: Md = 15/h + 2h/4 + 0.2/2, Dd and Kd by eq. 2.22, to 4 significant digits', async () => {
  await choose('msd');
  for (const i of [100, 20, 180]) {
    const h = await slideTo(i);
    const md = await cells('#cond-Md td');
    const dd = await cells('#cond-Dd td');
    const kd = await cells('#cond-Kd td');
    assert.equal(md.length, 1);
    assert4(md[0], 15 / h + (2 * h) / 4 + 0.2 / 2, `Md at h = ${h}`);
    assert4(dd[0], -((2 * 15) / h - (2 * h) / 2), `Dd at h = ${h}`);
    assert4(kd[0], 15 / h + (2 * h) / 4 - 0.2 / 2, `Kd at h = ${h}`);
  }
  await slideTo(100);
  assert.equal((await cells('#cond-Md td'))[0], '150.2'); // 150 + 0.05 + 0.1
  assert.equal((await cells('#cond-Dd td'))[0], '-299.9'); // -(300 - 0.1)
});

test('(d) msd modal table: ω_n = sqrt(2/15) = 0.3651 rad/s, f = ω_n/2π, ζ = 0.2/(2 sqrt(2·15))', async () => {
  await choose('msd');
  const head = await cells('#cond-modal thead th');
  assert.deepEqual(head, ['mode #', 'ω_n (rad/s)', 'f (Hz)', 'ζ']);
  const rows = await page.$$eval('#cond-modal tbody tr',
    (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  assert.equal(rows.length, 1);
  assert.equal(rows[0][0], '1');
  assert.equal(rows[0][1], '0.3651');
  assert4(rows[0][1], Math.sqrt(2 / 15), 'ω_n');
  assert4(rows[0][2], Math.sqrt(2 / 15) / (2 * Math.PI), 'f');
  assert4(rows[0][3], 0.2 / (2 * Math.sqrt(2 * 15)), 'ζ');
});

test('(c) 3dof passivity: continuous and Cayley passive, ZOH and Euler not passive', async () => {
  await choose('3dof');
  assert.equal(await page.locator('#cond-modal tbody tr').count(), 3);
  for (const i of [50, 100, 150]) {
    const h = await slideTo(i);
    const rows = await page.$$eval('#cond-passivity tbody tr', (trs) => trs.map((tr) => ({
      method: tr.dataset.method,
      verdict: tr.querySelector('.verdict').textContent,
      small: tr.querySelector('small').textContent,
    })));
    assert.deepEqual(rows.map((r) => [r.method, r.verdict]), [
      ['continuous', 'passive'], ['cayley', 'passive'], ['zoh', 'not passive'], ['euler', 'not passive'],
    ], `at h = ${h}`);
    for (const r of rows) assert.match(r.small, /^λmax = -?\d\.\d\de[+-]\d+ \(scale \S+\)$/);
    // The verdicts of ZOH and Euler come with a clearly positive largest eigenvalue.
    for (const r of rows.slice(2)) assert.ok(Number(r.small.split(' ')[2]) > 0, r.small);
  }
});

test('8dof: 8 modes and 8x8 matrices, readable by scrolling inside their box at 360 px', async () => {
  await choose('8dof');
  await slideTo(100);
  assert.equal(await page.locator('#cond-modal tbody tr').count(), 8);
  for (const id of ['cond-Md', 'cond-Dd', 'cond-Kd']) {
    assert.equal(await page.locator(`#${id} tr`).count(), 8);
    assert.equal(await page.locator(`#${id} td`).count(), 64);
    for (const c of await cells(`#${id} td`)) {
      assert.ok(c === '0' || sigDigits(c) === 4, `${id} cell "${c}"`);
    }
  }
  await page.setViewportSize({ width: 360, height: 740 });
  await page.waitForFunction(() => {
    const c = document.querySelector('#cond-kappa-plot canvas');
    return c && c.getBoundingClientRect().right <= document.documentElement.clientWidth;
  }, null, { timeout: 10_000 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth
    - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `horizontal overflow of ${overflow} px at 360 px`);
  const box = await page.$eval('#cond-Md', (t) => {
    const s = t.parentElement;
    return { scroll: s.scrollWidth, client: s.clientWidth, right: s.getBoundingClientRect().right };
  });
  assert.ok(box.right <= 360, `matrix box ends at ${box.right} px`);
  await page.setViewportSize({ width: 1280, height: 720 });
});

test('(e) the study plots 8 sampling periods and 8 series (ZOH A, b, m, d, k; midpoint m, d, k)', async () => {
  assert.equal(await page.getAttribute('#cond-study-plot', 'data-points'), null);
  await page.click('#cond-study');
  await page.waitForFunction(() => {
    const s = document.getElementById('cond-status').dataset.state;
    return s === 'error' || (s === 'ok' && document.getElementById('cond-study-plot').dataset.points);
  }, null, { timeout: 60_000 });
  const status = await text('#cond-status');
  assert.equal(await page.getAttribute('#cond-status', 'data-state'), 'ok', status);
  assert.match(status, /^Perturbation study: 8 sampling periods in \d+ ms\./);
  assert.equal(await page.getAttribute('#cond-study-plot', 'data-points'), '8');
  assert.equal(await page.getAttribute('#cond-study-plot', 'data-series'), '8');
  assert.equal(await page.locator('#cond-study-plot canvas').count(), 1);
  const labels = await cells('#cond-study-plot .u-legend .u-series th');
  // The legend is not live, so it lists the 8 y series only.
  assert.deepEqual(labels,
    ['ZOH A', 'ZOH b', 'mid m', 'mid d', 'mid k', 'ZOH m', 'ZOH d', 'ZOH k']);
  assert.equal(await page.isDisabled('#cond-study'), false);
});

test('(f) every request goes to 127.0.0.1; no console errors, page errors or CSP violations', () => {
  const { requests, problems } = browser;
  const seen = (suffix) => requests.some((u) => new URL(u).pathname.endsWith(suffix));
  for (const f of ['/views/conditioning.js', '/ui/plot-loglog.js', '/app/worker.js']) {
    assert.ok(seen(f), `request for ${f} not recorded`);
  }
  assert.ok(requests.some((u) => CORE_WASM.test(new URL(u).pathname)), 'no request for the core\'s .wasm recorded');
  assert.deepEqual(foreignRequests(requests), []);
  assert.deepEqual(problems, []);
});
