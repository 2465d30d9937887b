// Browser test of the exports (web/ui/export.js, web/ui/plot-export.js): identification results as JSON
// and CSV hold the same numbers as the tables; the fit plot as PNG and SVG; user text escaped in
// CSV cells and SVG labels.
// Run: node --test tests/e2e/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { foreignRequests, identifyOnPage, openReadyBrowser } from './browser.mjs';
import { fmt as fmtShown } from '../../web/ui/dom.js';  // the page's rounding of a number

let browser;
let page;

before(async () => {
  browser = await openReadyBrowser();
  page = browser.page;
  const state = await identifyOnPage(page, { system: '3dof', h: 0.05, n: 1500, snr: 30, methods: ['variational', 'auto'] });
  assert.equal(state, 'ok', await page.textContent('#ident-status'));
});

after(async () => {
  await browser?.close();
});

async function downloaded(button) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

function parseCsv(text) {
  const [header, ...lines] = text.trim().split('\n');
  const keys = header.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, k) => [keys[k], v])));
}

test('results as JSON and CSV: the same numbers, and those of the tables to 4 digits', async () => {
  const json = await downloaded('#ident-export-json');
  assert.equal(json.name, '3dof-h0.05-n1500-snr30-seed1-mechid.json');
  const results = JSON.parse(json.bytes.toString('utf8'));
  assert.deepEqual(results.map((r) => r.method), ['auto', 'variational']);  // the form's order
  const csv = await downloaded('#ident-export-csv');
  assert.equal(csv.name, '3dof-h0.05-n1500-snr30-seed1-mechid.csv');
  const rows = parseCsv(csv.bytes.toString('utf8'));
  for (const r of results) {
    for (const key of ['M', 'D', 'K']) {
      const mine = rows.filter((x) => x.method === r.method && x.quantity === key);
      assert.equal(mine.length, 9, `${r.method} ${key}`);
      const cells = await page.$$eval(`#ident-${key}-${r.method} td`, (tds) => tds.map((td) => td.textContent));
      for (const x of mine) {
        const value = r[key][x.row - 1][x.col - 1];
        assert.equal(Number(x.value), value, `${r.method} ${key}(${x.row},${x.col})`);
        const cell = cells[(x.row - 1) * 3 + (x.col - 1)];
        assert.ok(cell.startsWith(value.toPrecision(4)) || cell.startsWith(value.toExponential(3)), `${cell} vs ${value}`);
        if (r.method === 'auto') {
          // The core's half-width, z95 · sd, in the CSV as it is and in the table rounded by fmt.
          const half = r.uncertainty[`${key}_half95`][x.row - 1][x.col - 1];
          const sd = r.uncertainty[`${key}_sd`][x.row - 1][x.col - 1];
          assert.ok(Math.abs(half - r.uncertainty.z95 * sd) <= 1e-14 * Math.abs(half), `${key}_half95 ${half} vs z95 sd ${r.uncertainty.z95 * sd}`);
          assert.equal(Number(x.half95), half, `${x.half95} vs ${half}`);
          assert.ok(cell.endsWith(` ± ${fmtShown(half)}`) || (half === 0 && !cell.includes('±')), `${cell} vs ± ${fmtShown(half)}`);
        } else {
          assert.equal(x.half95, '');
        }
      }
    }
    // The symmetry verdict shown is the core's checks.symmetric.
    assert.equal(await page.textContent(`#ident-symmetric-${r.method}`), `symmetric: ${r.checks.symmetric ? 'yes' : 'no'}`);
    // The modes' intervals in the table and the CSV are the core's omega_n_half95 and zeta_half95.
    if (r.uncertainty) {
      const modeRows = rows.filter((x) => x.method === r.method && x.quantity === 'omega_n');
      assert.equal(modeRows.length, r.modal.modes.length);
      modeRows.forEach((x, k) => assert.equal(Number(x.half95), r.uncertainty.omega_n_half95[k]));
      const shown = await page.$$eval(`.ident-col[data-method="${r.method}"] h4 + .table-scroll tbody tr`, (trs) => trs.map((tr) => tr.children[1].textContent));
      assert.equal(shown.length, r.modal.modes.length, 'one row per mode');
      shown.forEach((text, k) => assert.ok(text.endsWith(` ± ${fmtShown(r.uncertainty.omega_n_half95[k])}`), `${text} vs ${r.uncertainty.omega_n_half95[k]}`));
    }
    const err = rows.find((x) => x.method === r.method && x.quantity === 'error_M');
    assert.equal(Number(err.value), r.errors.M);
    assert.equal(rows.filter((x) => x.method === r.method && x.quantity === 'omega_n').length, 3);
  }
});

test('the fit plot as PNG (a real image) and as SVG (two curves, axes, legend)', async () => {
  const png = await downloaded('#ident-fit-plot-png');
  assert.equal(png.name, 'ident-fit-plot.png');
  assert.deepEqual([...png.bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const width = png.bytes.readUInt32BE(16), height = png.bytes.readUInt32BE(20);
  assert.ok(width > 200 && height > 200, `${width} x ${height}`);

  const svg = (await downloaded('#ident-fit-plot-svg')).bytes.toString('utf8');
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.match(svg, /<\/svg>\n$/);
  assert.equal(svg.match(/<polyline /g).length, 2);
  assert.match(svg, />measured q1</);
  assert.match(svg, />simulated q1 \(auto\)</);
  assert.match(svg, />t \(s\)</);
  // Well-formed XML: the browser's parser reports no error.
  const ok = await page.evaluate((text) => !new DOMParser().parseFromString(text, 'image/svg+xml').querySelector('parsererror'), svg);
  assert.ok(ok, 'the SVG does not parse');
});

test('user text is escaped: SVG labels as XML text, CSV cells quoted and defused for spreadsheets', async () => {
  const out = await page.evaluate(async () => {
    const { plotToSvg } = await import('./ui/plot-export.js');
    const { csvText } = await import('./ui/export.js');
    const u = {
      width: 400, height: 300,
      data: [[0, 1, 2], [1, 2, 3]],
      series: [{}, { label: '<img src=x onerror=alert(1)>&"', stroke: '#000', width: 1 }],
      scales: { x: { min: 0, max: 2, distr: 1 }, y: { min: 1, max: 3, distr: 1 } },
      axes: [{ label: '</text><script>' }, { label: 'q' }],
    };
    return { svg: plotToSvg(u), csv: csvText(['name'], [['=HYPERLINK("x")'], ['a,b'], [-1.5]]) };
  });
  assert.ok(!out.svg.includes('<img') && !out.svg.includes('<script'), out.svg);
  assert.match(out.svg, /&lt;img src=x onerror=alert\(1\)&gt;&amp;&quot;/);
  assert.equal(out.csv, 'name\n"\'=HYPERLINK(""x"")"\n"a,b"\n-1.5\n');
});

test('no request left 127.0.0.1 and nothing went to the console', () => {
  assert.deepEqual(foreignRequests(browser.requests), []);
  assert.deepEqual(browser.problems, []);
});
