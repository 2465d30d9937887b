// The test geometry read from files (issue 53, wasm/geometry-read.js): universal files' datasets
// 15/82/2412 with the nodes and directions of their dataset 58 records, the JSON and CSV forms. A
// universal file written here (the SDRC record layouts) covers every path in CI; pyuff's public
// corpus (/work/data-kept/pyuff/data, kept outside the repository) is read when present.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { readRecording } from '../../wasm/record.js';
import { readGeometryFile } from '../../wasm/geometry-file.js';
import { geometryUff, recordsAtNodes } from '../fixtures/geometry/uff-geometry.mjs';
import {
  geometryFromRecording, geometryFromJson, geometryFromCsv, geometryToJson, shearFrameGeometry, nodeMotion, mapSensors,
} from '../../wasm/geometry.js';

// A plate of 6 nodes (2 × 3 at z = 0) and a mast: trace lines around the plate with a pen-up, a beam
// (2412 type 11), two triangles (91) and a quadrilateral (94); accelerations at nodes 3 (+Z) and 5 (−Y),
// the force at node 1.
const NODES = [
  { id: 1, x: 0, y: 0, z: 0 }, { id: 2, x: 1, y: 0, z: 0 }, { id: 3, x: 2, y: 0, z: 0 },
  { id: 4, x: 0, y: 1, z: 0 }, { id: 5, x: 1, y: 1, z: 0 }, { id: 6, x: 2, y: 1, z: 0 }, { id: 7, x: 1, y: 1, z: 2.5 },
];
const uffText = () => {
  const g = geometryUff({
    nodes: NODES, traces: [[1, 2, 3, 6, 5, 4, 1, 0, 2, 5]],
    elements: [{ id: 1, type: 11, nodes: [5, 7] }, { id: 2, type: 91, nodes: [1, 2, 4] }, { id: 3, type: 91, nodes: [2, 5, 4] }, { id: 4, type: 94, nodes: [2, 3, 6, 5] }],
  });
  const channel = (name, node, direction) => ({ name, quantity: 'acceleration', unit: 'm/s^2', node, direction });
  return g + recordsAtNodes([channel('a1', 3, 3), channel('a2', 5, -2)], { n: 16 });
};

test('a universal file: 15 nodes, 82 trace lines split at 0, 2412 beams as lines and shells as faces, 58 records as sensors', async () => {
  const rec = await readRecording(Buffer.from(uffText()), 'plate.uff');
  const g = geometryFromRecording(rec, 'plate.uff');
  assert.deepEqual(g.nodes, NODES);
  // the polyline 1-2-3-6-5-4-1 then, after the pen-up, 2-5; the beam 5-7
  assert.deepEqual(g.lines, [[1, 2], [2, 3], [3, 6], [6, 5], [5, 4], [4, 1], [2, 5], [5, 7]]);
  assert.deepEqual(g.faces, [[1, 2, 4], [2, 5, 4], [2, 3, 6, 5]]);
  assert.deepEqual(g.sensors, [{ channel: 'a1', node: 3, direction: [0, 0, 1] }, { channel: 'a2', node: 5, direction: [0, -1, 0] }]);
  assert.equal(g.source, 'plate.uff');
  // a mode on a1, a2: node 3 moves along z by the entry of a1, node 5 along −y by that of a2
  const m = nodeMotion(g, ['a1', 'a2'], { re: [0.7, 0.2], im: [0, 0.1] });
  assert.deepEqual([m.re[3 * 2 + 2], m.re[3 * 4 + 1], m.im[3 * 4 + 1]], [0.7, -0.2, -0.1]);
  assert.deepEqual([...m.moved], [0, 0, 1, 0, 1, 0, 0]);
  assert.deepEqual(mapSensors(g, ['a1', 'a2', 'a3']).unmapped, ['a3']);
});

test('a universal file whose trace line names a missing node is refused naming the file, the line and the node', async () => {
  const text = geometryUff({ nodes: NODES.slice(0, 3), traces: [[1, 2, 12]] });
  const rec = await readRecording(Buffer.from(text), 'bad.uff');
  assert.throws(() => geometryFromRecording(rec, 'bad.uff'), { message: 'bad.uff: line 2 names node 12, which the geometry does not have' });
  // a data file without nodes has no geometry
  const records = await readRecording(Buffer.from(uffText().slice(uffText().indexOf('    -1\n    58'))), 'data.uff');
  assert.equal(geometryFromRecording(records, 'data.uff'), null);
});

test('what a universal file holds but the geometry leaves out is said in notes: channels at no node, rotations, elements not drawn', async () => {
  const acc = (name, node, direction) => ({ name, quantity: 'acceleration', unit: 'm/s^2', node, direction });
  const text = geometryUff({ nodes: NODES, elements: [{ id: 1, type: 161, nodes: [7] }] })
    + recordsAtNodes([acc('a1', 3, 3), acc('a2', 99, 1), acc('a3', 5, 4)], { n: 16 });
  const g = geometryFromRecording(await readRecording(Buffer.from(text), 'n.uff'), 'n.uff');
  assert.deepEqual(g.sensors.map((s) => s.channel), ['a1']);
  assert.deepEqual(g.notes, [
    'n.uff: dataset 2412 element types 161 are not drawn',
    'n.uff: channels at no node of the file or along no translation: a2 (node 99, direction 1), a3 (node 5, direction 4)',
  ]);
});

test('2412 solids by their outer faces, parabolic shells by their corners', async () => {
  // two tetrahedra sharing the face 2-3-4: 4 + 4 faces, 2 shared → 6 outer faces
  const nodes = [[1, 0, 0, 0], [2, 1, 0, 0], [3, 0, 1, 0], [4, 0, 0, 1], [5, 1, 1, 1]].map(([id, x, y, z]) => ({ id, x, y, z }));
  const text = geometryUff({ nodes, elements: [{ id: 1, type: 111, nodes: [1, 2, 3, 4] }, { id: 2, type: 111, nodes: [2, 3, 4, 5] }] });
  const g = geometryFromRecording(await readRecording(Buffer.from(text), 'tets.uff'), 'tets.uff');
  assert.equal(g.faces.length, 6);
  assert.ok(!g.faces.some((f) => [...f].sort().join() === '2,3,4'));
});

test('JSON: the object of docs/interfaces.md read back equal to what geometryToJson wrote; a bad one named', () => {
  const g = shearFrameGeometry(3, { sensorsPerStorey: 1 });
  const back = geometryFromJson(geometryToJson(g), 'frame.json');
  assert.deepEqual(back, g);
  assert.throws(() => geometryFromJson('{"nodes": [{"id": 1, "x": 0, "y": 0, "z": 0}], "lines": [[1, 2]]}', 'g.json'), { message: 'g.json: line 1 names node 2, which the geometry does not have' });
  assert.throws(() => geometryFromJson('{nodes', 'g.json'), { message: /^g\.json: not a JSON file/ });
  assert.throws(() => geometryFromJson('[1]', 'g.json'), { message: /^g\.json: a geometry file holds one object/ });
});

test('CSV: rows by kind (units, node, line as a polyline, face, sensor with +X…-Z or a vector, slave, between)', () => {
  const text = [
    '# a frame', 'units,mm', 'node,1,0,0,0', 'node;2;0;0;3000', 'node,3,6000,0,3000', 'node\t4\t3000\t0\t3000',
    'line,1,2,4,3', 'face,1,2,3', 'sensor,a1,2,+X', 'sensor,a2,3,0,0.5,0.5', 'between,4,2,3,0.5', '',
  ].join('\n');
  const g = geometryFromCsv(text, 'frame.csv');
  assert.equal(g.units, 'mm');
  assert.deepEqual(g.nodes.map((n) => [n.id, n.x, n.z]), [[1, 0, 0], [2, 0, 3000], [3, 6000, 3000], [4, 3000, 3000]]);
  assert.deepEqual(g.lines, [[1, 2], [2, 4], [4, 3]]);
  assert.deepEqual(g.sensors, [{ channel: 'a1', node: 2, direction: [1, 0, 0] }, { channel: 'a2', node: 3, direction: [0, 0.5, 0.5] }]);
  const m = nodeMotion(g, ['a1', 'a2'], { re: [2, 4], im: [0, 0] });
  // node 4: half of node 2's (2, 0, 0) and half of node 3's 4 along (0, 1, 1)/√2
  const expect = [1, Math.SQRT2, Math.SQRT2];
  Array.from(m.re.slice(9, 12)).forEach((v, d) => assert.ok(Math.abs(v - expect[d]) < 1e-15, `${v} ${expect[d]}`));
  const refused = (body, message) => assert.throws(() => geometryFromCsv(body, 'g.csv'), { message });
  refused('node,1,0,0,0\nline,1,7', 'g.csv: line 1 names node 7, which the geometry does not have');
  refused('node,1,0,0,0\nnode,2,0,x,0', 'g.csv row 2: field 4 x is not a number (node: id, x, y, z)');
  refused('node,1,0,0', 'g.csv row 1: node needs id, x, y, z; the row has 3 fields');
  refused('node,1,0,0,0\nsensor,a1,1,up', 'g.csv row 2: the direction up is not +X, -X, +Y, -Y, +Z, -Z or three numbers');
  refused('point,1,0,0,0', 'g.csv row 1: point is not a row kind (units, node, line, face, sensor, slave, between)');
  refused('node,1,0,0,0\nsensor,a1,1,0,0,0', 'g.csv: sensor 1 (channel a1) has the zero direction [0, 0, 0]; give the axis it measures along, e.g. [0, 0, 1]');
});

test('readGeometryFile: a universal file by its first bytes, JSON by its first {, else CSV; a universal file without nodes refused', async () => {
  const bytes = (text) => new TextEncoder().encode(text);
  assert.equal((await readGeometryFile(bytes(uffText()), 'plate.dat')).nodes.length, 7);
  assert.equal((await readGeometryFile(new Blob([uffText()]), 'plate.unv')).sensors.length, 2);
  const json = geometryToJson(shearFrameGeometry(2));
  assert.deepEqual(await readGeometryFile(bytes(`  ${json}`), 'g.txt'), geometryFromJson(json, 'g.txt'));
  assert.equal((await readGeometryFile(bytes('node,1,0,0,0\nnode,2,1,0,0\nline,1,2'), 'g.csv')).lines.length, 1);
  const data = uffText().slice(uffText().indexOf('    -1\n    58'));
  await assert.rejects(readGeometryFile(bytes(data), 'data.uff'), { code: 'bad-input', message: 'data.uff: a universal file without nodes (datasets 15 or 2411); a geometry needs its nodes' });
});

test("a universal file written by pyuff (tests/fixtures/formats/uff/geometry.uff): nodes and lines as pyuff's own reading gives them", async () => {
  const dir = new URL('../fixtures/formats/uff/', import.meta.url);
  const sets = JSON.parse(readFileSync(new URL('expected.json', dir), 'utf8'))['geometry.uff'].sets;
  const g = geometryFromRecording(await readRecording(readFileSync(new URL('geometry.uff', dir)), 'geometry.uff'), 'geometry.uff');
  const nodes = sets.filter((x) => x.type === 15 || x.type === 2411);
  assert.deepEqual(g.nodes.map((n) => [n.id, n.x, n.y, n.z]), nodes.flatMap((x) => x.node_nums.map((id, k) => [id, x.x[k], x.y[k], x.z[k]])));
  const trace = sets.find((x) => x.type === 82).nodes;
  assert.deepEqual(g.lines, trace.slice(1).map((id, k) => [trace[k], id]));
  assert.equal(g.units, 'mm');  // dataset 164 code 5: length factor 1000 per metre
});

// pyuff's public corpus (https://github.com/ladisk/pyuff, data/), kept outside the repository.
const CORPUS = '/work/data-kept/pyuff/data/';
const corpus = (name) => (existsSync(CORPUS + name) ? false : `${CORPUS}${name} is not on this machine (pyuff's public corpus, kept outside the repository)`);

for (const [name, units, counts] of [
  ['TestLab 161 164 18 15 82.uff', 'm', { nodes: 36, lines: 30, faces: 0 }],
  ['Artemis export - Geometry RPBC_setup_05_14102016_105117.uff', '', { nodes: 74, lines: 108, faces: 108 }],
  ['mesh_Oros-modal_uff15_uff2412.uff', '', { nodes: 96, lines: 0, faces: 72 }],
  ['2411 and 2414.uff', '', { nodes: 441, lines: 0, faces: 400 }],
]) {
  test(`pyuff corpus: ${name}`, { skip: corpus(name) }, async () => {
    const rec = await readRecording(readFileSync(CORPUS + name), name);
    const g = geometryFromRecording(rec, name);
    assert.equal(g.units, units);
    assert.deepEqual({ nodes: g.nodes.length, lines: g.lines.length, faces: g.faces.length }, counts);
    // every node of the file once, at the coordinates the file gives
    assert.deepEqual(g.nodes.map((n) => n.id), rec.geometryData.nodes.map((n) => n.id));
    const { notes, ...plain } = g;
    assert.equal(notes, undefined);
    assert.deepEqual(geometryFromJson(geometryToJson(g), name), plain);
  });
}
