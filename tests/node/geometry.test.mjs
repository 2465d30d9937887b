// The test geometry (issue 53, wasm/geometry.js): the checks name what is wrong, the motion of the
// nodes is the sensors' directions times the shape's entries and the rules' combinations, the
// generators' nodes are the closed forms they state.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  checkGeometry, mapSensors, nodeMotion, lineGeometry, gridGeometry, shearFrameGeometry, chainGeometry, presetGeometry,
} from '../../wasm/geometry.js';

/** A small geometry: four nodes on a square, two measured, two following rules. */
const square = () => ({
  units: 'm', source: 'test',
  nodes: [{ id: 1, x: 0, y: 0, z: 0 }, { id: 2, x: 1, y: 0, z: 0 }, { id: 3, x: 1, y: 1, z: 0 }, { id: 4, x: 0, y: 1, z: 0 }, { id: 9, x: 2, y: 2, z: 2 }],
  lines: [[1, 2], [2, 3], [3, 4], [4, 1]], faces: [[1, 2, 3, 4]],
  sensors: [{ channel: 'a1', node: 1, direction: [0, 0, 1] }, { channel: 'a2', node: 2, direction: [0, 0, -2] }, { channel: 'a3', node: 2, direction: [1, 0, 0] }],
  rules: [{ node: 3, slave: 2 }, { node: 4, between: [1, 3], t: 0.25 }],
});

test('nodeMotion: a sensor adds its entry along its unit direction; a slaved node moves as its master; between is (1 − t)·a + t·b', () => {
  const g = checkGeometry(square());
  const names = ['a1', 'a2', 'a3', 'a7'];
  const shape = { re: [0.5, 1.5, -0.25, 100], im: [0.1, -0.2, 0.3, 100] };
  const m = nodeMotion(g, names, shape);
  const at = (k) => [0, 1, 2].map((d) => [m.re[3 * k + d], m.im[3 * k + d]]);
  assert.deepEqual(at(0), [[0, 0], [0, 0], [0.5, 0.1]]);
  // node 2: channel a2 along −z (given as [0, 0, −2]) and a3 along x, summed
  assert.deepEqual(at(1), [[-0.25, 0.3], [0, 0], [-1.5, 0.2]]);
  assert.deepEqual(at(2), at(1));
  const t = 0.25, expect = at(0).map(([r0, i0], d) => [(1 - t) * r0 + t * at(2)[d][0], (1 - t) * i0 + t * at(2)[d][1]]);
  at(3).forEach(([r, i], d) => { assert.ok(Math.abs(r - expect[d][0]) < 1e-15); assert.ok(Math.abs(i - expect[d][1]) < 1e-15); });
  assert.deepEqual([...m.moved], [1, 1, 1, 1, 0]);
  assert.deepEqual([...at(4).flat()], [0, 0, 0, 0, 0, 0]);
});

test('nodeMotion: a real shape (no im) has zero imaginary parts; scaling the entries scales the motion', () => {
  const g = checkGeometry(square());
  const m1 = nodeMotion(g, ['a1', 'a2', 'a3'], { re: [1, 2, 3] });
  const m2 = nodeMotion(g, ['a1', 'a2', 'a3'], { re: [-2, -4, -6] });
  assert.ok(m1.im.every((v) => v === 0));
  m1.re.forEach((v, k) => assert.ok(m2.re[k] === -2 * v, `entry ${k}`));
  assert.throws(() => nodeMotion(g, ['a1', 'a2'], { re: [1] }), /1 entries for 2 channels/);
  // a skew direction: the entry split over its axes as the unit vector's components, whatever its length
  const skew = { ...g, sensors: [{ channel: 'a1', node: 1, direction: [3, 0, 4] }] };
  const m3 = nodeMotion(skew, ['a1'], { re: [10], im: [1e300] });
  assert.deepEqual([m3.re[0], m3.re[2], m3.im[0], m3.im[2]], [6, 8, 0.6e300, 0.8e300]);
  const huge = { ...g, sensors: [{ channel: 'a1', node: 1, direction: [0, 1e308, 0] }] };
  assert.deepEqual([...nodeMotion(huge, ['a1'], { re: [2], im: [3] }).re.slice(0, 3)], [0, 2, 0]);
});

test('mapSensors names the channels no sensor measures, in channel order', () => {
  const g = square();
  const { sensorOf, unmapped } = mapSensors(g, ['a3', 'x9', 'a1', 'q1']);
  assert.deepEqual(sensorOf.map((s) => s?.node ?? null), [2, null, 1, null]);
  assert.deepEqual(unmapped, ['x9', 'q1']);
});

test('checkGeometry refuses each bad geometry with a message naming the place and the item', () => {
  const bad = (change, pattern) => {
    const g = square();
    change(g);
    assert.throws(() => checkGeometry(g, 'frame.uff'), (e) => { assert.match(e.message, /^frame\.uff: /); assert.match(e.message, pattern); return true; });
  };
  bad((g) => g.lines.push([3, 12]), /^frame\.uff: line 5 names node 12, which the geometry does not have$/);
  bad((g) => g.faces.push([1, 2, 44]), /face 2 names node 44/);
  bad((g) => { g.sensors[1].node = 7; }, /sensor 2 \(channel a2\) names node 7, which the geometry does not have/);
  bad((g) => { g.sensors[0].direction = [0, 0, 0]; }, /sensor 1 \(channel a1\) has the zero direction/);
  bad((g) => { g.sensors[0].direction = [0, 1]; }, /sensor 1 \(channel a1\) has direction \[0,1\]/);
  bad((g) => { g.sensors[2].channel = 'a1'; }, /sensor 3 \(channel a1\) repeats the channel of sensor 1/);
  bad((g) => { g.nodes[3].id = 2; }, /node 4 repeats the id 2/);
  bad((g) => { g.nodes[0].id = 1.5; }, /node 1 has id 1.5/);
  bad((g) => { g.nodes[2].y = NaN; }, /node 3 has y = null; a coordinate is a finite number/);
  bad((g) => { g.rules[1].between = [1, 30]; }, /rule 2 \(between\) names node 30/);
  bad((g) => { g.rules[0].slave = 17; }, /rule 1 \(slave\) names node 17/);
  bad((g) => { g.rules[1].t = 1.5; }, /rule 2 has t = 1.5/);
  bad((g) => g.rules.push({ node: 1, slave: 2 }), /rule 3 moves node 1, which channel a1 measures/);
  bad((g) => g.rules.push({ node: 3, slave: 1 }), /rule 3 moves node 3 again \(rule 1 moves it\)/);
  bad((g) => { g.rules = [{ node: 3, slave: 4 }, { node: 4, between: [1, 9], t: 0.5 }, { node: 9, slave: 3 }]; }, /the rules make node 3 follow itself \(3 → 4 → 9 → 3\)/);
  bad((g) => { g.nodes = []; }, /has no nodes/);
});

test('lineGeometry: n points at x = L·(i − 1)/(n − 1), n − 1 segments, q_i along z', () => {
  const g = checkGeometry(lineGeometry(5, { length: 2 }));
  assert.deepEqual(g.nodes.map((n) => n.x), [0, 0.5, 1, 1.5, 2]);
  assert.equal(g.lines.length, 4);
  assert.deepEqual(g.sensors.map((s) => s.channel), ['q1', 'q2', 'q3', 'q4', 'q5']);
  assert.deepEqual(g.sensors[2].direction, [0, 0, 1]);
  assert.throws(() => lineGeometry(0), /the number of points must be an integer ≥ 1, got 0/);
});

test('gridGeometry: nx·ny nodes, nx(ny−1) + ny(nx−1) lines, (nx−1)(ny−1) faces, node (i, j) at (i·dx, j·dy)', () => {
  const [nx, ny, dx, dy] = [4, 3, 0.5, 2];
  const g = checkGeometry(gridGeometry(nx, ny, { dx, dy }));
  assert.equal(g.nodes.length, nx * ny);
  assert.equal(g.lines.length, nx * (ny - 1) + ny * (nx - 1));
  assert.equal(g.faces.length, (nx - 1) * (ny - 1));
  const node = g.nodes.find((n) => n.id === 2 * nx + 3 + 1);
  assert.deepEqual([node.x, node.y, node.z], [3 * dx, 2 * dy, 0]);
});

test('shearFrameGeometry: (storeys + 1)·max(m, 2) nodes, a sensor per storey and column along x, the ground still', () => {
  const g = checkGeometry(shearFrameGeometry(4, { height: 3, width: 6, sensorsPerStorey: 3 }));
  assert.equal(g.nodes.length, 5 * 3);
  assert.equal(g.sensors.length, 4 * 3);
  assert.equal(g.lines.length, 5 * 2 + 4 * 3);  // beams per level, columns per storey
  const top = g.nodes.find((n) => n.id === g.sensors.at(-1).node);
  assert.deepEqual([top.x, top.z], [6, 12]);
  assert.equal(g.sensors.at(-1).channel, 'q12');
  // one sensor per storey: the second node of each floor is slaved to the first
  const one = checkGeometry(shearFrameGeometry(2, { sensorsPerStorey: 1 }));
  assert.deepEqual(one.rules, [{ node: 4, slave: 3 }, { node: 6, slave: 5 }]);
  const m = nodeMotion(one, ['q1', 'q2'], { re: [0.3, 1], im: [0, 0] });
  assert.deepEqual([m.re[3 * 3], m.re[3 * 5]], [0.3, 1]);  // nodes 4 and 6 move as 3 and 5
  assert.deepEqual([...m.moved], [0, 0, 1, 1, 1, 1]);
});

test('chainGeometry and the presets: masses at x = i moving along x, walls still', () => {
  const g = checkGeometry(chainGeometry(8));
  assert.deepEqual(g.nodes.map((n) => n.x), [1, 2, 3, 4, 5, 6, 7, 8]);
  assert.deepEqual(g.sensors[7], { channel: 'q8', node: 8, direction: [1, 0, 0] });
  const c = checkGeometry(presetGeometry('chain16'));
  assert.equal(c.nodes.length, 18);
  assert.equal(c.lines.length, 17);
  assert.equal(presetGeometry('3dof').nodes.length, 3);
  assert.equal(presetGeometry('nope'), null);
});

// The names docs/interfaces.md ("Geometry") documents, pinned here as tests/node/interfaces.test.mjs
// pins the others': the exports, the JSON keys geometryToJson writes, the worker request.
test('geometry: every documented name and JSON key', async () => {
  const geometry = await import('../../wasm/geometry.js');
  for (const name of ['checkGeometry', 'mapSensors', 'nodeMotion', 'lineGeometry', 'gridGeometry', 'shearFrameGeometry', 'chainGeometry',
    'presetGeometry', 'geometryFromRecording', 'geometryFromJson', 'geometryFromCsv', 'geometryToJson']) {
    assert.equal(typeof geometry[name], 'function', `wasm/geometry.js exports ${name}`);
  }
  assert.equal(typeof (await import('../../wasm/geometry-file.js')).readGeometryFile, 'function');
  assert.deepEqual(Object.keys(JSON.parse(geometry.geometryToJson(shearFrameGeometry(1)))), ['units', 'source', 'nodes', 'lines', 'faces', 'sensors', 'rules']);
  const { REQUEST } = await import('../../web/client/protocol.js');
  assert.equal(REQUEST.readGeometry, 'readGeometry');
});

test("the page's geometry state: an automatic geometry never replaces the user's; a record's response channels offered", async () => {
  const state = await import('../../web/state/geometry.js');
  const seen = [], offers = [], errors = [];
  state.onGeometryChange((g) => seen.push(g?.source ?? null));
  state.onGeometryOffered((g, taken) => offers.push([g.source, taken]));
  state.onGeometryFileError((m) => errors.push(m));
  assert.equal(state.offerGeometry(presetGeometry('3dof')), true);
  assert.equal(state.geometryByUser(), false);
  state.setGeometry(shearFrameGeometry(2));
  assert.equal(state.geometryByUser(), true);
  assert.equal(state.offerGeometry(presetGeometry('8dof')), false);
  assert.equal(state.currentGeometry().source, 'editor: shear frame 2 × 1');
  assert.deepEqual(seen, ['preset 3dof', 'editor: shear frame 2 × 1']);
  assert.deepEqual(offers, [['preset 3dof', true], ['preset 8dof', false]]);
  state.offerRecord({ header: ['t', 'u1', 'a1', 'a2'], quantities: ['time', 'force', 'acceleration', 'acceleration'], geometry: null, geometryError: 'f.uff: line 2 names node 9, which the geometry does not have' }, 'f.uff');
  assert.deepEqual(state.currentChannels(), { names: ['a1', 'a2'], from: 'f.uff' });
  assert.deepEqual(errors, ['f.uff: line 2 names node 9, which the geometry does not have']);
  // a file of forces only leaves the channels as they were
  state.offerRecord({ header: ['u1'], quantities: ['force'] }, 'g.uff');
  assert.deepEqual(state.currentChannels().names, ['a1', 'a2']);
  state.setGeometry(null);
  assert.equal(state.geometryByUser(), false);
});
