// Browser test of the animated mode shapes (issue 17 item 6, web/ui/mode-animation.js):
// - the 3-DOF preset in "Simulate": 3 masses in a row, frames advance while playing and not when
//   paused; mode 2 drawn at phase 0 moves each mass by the sign (and relative size) of
//   mechid.modal's shape; the loop stops when the picture is removed; prefers-reduced-motion starts
//   it paused; screenshot docs/screenshots/mode-3dof.png;
// - measured shapes in "Frequency response and modes": a 3-DOF record pushed on DOF 1 (as in
//   modes.test.mjs) gives 3 sensors moving as Re(ψ e^{iωt}); sensor positions typed by the user
//   move the points, a wrong list is said next to the field; with the F-16 record
//   (../shared/data/real/f16gvt/, absent in CI: skipped) a screenshot docs/screenshots/mode-f16.png.
// - identified M, D, K (and the true system) in "Identify": "Animate the modes" builds the picture
//   when opened, removes it when closed.
// Every control of the pictures has an accessible name.
// Run: node --test tests/e2e/timed/mode-animation.test.mjs
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMechidNode } from '../../../wasm/node.js';
import { simulationToCsv } from '../../../wasm/api.js';
import { chooseCsv, identifyOnPage, openStep, withWideBrowser } from '../browser.mjs';

const root = new URL('../../..', import.meta.url).pathname;
const F16 = join(root, '../shared/data/real/f16gvt/F16Data_FullMSine_Level1.csv');
const dir = mkdtempSync(join(tmpdir(), 'mechid-anim-e2e-'));
const mechid = await loadMechidNode();
let browser;
let page;

withWideBrowser((opened) => {
  browser = opened;
  page = opened.page;
}, dir);

const data = (id) => page.$eval(`#${id}`, (e) => ({ ...e.dataset }));
const pause = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

// Controls (inputs, selects, buttons) under `selector` without an accessible name.
const unnamed = (selector) => page.evaluate((sel) => [...document.querySelectorAll(`${sel} input, ${sel} select, ${sel} button`)]
  .filter((el) => !((el.labels && [...el.labels].some((l) => l.textContent.trim())) || el.getAttribute('aria-label')
    || (el.tagName === 'BUTTON' && el.textContent.trim())))
  .map((el) => el.id || el.outerHTML.slice(0, 80)), selector);

// The drawn displacement of each mass: its translation minus its rest outline's centre (SVG units).
const drawnShifts = () => page.evaluate(() => {
  const fig = document.getElementById('sim-anim');
  const rest = [...fig.querySelectorAll('.mode-anim-rest')].map((r) => Number(r.getAttribute('x')) + Number(r.getAttribute('width')) / 2);
  return [...fig.querySelectorAll('.mode-anim-mass')].map((g, i) => Number(/translate\(([-\d.]+)/.exec(g.getAttribute('transform'))[1]) - rest[i]);
});

test('3-DOF preset: 3 masses animated, pause stops, mode 2 moves as mechid modal says', async () => {
  await page.waitForFunction(() => !document.getElementById('simulate').disabled);
  await openStep(page, '#preset');
  await page.selectOption('#preset', '3dof');
  await page.waitForSelector('#sim-anim[data-masses="3"]');
  await page.locator('#sim-anim').scrollIntoViewIfNeeded();
  assert.equal(await page.locator('#sim-anim .mode-anim-mass').count(), 3);
  assert.equal(await page.locator('#sim-mode-anim select option').count(), 3);
  // The 1–3 coupling of K and D (beyond neighbours) as arcs; springs to the walls and the floor.
  assert.equal(await page.locator('#sim-anim .mode-anim-arc-spring').count(), 1);
  assert.equal(await page.locator('#sim-anim .mode-anim-arc-damper').count(), 1);
  assert.equal(await page.locator('#sim-anim .mode-anim-spring').count(), 2 + 3);

  // Playing: frames and phase advance.
  assert.equal((await data('sim-anim')).playing, 'true');
  const a = await data('sim-anim');
  await pause(300);
  const b = await data('sim-anim');
  assert.ok(Number(b.frames) > Number(a.frames) + 3, `frames ${a.frames} -> ${b.frames}`);
  assert.notEqual(a.displacements, b.displacements);

  // Paused: nothing moves.
  await page.click('#sim-anim-play');
  assert.equal((await data('sim-anim')).playing, 'false');
  assert.equal(await page.getAttribute('#sim-anim-play', 'aria-pressed'), 'false');
  const c = await data('sim-anim');
  await pause(300);
  const d = await data('sim-anim');
  assert.equal(d.frames, c.frames);
  assert.equal(d.displacements, c.displacements);

  // Mode 2 at phase 0: the drawn shifts have the signs and ratios of mechid.modal's shape.
  const shape = Array.from(mechid.modal(mechid.preset('3dof')).modes[1].shape);
  await page.selectOption('#sim-anim-mode', '1');
  const e = await data('sim-anim');
  assert.equal(e.mode, '2');
  assert.equal(Number(e.phase), 0);
  const largest = Math.max(...shape.map(Math.abs));
  e.displacements.split(',').map(Number).forEach((x, i) => assert.ok(Math.abs(x - shape[i] / largest) < 1e-3, `DOF ${i + 1}: ${x} vs ${shape[i] / largest}`));
  const shifts = await drawnShifts();
  shifts.forEach((s, i) => assert.equal(Math.sign(s), Math.sign(shape[i]), `mass ${i + 1} drawn at ${s}, shape ${shape[i]}`));
  const k = shifts.findIndex((s) => Math.abs(s) === Math.max(...shifts.map(Math.abs)));
  shifts.forEach((s, i) => assert.ok(Math.abs(s / shifts[k] - shape[i] / shape[k]) < 0.02, `mass ${i + 1}: ratio ${s / shifts[k]} vs ${shape[i] / shape[k]}`));

  mkdirSync(join(root, 'docs/screenshots'), { recursive: true });
  await page.locator('#sim-modes').screenshot({ path: join(root, 'docs/screenshots/mode-3dof.png') });

  // Playing again, then another preset: 8 masses, the loop goes on.
  await page.click('#sim-anim-play');
  assert.equal((await data('sim-anim')).playing, 'true');
  await page.selectOption('#preset', '8dof');
  await page.waitForSelector('#sim-anim[data-masses="8"]');
  assert.equal(await page.locator('#sim-anim .mode-anim-mass').count(), 8);
  const f = await data('sim-anim');
  await pause(200);
  assert.ok(Number((await data('sim-anim')).frames) > Number(f.frames));
  assert.deepEqual(await unnamed('#sim-modes'), []);

  // Removed from the page: the loop stops for good.
  const stopped = await page.evaluate(async () => {
    const fig = document.getElementById('sim-anim');
    const parent = fig.parentNode;
    fig.remove();
    await new Promise((resolve) => { setTimeout(resolve, 200); });
    const frames = fig.dataset.frames;
    await new Promise((resolve) => { setTimeout(resolve, 200); });
    parent.append(fig);  // back, as it was (stopped)
    return { playing: fig.dataset.playing, same: frames === fig.dataset.frames };
  });
  assert.deepEqual(stopped, { playing: 'false', same: true });
  assert.deepEqual(browser.problems, []);
});

test('prefers-reduced-motion: the animation starts paused', async () => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  await page.waitForSelector('#sim-anim[data-masses]');
  assert.equal((await data('sim-anim')).playing, 'false');
  assert.equal(await page.getAttribute('#sim-anim-play', 'aria-pressed'), 'false');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.reload();
  await page.waitForSelector('#sim-anim[data-masses]');
  assert.equal((await data('sim-anim')).playing, 'true');
});

test('identified M, D, K: "Animate the modes" draws the masses when opened and stops when closed', async () => {
  await page.waitForFunction(() => !document.getElementById('ident-run').disabled, null, { timeout: 30_000 });
  assert.equal(await identifyOnPage(page, { system: '3dof', h: 0.05, n: 1500, snr: 30, seed: 1, methods: ['variational'] }), 'ok');
  assert.equal(await page.locator('#ident-anim-variational').count(), 0);  // built only when opened
  await page.click('#ident-anim-variational-details summary');
  await page.waitForSelector('#ident-anim-variational[data-masses="3"]');
  await page.locator('#ident-anim-variational').scrollIntoViewIfNeeded();
  const a = await data('ident-anim-variational');
  await pause(300);
  assert.ok(Number((await data('ident-anim-variational')).frames) > Number(a.frames));
  assert.equal(await page.locator('#ident-anim-variational-mode option').count(), 3);
  await page.click('#ident-anim-true-details summary');
  await page.waitForSelector('#ident-anim-true[data-masses="3"]');
  assert.deepEqual(await unnamed('#ident-results'), []);
  await page.click('#ident-anim-variational-details summary');
  // The details' toggle event is queued, not dispatched within the click: wait for the removal.
  await page.waitForSelector('#ident-anim-variational', { state: 'detached', timeout: 5_000 });
  assert.deepEqual(browser.problems, []);
});

// Presses "Find the modes" and waits for the status to settle.
async function findModes(timeout = 60_000) {
  await openStep(page, '#modes-run');
  await page.click('#modes-run');
  await page.waitForFunction(() => ['ok', 'error'].includes(document.getElementById('modes-status').dataset.state)
    && !document.getElementById('modes-run').disabled, null, { timeout });
  assert.equal(await page.getAttribute('#modes-status', 'data-state'), 'ok', await page.textContent('#modes-status'));
}

test('measured shapes: 3 sensors of a 3-DOF record animated; positions typed move them', async () => {
  const preset = mechid.preset('3dof');
  const system = { ...preset, L: { rows: 3, cols: 1, data: Float64Array.from([1, 0, 0]) } };
  const csv = join(dir, 'one-force.csv');
  writeFileSync(csv, simulationToCsv(mechid.simulate(system, { h: 0.1, n: 20000, input: 'prbs', snr: 40, seed: 4 })));
  await chooseCsv(page, csv);
  await page.waitForFunction(() => !document.getElementById('modes-run').disabled);
  await openStep(page, '#modes');  // step 4, Analyse
  await page.fill('#modes-band-lo', '0.05');
  await page.fill('#modes-band-hi', '1');
  await findModes();
  await page.waitForSelector('#modes-anim-fig[data-masses="3"]');
  await page.locator('#modes-anim-fig').scrollIntoViewIfNeeded();
  assert.equal(await page.locator('#modes-anim-fig .mode-anim-sensor').count(), 3);
  assert.deepEqual(await page.$$eval('#modes-anim-fig text', (t) => t.map((x) => x.textContent)), ['q1', 'q2', 'q3']);
  assert.equal(await page.locator('#modes-anim-fig-mode option').count(), 3);
  const a = await data('modes-anim-fig');
  await pause(300);
  const b = await data('modes-anim-fig');
  assert.ok(Number(b.frames) > Number(a.frames) + 3);

  // Mode 2 at phase 0: Re(ψ) over max |ψ|, ψ the shape in the modes table's second row; signs as
  // the preset's (output j measures DOF j; the table sorts by frequency as modal does).
  await page.click('#modes-anim-fig-play');
  await page.selectOption('#modes-anim-fig-mode', '1');
  const shown = (await data('modes-anim-fig')).displacements.split(',').map(Number);
  const truth = Array.from(mechid.modal(preset).modes[1].shape);
  const sign = Math.sign(shown[0]) * Math.sign(truth[0]);
  shown.forEach((x, i) => assert.equal(Math.sign(x), sign * Math.sign(truth[i]), `sensor ${i + 1}: ${x} vs ${truth[i]}`));
  // A click on the first row of the table animates mode 1.
  await page.click('#modes-table-data tbody tr:first-child th');
  assert.equal((await data('modes-anim-fig')).mode, '1');

  // Positions: 0, 1, 4 put sensor 2 at a quarter of the line; a wrong list is said.
  const xs = () => page.$$eval('#modes-anim-fig .mode-anim-sensor', (g) => g.map((x) => Number(/translate\(([-\d.]+)/.exec(x.getAttribute('transform'))[1])));
  const even = await xs();
  assert.ok(Math.abs(even[1] - (even[0] + even[2]) / 2) < 0.5);
  await page.fill('#modes-positions', '0, 1, 4');
  await page.dispatchEvent('#modes-positions', 'change');
  const given = await xs();
  assert.ok(Math.abs(given[1] - (given[0] + (given[2] - given[0]) / 4)) < 0.5, given.join(' '));
  await page.fill('#modes-positions', '0, 1');
  await page.dispatchEvent('#modes-positions', 'change');
  assert.match(await page.textContent('#modes-positions-error'), /give 3 numbers/);
  assert.equal(await page.getAttribute('#modes-positions', 'aria-invalid'), 'true');
  await page.fill('#modes-positions', '');
  await page.dispatchEvent('#modes-positions', 'change');
  assert.equal(await page.textContent('#modes-positions-error'), '');
  assert.deepEqual(await unnamed('#modes'), []);
  assert.deepEqual(browser.problems, []);
});

test('F-16 ground vibration test: its measured modes animated (skipped without the record)', { skip: !existsSync(F16) && 'the F-16 record is not present' }, async () => {
  await chooseCsv(page, F16);
  await page.selectOption('#csv-output-kind', 'acceleration');
  await page.waitForFunction(() => document.getElementById('modes-source').textContent.includes('a1, a2, a3'));
  await openStep(page, '#modes');  // step 4, Analyse
  await page.fill('#modes-band-lo', '2');
  await page.fill('#modes-band-hi', '15');
  await page.selectOption('#modes-excitation', 'periodic');
  await page.fill('#modes-periods', '9');
  await page.fill('#modes-skip', '1');
  await page.fill('#modes-holdout', '1');
  await findModes();
  await page.waitForSelector('#modes-anim-fig[data-masses="3"]');
  const count = await page.locator('#modes-anim-fig-mode option').count();
  assert.ok(count >= 2, `${count} modes with a shape`);
  const labels = await page.$$eval('#modes-anim-fig-mode option', (o) => o.map((x) => x.textContent));
  const k = labels.findIndex((t) => /: 7\.3\d* Hz/.test(t));
  assert.ok(k >= 0, labels.join('; '));
  await page.selectOption('#modes-anim-fig-mode', String(k));
  await page.locator('#modes-anim-fig').scrollIntoViewIfNeeded();
  if ((await data('modes-anim-fig')).playing === 'false') await page.click('#modes-anim-fig-play');  // paused by the test before
  const a = await data('modes-anim-fig');
  await pause(400);  // a moment into the cycle: a complex shape shows its phase
  assert.ok(Number((await data('modes-anim-fig')).frames) > Number(a.frames));
  await page.locator('#modes-anim-fig').screenshot({ path: join(root, 'docs/screenshots/mode-f16.png') });
  assert.deepEqual(browser.problems, []);
});
