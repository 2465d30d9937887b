// Browser test of the Geometry section (issue 53, web/views/geometry.js): the preset's row of
// masses at start; a universal file with nodes (15), trace lines (82) and accelerations at nodes
// (58) loaded in "Your measurements" gives the geometry and its channels, the one at no node of
// the file named next to the mapping; a geometry CSV loaded; a shear frame built in the editor;
// a channel mapped by typing its node (a node the geometry lacks refused beside it, the typing
// kept); a geometry whose line names a missing node refused next to the file control, the
// geometry before it kept; the JSON downloaded equal to what the page shows.
// Run: node --test tests/e2e/geometry.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { geometryUff, recordsAtNodes } from '../fixtures/geometry/uff-geometry.mjs';
import { chooseCsv, downloadedText, openStep, withWideBrowser } from './browser.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-geometry-e2e-'));
let browser;
let page;

withWideBrowser((opened) => {
  browser = opened;
  page = opened.page;
}, dir);

const file = (name, text) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

// Four nodes of a square frame, its outline as one trace line; a1 at node 2 along +X, a2 at node 3
// along −Z, a3 at node 99 (the file has no node 99).
const frameUff = () => {
  const nodes = [[1, 0, 0, 0], [2, 0, 0, 3], [3, 4, 0, 3], [4, 4, 0, 0]].map(([id, x, y, z]) => ({ id, x, y, z }));
  const acc = (name, node, direction) => ({ name, quantity: 'acceleration', unit: 'm/s^2', node, direction });
  return geometryUff({ nodes, traces: [[1, 2, 3, 4]] }) + recordsAtNodes([acc('a1', 2, 1), acc('a2', 3, -3), acc('a3', 99, 1)]);
};

const statusText = () => page.textContent('#geometry-status');
const mapping = () => page.$$eval('#geometry-mapping tbody tr', (rows) => rows.map((r) => [r.dataset.channel, r.querySelector('input').value, r.querySelector('select').value]));

test('the preset of step 1 comes with its row of masses, q1..q3 along x', async () => {
  await page.waitForFunction(() => document.getElementById('geometry-status').dataset.state === 'ok', null, { timeout: 30_000 });
  assert.match(await statusText(), /^preset 3dof: 3 nodes, 2 lines, 0 faces, 3 sensors, 0 rules; coordinates in m\. Taken automatically/);
  await openStep(page, '#geometry-file');
  assert.deepEqual(await mapping(), [['q1', '1', '+X'], ['q2', '2', '+X'], ['q3', '3', '+X']]);
  // another preset chosen for Identify: its chain, q1..q8
  await openStep(page, '#ident-preset');
  await page.selectOption('#ident-preset', '8dof');
  assert.match(await statusText(), /^preset 8dof: 8 nodes, 7 lines, 0 faces, 8 sensors/);
  await page.selectOption('#ident-preset', '3dof');
  assert.match(await statusText(), /^preset 3dof: 3 nodes/);
});

test('a universal file with nodes and trace lines: its geometry and channels; the channel at no node named', async () => {
  await chooseCsv(page, [file('frame.uff', frameUff())]);
  await page.waitForFunction(() => /^frame\.uff:/.test(document.getElementById('geometry-status').textContent));
  assert.match(await statusText(), /^frame\.uff: 4 nodes, 3 lines, 0 faces, 2 sensors, 0 rules\./);
  assert.deepEqual(await mapping(), [['a1', '2', '+X'], ['a2', '3', '-Z'], ['a3', '', '+X']]);
  assert.match(await page.textContent('#geometry-unmapped'), /^On no node: a3\. It is left out of the drawing/);
  assert.equal(await page.getAttribute('#geometry-mapping', 'aria-describedby'), 'geometry-unmapped');
  assert.match(await page.textContent('#geometry-still'), /nodes 1, 4\./);
  assert.equal(await page.textContent('#geometry-notes'), 'frame.uff: channels at no node of the file or along no translation: a3 (node 99, direction 1)');
});

test('a geometry CSV: its nodes, lines and sensors, the record\'s channels mapped by name', async () => {
  const csv = ['# a portal frame', 'units,mm', 'node,1,0,0,0', 'node,2,0,0,3000', 'node,3,6000,0,3000', 'node,4,6000,0,0', 'node,5,3000,0,3000',
    'line,1,2,5,3,4', 'sensor,a1,2,+X', 'sensor,a2,3,+X', 'between,5,2,3,0.5'].join('\n');
  await page.setInputFiles('#geometry-file', file('portal.csv', csv));
  await page.waitForFunction(() => /^portal\.csv:/.test(document.getElementById('geometry-status').textContent));
  assert.equal(await statusText(), 'portal.csv: 5 nodes, 4 lines, 0 faces, 2 sensors, 1 rule; coordinates in mm.');
  assert.deepEqual(await mapping(), [['a1', '2', '+X'], ['a2', '3', '+X'], ['a3', '', '+X']]);
  const rule = await page.$$eval('#geometry-rules tbody tr', (rows) => rows.map((r) => [...r.querySelectorAll('input, select')].filter((c) => !c.hidden).map((c) => c.value)));
  assert.deepEqual(rule, [['5', 'between', '2', '3', '0.5']]);
});

test('a shear frame built in the editor; a3 mapped by typing its node, a missing node refused beside it', async () => {
  // points on a line ask for two fields; what was typed for each shape is kept when switching
  await page.selectOption('#geometry-kind', 'line');
  assert.equal(await page.textContent('#geometry-n1-label'), 'Points');
  assert.ok(await page.isHidden('#geometry-n2-box'));
  await page.fill('#geometry-n1', '7');
  await page.selectOption('#geometry-kind', 'shear');
  assert.equal(await page.inputValue('#geometry-n1'), '3');
  await page.selectOption('#geometry-kind', 'line');
  assert.equal(await page.inputValue('#geometry-n1'), '7');
  await page.selectOption('#geometry-kind', 'shear');
  // a field that is not a whole number: said beside it
  await page.fill('#geometry-n1', '2.5');
  await page.click('#geometry-build');
  assert.equal(await page.textContent('#geometry-build-error'), 'Storeys: “2.5” is not a whole number from 1 to 10000');
  assert.equal(await page.getAttribute('#geometry-n1', 'aria-invalid'), 'true');
  await page.fill('#geometry-n1', '2');
  await page.fill('#geometry-n2', '2');
  await page.selectOption('#geometry-prefix', 'a');
  await page.click('#geometry-build');
  // 3 levels × 2 columns; a1, a2 on storey 1, a3, a4 on storey 2
  assert.match(await statusText(), /^editor: shear frame 2 × 2: 6 nodes, 7 lines, 0 faces, 4 sensors, 0 rules; coordinates in m\.$/);
  assert.deepEqual(await mapping(), [['a1', '3', '+X'], ['a2', '4', '+X'], ['a3', '5', '+X']]);
  assert.equal(await page.textContent('#geometry-unmapped'), '');
  // a3 moved to a node the frame lacks: refused next to it, the typing kept, the sensor as before
  await page.fill('#geometry-node-2', '42');
  await page.press('#geometry-node-2', 'Enter');
  await page.locator('#geometry-node-2').blur();
  await page.waitForFunction(() => document.getElementById('geometry-mapping-error').textContent !== '');
  assert.equal(await page.textContent('#geometry-mapping-error'), 'a3: “42” is not a node of the geometry (its nodes: 1, 2, 3, 4, 5, 6)');
  assert.equal(await page.inputValue('#geometry-node-2'), '42');
  assert.equal(await page.getAttribute('#geometry-node-2', 'aria-invalid'), 'true');
  // cleared: a3 on no node, named
  await page.fill('#geometry-node-2', '');
  await page.locator('#geometry-node-2').blur();
  await page.waitForFunction(() => document.getElementById('geometry-unmapped').textContent.startsWith('On no node: a3'));
  // mapped to node 6 along −X
  await page.fill('#geometry-node-2', '6');
  await page.selectOption('#geometry-dir-2', '-X');
  await page.waitForFunction(() => document.getElementById('geometry-unmapped').textContent === '');
  assert.equal(await page.textContent('#geometry-mapping-error'), '');
});

test('a rule for a node without a sensor: added, a missing master refused beside it, a measured node refused', async () => {
  // a3 moved to node 6: node 5 has no sensor; it follows node 6
  await page.click('#geometry-add-rule');
  const field = (name) => page.locator(`#geometry-rules tbody tr:last-child [data-field="${name}"]`);
  await field('node').fill('5');
  await field('a').fill('77');
  await field('a').blur();
  await page.waitForFunction(() => document.getElementById('geometry-rules-error').textContent !== '');
  assert.equal(await page.textContent('#geometry-rules-error'), 'the rules: rule 1 (slave) names node 77, which the geometry does not have');
  assert.equal(await field('a').inputValue(), '77');
  await field('a').fill('6');
  await field('a').blur();
  await page.waitForFunction(() => / 1 rule;/.test(document.getElementById('geometry-status').textContent));
  assert.equal(await page.textContent('#geometry-rules-error'), '');
  assert.match(await page.textContent('#geometry-still'), /^Drawn still \(no sensor, no rule\): nodes 1, 2\.$/);
  // a sensor on node 5 now: refused (node 5 follows its rule), the rule kept
  await page.fill('#geometry-node-0', '5');
  await page.locator('#geometry-node-0').blur();
  await page.waitForFunction(() => document.getElementById('geometry-mapping-error').textContent !== '');
  assert.equal(await page.textContent('#geometry-mapping-error'), 'the mapping: rule 1 moves node 5, which channel a1 measures; a rule moves an unmeasured node');
  await page.fill('#geometry-node-0', '3');
  await page.locator('#geometry-node-0').blur();
  await page.waitForFunction(() => document.getElementById('geometry-mapping-error').textContent === '');
});

test('a geometry file whose line names a missing node: refused next to the file control, the frame kept', async () => {
  await page.setInputFiles('#geometry-file', file('bad.csv', 'node,1,0,0,0\nnode,2,1,0,0\nline,1,2\nline,2,12\n'));
  await page.waitForFunction(() => document.getElementById('geometry-file-error').textContent !== '');
  assert.equal(await page.textContent('#geometry-file-error'), 'bad.csv: line 2 names node 12, which the geometry does not have');
  assert.equal(await page.getAttribute('#geometry-file', 'aria-describedby'), 'geometry-file-error');
  assert.match(await statusText(), /^editor: shear frame 2 × 2: 6 nodes/);
  // the frame with a3 at node 6 along −X, downloaded as JSON
  const g = JSON.parse(await downloadedText(page, '#geometry-download'));
  assert.equal(g.nodes.length, 6);
  assert.deepEqual(g.sensors.find((s) => s.channel === 'a3'), { channel: 'a3', node: 6, direction: [-1, 0, 0] });
  assert.deepEqual(g.rules, [{ node: 5, slave: 6 }]);
});

test('a data file whose trace line names a missing node: its data read, the refusal next to the geometry file control', async () => {
  const nodes = [[1, 0, 0, 0], [2, 0, 0, 3]].map(([id, x, y, z]) => ({ id, x, y, z }));
  const acc = { name: 'a1', quantity: 'acceleration', unit: 'm/s^2', node: 2, direction: 1 };
  await chooseCsv(page, [file('broken.uff', geometryUff({ nodes, traces: [[1, 2, 9]] }) + recordsAtNodes([acc]))]);
  assert.equal(await page.getAttribute('#csv-status', 'data-state'), 'ready');
  await page.waitForFunction(() => document.getElementById('geometry-file-error').textContent.startsWith('broken.uff'));
  assert.equal(await page.textContent('#geometry-file-error'), 'broken.uff: line 2 names node 9, which the geometry does not have');
  assert.match(await statusText(), /^editor: shear frame 2 × 2: 6 nodes/);
});

test('a data file with a geometry while the user has one: said, and taken only by "Use it"', async () => {
  await chooseCsv(page, [file('frame2.uff', frameUff())]);
  await page.waitForFunction(() => !document.getElementById('geometry-offer').hidden);
  assert.equal(await page.textContent('#geometry-offer-text'), 'frame2.uff has a geometry of its own (4 nodes); yours is kept.');
  assert.match(await statusText(), /^editor: shear frame 2 × 2/);
  await openStep(page, '#geometry-offer-use');
  await page.click('#geometry-offer-use');
  assert.match(await statusText(), /^frame2\.uff: 4 nodes, 3 lines/);
  assert.ok(await page.isHidden('#geometry-offer'));
});

test('no console error, page error or CSP violation in the page or its worker', () => {
  assert.deepEqual(browser.problems, []);
});
