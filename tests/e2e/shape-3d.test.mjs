// Browser test of the 3-D mode shapes (issue 53, item 2; web/ui/shape-3d*.js, three.js in the
// page): a record of the 3-DOF preset pushed on DOF 1 (3 sensors), written as CSV by the Node API,
// analysed in "Frequency response and modes"; its "3-D view on the geometry" draws in WebGL
// (Chromium's software renderer here), first with no geometry (the channels on a line), and
//  - playing changes the frames (the data-frames count AND two canvas snapshots differ), pausing
//    stops them (the count and the picture stay), the arrow keys on the focused view turn it (its
//    azimuth and the picture change), space plays;
//  - on a geometry (a 3-storey shear frame set as the page's geometry), its 8 nodes are drawn and the
//    2 ground nodes that nothing moves are said in the legend;
//  - side by side, modes 1 and 2 with their MAC equal to the core's (mechid.mac in Node on the
//    same shapes, and the cell of the page's AutoMAC table); no serious axe-core violation;
//  - the still PNG has the PNG signature and the view's size; the animated PNG has an acTL of
//    24 frames, 24 fcTL and 23 fdAT chunks, and Chromium's decoder (ImageDecoder) reads 24 frames;
//  - identify: a method's modes beside the true system's (MAC the core's, near 1); oma: a record of
//    responses only animated on the preset's chain (paused at first under reduced motion); without
//    WebGL one sentence says so;
//  - three.js is loaded only when the view is opened, from this origin.
// Screenshot: docs/screenshots/mode-3d.png (README).
// Run: node --test tests/e2e/shape-3d.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { loadMechidNode } from '../../wasm/node.js';
import { simulationToCsv } from '../../wasm/api.js';
import { chooseCsv, exportedResults, foreignRequests, identifyOnPage, openStep, screenshot, withWideBrowser } from './browser.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-3d-e2e-'));
const mechid = await loadMechidNode();
let browser;
let page;

withWideBrowser((opened) => {
  browser = opened;
  page = opened.page;
}, dir);

const snapshot = (n = 1) => page.$eval(`#modes-3d-canvas-${n}`, (c) => c.toDataURL('image/png'));
const frames = (id = 'modes-3d') => page.getAttribute(`#${id}`, 'data-frames').then(Number);

// The chunk types of a PNG file (Buffer), in order.
function chunkTypes(b) {
  assert.deepEqual([...b.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'PNG signature');
  const types = [];
  for (let at = 8; at < b.length; at += 12 + b.readUInt32BE(at)) types.push(b.toString('latin1', at + 4, at + 8));
  return types;
}

async function downloaded(selector) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

test('a modes result in 3-D: frames change while playing, pause stops them, keys turn the view', async () => {
  const preset = mechid.preset('3dof');
  const system = { ...preset, L: { rows: 3, cols: 1, data: Float64Array.from([1, 0, 0]) } };
  const csv = join(dir, 'one-force.csv');
  writeFileSync(csv, simulationToCsv(mechid.simulate(system, { h: 0.1, n: 8000, input: 'prbs', snr: 40, seed: 4 })));
  await chooseCsv(page, csv);
  await page.waitForFunction(() => !document.getElementById('modes-run').disabled);
  await openStep(page, '#modes');
  await page.fill('#modes-band-lo', '0.05');
  await page.fill('#modes-band-hi', '1');
  await page.click('#modes-run');
  await page.waitForFunction(() => document.getElementById('modes-status').dataset.state === 'ok', null, { timeout: 60_000 });
  // The page's own loads (the service worker's precache of every file is not the page's).
  const loaded = () => page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  assert.deepEqual((await loaded()).filter((u) => /three|OrbitControls|shape-3d-panel/.test(u)), [], 'three.js is not loaded before the view is opened');

  // No geometry (the page takes the preset's chain of step 1 on its own): the channels on a line.
  await page.evaluate(() => import('/state/geometry.js').then((m) => m.setGeometry(null)));
  await page.click('#modes-3d-details > summary');
  await page.waitForSelector('#modes-3d-canvas-1');
  assert.ok((await loaded()).some((u) => u.endsWith('/gen/vendor/three.module.js')), 'three.js is loaded when the view is opened');
  assert.deepEqual(foreignRequests(browser.requests), []);
  assert.equal(await page.getAttribute('#modes-3d', 'data-playing'), 'true');
  assert.match(await page.getAttribute('#modes-3d-canvas-1', 'aria-label'), /^3-D view of this run, mode 1 of 3: [\d.]+ Hz, damping ratio/);
  assert.match(await page.textContent('#modes-3d-note'), /No geometry is set/);

  const f0 = await frames();
  const a = await snapshot();
  await page.waitForTimeout(500);
  const b = await snapshot();
  assert.ok(await frames() > f0 + 3, 'frames are drawn while playing');
  assert.notEqual(a, b, 'the picture moves while playing');

  await page.click('#modes-3d-play');
  assert.equal(await page.getAttribute('#modes-3d', 'data-playing'), 'false');
  const f1 = await frames();
  const c = await snapshot();
  await page.waitForTimeout(400);
  assert.equal(await frames(), f1, 'no frame while paused');
  assert.equal(await snapshot(), c, 'the picture stays while paused');

  const azimuth = Number(await page.getAttribute('#modes-3d', 'data-azimuth'));
  await page.focus('#modes-3d-canvas-1');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal(Number(await page.getAttribute('#modes-3d', 'data-azimuth')), azimuth - 20, 'two presses of ← turn the view by 20°');
  assert.notEqual(await snapshot(), c, 'the turned view is drawn');
  await page.keyboard.press('Space');
  assert.equal(await page.getAttribute('#modes-3d', 'data-playing'), 'true');
  await page.keyboard.press('Space');
});

test('on a geometry: a 3-storey shear frame (q1–q3 along x, the ground still) is drawn, its still nodes said', async () => {
  // The page's current geometry as its geometry step sets it (web/state/geometry.js).
  await page.evaluate(async () => {
    const [{ setGeometry }, { shearFrameGeometry }] = await Promise.all([import('/state/geometry.js'), import('/gen/geometry.js')]);
    setGeometry(shearFrameGeometry(3, { height: 3, width: 6 }));
  });
  await page.waitForFunction(() => /8 nodes/.test(document.getElementById('modes-3d-caption-1').textContent));
  assert.equal(await page.textContent('#modes-3d-note'), '');
  assert.equal(await page.getAttribute('#modes-3d', 'data-still-nodes'), '2');
  assert.match(await page.textContent('#modes-3d-legend'), /Orange points: 2 nodes that no sensor and no rule moves, drawn still\./);
  await page.click('#modes-3d-play');  // paused by the last test
  assert.equal(await page.getAttribute('#modes-3d', 'data-playing'), 'true');
  const f0 = await frames();
  const a = await snapshot();
  await page.waitForTimeout(400);
  assert.ok(await frames() > f0 && await snapshot() !== a, 'the frame moves');
});

test('side by side: modes 1 and 2 in two views, their MAC the core\'s (Node API, the page\'s AutoMAC table)', async () => {
  await page.click('#modes-3d-play');  // paused: the views are built at the phase of the largest real part
  await page.selectOption('#modes-3d-compare', '0:1');
  await page.waitForSelector('#modes-3d-canvas-2');
  await page.waitForFunction(() => document.getElementById('modes-3d').dataset.mac !== undefined);
  await page.locator('#modes-3d-details').scrollIntoViewIfNeeded();
  await screenshot(page.locator('#modes-3d-details'), 'mode-3d.png');
  await page.click('#modes-3d-play');
  const shown = Number(await page.getAttribute('#modes-3d', 'data-mac'));
  const json = JSON.parse(await downloaded('#modes-export-json').then((d) => d.bytes.toString('utf8')));
  const core = mechid.mac([json.taken[0].shape], [json.taken[1].shape]).data[0];
  assert.ok(Math.abs(shown - core) < 1e-12, `3-D view ${shown}, Node API ${core}`);
  assert.match(await page.textContent('#modes-3d-mac'), new RegExp(`MAC of the two shapes: ${core.toFixed(3)}`));
  await page.selectOption('#modes-mac-with', 'self');
  await page.waitForSelector('#modes-mac-table');
  const cell = await page.$eval('#modes-mac-table tbody tr:nth-child(1) td:nth-of-type(2)', (td) => td.textContent);
  assert.equal(cell, shown.toFixed(2), 'the AutoMAC table\'s (1, 2) cell');
  // axe-core (run in the page through the DevTools protocol) on the open view: no serious or critical violation.
  await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
  const violations = await page.evaluate(async () => (await window.axe.run(document.getElementById('modes-3d-details'), { resultTypes: ['violations'] }))
    .violations.filter((v) => ['serious', 'critical'].includes(v.impact)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
  assert.deepEqual(violations, []);
  // One camera for both: a key on the second view turns the first too.
  const left = await snapshot(1);
  await page.focus('#modes-3d-canvas-2');
  await page.keyboard.press('ArrowRight');
  assert.notEqual(await snapshot(1), left, 'the first view follows a turn of the second');
});

test('exports: a still PNG of both views and an animated PNG of one cycle (24 frames)', async () => {
  const still = await downloaded('#modes-3d-png');
  assert.equal(still.name, 'modes-3d-mode1-vs-mode2.png');
  const types = chunkTypes(still.bytes);
  assert.equal(types[0], 'IHDR');
  assert.equal(still.bytes.readUInt32BE(16), 2 * 420, 'two views side by side');
  assert.ok(!types.includes('acTL'));
  const animated = await downloaded('#modes-3d-apng');
  assert.equal(animated.name, 'modes-3d-mode1-vs-mode2-animated.png');
  const list = chunkTypes(animated.bytes);
  assert.equal(list[1], 'acTL');
  const at = animated.bytes.indexOf(Buffer.from('acTL')) + 4;
  assert.equal(animated.bytes.readUInt32BE(at), 24, 'acTL: 24 frames');
  assert.equal(list.filter((t) => t === 'fcTL').length, 24);
  assert.equal(list.filter((t) => t === 'fdAT').length >= 23, true);
  assert.equal(list.at(-1), 'IEND');
  assert.equal(await page.getAttribute('#modes-3d', 'data-export-frames'), '24');
  // Chromium's own decoder (WebCodecs ImageDecoder) reads it as an animation of 24 frames, the last decodable.
  const decoded = await page.evaluate(async (b64) => {
    const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const decoder = new ImageDecoder({ data, type: 'image/png' });
    await decoder.tracks.ready;
    const last = await decoder.decode({ frameIndex: 23 });
    return { frames: decoder.tracks.selectedTrack.frameCount, animated: decoder.tracks.selectedTrack.animated, width: last.image.displayWidth };
  }, animated.bytes.toString('base64'));
  assert.deepEqual(decoded, { frames: 24, animated: true, width: 2 * 420 });
  assert.deepEqual(browser.problems, []);
});

test('identify: each identified M, D, K\'s modes on the preset\'s chain, side by side with the true system\'s, their MAC the core\'s', async () => {
  assert.equal(await identifyOnPage(page, { system: '3dof', h: 0.05, n: 600, snr: 30, seed: 1, methods: ['variational'] }), 'ok');
  await page.evaluate(async () => {
    const [{ setGeometry }, { presetGeometry }] = await Promise.all([import('/state/geometry.js'), import('/gen/geometry.js')]);
    setGeometry(presetGeometry('3dof'));
  });
  await page.click('#ident-3d-details > summary');
  await page.waitForSelector('#ident-3d-canvas-1');
  assert.match(await page.textContent('#ident-3d-caption-1'), /^variational, mode 1 of 3: .*; 3 nodes \(preset 3dof\)$/);
  await page.selectOption('#ident-3d-compare', '1:0');  // the true system's mode 1
  await page.waitForFunction(() => document.getElementById('ident-3d').dataset.mac !== undefined);
  const shown = Number(await page.getAttribute('#ident-3d', 'data-mac'));
  const [result] = await exportedResults(page, '#ident-export-json').then((j) => j.results ?? j);
  const core = mechid.mac([result.modal.modes[0].shape], [mechid.modal(mechid.preset('3dof')).modes[0].shape]).data[0];
  assert.ok(Math.abs(shown - core) < 1e-12, `3-D view ${shown}, Node API ${core}`);
  assert.ok(core > 0.99, `identified and true mode 1 agree (MAC ${core})`);
});

test('without WebGL: one sentence says so, and the SVG animation stays', async () => {
  const other = await browser.context.newPage();
  await other.addInitScript(() => {
    const native = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function getContext(kind, ...rest) {
      return /webgl/.test(kind) ? null : native.call(this, kind, ...rest);
    };
  });
  try {
    await other.goto(browser.server.url);
    await other.waitForFunction(() => !document.getElementById('ident-run').disabled, null, { timeout: 30_000 });
    assert.equal(await identifyOnPage(other, { system: '3dof', h: 0.05, n: 600, snr: 30, seed: 1, methods: ['variational'] }), 'ok');
    await other.click('#ident-3d-details > summary');
    assert.equal(await other.textContent('#ident-3d-no-webgl'), 'This browser offers no WebGL, so the 3-D view cannot be drawn; the animation above shows the shape.');
    assert.ok(await other.$('#ident-anim-variational-details'), 'the SVG animation is offered');
    assert.equal(await other.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('three'))), false, 'three.js is not loaded');
  } finally {
    await other.close();
  }
});

test('oma: the modes of a record of responses only on the page\'s geometry', async () => {
  // The 3-DOF preset under independent random forces at its masses, its displacements only (t, q1–q3).
  const preset = mechid.preset('3dof');
  const N = 8000;
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) - 0.5;
  const sim = mechid.simulate(preset, { h: 0.1, n: N, input: 'samples', samples: { rows: N, cols: 3, data: Float64Array.from({ length: 3 * N }, random) } });
  const lines = ['t,q1,q2,q3', ...Array.from({ length: N }, (_, i) => [sim.t[i], ...sim.q.data.subarray(3 * i, 3 * i + 3)].join(','))];
  const csv = join(dir, 'responses-only.csv');
  writeFileSync(csv, `${lines.join('\n')}\n`);
  await chooseCsv(page, csv);
  assert.equal(await page.getAttribute('#csv-route', 'data-kind'), 'output-only');
  await page.click('#csv-route-oma');
  await page.waitForFunction(() => ['ok', 'warning', 'error'].includes(document.getElementById('oma-status').dataset.state), null, { timeout: 60_000 });
  assert.notEqual(await page.getAttribute('#oma-status', 'data-state'), 'error', await page.textContent('#oma-status'));
  await page.evaluate(async () => {
    const [{ setGeometry }, { presetGeometry }] = await Promise.all([import('/state/geometry.js'), import('/gen/geometry.js')]);
    setGeometry(presetGeometry('3dof'));
  });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.click('#oma-3d-details > summary');
  await page.waitForSelector('#oma-3d-canvas-1');
  assert.match(await page.textContent('#oma-3d-caption-1'), /^this analysis, mode 1 of \d: .*; 3 nodes \(preset 3dof\)$/);
  assert.equal(await page.getAttribute('#oma-3d', 'data-playing'), 'false', 'paused at first under reduced motion');
  await page.emulateMedia({ reducedMotion: null });
  await page.click('#oma-3d-play');
  const f0 = await frames('oma-3d');
  await page.waitForTimeout(300);
  assert.ok(await frames('oma-3d') > f0, 'the mode is animated');
});
