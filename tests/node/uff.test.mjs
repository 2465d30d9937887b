// Universal files (wasm/uff.js, uff-convert.js, uff-write.js): round trips of our own 58, 58b and
// 55 files; a hand-written ASCII 58 file laid out as the SDRC description shows (records 1-12,
// the cases of the record 12 table); hand-built 58b bytes in both byte orders; the malformed
// corpus of tests/data/uff/bad, each file with its message; and identify on a UFF file giving
// the numbers of the CSV it was written from.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { MechidError } from '../../wasm/api.js';
import { parseDatasetCsv } from '../../wasm/csv.js';
import { fortranNumber, looksLikeUff, parseUff } from '../../wasm/uff.js';
import { uffToDataset, uffToFrf, uffToModes } from '../../wasm/uff-convert.js';
import { fortranE, writeUff55, writeUff58 } from '../../wasm/uff-write.js';
import * as identify from '../../bin/commands/identify.mjs';
import { OUT, parseOptions } from '../../bin/options.mjs';
import { cli, mechid } from './helpers.mjs';

const data = new URL('../data/uff/', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'mechid-uff-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const matrix = (rows, cols, f) => ({ rows, cols, data: Float64Array.from({ length: rows * cols }, (_, k) => f(Math.floor(k / cols), k % cols)) });
const close = (a, b, rel, what) => assert.ok(Math.abs(a - b) <= rel * Math.max(Math.abs(a), Math.abs(b), 1e-300), `${what}: ${a} vs ${b}`);

test('Fortran numbers: E, D and exponent-without-letter forms; E fields of a given width', () => {
  assert.equal(fortranNumber(' 1.5D+02'), 150);
  assert.equal(fortranNumber('-1.0-100'), -1e-100);
  assert.equal(fortranNumber('.5E1'), 5);
  assert.ok(Number.isNaN(fortranNumber('1.0E+0x')));
  assert.equal(fortranE(-123.45678901234, 20, 12), ' -1.234567890123E+02');
  assert.equal(fortranE(1e-100, 20, 12), '  1.000000000000E-100'.slice(1));
  assert.equal(fortranE(0.1, 13, 12), ' 1.000000E-01');
  assert.equal(fortranE(-0.1, 13, 12), ' -1.00000E-01');
});

test('time series: writeUff58 then parseUff gives the values to 12 digits or more (ASCII) and exactly (58b)', () => {
  const N = 37;
  const u = matrix(N, 2, (i, k) => Math.sin(0.3 * i + k) * 10 ** (k * 3));
  const y = matrix(N, 3, (i, j) => Math.cos(0.2 * i * (j + 1)) / 7 * (j === 1 ? 1e-120 : 1));
  const spec = { kind: 'time', h: 0.05, t0: 1.5, u, y, columns: { inputs: ['u1', 'u2'], outputs: ['q1', 'a1', 'a2'] } };
  for (const binary of [false, true]) {
    const file = writeUff58(spec, { binary });
    assert.equal(typeof file, binary ? 'object' : 'string');
    if (!binary) for (const line of file.split('\n')) assert.ok(line.length <= 80, `line longer than 80: ${line}`);
    const parsed = parseUff(file, 'rt.uff');
    assert.equal(parsed.records.length, 5);
    assert.deepEqual(parsed.records.map((r) => [r.functionType, r.responseNode, r.axes.ordinate.specificType, r.binary]),
      [[1, 1, 13, binary], [1, 2, 13, binary], [1, 1, 8, binary], [1, 2, 12, binary], [1, 3, 12, binary]]);
    const d = uffToDataset(parsed, { source: 'rt.uff', outputCols: ['q1', 'a1', 'a2'] });
    assert.equal(d.h, 0.05);
    assert.equal(d.t[0], 1.5);
    assert.deepEqual(d.columns, { time: undefined, inputs: ['u1', 'u2'], outputs: ['q1', 'a1', 'a2'] });
    for (const [got, want, name] of [[d.u, u, 'u'], [d.y, y, 'y']]) {
      assert.deepEqual([got.rows, got.cols], [want.rows, want.cols]);
      want.data.forEach((x, k) => (binary ? assert.equal(got.data[k], x) : close(got.data[k], x, 5e-12, `${name}[${k}]`)));
    }
    // the default outputs: the displacements when there are some
    assert.deepEqual(uffToDataset(parsed, { source: 'rt.uff' }).columns.outputs, ['q1']);
  }
});

test('FRFs: writeUff58 (even and uneven frequencies) then uffToFrf gives H output × input', () => {
  const H = (f) => [0, 1, 2].map((i) => [0, 1].map((k) => f.map((x) => [1 / (1 + x + i + 3 * k), -x / (2 + i * k)])));
  for (const freq_hz of [[0, 0.25, 0.5, 0.75, 1, 1.25], [1, 2, 4, 8, 16]]) {
    const spec = { kind: 'frf', freq_hz, H: H(freq_hz), outputs: [{ node: 10, direction: 1 }, { node: 11, direction: 1 }, { node: 12, direction: -3 }] };
    const frf = uffToFrf(parseUff(writeUff58(spec), 'frf.uff'), 'frf.uff');
    assert.deepEqual(Array.from(frf.freq_hz), freq_hz);
    assert.deepEqual(frf.outputs, spec.outputs);
    assert.deepEqual(frf.inputs, [{ node: 1, direction: 1 }, { node: 2, direction: 1 }]);
    spec.H.forEach((row, i) => row.forEach((cell, k) => cell.forEach(([re, im], j) => {
      close(frf.H[i][k][j][0], re, 5e-13, `H${i}${k}(${j}) re`);
      close(frf.H[i][k][j][1], im, 5e-13, `H${i}${k}(${j}) im`);
    })));
    const binary = uffToFrf(parseUff(writeUff58(spec, { binary: true }), 'frf.uff'), 'frf.uff');
    assert.deepEqual(binary.H, spec.H);
  }
});

test('modes: writeUff55 then uffToModes gives frequency, damping and shapes (6E13.5: 7 digits)', () => {
  // The pole of each mode as the core sends it (modes', oma's `pole`): λ = −ζω + iω√(1 − ζ²), ω = 2π f.
  const pole = (f, zeta) => [-zeta * 2 * Math.PI * f, 2 * Math.PI * f * Math.sqrt(1 - zeta * zeta)];
  const complexModes = [
    { freq_hz: 1.2345678, zeta: 0.0123, pole: pole(1.2345678, 0.0123), shape: [[1, 0.1], [-0.5, 0.25], [0.003, -2e-5]] },
    { freq_hz: 35.5, zeta: 0.2, pole: pole(35.5, 0.2), shape: [[0.7, 0], [1, 0], [-1, 0.5]] },
  ];
  const back = uffToModes(parseUff(writeUff55(complexModes, { nodes: [4, 5, 6] }), 'm.uff'));
  assert.equal(back.length, 2);
  back.forEach((m, k) => {
    close(m.freq_hz, complexModes[k].freq_hz, 1e-6, 'freq');
    close(m.zeta, complexModes[k].zeta, 1e-5, 'zeta');
    assert.deepEqual(m.nodes, [4, 5, 6]);
    m.shape.forEach((v, j) => v.forEach((x, c) => close(x, complexModes[k].shape[j][c], 1e-6, 'shape')));
    assert.equal(m.modeNumber, k + 1);
  });
  // mechid's modal result: real mass-normalised shapes -> analysis type 2 (normal mode)
  const real = [{ freq_hz: 0.0597, zeta: 0.05, shape: [0.2582, -0.1] }];
  const file = writeUff55(real, { direction: 3 });
  assert.match(file.split('\n')[7], /^ {9}1 {9}2 {9}2 {9}8 {9}2 {9}3$/);
  const [m] = uffToModes(parseUff(file, 'r.uff'), { direction: 3 });
  assert.deepEqual([m.freq_hz, m.zeta, m.shape], [0.0597, 0.05, [[0.2582, 0], [-0.1, 0]]]);
});

test('a hand-written ASCII file as the description lays it out: 164 and 15 read, cases 1, 5, 6 and 8 of record 12', () => {
  const parsed = parseUff(readFileSync(`${data}hand-58-ascii.uff`), 'hand.uff');
  assert.deepEqual(parsed.warnings, []);
  assert.equal(parsed.units.code, 1);
  assert.ok(parsed.geometry.nodes.length > 0);
  const [force, frf, disp, vel] = parsed.records;
  assert.deepEqual([force.recordNumber, force.functionType, force.responseNode, force.responseDirection, force.ordinateType, force.complex],
    [3, 1, 1, 3, 2, false]);
  assert.deepEqual(force.ids, ['Force at node 1, +Z', 'NONE', '23-NOV-26 12:00:00', 'NONE', 'NONE']);
  assert.deepEqual(force.abscissa, { min: 0, step: 0.0125, count: 8 });
  assert.deepEqual(Array.from(force.values), [1, 2.5, -0.3, 0, 41.25, -0.007, 100, 0.5]);
  assert.deepEqual(force.axes.ordinate, { specificType: 13, lengthExp: 0, forceExp: 0, temperatureExp: 0, label: 'Force', units: 'N' });
  assert.deepEqual([frf.functionType, frf.responseNode, frf.responseDirection, frf.referenceNode, frf.referenceDirection, frf.ordinateType], [4, 2, 2, 1, 3, 6]);
  assert.deepEqual(Array.from(frf.abscissa), [10, 20, 30.5]);
  assert.deepEqual(Array.from(frf.values.re), [0.1, -3.5, 123.4567890123]);
  assert.deepEqual(Array.from(frf.values.im), [-0.2, 0, -9.87654321e-5]);
  assert.deepEqual(Array.from(disp.values), [1e-3, -2e-3, 3e-3, -4e-3, 5e-3, -6e-3, 7e-3, -8e-3]);
  assert.equal(disp.axes.ordinate.units, 'mm');
  assert.deepEqual(Array.from(vel.abscissa), [0, 0.0125, 0.025, 0.0375, 0.05, 0.0625, 0.075, 0.0875]);
  assert.deepEqual(Array.from(vel.values), [1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8]);

  const d = uffToDataset(parsed, { source: 'hand.uff' });
  assert.deepEqual(d.channels.map((c) => [c.name, c.node, c.recordNumber]), [['u1', 1, 3], ['q1', 2, 5], ['v1', 3, 6]]);
  assert.deepEqual(d.columns, { time: undefined, inputs: ['u1'], outputs: ['q1'] });
  assert.equal(d.h, 0.0125);
  assert.deepEqual(Array.from(uffToDataset(parsed, { source: 'hand.uff', outputCols: ['q1', 'v1'] }).y.data.slice(0, 4)), [1e-3, 1.1, -2e-3, 1.2]);
  // the user's choice of input by node: node 3 (the velocity record) becomes u1
  assert.deepEqual(uffToDataset(parsed, { source: 'hand.uff', inputs: ['3:3'] }).channels.map((c) => c.name), ['q1', 'u1']);
  const h = uffToFrf(parsed, 'hand.uff');
  assert.deepEqual(h.H[0][0][2], [123.4567890123, -9.87654321e-5]);
  assert.ok(looksLikeUff(readFileSync(`${data}hand-58-ascii.uff`)));
  assert.ok(!looksLikeUff('t,u1,q1\n0,1,2\n'));
});

/** A 58b record built by hand: the ID line of UC-SDRL's description, 11 header lines, the bytes. */
function binary58({ order, type, even, count, values, xBytes = 8, declared, after = '\n' }) {
  const little = order === 1;
  const size = type === 2 || type === 5 ? 4 : 8;
  const complex = type >= 5;
  const perPoint = (complex ? 2 : 1) * size + (even ? 0 : xBytes);
  const bytes = new Uint8Array(count * perPoint);
  const view = new DataView(bytes.buffer);
  let at = 0;
  const put = (x, n) => { if (n === 8) view.setFloat64(at, x, little); else view.setFloat32(at, x, little); at += n; };
  for (const point of values) point.forEach((x, k) => put(x, !even && k === 0 ? xBytes : size));
  const head = [
    '    -1',
    `    58b${String(order).padStart(6)}     2          11${String(declared ?? bytes.length).padStart(12)}     0     0           0           0`,
    'hand-built 58b', 'NONE', 'NONE', 'NONE', 'NONE',
    '    4         0    0         0 NONE               7   2 NONE               1   1',
    `${String(type).padStart(10)}${String(count).padStart(10)}${even ? '         1  1.00000E+00  5.00000E-01' : '         0  0.00000E+00  0.00000E+00'}  0.00000E+00`,
    '        18    0    0    0 Frequency            Hz',
    '         8    0    0    0 Displacement         m',
    '        13    0    0    0 Force                N',
    '         0    0    0    0 NONE                 NONE',
  ];
  return Buffer.concat([Buffer.from(`${head.join('\n')}\n`), bytes, Buffer.from(`${after}    -1\n`)]);
}

test('hand-built 58b bytes: little and big endian, single and double, even and uneven abscissa', () => {
  // real single precision, even, little endian (values exact in float32)
  let [r] = parseUff(binary58({ order: 1, type: 2, even: true, count: 3, values: [[1.5], [-0.25], [1024]] }), 'b.uff').records;
  assert.deepEqual([r.binary, r.referenceNode, r.responseNode, r.responseDirection], [true, 1, 7, 2]);
  assert.deepEqual(r.abscissa, { min: 1, step: 0.5, count: 3 });
  assert.deepEqual(Array.from(r.values), [1.5, -0.25, 1024]);
  // complex double, even, big endian, with no line break before the closing -1 (as the description says)
  [r] = parseUff(binary58({ order: 2, type: 6, even: true, count: 2, values: [[0.1, -0.2], [1e-300, 3e300]], after: '' }), 'b.uff').records;
  assert.deepEqual([Array.from(r.values.re), Array.from(r.values.im)], [[0.1, 1e-300], [-0.2, 3e300]]);
  // uneven, complex double: the abscissa in single precision (the description) or double (common writers)
  for (const xBytes of [4, 8]) {
    [r] = parseUff(binary58({ order: 2, type: 6, even: false, count: 2, xBytes, values: [[2.5, 1, 2], [5, 3, 4]] }), 'b.uff').records;
    assert.deepEqual([Array.from(r.abscissa), Array.from(r.values.re), Array.from(r.values.im)], [[2.5, 5], [1, 3], [2, 4]]);
  }
  // a writer that declares 8 bytes per complex value (half of them): read by record 7, with a warning
  const parsed = parseUff(binary58({ order: 1, type: 6, even: true, count: 2, values: [[1, 2], [3, 4]], declared: 16 }), 'b.uff');
  assert.deepEqual(Array.from(parsed.records[0].values.im), [2, 4]);
  assert.match(parsed.warnings[0], /^b\.uff: record 1 \(dataset 58b\): the ID line declares 16 bytes of binary data but record 7 needs 32; read 32/);
});

const badDir = `${data}bad/`;
const expected = JSON.parse(readFileSync(`${badDir}expected.json`, 'utf8'));

test('the malformed corpus: at least 10 files, each refused with its one-line message naming the record or line', () => {
  const files = readdirSync(badDir).filter((name) => name.endsWith('.uff')).sort();
  assert.ok(files.length >= 10, `${files.length} files`);
  assert.deepEqual(files, Object.keys(expected).sort());
  for (const name of files) {
    assert.throws(() => uffToDataset(parseUff(readFileSync(`${badDir}${name}`), name), { source: name }), (e) => {
      assert.ok(e instanceof MechidError && e.code === 'bad-input', `${name}: ${e}`);
      assert.equal(e.message, expected[name]);
      assert.match(e.message, /record \d+|records \d+ and \d+|line \d+/, name);
      return true;
    }, name);
  }
  // what each one is about, in words
  const about = {
    'no-closing-delimiter.uff': /record 2 \(dataset 58\): no closing -1/, 'truncated-data.uff': /record 2 .*truncated data: expected 4 values .* found 3/,
    'unknown-ordinate-type.uff': /record 2 .*unknown ordinate data type 3/, 'non-numeric-field.uff': /record 2 .*line 29: non-numeric field/,
    'binary-block-short.uff': /record 1 \(dataset 58b\): binary block shorter than declared: 32 bytes declared, 20/,
    'uneven-time-not-uniform.uff': /record 2 .*uneven abscissa .* not uniform/, 'unequal-lengths.uff': /records 1 and 2 .* 4 and 3 points/,
    'header-cut-short.uff': /record 2 .*before record 9/, 'bad-function-type.uff': /record 2 .*record 6 field 1 \(function type\) is "x"/,
    'too-many-values.uff': /record 1 .*more values than record 7 declares/, 'binary-byte-order.uff': /record 1 \(dataset 58b\).*byte ordering 3/,
    'bad-abscissa-spacing.uff': /record 2 .*abscissa spacing\) is 2/, 'no-force-record.uff': /no force record .* q1 \(record 1\), q2 \(record 2\)/,
    'no-start-delimiter.uff': /line 1: a universal file starts with a line holding -1/,
  };
  for (const [name, pattern] of Object.entries(about)) assert.match(expected[name], pattern, name);
});

test('identify --data FILE.uff refuses each malformed file with its message', async () => {
  for (const [name, message] of Object.entries(expected)) {
    const argv = ['--data', `${badDir}${name}`, '--method', 'variational', '--out', '/dev/null'];
    const options = parseOptions('identify', { ...identify.options, ...OUT }, argv);
    await assert.rejects(identify.run(options, mechid), (e) => {
      assert.equal(e.code, 'bad-input', `${name}: ${e.message}`);
      assert.equal(e.message.replaceAll(badDir, ''), message, name);
      return true;
    }, name);
  }
});

test('identify --method auto on a UFF written from a simulated CSV gives the CSV route\'s numbers (ASCII and 58b)', async () => {
  const csv = join(dir, 'msd.csv');
  assert.equal((await cli('simulate', '--system', 'msd', '--h', '0.1', '--n', '2000', '--snr', '40', '--seed', '2', '--out', csv)).code, 0);
  const dataset = parseDatasetCsv({ Papa, text: readFileSync(csv, 'utf8'), source: csv });
  const ascii = join(dir, 'msd.uff');
  const binary = join(dir, 'msd-58b.unv');
  writeFileSync(ascii, writeUff58({ kind: 'time', ...dataset }));
  writeFileSync(binary, writeUff58({ kind: 'time', ...dataset }, { binary: true }));
  const run = async (file) => {
    const r = await cli('identify', '--data', file, '--method', 'auto', '--input-sampling', 'hold', '--truth', 'msd');
    assert.equal(r.code, 0, r.stderr);
    return JSON.parse(r.stdout);
  };
  const want = await run(csv);
  for (const [file, rel] of [[binary, 1e-12], [ascii, 1e-9]]) {
    const got = await run(file);
    assert.equal(got.status, want.status);
    assert.equal(got.n, want.n);
    close(got.h, want.h, 1e-15, 'h');
    for (const key of ['M', 'D', 'K']) got[key].forEach((row, i) => row.forEach((x, j) => close(x, want[key][i][j], rel, `${file} ${key}[${i}][${j}]`)));
    close(got.modal.modes[0].freq_hz, want.modal.modes[0].freq_hz, rel, 'freq');
  }
  // a skipped dataset is a warning on stderr; --time-col does not apply
  const r = await cli('identify', '--data', ascii, '--method', 'auto', '--time-col', 't');
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, /--time-col does not apply to the universal file/);
});

test('identify --method ida on a UFF (force u1, accelerometer a1) gives the CSV route\'s stiffnesses', async () => {
  const csv = join(dir, 'le.csv');
  assert.equal((await cli('simulate', '--system', 'lin-ewins', '--n', '20000', '--out', csv)).code, 0);
  const dataset = parseDatasetCsv({ Papa, text: readFileSync(csv, 'utf8'), source: csv, outputCols: ['a1'] });
  const uff = join(dir, 'le.uff');
  writeFileSync(uff, writeUff58({ kind: 'time', ...dataset }, { binary: true }));
  const args = ['--method', 'ida', '--regions', 'thresholds:0.005', '--mass', '1', '--damping', '4'];
  const results = [];
  for (const file of [csv, uff]) {
    const r = await cli('identify', '--data', file, ...args);
    assert.equal(r.code, 0, r.stderr);
    results.push(JSON.parse(r.stdout));
  }
  const [want, got] = results;
  assert.deepEqual(got.columns, { acceleration: 'a1', force: 'u1' });
  for (const [name, k] of Object.entries(want.k)) close(got.k[name], k, 1e-9, name);
});
