// "No number shown by the page is computed in web/" (issue 47; ARCHITECTURE.md, principle 4), checked
// on the page itself: every result view is filled by a run (simulation's modal table, identify,
// conditioning, nonlinear stiffness, modes, the hammer test, output-only modal analysis, the
// estimators), and every number the view shows must be one the core sent: a value carried by a
// reply of the worker (web/app/worker.js; caught here by an init script listening to the page's
// workers), to the digits shown (within half a unit of the last one). A number followed by "%"
// may be the core's fraction times 100 (the percent is the display's unit). Durations the page
// measured itself ("in 475 ms") are not results and are skipped. A view that computed a number of
// its own (an interval from a standard deviation, an error against a truth, a frequency from a
// pole) fails the test with the element and the number.
// Run: node --test tests/e2e/numbers-from-core.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMechidNode } from '../../wasm/node.js';
import { simulationToCsv } from '../../wasm/api.js';
import { ambientCsv } from '../fixtures/oma/shear-frame.mjs';
import { writeTapTrainCsv } from '../fixtures/tap-train.mjs';
import { checkOnly, chooseCsv, openStep, withReadyBrowser } from './browser.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-numbers-e2e-'));
const mechid = await loadMechidNode();

// Init script: every finite number in a reply of any of the page's workers (progress excepted),
// kept in window.__coreNumbers: numbers, arrays and typed arrays of up to LONG entries (matrices,
// tables), the numbers in the replies' texts (JSON results, messages); of a longer array (a signal,
// a spectrum, a curve: drawn, never shown as numbers) only its length, so that a number the page
// computed cannot pass by chance as one of the 10⁵ values of a spectrum.
function catchCoreNumbers() {
  const LONG = 256;
  const Native = window.Worker;
  const numbers = [];
  const take = (v, depth) => {
    if (depth > 12 || v === null || v === undefined) return;
    if (typeof v === 'number') {
      if (Number.isFinite(v)) numbers.push(v);
    } else if (typeof v === 'string') {
      // a result as JSON text, or a message of the core: its numbers
      if (/^\s*[[{]/.test(v)) {
        try {
          take(JSON.parse(v), depth + 1);
          return;
        } catch { /* not JSON: a message */ }
      }
      for (const m of v.matchAll(/-?\d+(?:\.\d+)?(?:e[-+]?\d+)?/gi)) numbers.push(Number(m[0]));
    } else if ((Array.isArray(v) || ArrayBuffer.isView(v)) && v.length > LONG) {
      numbers.push(v.length);
    } else if (ArrayBuffer.isView(v)) {
      for (const x of v) if (Number.isFinite(Number(x))) numbers.push(Number(x));
    } else if (Array.isArray(v)) {
      for (const x of v) take(x, depth + 1);
    } else if (typeof v === 'object') {
      for (const key of Object.keys(v)) take(v[key], depth + 1);
    }
  };
  window.__coreNumbers = numbers;
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => { if (e.data?.type !== 'progress') take(e.data, 0); });
    }
  };
}

// The shown numbers of a text: [{text, percent}] for each standalone decimal number (not part of a
// name such as q1 or a₁), the durations the page measured ("in 475 ms", "; 1.14 s.") left out.
function shownNumbers(text) {
  const number = /(?<![\w.\u2080-\u2089])[-−]?\d+(?:\.\d+)?(?:e[-+]?\d+)?(?![\w.\u2080-\u2089])(\s*%)?/g;
  return [...text.replace(/(?:\bin|;) \d+(?:\.\d+)? m?s\b/g, '').matchAll(number)]
    .map((m) => ({ text: m[0].replace(/\s*%$/, '').replace('−', '-'), percent: m[1] !== undefined }));
}

// Whether a shown number is one of `core` (sorted) to its digits: some x within half a unit of
// the shown last digit (x/100 for a percent may also be the core's).
function fromCore(core, { text, percent }) {
  const value = Number(text);
  const [mantissa, exponent = '0'] = text.split('e');
  const decimals = mantissa.split('.')[1]?.length ?? 0;
  const half = 0.5 * 10 ** (Number(exponent) - decimals) * (1 + 1e-9);
  const within = (v, tol) => {
    let lo = 0, hi = core.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (core[mid] < v - tol) lo = mid + 1;
      else hi = mid;
    }
    return lo < core.length && core[lo] <= v + tol;
  };
  return within(value, half) || (percent && within(value / 100, half / 100));
}

// The numbers shown in a section's result views that no reply of the core carried:
// ["element: number in “text”"]. Labels, buttons, legends of plots and figure captions, the
// collapsed precise statements and the texts `written` in the page's markup (explanations citing
// "1.96 standard deviations" or a paper's year) are not result views.
async function foreignNumbers(page, section, written) {
  const shown = await page.$$eval(`#${section} *`, (elements, skip) => elements
    .filter((e) => e.children.length === 0 && (e.closest('select') ?? e).offsetParent !== null && /\d/.test(e.textContent) && !skip.includes(e.textContent)
      && !e.closest('label, button, summary, figcaption, .u-legend, .precise, .intro'))
    .map((e) => ({ where: e.id || `${e.tagName.toLowerCase()} in #${e.closest('[id]')?.id}`, text: e.textContent.trim() })), written);
  const core = Float64Array.from(await page.evaluate(() => window.__coreNumbers)).sort();
  assert.ok(shown.length > 0, `#${section} shows no number`);
  return shown.flatMap(({ where, text }) => shownNumbers(text).filter((n) => !fromCore(core, n))
    .map((n) => `${where}: ${n.text} in “${text.slice(0, 100)}”`));
}

// Waits for a run's status to settle, its section's run buttons enabled again.
const settled = (page, id) => page.waitForFunction((i) => ['ok', 'warning', 'error'].includes(document.getElementById(i).dataset.state)
  && !document.getElementById(i).closest('section')?.querySelector('button[id$="-run"]:disabled'), id, { timeout: 90_000 })
  .catch(async (e) => assert.fail(`#${id} did not settle: ${await page.textContent(`#${id}`)} (${e.message})`));

let page;
withReadyBrowser((browser) => { page = browser.page; }, { initScripts: [`(${catchCoreNumbers})()`] });

test('every number of the result views is a number the core sent', async () => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // the leaf texts of the page's markup as written (web/app/markup.js), before any view fills it
  const written = await page.evaluate(async () => {
    const { MARKUP } = await import('/app/markup.js');
    const template = document.createElement('template');
    template.innerHTML = Object.values(MARKUP).join('');
    return [...template.content.querySelectorAll('*')].filter((e) => e.children.length === 0).map((e) => e.textContent);
  });
  const foreign = [];
  const check = async (section) => {
    foreign.push(...await foreignNumbers(page, section, written));
  };

  await openStep(page, '#sim-modes');
  await page.waitForFunction(() => document.querySelector('#sim-anim-mode option') !== null, null, { timeout: 30_000 });
  await check('sim-modes');

  await openStep(page, '#ident');
  await page.selectOption('#ident-preset', 'msd');
  await page.fill('#ident-h', '0.1');
  await page.fill('#ident-n', '1500');
  await page.fill('#ident-snr', '40');
  await checkOnly(page, '#ident-form input[name="method"]', ['variational', 'n4sid-d2c']);
  await page.click('#ident-run');
  await settled(page, 'ident-status');
  await check('ident');

  await openStep(page, '#cond');
  await page.waitForFunction(() => document.getElementById('cond').dataset.h !== undefined, null, { timeout: 30_000 });
  await check('cond');

  await openStep(page, '#nl');
  await page.click('#nl-run');
  await settled(page, 'nl-status');
  await check('nl');

  const csv = join(dir, 'one-force.csv');
  const preset = mechid.preset('3dof');
  writeFileSync(csv, simulationToCsv(mechid.simulate({ ...preset, L: { rows: 3, cols: 1, data: Float64Array.of(1, 0, 0) } },
    { h: 0.1, n: 20000, input: 'prbs', snr: 40, seed: 4 })));
  await chooseCsv(page, csv);
  await openStep(page, '#modes');
  await page.waitForFunction(() => !document.getElementById('modes-run').disabled);
  await page.fill('#modes-band-lo', '0.05');
  await page.fill('#modes-band-hi', '1');
  await page.click('#modes-run');
  await settled(page, 'modes-status');
  await check('modes');

  await chooseCsv(page, writeTapTrainCsv(mechid, join(dir, 'taps.csv'), 'u1'));
  await openStep(page, '#hammer');
  await page.waitForFunction(() => !document.getElementById('hammer-run').disabled);
  await page.click('#hammer-run');
  await settled(page, 'hammer-status');
  await check('hammer');

  const ambient = join(dir, 'ambient.csv');
  writeFileSync(ambient, ambientCsv(mechid, 30001, 3));
  await chooseCsv(page, ambient);
  await page.click('#csv-route-oma');
  await settled(page, 'oma-status');
  await check('oma');
  // enhanced FDD (no intervals, no orders): still only the core's numbers
  await page.selectOption('#oma-method', 'efdd');
  await page.click('#oma-run');
  await page.waitForFunction(() => /enhanced FDD\)/.test(document.getElementById('oma-status').textContent), null, { timeout: 60_000 });
  await check('oma');

  await openStep(page, '#est');
  await page.selectOption('#est-svf-experiment', 'msd-sine');
  await page.fill('#est-svf-grid', '0.1:4.9:0.2');
  await page.click('#est-svf-run');
  await settled(page, 'est-svf-status');
  await page.fill('#est-ekf-duration', '6');
  await page.click('#est-ekf-run');
  await settled(page, 'est-ekf-status');
  await check('est');

  assert.deepEqual(foreign, [], 'numbers the page shows that no reply of the core carried');
});
