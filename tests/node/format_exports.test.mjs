// Issue 49 item 5: the result and channel exports keep names, units and quantities. Records with
// named channels in non-SI units (a text file "time [s], Force [kN], Disp wing [mm]", a universal
// file in lbf and g at its own nodes) go through frf, modes and identify and their exports (JSON
// `channels`, UFF 58 records 6-11, UFF 55 ID line 4), read back by our readers; against the same
// record in SI: only the labels change, the numbers are the SI ones times the units' factors.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseUff } from '../../wasm/uff.js';
import { uffToFrf } from '../../wasm/uff-convert.js';
import { writeUff58 } from '../../wasm/uff-write.js';
import { at, cli, mechid } from './helpers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-exports-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
const file = (name) => join(dir, name);
const G = 9.80665, LBF = 4.4482216152605;  // m/s² per g, N per lbf

// The 3-DOF preset pushed on DOF 1 only, a random record (as cli_modes.test.mjs): t, u1, q1..3, v, a.
const preset = mechid.preset('3dof');
const nested = (m) => Array.from({ length: m.rows }, (_, i) => Array.from({ length: m.cols }, (_, j) => at(m, i, j)));
writeFileSync(file('one-force.json'), JSON.stringify({ M: nested(preset.M), D: nested(preset.D), K: nested(preset.K), L: [[1], [0], [0]] }));
const sim = await cli('simulate', '--system', file('one-force.json'), '--h', '0.1', '--n', '12000', '--input', 'prbs', '--snr', '40', '--seed', '4',
  '--with-derivatives', '--out', file('record.csv'));
assert.equal(sim.code, 0, sim.stderr);
const lines = readFileSync(file('record.csv'), 'utf8').trim().split('\n');
const head = lines[0].split(',');
const rows = lines.slice(1).map((l) => l.split(',').map(Number));
const col = (name) => rows.map((r) => r[head.indexOf(name)]);

/** A text file of the columns (header cells `name`), each column times its factor. */
function writeColumns(path, header, columns) {
  const out = [header.join(', ')];
  for (let k = 0; k < rows.length; k++) out.push(columns.map(([c, f]) => c[k] * f).join(', '));
  writeFileSync(path, `${out.join('\n')}\n`);
}
const t = col('t'), u1 = col('u1');
writeColumns(file('si.csv'), ['t', 'u1', 'q1', 'q2', 'q3'], [[t, 1], [u1, 1], [col('q1'), 1], [col('q2'), 1], [col('q3'), 1]]);
writeColumns(file('named.txt'), ['time [s]', 'Force [kN]', 'Disp wing [mm]', 'Disp tail [mm]', 'Disp nose [mm]'],
  [[t, 1], [u1, 1e-3], [col('q1'), 1e3], [col('q2'), 1e3], [col('q3'), 1e3]]);
writeColumns(file('si-accel.csv'), ['t', 'u1', 'a2'], [[t, 1], [u1, 1], [col('a2'), 1]]);
writeColumns(file('accel.txt'), ['time [s]', 'Force [N]', 'Accel wing [g]'], [[t, 1], [u1, 1], [col('a2'), 1 / G]]);

const run = async (...args) => {
  if (args[0] === 'identify') args.push('--force-dofs', '1');  // the one force acts on DOF 1
  const r = await cli(...args);
  assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
  return JSON.parse(r.stdout);
};
// Largest |a·factor − b| over the largest |b|, for nested arrays of numbers.
function relDiff(a, b, factor = 1) {
  const x = [a].flat(Infinity), y = [b].flat(Infinity);
  assert.equal(x.length, y.length);
  const scale = Math.max(...y.map(Math.abs));
  return Math.max(...x.map((v, i) => Math.abs(v * factor - y[i]))) / scale;
}

test('frf of "time [s], Force [N], Accel wing [g]": channels in the JSON, H in g/N (the SI one / 9.80665), UFF 58 records 8-11 and ID line 1 read back', async () => {
  const uff = file('accel-frf.uff');
  const named = await run('frf', '--data', file('accel.txt'), '--band', '0.05:1', '--uff', uff);
  const si = await run('frf', '--data', file('si-accel.csv'), '--band', '0.05:1');
  assert.deepEqual(named.channels, {
    inputs: [{ name: 'Force', quantity: 'force', unit: 'N' }], outputs: [{ name: 'Accel wing', quantity: 'acceleration', unit: 'g' }],
  });
  assert.deepEqual(si.channels.outputs, [{ name: 'a2', quantity: 'acceleration', unit: 'm/s^2' }]);
  assert.ok(relDiff(named.H, si.H, G) < 1e-9, `H in g/N × 9.80665 against H in m/s²/N: ${relDiff(named.H, si.H, G)}`);
  assert.ok(relDiff(named.coherence, si.coherence) < 1e-9, 'coherence does not depend on the units');

  const records = parseUff(readFileSync(uff), uff).records;
  assert.equal(records.length, 1);
  const [r] = records;
  assert.equal(r.ids[0], 'H(Accel wing/Force) [g/N]');
  assert.deepEqual([r.axes.ordinate.specificType, r.axes.ordinate.label, r.axes.ordinate.units], [12, 'Accel wing', 'g']);
  assert.deepEqual([r.axes.denominator.specificType, r.axes.denominator.label, r.axes.denominator.units], [13, 'Force', 'N']);
  const back = uffToFrf(parseUff(readFileSync(uff), uff), uff);
  assert.ok(relDiff(back.H[0][0], named.H[0][0]) < 1e-11, 'the FRF read back is the JSON\'s');
  const inspected = await run('inspect', '--data', uff);
  assert.deepEqual([inspected.channels[0].quantity, inspected.channels[0].unit], ['acceleration', 'g']);
});

test('modes of "Force [kN], Disp wing [mm], ...": the SI record\'s modes, shapes in mm/kN; UFF 55 names the sensors', async () => {
  const uff = file('modes.uff');
  const named = await run('modes', '--data', file('named.txt'), '--band', '0.05:1', '--uff', uff);
  const si = await run('modes', '--data', file('si.csv'), '--band', '0.05:1');
  assert.deepEqual(named.channels, {
    inputs: [{ name: 'Force', quantity: 'force', unit: 'kN' }],
    outputs: ['Disp wing', 'Disp tail', 'Disp nose'].map((name) => ({ name, quantity: 'displacement', unit: 'mm' })),
  });
  assert.equal(named.modes.length, si.modes.length);
  assert.ok(si.modes.length >= 2, `${si.modes.length} modes`);
  named.modes.forEach((m, k) => {
    assert.ok(Math.abs(m.freq_hz / si.modes[k].freq_hz - 1) < 1e-9, `mode ${k + 1}: ${m.freq_hz} Hz against ${si.modes[k].freq_hz}`);
    assert.ok(Math.abs(m.zeta / si.modes[k].zeta - 1) < 1e-6, `mode ${k + 1}: zeta ${m.zeta} against ${si.modes[k].zeta}`);
    // residue-scaled shapes: (mm / kN) = 1e6 (m / N)
    assert.ok(relDiff(m.shape, si.modes[k].shape, 1e-6) < 1e-6, `mode ${k + 1} shape`);
  });
  const records = parseUff(readFileSync(uff), uff).records;
  assert.equal(records.length, named.modes.length);
  assert.equal(records[0].ids[3], '1 Disp wing [mm]; 2 Disp tail [mm]; 3 Disp nose [mm]');
  assert.deepEqual(records[0].nodes.map((n) => n.node), [1, 2, 3]);
});

test('a universal file in lbf and g at nodes 7 and 12: frf keeps units, nodes and directions in the JSON and in the UFF it writes', async () => {
  // The record as UFF 58 time responses with its own units, nodes and directions (record 6, 8-11).
  const N = rows.length;
  const u = { rows: N, cols: 1, data: Float64Array.from(u1, (x) => x / LBF) };
  const y = { rows: N, cols: 1, data: Float64Array.from(col('a2'), (x) => x / G) };
  const channels = {
    inputs: [{ name: 'Hammer', quantity: 'force', unit: 'lbf', node: 7, direction: 3 }],
    outputs: [{ name: 'Accel 12', quantity: 'acceleration', unit: 'g', node: 12, direction: 3 }],
  };
  const source = file('lbf-g.uff');
  writeFileSync(source, writeUff58({ kind: 'time', h: 0.1, u, y, channels }));
  const written = parseUff(readFileSync(source), source).records;
  assert.deepEqual(written.map((r) => [r.ids[0], r.responseNode, r.responseDirection, r.axes.ordinate.specificType, r.axes.ordinate.label, r.axes.ordinate.units]),
    [['Hammer [lbf]', 7, 3, 13, 'Hammer', 'lbf'], ['Accel 12 [g]', 12, 3, 12, 'Accel 12', 'g']]);

  const uff = file('lbf-g-frf.uff');
  const out = await run('frf', '--data', source, '--band', '0.05:1', '--uff', uff);
  const si = await run('frf', '--data', file('si-accel.csv'), '--band', '0.05:1');
  assert.deepEqual(out.channels, {
    inputs: [{ name: 'u1', quantity: 'force', unit: 'lbf', node: 7, direction: 3 }],
    outputs: [{ name: 'a1', quantity: 'acceleration', unit: 'g', node: 12, direction: 3 }],
  });
  assert.ok(relDiff(out.H, si.H, G / LBF) < 1e-9, 'H in g/lbf = H in m/s²/N × 4.448 / 9.807');
  const [r] = parseUff(readFileSync(uff), uff).records;
  assert.deepEqual([r.responseNode, r.responseDirection, r.referenceNode, r.referenceDirection], [12, 3, 7, 3]);
  assert.deepEqual([r.axes.ordinate.units, r.axes.denominator.units, r.ids[0]], ['g', 'lbf', 'H(a1/u1) [g/lbf]']);
});

test('identify: channels as the file states them, SI where --scale converted them; the matrices those of the SI record', async () => {
  const si = await run('identify', '--data', file('si.csv'), '--method', 'equation-error');
  const plain = await run('identify', '--data', file('named.txt'), '--method', 'equation-error');
  assert.deepEqual(plain.channels.inputs, [{ name: 'Force', quantity: 'force', unit: 'kN' }]);
  assert.deepEqual(plain.channels.outputs.map((c) => c.unit), ['mm', 'mm', 'mm']);
  const scaled = await run('identify', '--data', file('named.txt'), '--method', 'equation-error',
    '--scale', 'Force=1000,Disp wing=0.001,Disp tail=0.001,Disp nose=0.001');
  assert.deepEqual(scaled.channels, {
    inputs: [{ name: 'Force', quantity: 'force', unit: 'N' }],
    outputs: ['Disp wing', 'Disp tail', 'Disp nose'].map((name) => ({ name, quantity: 'displacement', unit: 'm' })),
  });
  assert.deepEqual(si.channels.inputs, [{ name: 'u1', quantity: 'force', unit: 'N' }]);
  for (const key of ['M', 'D', 'K']) assert.ok(relDiff(scaled[key], si[key]) < 1e-6, `${key}: ${relDiff(scaled[key], si[key])}`);
});
