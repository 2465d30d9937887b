// Browser test of the one-file report (issue 53 item 3; web/ui/report-download.js): the Report
// button of identify, modes and oma downloads the same bytes as `mechid report` on the JSON the
// section exports, the same data file and the page's geometry (a second path: the CLI's process and
// readers); the report opened in "Saved analyses" shows the same numbers in its section; the report
// prints to PDF in Chromium, and no table or figure is cut across pages (see the last test for how
// that is checked). A screenshot of a report page goes to docs/screenshots/report.png.
// Run: node --test tests/e2e/report.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simulationToCsv } from '../../wasm/api.js';
import { loadMechidNode } from '../../wasm/node.js';
import { checkOnly, chooseCsv, identifyOnPage, mechidCli, openStep, runCsv, screenshot, withWideBrowser } from './browser.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-report-e2e-'));
const mechid = await loadMechidNode();
let browser;
let page;

withWideBrowser((opened) => {
  browser = opened;
  page = opened.page;
}, dir);

/** Clicks `selector`, saves the download in dir; resolves with its path. */
async function saved(selector) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  const path = join(dir, download.suggestedFilename());
  await download.saveAs(path);
  return path;
}

/** The CLI's report of `result` (and data) on the page's current geometry; resolves with its bytes. */
async function cliReport(result, data) {
  const g = await page.evaluate(async () => (await import('/state/geometry.js')).currentGeometry());
  const out = join(dir, `cli-${Math.random().toString(36).slice(2)}.html`);
  const geometry = join(dir, 'geometry.json');
  if (g) writeFileSync(geometry, JSON.stringify(g));
  mechidCli('report', '--result', result, ...(data ? ['--data', data] : []), ...(g ? ['--geometry', geometry] : []), '--out', out);
  return { bytes: readFileSync(out), geometry: g };
}

/** Opens `path` in Saved analyses' file input and waits until it is read. */
async function openInSaved(path) {
  await openStep(page, '#saved-open');
  await page.setInputFiles('#saved-open', path);
  await page.waitForFunction(() => ['ok', 'warning', 'error'].includes(document.getElementById('saved-status').dataset.state));
  assert.equal(await page.textContent('#saved-open-error'), '');
}

const cells = (selector) => page.$$eval(selector, (tds) => tds.map((td) => td.textContent));
const rowsOf = (selector) => page.$$eval(`${selector} tbody tr`, (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));

test('identify: the Report button gives the CLI\'s bytes; the report reopens with the same numbers', async () => {
  assert.equal(await identifyOnPage(page, { system: '3dof', h: 0.05, n: 1500, snr: 40, seed: 1, methods: ['auto'] }), 'ok');
  const shown = {};
  for (const key of ['M', 'D', 'K']) shown[key] = await cells(`#ident-${key}-auto td`);
  const json = await saved('#ident-export-json');
  const report = await saved('#ident-report');
  assert.match(report, /-report\.html$/);
  const cli = await cliReport(json);
  assert.ok(cli.geometry, 'the preset\'s geometry is the page\'s');
  assert.ok(readFileSync(report).equals(cli.bytes), 'the page\'s report is byte for byte the CLI\'s');
  await openInSaved(report);
  printed.push(report);
  assert.match(await page.textContent('#saved-status'), /^Opened .*-report\.html: 1 result \(auto\)\.$/);
  for (const key of ['M', 'D', 'K']) assert.deepEqual(await cells(`#saved-${key}-auto td`), shown[key], key);
  assert.ok(shown.M[0].includes('±'));
});

// A 3-DOF record with one force at mass 1 (as tests/e2e/modes.test.mjs), and its responses alone.
function records() {
  const preset = mechid.preset('3dof');
  const system = { ...preset, L: { rows: 3, cols: 1, data: Float64Array.from([1, 0, 0]) } };
  const csv = simulationToCsv(mechid.simulate(system, { h: 0.1, n: 6000, input: 'prbs', snr: 40, seed: 4 }));
  const force = join(dir, 'one-force.csv');
  writeFileSync(force, csv);
  const responses = join(dir, 'responses.csv');
  writeFileSync(responses, `${csv.trimEnd().split('\n').map((line) => line.split(',').filter((_, k) => k !== 1).join(',')).join('\n')}\n`);
  return { force, responses };
}
let files;
const printed = [];  // the reports downloaded, printed by the last test

test('modes: the Report button gives the CLI\'s bytes (with the data file\'s SHA-256); the report reopens in Modes with the same table', async () => {
  files = records();
  await chooseCsv(page, files.force);
  await page.waitForFunction(() => !document.getElementById('modes-run').disabled);
  await openStep(page, '#modes');
  await page.fill('#modes-band-lo', '0.05');
  await page.fill('#modes-band-hi', '1');
  await page.click('#modes-run');
  await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('modes-status').dataset.state) && !document.getElementById('modes-run').disabled, null, { timeout: 60_000 });
  assert.equal(await page.getAttribute('#modes-status', 'data-state'), 'ok', await page.textContent('#modes-status'));
  const table = await rowsOf('#modes-table-data');
  assert.equal(table.length, 3);
  const json = await saved('#modes-export-json');
  const report = await saved('#modes-report');
  printed.push(report);
  const cli = await cliReport(json, files.force);
  assert.ok(readFileSync(report).equals(cli.bytes), 'the page\'s report is byte for byte the CLI\'s');
  assert.ok(readFileSync(report, 'utf8').includes('<strong>one-force.csv</strong>'));
  // Reopened: another run shown first, then the report brings the same table back.
  await page.fill('#modes-band-hi', '0.9');
  await page.click('#modes-run');
  await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('modes-status').dataset.state) && !document.getElementById('modes-run').disabled, null, { timeout: 60_000 });
  await openInSaved(report);
  await page.waitForFunction(() => /opened from a report/.test(document.getElementById('modes-status').textContent));
  assert.ok(await page.isVisible('#modes-table-data'), 'the Modes section is shown');
  assert.deepEqual(await rowsOf('#modes-table-data'), table);
});

test('oma: the Report button gives the CLI\'s bytes; the report reopens in Output-only modal analysis with the same table', async () => {
  await chooseCsv(page, files.responses);
  assert.equal(await page.getAttribute('#csv-route', 'data-kind'), 'output-only');
  await page.click('#csv-route-oma');
  await page.waitForFunction(() => ['ok', 'warning', 'error'].includes(document.getElementById('oma-status').dataset.state), null, { timeout: 60_000 });
  const table = await rowsOf('#oma-table-data');
  assert.ok(table.length >= 2, JSON.stringify(table));
  const json = await saved('#oma-export-json');
  const report = await saved('#oma-report');
  const cli = await cliReport(json, files.responses);
  assert.ok(readFileSync(report).equals(cli.bytes), 'the page\'s report is byte for byte the CLI\'s');
  await page.evaluate(() => { document.getElementById('oma-table-data').querySelector('tbody').replaceChildren(); });
  await openInSaved(report);
  await page.waitForFunction(() => /opened from a report/.test(document.getElementById('oma-status').textContent));
  assert.deepEqual(await rowsOf('#oma-table-data'), table);
  printed.push(report);
});

test('identify from a file (Your measurements): the Report button gives the CLI\'s bytes, with the file\'s name and SHA-256', async () => {
  // Three forces, one at each mass: M, D, K of the 3-DOF preset without a choice of DOFs.
  const threeForces = join(dir, 'three-forces.csv');
  writeFileSync(threeForces, simulationToCsv(mechid.simulate(mechid.preset('3dof'), { h: 0.05, n: 1500, input: 'prbs', snr: 40, seed: 1 })));
  await chooseCsv(page, threeForces);
  await checkOnly(page, 'input[name="csv-method"]', ['auto']);
  await runCsv(page);
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ok', await page.textContent('#csv-status'));
  const json = await saved('#csv-export');
  const report = await saved('#csv-report');
  const cli = await cliReport(json, threeForces);
  assert.ok(readFileSync(report).equals(cli.bytes), 'the page\'s report is byte for byte the CLI\'s');
  assert.match(readFileSync(report, 'utf8'), /<strong>three-forces\.csv<\/strong> \(\d+ bytes\), SHA-256 <span class="hash">[0-9a-f]{64}<\/span>/);
});

// The print check. Chromium lays the page out for print at the paper's width; Playwright cannot
// read the PDF's pages back here (no PDF tool), so the check is in two parts that can each fail:
// (1) page.pdf() succeeds, on A4, with at least one page per section (each section starts a page);
// (2) with print media emulated at the printable width of A4 (210 − 2·14 mm), every table and figure
// has break-inside: avoid and is shorter than the printable height (265 mm): a box that avoids
// breaks and fits a page is never cut (CSS Fragmentation, "break-inside: avoid").
test('the reports print to PDF in Chromium; no table or figure can be cut across pages; a screenshot', async () => {
  assert.equal(printed.length, 3);
  const report = await browser.context.newPage();
  const mm = 96 / 25.4;
  try {
    for (const path of printed) {
      await report.emulateMedia({ media: 'screen' });
      await report.setViewportSize({ width: 1000, height: 1200 });
      await report.goto(`file://${path}`);
      if (path === printed[2]) await screenshot(report, 'report.png');
      await report.emulateMedia({ media: 'print' });  // page.pdf lays out with the emulated media
      const pdf = await report.pdf({ format: 'A4', preferCSSPageSize: true });
      assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
      // The page tree's root counts the pages (PDF 32000-1, 7.7.3.2): the largest /Count.
      const pages = Math.max(...(pdf.toString('latin1').match(/\/Count \d+/g) ?? ['/Count 0']).map((c) => Number(c.slice(7))));
      const sections = await report.$$eval('section', (s) => s.length);
      assert.ok(pages >= sections, `${path}: ${pages} pages for ${sections} sections`);
      await report.setViewportSize({ width: Math.floor((210 - 28) * mm), height: Math.floor((297 - 32) * mm) });
      const boxes = await report.$$eval('table, figure', (els) => els.map((e) => ({
        what: `${e.tagName} ${(e.querySelector('caption, figcaption')?.textContent ?? '').slice(0, 40)}`,
        avoid: getComputedStyle(e).breakInside, height: e.getBoundingClientRect().height, width: e.getBoundingClientRect().width,
      })));
      assert.ok(boxes.length >= 4, `${path}: ${boxes.length} tables and figures`);
      for (const b of boxes) {
        assert.equal(b.avoid, 'avoid', `${path}: ${b.what}: break-inside`);
        assert.ok(b.height <= (297 - 32) * mm, `${path}: ${b.what}: ${b.height} px, taller than a page`);
        assert.ok(b.width <= (210 - 28) * mm + 0.5, `${path}: ${b.what}: ${b.width} px, wider than a page`);
      }
      assert.equal(await report.$$eval('section', (s) => s.slice(1).every((x) => getComputedStyle(x).breakBefore === 'page')), true, 'each section starts a page');
    }
  } finally {
    await report.close();
  }
});
