// Universal files of every vendor (issue 49) and the UFF reader's hardening (issue 56): the
// fixtures of tests/fixtures/formats/uff/ are written by pyuff (GitHub ladisk/pyuff, an
// independent writer) and edited into each vendor dialect by make_fixtures.py there, which also
// stores pyuff's reading of each file (expected.json): our reader must read the same datasets,
// channel counts, lengths and values (to 1e-5 of each record's largest magnitude), or refuse the
// file with one line naming the record and what is wrong.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { MechidError } from '../../wasm/errors.js';
import { inspectRecording } from '../../wasm/recording.js';
import { uffToDataset } from '../../wasm/uff-convert.js';
import { uffRecording } from '../../wasm/uff-recording.js';
import { writeUff55, writeUff58 } from '../../wasm/uff-write.js';
import { parseUff } from '../../wasm/uff.js';
import { readerOf } from '../../wasm/readers.js';

const dir = new URL('../fixtures/formats/uff/', import.meta.url);
const bytes = (name) => readFileSync(new URL(name, dir));
const pyuff = JSON.parse(readFileSync(new URL('expected.json', dir), 'utf8'));

/** Largest |a - b| over b's largest magnitude. */
function relDiff(a, b) {
  assert.equal(a.length, b.length, 'lengths');
  let scale = 0, worst = 0;
  for (let i = 0; i < b.length; i++) scale = Math.max(scale, Math.abs(b[i]));
  for (let i = 0; i < b.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst / (scale || 1);
}

/** Our reading of `name` against pyuff's reading of `reference` (default the same file). */
function sameAsPyuff(name, reference = name) {
  const parsed = parseUff(bytes(name), name);
  const theirs = pyuff[reference].sets.filter((s) => s.type === 58);
  const ours = parsed.records.filter((r) => r.dataset === 58);
  assert.equal(ours.length, theirs.length, `${name}: number of functions`);
  ours.forEach((r, k) => {
    const p = theirs[k];
    const re = r.complex ? r.values.re : r.values;
    assert.equal(re.length, p.n, `${name} record ${r.recordNumber}: points`);
    assert.ok(relDiff(re, p.re) <= 1e-5, `${name} record ${r.recordNumber}: values`);
    if (r.complex) assert.ok(relDiff(r.values.im, p.im) <= 1e-5, `${name} record ${r.recordNumber}: imaginary parts`);
    const x = r.abscissa instanceof Float64Array ? r.abscissa : Float64Array.from({ length: r.abscissa.count }, (_, i) => r.abscissa.min + i * r.abscissa.step);
    assert.ok(relDiff(x, p.x) <= 1e-5, `${name} record ${r.recordNumber}: abscissa`);
    assert.deepEqual([r.responseNode, r.responseDirection, r.functionType, r.ordinateType], [p.rsp_node, p.rsp_dir, p.func_type, p.ord_data_type]);
  });
  return parsed;
}

/** The one-line bad-input message of reading `name` (parse, then identify's dataset). */
function refusal(name) {
  try {
    uffToDataset(parseUff(bytes(name), name), { source: name });
  } catch (e) {
    assert.ok(e instanceof MechidError && e.code === 'bad-input', `${name}: ${e?.stack ?? e}`);
    assert.ok(!e.message.includes('\n'), 'one line');
    return e.message;
  }
  assert.fail(`${name} was accepted`);
}

test('58 ASCII (double and single precision) and 58b (double, single, big-endian single) read as pyuff reads them', () => {
  for (const name of ['time-ascii-double.uff', 'time-ascii-single.uff', 'time-58b-double.uff', 'time-58b-single.uff', 'time-58b-single-big.uff']) {
    const parsed = sameAsPyuff(name);
    assert.deepEqual(parsed.datasets, { [name.includes('58b') ? '58b' : '58']: 3 });
  }
  // big- and little-endian single-precision files hold the same numbers
  const [le, be] = ['time-58b-single.uff', 'time-58b-single-big.uff'].map((n) => parseUff(bytes(n), n).records[2].values);
  assert.deepEqual(Array.from(le), Array.from(be));
});

test('complex FRFs, ASCII and 58b, read as pyuff reads them; as a Recording: complex channels on a frequency axis', () => {
  sameAsPyuff('frf-ascii-complex.uff');
  const parsed = sameAsPyuff('frf-58b-complex.uff');
  // pyuff's 58b writer declares the ordinates' bytes only (320) for 40 uneven complex points (960): read, with a warning
  assert.match(parsed.warnings[0], /record 1 \(dataset 58b\): the ID line declares 320 bytes of binary data but record 7 needs 960/);
  const rec = uffRecording(parseUff(bytes('frf-ascii-complex.uff'), 'f.uff'), 'f.uff');
  assert.deepEqual(rec.channels.map((c) => [c.name, c.axis, c.quantity, c.unit, c.h, c.start, c.imag.length]), [['H1', 'frequency', 'displacement', 'm', 0.5, 1, 40], ['H2', 'frequency', 'displacement', 'm', 0.5, 1, 40]]);
  assert.deepEqual(rec.channels[1].meta, { record: 2, node: 3, direction: 1, referenceNode: 1, referenceDirection: 1, functionType: 4, ordinate: 'displacement', id: 'Receptance node 3' });
});

test('vendor dialects read as the plain file: Testlab 58b, CR LF before -1, trailing spaces, fields without spaces', () => {
  // Testlab: the closing -1 on its own line after the binary block (pyuff needs its fix_58b for its own files)
  sameAsPyuff('dialect-testlab-58b.uff', 'time-58b-single.uff');
  sameAsPyuff('dialect-crlf-before-minus1.uff', 'time-ascii-double.uff');
  // DataPhysics: trailing blanks on every line, also "    -1     "; pyuff finds no dataset in it
  assert.deepEqual(pyuff['dialect-trailing-spaces.uff'].types, []);
  sameAsPyuff('dialect-trailing-spaces.uff', 'time-ascii-double.uff');
  // E13.6 fields that run together ("-1.234567E+00-2.345678E+00"): pyuff reads them by columns, as we do
  sameAsPyuff('dialect-no-spaces.uff');
  const single = parseUff(bytes('time-ascii-single.uff'), 's').records;
  parseUff(bytes('dialect-no-spaces.uff'), 'n').records.forEach((r, k) => assert.ok(relDiff(r.values, single[k].values) <= 1e-5));
});

test("'58x' is refused, never read as dataset 58 (issue 56)", () => {
  assert.equal(refusal('dialect-58x.uff'), 'dialect-58x.uff: record 1: line 2 should hold the dataset number (columns 1-6, then b for a binary dataset), found "58x"');
});

test('a point count of 2^31 is refused before anything is allocated (issue 56: "Array buffer allocation failed")', () => {
  assert.match(refusal('dialect-count-2e31.uff'), /^dialect-count-2e31\.uff: record 1 \(dataset 58\): record 7 field 2 declares 2147483648 points \(4294967296 values: .*\), more than the \d+ bytes left in the file can hold$/);
  // the same with 2^32, 10^10 - 1 and with a count just above what the bytes hold
  const text = bytes('time-ascii-double.uff').toString('latin1');
  const r7 = text.split('\n')[8];
  for (const count of [9999999999, 2 ** 32, 400]) {
    const edited = text.replace(r7, r7.slice(0, 10) + String(count).padStart(10) + r7.slice(20));
    assert.throws(() => parseUff(Buffer.from(edited, 'latin1'), 'c.uff'), (e) => e.code === 'bad-input' && /record 7 field 2 declares|truncated data/.test(e.message));
  }
});

test('two records for one node and direction: named in the Recording, refused for identify (issue 56)', () => {
  const name = 'dialect-duplicate-node.uff';
  assert.equal(refusal(name), `${name}: records 2 and 4 (dataset 58) are both the displacement at node 2 direction 1 (record 6 fields 6-7): remove one, or choose the channels (--input-cols, --output-cols)`);
  const rec = uffRecording(parseUff(bytes(name), name), name);
  assert.deepEqual(rec.channels.map((c) => c.name), ['u1', 'q1', 'a1', 'q2']);
  assert.ok(rec.notes.includes(`${name}: records 2 and 4 (dataset 58) are both the displacement at node 2 direction +X (record 6 fields 6-7)`));
  // choosing the channels says which one is meant
  assert.deepEqual(uffToDataset(parseUff(bytes(name), name), { source: name, inputCols: ['u1'], outputCols: ['q2'] }).columns.outputs, ['q2']);
});

test('geometry: 151 header, 164 units, 15 and 2411 nodes, 82 trace lines read as pyuff reads them; every dataset counted', () => {
  const parsed = parseUff(bytes('geometry.uff'), 'g.uff');
  const sets = pyuff['geometry.uff'].sets;
  const nodes = sets.filter((s) => s.type === 15 || s.type === 2411);
  assert.deepEqual(parsed.geometry.nodes.map((n) => n.id), nodes.flatMap((s) => s.node_nums));
  for (const key of ['x', 'y', 'z']) assert.deepEqual(parsed.geometry.nodes.map((n) => n[key]), nodes.flatMap((s) => s[key]));
  assert.deepEqual(parsed.geometry.lines, [{ id: 1, nodes: sets.find((s) => s.type === 82).nodes }]);
  const u = sets.find((s) => s.type === 164);
  assert.deepEqual([parsed.units.code, parsed.units.length, parsed.units.force, parsed.units.temperature, parsed.units.temperatureOffset], [u.units_code, u.length, u.force, u.temp, u.temp_offset]);
  assert.equal(parsed.units.system, 'MM: mm (milli newton)');
  assert.equal(parsed.header.model, sets.find((s) => s.type === 151).model_name);
  const summary = inspectRecording(uffRecording(parsed, 'g.uff'));
  assert.deepEqual(summary.datasets, { 15: 1, 82: 1, 151: 1, 164: 1, 2411: 1 });
  assert.deepEqual(summary.geometry, { nodes: 5, lines: 1, elements: 0 });
  assert.deepEqual(summary.channels, []);
});

test('dataset 2412 elements (a beam with its orientation record, a triangle) and a dataset not read are counted', () => {
  const text = ['    -1', '  2412',
    '         1        11         1         1         7         2', '         0         1         1', '         1         2',
    '         2        41         1         1         7         3', '         1         2         3', '    -1',
    '    -1', '  2414', 'anything', '    -1', ''].join('\n');
  const parsed = parseUff(text, 'e.uff');
  assert.deepEqual(parsed.geometry.elements, [{ id: 1, type: 11, nodes: [1, 2] }, { id: 2, type: 41, nodes: [1, 2, 3] }]);
  assert.deepEqual(parsed.datasets, { 2412: 1, 2414: 1 });
  assert.match(parsed.warnings[0], /^e\.uff: dataset 2414 skipped \(record 2\)/);
});

test('time records as a Recording: u1, q1, a1 with quantity from record 9 and unit from its label; meta node, direction, record; readers table', () => {
  const name = 'time-ascii-double.uff';
  const reader = readerOf(name, bytes(name).subarray(0, 4096));
  assert.equal(reader.format, 'uff');
  const rec = reader.read(bytes(name), name);
  assert.deepEqual(rec.channels.map((c) => [c.name, c.quantity, c.unit, c.values.length, c.meta.node, c.meta.direction, c.meta.record]),
    [['u1', 'force', 'N', 64, 1, 1, 1], ['q1', 'displacement', 'm', 64, 2, 1, 2], ['a1', 'acceleration', 'm/s^2', 64, 3, 1, 3]]);
  assert.ok(Math.abs(rec.channels[0].h - 1 / 128) < 1e-7);
  const data = reader.toDataset(rec, { source: name });
  assert.deepEqual(data.columns, { time: undefined, inputs: ['u1'], outputs: ['q1'] });
  assert.equal(data.y.data[0], pyuff[name].sets[1].re[0]);
});

test('written 58/58b (time and FRF, single and double) and 55 files read back with the values written', () => {
  const N = 50;
  const u = { rows: N, cols: 1, data: Float64Array.from({ length: N }, (_, i) => Math.sin(0.3 * i) * 12.5) };
  const y = { rows: N, cols: 2, data: Float64Array.from({ length: 2 * N }, (_, i) => Math.cos(0.1 * i) * 1e-3) };
  const freq_hz = Array.from({ length: 30 }, (_, k) => 2 + 0.25 * k);
  const H = [[freq_hz.map((f) => [1 / (100 - f * f), -0.01 * f])]];
  for (const precision of ['double', 'single']) {
    const tol = precision === 'double' ? 1e-11 : 1e-5;  // single: 6E13.5 holds 6 significant digits
    for (const binary of [false, true]) {
      const time = parseUff(writeUff58({ kind: 'time', h: 0.01, u, y }, { binary, precision }), 'w.uff');
      assert.deepEqual(time.records.map((r) => r.ordinateType), Array(3).fill(precision === 'double' ? 4 : 2));
      const d = uffToDataset(time, { source: 'w.uff', outputCols: ['q1', 'q2'] });
      assert.ok(relDiff(d.u.data, u.data) <= tol && relDiff(d.y.data, y.data) <= tol, `time ${precision} ${binary}`);
      const frf = parseUff(writeUff58({ kind: 'frf', freq_hz, H }, { binary, precision }), 'f.uff').records[0];
      assert.equal(frf.ordinateType, precision === 'double' ? 6 : 5);
      assert.ok(relDiff(frf.values.re, H[0][0].map((c) => c[0])) <= tol && relDiff(frf.values.im, H[0][0].map((c) => c[1])) <= tol, `frf ${precision} ${binary}`);
    }
  }
  const modes = parseUff(writeUff55([{ freq_hz: 12.5, zeta: 0.02, shape: [1, -0.5] }]), 'm.uff').records[0];
  assert.deepEqual([modes.reals[0], modes.reals[2], modes.nodes.map((n) => n.values[0][0])], [12.5, 0.02, [1, -0.5]]);
});

test('record 12 read from the bytes equals Number() of each field (Fortran forms: D exponents, a missing E, 3-digit exponents)', () => {
  const fields = ['1.23456789012D+02', '-4.5-100', '6.02214076+023', '  .5', '-0.0', '1.7976931348623157E+308', '4.9E-324', '123456789012345678'];
  const text = ['    -1', '    58', 'x', 'x', 'x', 'x', 'x', '    1         1    1         0 NONE               1   1 NONE               0   0',
    `         4         ${fields.length}         1  0.00000E+00  1.00000E+00  0.00000E+00`,
    '        17    0    0    0 Time                 s', '         8    0    0    0 D                    m',
    '         0    0    0    0 NONE                 NONE', '         0    0    0    0 NONE                 NONE', fields.join(' '), '    -1', ''].join('\n');
  const values = parseUff(text, 'n.uff').records[0].values;
  assert.deepEqual(Array.from(values), [123.456789012, -4.5e-100, 6.02214076e23, 0.5, -0, 1.7976931348623157e308, 5e-324, 123456789012345680]);
});

test('messages for what the line reader cannot read (issue 56): UTF-16, CR-only line ends, a 12-digit byte count touching its neighbour', () => {
  const text = bytes('time-ascii-double.uff').toString('latin1');
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  assert.throws(() => parseUff(utf16, 'w.uff'), { message: 'w.uff: the file is UTF-16 text (byte-order mark FF FE); a universal file is ASCII: save it as ASCII or UTF-8' });
  assert.throws(() => parseUff(Buffer.from(text.replace(/\n/g, '\r'), 'latin1'), 'cr.uff'), { message: /^cr\.uff: the lines end with CR alone \(classic Mac OS line ends\)/ });
  // I6,1A1,I6,I6,I12,I12: a byte count of 12 digits right after the ASCII-line count's field
  const b58 = bytes('time-58b-single.uff');
  const idLine = b58.toString('latin1').split('\n')[1];
  const edited = Buffer.from(b58.toString('latin1').replace(idLine, `${idLine.slice(0, 19)}          11999999999999${idLine.slice(43)}`), 'latin1');
  // read by columns: 11 ASCII lines and 999999999999 bytes (not 11999999999999 ASCII lines); the data
  // are read by record 7, the closing -1 following them, with a warning naming the count
  const parsed = parseUff(edited, 'big.uff');
  assert.match(parsed.warnings[0], /^big\.uff: record 1 \(dataset 58b\): the ID line declares 999999999999 bytes of binary data but record 7 needs 512; read 512/);
  assert.deepEqual(Array.from(parsed.records[0].values), Array.from(parseUff(b58, 'b').records[0].values));
});

test('a 58b flagged big-endian but written little-endian is refused naming the byte-order field (issue 56)', () => {
  const b58 = bytes('time-58b-double.uff').toString('latin1');
  const flipped = Buffer.from(b58.replace(/^( {4}58b {5})1/gm, '$12'), 'latin1');
  assert.throws(() => parseUff(flipped, 'bo.uff'), { message: /^bo\.uff: record 1 \(dataset 58b\): the binary values read big endian, as the 58b ID line's byte ordering \(field 3 = 2\) says, are no ordinary numbers \(the first: .*\), read little endian they are \(the first: 0\): the byte ordering field is likely wrong/ });
});

test('onProgress: the fraction of the bytes read, increasing to 1, after each function', () => {
  const name = 'time-ascii-double.uff';
  const seen = [];
  readerOf(name, bytes(name)).read(bytes(name), name, { onProgress: (f) => seen.push(f) });
  assert.equal(seen.length, 3);
  assert.ok(seen.every((f, i) => f > (seen[i - 1] ?? 0)) && seen[2] === 1, String(seen));
});

test('no response left after the skipped records: the message names them (issue 56: "the responses are s (channels )")', () => {
  const text = bytes('time-ascii-double.uff').toString('latin1')
    .replace(/^ {9}8 {4}0 {4}0 {4}0 NONE {17}m {19}/m, '         2    0    0    0 NONE                 Pa                  ')
    .replace(/^ {8}12 {4}0 {4}0 {4}0 NONE {17}m\/s\^2 {15}/m, '         2    0    0    0 NONE                 Pa                  ');
  assert.throws(() => uffToDataset(parseUff(Buffer.from(text, 'latin1'), 's.uff'), { source: 's.uff' }), {
    message: "s.uff: no displacement, velocity or acceleration record is left among the 3 time responses (record 2 (dataset 58) skipped: its ordinate is stress in Pa, not a force, displacement, velocity or acceleration; record 3 (dataset 58) skipped: its ordinate is stress in Pa, not a force, displacement, velocity or acceleration)",
  });
});
