// Browser test of issue 53's "a UFF geometry from pyuff's public corpus with modes shows the
// structure and animates a mode": Simcenter Testlab's export of nodes (dataset 15) and trace lines
// (82) from pyuff's test data (kept outside the repository, /work/data-kept/pyuff/data or
// MECHID_PYUFF_DATA; the test is skipped without it) is loaded as the page's geometry; the modes of
// a 3-DOF record pushed on DOF 1 have their three channels typed onto three of its nodes (vertical);
// the 3-D view then draws the file's 36 nodes, says that the 33 others stay still, and animates.
// Run: node --test tests/e2e/geometry-corpus.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMechidNode } from '../../wasm/node.js';
import { simulationToCsv } from '../../wasm/api.js';
import { chooseCsv, openStep, withWideBrowser } from './browser.mjs';

const corpus = process.env.MECHID_PYUFF_DATA ?? '/work/data-kept/pyuff/data';
const testlab = join(corpus, 'TestLab 161 164 18 15 82.uff');
const skip = existsSync(testlab) ? false : `pyuff's corpus is not at ${corpus} (MECHID_PYUFF_DATA)`;

const dir = mkdtempSync(join(tmpdir(), 'mechid-geometry-corpus-'));
let page;
if (!skip) withWideBrowser((opened) => { page = opened.page; }, dir);

test('Testlab\'s 15/82 geometry from pyuff\'s corpus: a mode of a record animated on it', { skip }, async () => {
  const mechid = await loadMechidNode();
  const system = { ...mechid.preset('3dof'), L: { rows: 3, cols: 1, data: Float64Array.from([1, 0, 0]) } };
  const csv = join(dir, 'one-force.csv');
  writeFileSync(csv, simulationToCsv(mechid.simulate(system, { h: 0.1, n: 4000, input: 'prbs', snr: 40, seed: 4 })));
  await chooseCsv(page, csv);
  await page.waitForFunction(() => !document.getElementById('modes-run').disabled);
  await openStep(page, '#modes');
  await page.fill('#modes-band-lo', '0.05');
  await page.fill('#modes-band-hi', '1');
  await page.click('#modes-run');
  await page.waitForFunction(() => document.getElementById('modes-status').dataset.state === 'ok', null, { timeout: 60_000 });

  await openStep(page, '#geometry-file');
  await page.setInputFiles('#geometry-file', testlab);
  await page.waitForFunction(() => /^TestLab 161 164 18 15 82\.uff:/.test(document.getElementById('geometry-status').textContent));
  assert.match(await page.textContent('#geometry-status'), /^TestLab 161 164 18 15 82\.uff: 36 nodes, 30 lines, 0 faces, 0 sensors, 0 rules; coordinates in m\./);
  for (const [k, node] of [[0, '1'], [1, '2'], [2, '3']]) {
    await page.selectOption(`#geometry-dir-${k}`, '+Z');
    await page.fill(`#geometry-node-${k}`, node);
    await page.locator(`#geometry-node-${k}`).blur();
  }
  await page.waitForFunction(() => /3 sensors/.test(document.getElementById('geometry-status').textContent));
  assert.equal(await page.textContent('#geometry-unmapped'), '');

  await openStep(page, '#modes');
  await page.click('#modes-3d-details > summary');
  await page.waitForSelector('#modes-3d-canvas-1');
  await page.waitForFunction(() => /36 nodes/.test(document.getElementById('modes-3d-caption-1').textContent));
  assert.equal(await page.getAttribute('#modes-3d', 'data-still-nodes'), '33');
  const frames = () => page.getAttribute('#modes-3d', 'data-frames').then(Number);
  const snapshot = () => page.$eval('#modes-3d-canvas-1', (c) => c.toDataURL('image/png'));
  if (await page.getAttribute('#modes-3d', 'data-playing') !== 'true') await page.click('#modes-3d-play');
  const f0 = await frames();
  const a = await snapshot();
  await page.waitForTimeout(500);
  assert.ok(await frames() > f0 + 3, 'frames are drawn while playing');
  assert.notEqual(await snapshot(), a, 'the mode moves on the file\'s structure');
});
