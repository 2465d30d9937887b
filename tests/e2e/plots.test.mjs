// Browser test of readable plots and matrices (issue 18 item 5; web/ui/palette.js, plot-stack.js,
// plot-channels.js, web/views/csv/csv-preview-plot.js): within every plot the series have distinct
// colours of at least 3:1 contrast on the page, each plot has a legend and axis labels with units,
// many channels are drawn as small multiples over one t range, the CSV preview is drawn against
// the file's t (the time column no series), the perturbation plot has 8 colours and a legend that
// shows the dashes, and 8×8 and 24×24 matrices are read by scrolling their own box at 360 px while
// the page itself does not scroll sideways. The plots are read from the uPlot objects the page
// keeps on each container (container.currentPlots, top to bottom).
// Run: node --test tests/e2e/plots.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkOnly, chooseCsv, foreignRequests, identifyOnPage, openReadyBrowser, openStep, runCsv, simulateOnPage } from './browser.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-plots-e2e-'));
let browser;
let page;

before(async () => {
  browser = await openReadyBrowser();
  page = browser.page;
  await page.waitForFunction(() => document.getElementById('status').dataset.state === 'ready', null, { timeout: 30_000 });
});

after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

// WCAG 2 contrast of two colours given as '#rrggbb' or 'rgb(r, g, b)' (the test's own formula).
function rgbOf(color) {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(color);
  assert.ok(hex || rgb, `not a colour: ${color}`);
  return hex ? hex.slice(1).map((h) => parseInt(h, 16)) : rgb.slice(1).map(Number);
}
function luminance(color) {
  const [r, g, b] = rgbOf(color).map((c) => c / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test('the contrast formula of this test tells good from bad colours (so the checks below can fail)', () => {
  assert.equal(contrast('#000000', '#ffffff').toFixed(1), '21.0');
  assert.equal(contrast('#777777', 'rgb(255, 255, 255)').toFixed(2), '4.48');
  assert.ok(contrast('#ff7f0e', '#ffffff') < 3, 'the old orange has 2.6:1 on white');
});

/**
 * The plots of a container, top to bottom: {xLabel, xShown, yLabel, x (first values), xMin, xMax,
 * series: [{label, color, dash}], legend: [labels in the legend]}.
 */
function plotsOf(selector) {
  return page.$eval(selector, (c) => (c.currentPlots ?? []).map((u) => ({
    xLabel: u.axes[0].label,
    xShown: u.axes[0].show !== false,
    yLabel: u.axes[1].label,
    x: Array.from(u.data[0].slice(0, 3)),
    xCount: u.data[0].length,
    xMin: u.scales.x.min,
    xMax: u.scales.x.max,
    series: u.series.slice(1).map((s, i) => ({ label: s.label, color: typeof s.stroke === 'function' ? s.stroke(u, i + 1) : s.stroke, dash: s.dash ?? null })),
    legend: [...u.root.parentElement.querySelectorAll('.u-legend .u-series th')].map((th) => th.textContent.trim()).filter((t) => t !== ''),
    markers: [...u.root.parentElement.querySelectorAll('.u-legend .u-series .u-marker')].map((m) => m.style.borderStyle),
  })));
}

const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

/** Asserts, for each plot: distinct colours among its series, each ≥ 3:1 on the page, every series in the legend. */
async function assertReadable(plots, what) {
  const bg = await background();
  for (const [k, p] of plots.entries()) {
    const colors = p.series.map((s) => s.color.toLowerCase());
    assert.equal(new Set(colors).size, colors.length, `${what}, plot ${k + 1}: a colour is used twice: ${colors}`);
    for (const c of colors) assert.ok(contrast(c, bg) >= 3, `${what}, plot ${k + 1}: ${c} has ${contrast(c, bg).toFixed(2)}:1 on ${bg}`);
    for (const s of p.series) assert.ok(p.legend.includes(s.label), `${what}, plot ${k + 1}: ${s.label} not in the legend ${p.legend}`);
  }
}

/** Chooses the preset and N in the Simulate section, presses Simulate, waits for the outcome. */
async function simulate(preset, n, h) {
  await openStep(page, '#preset');
  await page.selectOption('#preset', preset);
  await openStep(page, '#n');
  await page.fill('#n', String(n));
  await page.fill('#h', String(h));
  await page.selectOption('#input', 'prbs');
  const { state, text } = await simulateOnPage(page);
  assert.equal(state, 'ok', text);
}

test('8-DOF simulation: u and q as 8 small multiples each, one t range, units on every axis, 8 colours', async () => {
  const n = 600, h = 0.02;
  await simulate('8dof', n, h);
  for (const [id, q, unit] of [['plot-u', 'u', 'N'], ['plot-q', 'q', 'm']]) {
    const plots = await plotsOf(`#${id}`);
    assert.equal(plots.length, 8, `${id}: one panel per channel`);
    assert.deepEqual(plots.map((p) => p.yLabel), Array.from({ length: 8 }, (_, j) => `${q}${j + 1} (${unit})`));
    assert.deepEqual(plots.map((p) => p.series.map((s) => s.label)), Array.from({ length: 8 }, (_, j) => [`${q}${j + 1}`]));
    // Only the lowest panel draws the t axis; all share its range, t = 0 … (N − 1) h.
    assert.deepEqual(plots.map((p) => p.xShown), [false, false, false, false, false, false, false, true]);
    assert.equal(plots[7].xLabel, 't (s)');
    for (const p of plots) {
      assert.equal(p.xCount, n);
      assert.equal(p.x[0], 0);
      assert.ok(Math.abs(p.x[1] - h) < 1e-12, `second t ${p.x[1]}, h = ${h}`);
      assert.ok(Math.abs(p.xMin - plots[0].xMin) < 1e-12 && Math.abs(p.xMax - plots[0].xMax) < 1e-12, 'one t range for all panels');
    }
    assert.ok(Math.abs(plots[0].xMax - (n - 1) * h) < 1e-9, `t range ends at ${plots[0].xMax}, not ${(n - 1) * h}`);
    await assertReadable(plots, id);
    // Across the panels too: 8 channels, 8 colours.
    assert.equal(new Set(plots.map((p) => p.series[0].color)).size, 8, `${id}: panels share colours`);
    assert.equal(await page.getAttribute(`#${id}`, 'data-panels'), '8');
  }
});

test('a zoom in t in one panel zooms every panel of the stack', async () => {
  const range = () => page.$eval('#plot-q', (c) => c.currentPlots.map((u) => [u.scales.x.min, u.scales.x.max]));
  assert.notDeepEqual((await range())[0], [2, 4]);
  await page.$eval('#plot-q', (c) => c.currentPlots[2].setScale('x', { min: 2, max: 4 }));  // as a drag over 2 … 4 s does
  await page.waitForFunction(() => document.getElementById('plot-q').currentPlots[2].scales.x.max === 4);
  assert.deepEqual(await range(), Array.from({ length: 8 }, () => [2, 4]));
});

test('the SVG and PNG of a stack hold every panel (SVG: nested, one clip path each, parses)', async () => {
  await openStep(page, '#plot-u');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#plot-u-svg')]);
  const svg = readFileSync(await download.path(), 'utf8');
  assert.equal((svg.match(/<svg /g) ?? []).length, 9, 'an outer SVG and 8 panels');
  for (let j = 1; j <= 8; j++) assert.match(svg, new RegExp(`>u${j} \\(N\\)<`));
  assert.equal(new Set(svg.match(/clipPath id="[^"]+"/g)).size, 8);
  const ok = await page.evaluate((text) => !new DOMParser().parseFromString(text, 'image/svg+xml').querySelector('parsererror'), svg);
  assert.ok(ok, 'the SVG does not parse');
  // The PNG: all 8 canvases one below the other (its height, from the PNG header, at least theirs).
  const [png] = await Promise.all([page.waitForEvent('download'), page.click('#plot-u-png')]);
  const bytes = readFileSync(await png.path());
  const canvases = await page.$eval('#plot-u', (c) => c.currentPlots.map((u) => u.ctx.canvas.height));
  assert.ok(bytes.readUInt32BE(20) >= canvases.reduce((a, b) => a + b, 0), `PNG ${bytes.readUInt32BE(16)}×${bytes.readUInt32BE(20)} for canvases ${canvases}`);
});

test('3-DOF simulation: the 3 displacements share one plot with a legend and 3 colours; the inputs one panel each', async () => {
  await simulate('3dof', 400, 0.05);
  const q = await plotsOf('#plot-q');
  assert.equal(q.length, 1);
  assert.equal(q[0].yLabel, 'q (m)');
  assert.equal(q[0].xLabel, 't (s)');
  assert.deepEqual(q[0].series.map((s) => s.label), ['q1', 'q2', 'q3']);
  await assertReadable(q, 'plot-q');
  const u = await plotsOf('#plot-u');
  assert.deepEqual(u.map((p) => p.yLabel), ['u1 (N)', 'u2 (N)', 'u3 (N)']);
  await assertReadable(u, 'plot-u');
});

test('CSV preview: against the file’s t (which is no series), forces and outputs apart with their units', async () => {
  // t starts at 2.5 s (not at 0, not at row 1), and an unmapped column "temperature".
  const rows = ['t,u1,q1,q2,temperature'];
  for (let k = 0; k < 200; k++) {
    const t = 2.5 + 0.01 * k;
    rows.push(`${t.toFixed(2)},${k % 7 < 3 ? 1 : -1},${(1e-3 * Math.sin(t)).toExponential(6)},${(2e-3 * Math.cos(t)).toExponential(6)},${20 + k / 100}`);
  }
  const file = join(dir, 'offset-t.csv');
  writeFileSync(file, `${rows.join('\n')}\n`);
  await chooseCsv(page, file);
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ready', await page.textContent('#csv-status'));
  let plots = await plotsOf('#csv-preview-plot');
  assert.deepEqual(plots.map((p) => p.yLabel), ['forces (N)', 'displacements (m)']);
  assert.deepEqual(plots.map((p) => p.series.map((s) => s.label)), [['u1'], ['q1', 'q2']]);
  const firstT = Number(rows[1].split(',')[0]);
  assert.equal(plots[0].x[0], firstT, 'x starts at the file’s first time value');
  assert.equal(plots[1].x[1], Number(rows[2].split(',')[0]));
  assert.equal(plots[1].xLabel, 't (s)');
  await assertReadable(plots, 'csv-preview-plot');
  // Units follow step 3; an output ticked off leaves the plot.
  await page.selectOption('#csv-force-unit', '1000');
  await page.selectOption('#csv-output-unit', { label: 'mm' });
  await checkOnly(page, 'input[name="csv-output"]', ['2']);  // q1 only (column index 2)
  plots = await plotsOf('#csv-preview-plot');
  assert.deepEqual(plots.map((p) => p.yLabel), ['forces (kN)', 'displacements (mm)']);
  assert.deepEqual(plots.map((p) => p.series.map((s) => s.label)), [['u1'], ['q1']]);
  // Without a time column, t = k·h.
  await page.selectOption('#csv-time', { label: '(none: give h)' });
  await page.fill('#csv-h', '0.02');
  plots = await plotsOf('#csv-preview-plot');
  assert.deepEqual(plots[0].x, [0, 0.02, 0.04]);
  assert.equal(plots[0].xLabel, 't (s)');
  // Back to N and m (the page keeps units from file to file).
  await page.selectOption('#csv-force-unit', '1');
  await page.selectOption('#csv-output-unit', { label: 'm' });
});

test('CSV preview of 8 forces and 8 outputs: small multiples, one panel per column', async () => {
  const names = ['t', ...Array.from({ length: 8 }, (_, j) => `u${j + 1}`), ...Array.from({ length: 8 }, (_, j) => `q${j + 1}`)];
  const rows = [names.join(',')];
  for (let k = 0; k < 100; k++) rows.push([(0.1 * k).toFixed(1), ...names.slice(1).map((_, j) => String(Math.sin(0.1 * k * (j + 1))))].join(','));
  const file = join(dir, 'wide.csv');
  writeFileSync(file, `${rows.join('\n')}\n`);
  await chooseCsv(page, file);
  const plots = await plotsOf('#csv-preview-plot');
  assert.deepEqual(plots.map((p) => p.yLabel), names.slice(1).map((name) => `${name} (${name.startsWith('u') ? 'N' : 'm'})`));
  assert.ok(plots.every((p) => p.series.length === 1 && p.x[0] === 0));
  assert.ok(!plots.some((p) => p.series.some((s) => s.label === 't')), 't is no series');
  await assertReadable(plots, 'csv-preview-plot (16 columns)');
});

test('CSV identification: measured and simulated outputs in one plot, 6 colours, unit m', async () => {
  await simulate('3dof', 600, 0.05);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-csv')]);
  const file = join(dir, 'three.csv');
  await download.saveAs(file);
  await chooseCsv(page, file);
  await checkOnly(page, 'input[name="csv-method"]', ['variational']);
  await runCsv(page);
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ok', await page.textContent('#csv-status'));
  const plots = await plotsOf('#csv-results [data-method="variational"] [data-record]');
  assert.equal(plots.length, 1);
  assert.equal(plots[0].yLabel, 'outputs (m)');
  assert.deepEqual(plots[0].series.map((s) => s.label), ['measured q1', 'simulated q1', 'measured q2', 'simulated q2', 'measured q3', 'simulated q3']);
  await assertReadable(plots, 'validation overlay');
});

test('perturbation study: 8 series in 8 colours, the legend shows the dashes, the h axis ends near the data', async () => {
  await openStep(page, '#cond-study');
  await page.waitForFunction(() => !document.getElementById('cond-study').disabled, null, { timeout: 30_000 });
  await page.click('#cond-study');
  await page.waitForFunction(() => document.getElementById('cond-study-plot').dataset.points, null, { timeout: 60_000 });
  const [p] = await plotsOf('#cond-study-plot');
  assert.equal(p.series.length, 8);
  await assertReadable([p], 'cond-study-plot');
  // ZOH dashed, midpoint solid, in the plot and in the legend's markers alike.
  assert.deepEqual(p.series.map((s) => s.label.startsWith('ZOH')), p.series.map((s) => Array.isArray(s.dash) && s.dash.length > 0));
  assert.deepEqual(p.markers, p.series.map((s) => (s.label.startsWith('ZOH') ? 'dashed' : 'solid')));
  const hs = await page.$eval('#cond-study-plot', (c) => Array.from(c.currentPlot.data[0]));
  assert.ok(p.xMax < 1.5 * Math.max(...hs) && p.xMin > Math.min(...hs) / 1.5, `h axis ${p.xMin} … ${p.xMax} for data ${Math.min(...hs)} … ${Math.max(...hs)}`);
  assert.equal(p.xLabel, 'h (s)');
});

/** Significant digits of a displayed number ("0.3651" -> 4, "-1.500e+4" -> 4, "150.2" -> 4; "0" -> 4 by convention). */
function sigDigits(text) {
  if (text === '0') return 4;
  const mantissa = text.replace(/^-/, '').replace(/e[+-]\d+$/, '').replace('.', '');
  return mantissa.replace(/^0+/, '').length;
}

// The geometry at 360 px: the page's horizontal overflow, and per matrix box its scroll width,
// its width, and whether its last cell lies inside it once it is scrolled to its end.
async function matrixGeometry(selector) {
  return page.evaluate((sel) => {
    const doc = document.scrollingElement;
    const boxes = [...document.querySelectorAll(sel)].map((table) => {
      const box = table.parentElement;
      box.scrollLeft = box.scrollWidth;
      const b = box.getBoundingClientRect();
      const last = table.rows[table.rows.length - 1].cells[table.rows[0].cells.length - 1].getBoundingClientRect();
      const reachable = last.right <= b.right + 1 && last.left >= b.left - 1;
      box.scrollLeft = 0;
      return { id: table.id, scrolls: box.scrollWidth > box.clientWidth, right: b.right, reachable, texts: [...table.querySelectorAll('td')].map((td) => td.textContent) };
    });
    return { pageWidth: doc.scrollWidth, viewport: window.innerWidth, boxes };
  }, selector);
}

test('8×8 matrices of an identification at 360 px: each scrolls inside its box, the page does not, 4 significant digits', async () => {
  const state = await identifyOnPage(page, { system: '8dof', h: 0.05, n: 1000, snr: 40, seed: 1, methods: ['variational'] });
  assert.equal(state, 'ok', await page.textContent('#ident-status'));
  await page.setViewportSize({ width: 360, height: 740 });
  try {
    await page.waitForTimeout(300);
    const g = await matrixGeometry('#ident-results table.matrix');
    assert.ok(g.pageWidth <= g.viewport, `the page scrolls sideways: ${g.pageWidth} px in ${g.viewport} px`);
    assert.ok(g.boxes.length >= 6, `${g.boxes.length} matrices`);
    for (const b of g.boxes) {
      assert.equal(b.texts.length, 64, `${b.id}: 8×8`);
      assert.ok(b.scrolls, `${b.id} does not scroll at 360 px (it cannot fit)`);
      assert.ok(b.right <= g.viewport, `${b.id}: its box ends at ${b.right} px`);
      assert.ok(b.reachable, `${b.id}: the last column cannot be scrolled into view`);
      for (const t of b.texts) assert.equal(sigDigits(t.split(' ± ')[0]), 4, `${b.id}: "${t}"`);
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 720 });
  }
});

test('a 24×24 matrix at 360 px: scrolls inside its box, the page does not, values to 4 significant digits', async () => {
  await openStep(page, '#ident-results');
  await page.setViewportSize({ width: 360, height: 740 });
  try {
    await page.evaluate(async () => {
      const { matrixTable } = await import('./ui/results-table.js');
      const n = 24;
      // Entry (i, j): (i + 1)·1234.5678 on the diagonal, −0.000123456 off it.
      const data = Float64Array.from({ length: n * n }, (_, k) => (Math.floor(k / n) === k % n ? (Math.floor(k / n) + 1) * 1234.5678 : -0.000123456));
      const col = document.querySelector('#ident-results .ident-col');
      const fig = document.createElement('figure');
      fig.id = 'probe-24';
      fig.append(matrixTable({ rows: n, cols: n, data }, 'probe-K-24'));
      col.append(fig);
    });
    await page.waitForTimeout(300);
    const g = await matrixGeometry('#probe-K-24');
    assert.ok(g.pageWidth <= g.viewport, `the page scrolls sideways: ${g.pageWidth} px in ${g.viewport} px`);
    const [b] = g.boxes;
    assert.equal(b.texts.length, 576);
    assert.ok(b.scrolls && b.reachable && b.right <= g.viewport, JSON.stringify({ ...b, texts: undefined }));
    // By hand: 1234.5678 -> 1235, 24·1234.5678 = 29629.6272 -> 2.963e+4, -0.000123456 -> -1.235e-4.
    assert.equal(b.texts[0], '1235');
    assert.equal(b.texts[575], '2.963e+4');
    assert.equal(b.texts[1], '-1.235e-4');
  } finally {
    await page.evaluate(() => document.getElementById('probe-24')?.remove());
    await page.setViewportSize({ width: 1280, height: 720 });
  }
});

test('no request left 127.0.0.1 and nothing went to the console', () => {
  assert.deepEqual(foreignRequests(browser.requests), []);
  assert.deepEqual(browser.problems, []);
});
