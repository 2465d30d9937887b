// Browser test of issue 49 item 5 (the result exports keep names, units and quantities): a record of
// the 3-DOF preset pushed on DOF 1 as a text file with named channels in mm ("time [s], Force [N],
// Disp wing [mm], ...") is chosen in "Your measurements"; the modes section's exports (UFF 58, UFF
// 55, JSON) and the identification's JSON and CSV name the channels with the file's units, read
// back by our readers, and the overlay of measured and simulated outputs says mm; with the page's
// output unit set to mm the numbers are put in metres and the labels say m, the modes unchanged.
// Run: node --test tests/e2e/export-channels.test.mjs
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMechidNode } from '../../wasm/node.js';
import { parseUff } from '../../wasm/uff.js';
import { checkOnly, chooseCsv, openStep, runCsv, withWideBrowser } from './browser.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-export-channels-'));
const mechid = await loadMechidNode();
let browser;
let page;

withWideBrowser((opened) => {
  browser = opened;
  page = opened.page;
}, dir);

const NAMES = ['Disp wing', 'Disp tail', 'Disp nose'];

// Presses "Find the modes" and waits for the status to settle.
async function findModes() {
  await openStep(page, '#modes-run');
  await page.click('#modes-run');
  await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('modes-status').dataset.state)
    && !document.getElementById('modes-run').disabled, null, { timeout: 60_000 });
  assert.equal(await page.getAttribute('#modes-status', 'data-state'), 'ok', await page.textContent('#modes-status'));
}

// Clicks an export button; resolves with the downloaded file's text.
async function exported(id) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(`#${id}`)]);
  const path = join(dir, download.suggestedFilename());
  await download.saveAs(path);
  return readFileSync(path, 'utf8');
}

test('identification and modes exports of a file in mm name its channels and units, the overlay says mm; the mm unit choice gives metres, same modes', async () => {
  const preset = mechid.preset('3dof');
  const system = { ...preset, L: { rows: 3, cols: 1, data: Float64Array.from([1, 0, 0]) } };
  const d = mechid.simulate(system, { h: 0.1, n: 12000, input: 'prbs', snr: 40, seed: 4 });
  const lines = ['time [s], Force [N], Disp wing [mm], Disp tail [mm], Disp nose [mm]'];
  for (let k = 0; k < d.t.length; k++) lines.push([d.t[k], d.u.data[k], ...[0, 1, 2].map((j) => 1e3 * d.q.data[k * 3 + j])].join(', '));
  const file = join(dir, 'wing.txt');
  writeFileSync(file, `${lines.join('\n')}\n`);

  await chooseCsv(page, file);
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ready', await page.textContent('#csv-status'));
  await page.selectOption('#csv-time', 'time');
  await checkOnly(page, 'input[name="csv-input"]', ['1']);  // by position: time, Force, then the outputs
  await checkOnly(page, 'input[name="csv-output"]', ['2', '3', '4']);
  // Identification from the file: the results JSON and CSV name the channels.
  await openStep(page, 'select[name="csv-force-dof"]');
  await page.selectOption('select[name="csv-force-dof"]', '1');
  await checkOnly(page, 'input[name="csv-method"]', ['variational']);
  await runCsv(page);
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ok', await page.textContent('#csv-status'));
  const [result] = JSON.parse(await exported('csv-export'));
  assert.deepEqual(result.channels.outputs.map((c) => `${c.name} ${c.unit}`), NAMES.map((n) => `${n} mm`));
  const csv = (await exported('csv-export-csv')).trim().split('\n').map((l) => l.split(','));
  assert.equal(csv[0].at(-1), 'channel');
  // M's row i is DOF i, measured by output i
  const firstColumn = csv.filter((r) => r[2] === 'M' && r[4] === '1');
  assert.deepEqual(firstColumn.map((r) => r.at(-1)), NAMES.map((n) => `${n} [mm]`));
  // the overlay of measured and simulated outputs in the file's unit (it said m whatever the file said)
  const yLabel = await page.$eval('#csv-results [data-method="variational"] [data-record]', (c) => c.currentPlots[0].axes[1].label);
  assert.equal(yLabel, 'outputs (mm)');
  await page.waitForFunction(() => !document.getElementById('modes-run').disabled);
  await openStep(page, '#modes');
  await page.fill('#modes-band-lo', '0.05');
  await page.fill('#modes-band-hi', '1');
  await findModes();

  const channels = {
    inputs: [{ name: 'Force', quantity: 'force', unit: 'N' }],
    outputs: NAMES.map((name) => ({ name, quantity: 'displacement', unit: 'mm' })),
  };
  const json = JSON.parse(await exported('modes-export-json'));
  assert.deepEqual(json.channels, channels);
  const frf = parseUff(await exported('modes-export-uff58'), 'frf.uff').records;
  assert.deepEqual(frf.map((r) => r.ids[0]), NAMES.map((n) => `H(${n}/Force) [mm/N]`));
  assert.deepEqual(frf.map((r) => [r.axes.ordinate.specificType, r.axes.ordinate.units, r.axes.denominator.specificType, r.axes.denominator.units]),
    NAMES.map(() => [8, 'mm', 13, 'N']));
  const modes = parseUff(await exported('modes-export-uff55'), 'modes.uff').records;
  assert.equal(modes[0].ids[3], '1 Disp wing [mm]; 2 Disp tail [mm]; 3 Disp nose [mm]');

  // The page's output unit mm: the numbers in metres (the core's factor), the labels m; the modes as before.
  await openStep(page, '#csv-output-unit');
  await page.selectOption('#csv-output-unit', { label: 'mm' });
  await findModes();
  const metres = JSON.parse(await exported('modes-export-json'));
  assert.deepEqual(metres.channels.outputs.map((c) => c.unit), ['m', 'm', 'm']);
  assert.equal(metres.modes.length, json.modes.length);
  metres.modes.forEach((m, k) => assert.ok(Math.abs(m.freq_hz / json.modes[k].freq_hz - 1) < 1e-9, `mode ${k + 1}: ${m.freq_hz} against ${json.modes[k].freq_hz} Hz`));

  assert.deepEqual(browser.problems, []);
});
