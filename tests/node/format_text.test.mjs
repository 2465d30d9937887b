// The text reader (wasm/text.js, wasm/text-dialect.js) and the LabVIEW measurement reader
// (wasm/lvm.js) on fixtures written by independent writers: GNU Octave (tests/fixtures/formats/
// text/make.m, with the values it read back in expected.json) and LabVIEW itself (lvm/, from
// lvm_read's test data). Each dialect: its channels' names and units, and their values against
// the writer's. Then the cases that froze the page or were misread (a units row, text in the time
// column's first row, the ECP raw export read as one column), and bad input: one line each.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readText } from '../../wasm/text.js';
import { uniformTime } from '../../wasm/csv.js';
import { readLvm } from '../../wasm/lvm.js';
import { loadMechidNode } from '../../wasm/node.js';

await loadMechidNode();  // the core that resamples an uneven time (wasm/core-instance.js)

const dir = new URL('../fixtures/formats/', import.meta.url).pathname;
const bytes = (path) => new Uint8Array(readFileSync(dir + path));
const expected = JSON.parse(readFileSync(`${dir}text/expected.json`, 'utf8'));
const encode = (text) => new TextEncoder().encode(text);

/** Each channel's count, first, last and sum against what Octave read back from its own text. */
function assertValues(recording, e) {
  recording.channels.forEach((c, k) => {
    assert.equal(c.values.length, e.n, `${c.name}: samples`);
    assert.equal(c.values[0], e.first[k], `${c.name}: first`);
    assert.equal(c.values[e.n - 1], e.last[k], `${c.name}: last`);
    const sum = c.values.reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(sum - e.sum[k]) <= 1e-9 * Math.max(1, Math.abs(e.sum[k])), `${c.name}: sum ${sum} against ${e.sum[k]}`);
  });
}

const names = (r) => r.channels.map((c) => c.name);
const units = (r) => r.channels.map((c) => c.unit);

const DIALECTS = [
  ['ecp_raw.txt', 'bracketed', ['Sample', 'Time', 'Commanded Pos', 'Encoder 1 Pos', 'Encoder 2 Pos', 'Control Effort'], ['', '', '', '', '', '']],
  ['units_row.csv', 'csv', ['t', 'u1', 'q1', 'q2'], ['s', 'V', 'counts', 'counts']],
  ['semicolon_comma.csv', 'semicolon', ['Zeit', 'Kraft', 'Weg'], ['s', 'N', 'm']],
  ['tab.tsv', 'tab', ['t', 'u1', 'q1'], ['', '', '']],
  ['spaces.txt', 'spaces', ['column 1', 'column 2', 'column 3'], ['', '', '']],
  ['comments.csv', 'csv', ['t', 'u1', 'q1'], ['', '', '']],
  ['phone.csv', 'csv', ['Time', 'Acceleration x', 'Acceleration y', 'Acceleration z', 'Absolute acceleration'], ['s', 'm/s^2', 'm/s^2', 'm/s^2', 'm/s^2']],
];

for (const [file, variant, channelNames, channelUnits] of DIALECTS) {
  test(`${file}: ${variant}, its channels named and with units as written, values as Octave wrote them`, async () => {
    // Small chunks: every line end, CR LF and decimal comma crosses a chunk boundary somewhere.
    for (const chunkSize of [undefined, 97]) {
      const r = await readText(bytes(`text/${file}`), file, { chunkSize });
      assert.equal(r.format, 'text');
      assert.equal(r.variant, variant);
      assert.deepEqual(names(r), channelNames);
      assert.deepEqual(units(r), channelUnits);
      assertValues(r, expected[file.replace(/\.\w+$/, '')]);
    }
  });
}

test('comment lines are skipped and said; where() names the file line of a sample', async () => {
  const r = await readText(bytes('text/comments.csv'), 'comments.csv');
  assert.deepEqual(r.notes, ['2 comment lines (# % //) skipped', '1 comment line among the rows skipped']);
  assert.equal(r.where(0), 'line 4');
  assert.equal(r.where(100), 'line 105');  // after the // line among the rows
});

test('a Blob streams in chunks with progress, the same channels as the bytes', async () => {
  const b = bytes('text/phone.csv');
  const seen = [];
  const r = await readText(new Blob([b]), 'phone.csv', { chunkSize: 1000, onProgress: (f) => seen.push(f) });
  assert.deepEqual(r.channels.map((c) => Array.from(c.values)), (await readText(b, 'phone.csv')).channels.map((c) => Array.from(c.values)));
  assert.equal(seen.length, Math.ceil(b.length / 1000));
  assert.equal(seen.at(-1), 1);
});

test('the phone CSV\'s uneven time: refused as it is, resampled when the user agrees, with the worst deviation named', async () => {
  const r = await readText(bytes('text/phone.csv'), 'phone.csv');
  const t = r.channels[0].values, ax = r.channels[1].values;
  const N = t.length, step = (t[N - 1] - t[0]) / (N - 1);
  // The worst deviation from the uniform grid, computed here from the times Octave wrote.
  let worst = 0, at = 0;
  for (let i = 0; i < N; i++) if (Math.abs(t[i] - (t[0] + i * step)) > worst) { worst = Math.abs(t[i] - (t[0] + i * step)); at = i; }
  assert.throws(() => uniformTime(t, { source: 'phone.csv', where: r.where }),
    { message: `phone.csv: time is not uniform: worst deviation ${worst.toPrecision(3)} s at line ${at + 2} (${(100 * worst / step).toFixed(1)} % of h = ${step.toPrecision(4)} s); resample the data first` });
  const grid = uniformTime(t, { source: 'phone.csv', where: r.where, resample: true });
  assert.equal(grid.worst, worst);
  assert.match(grid.warnings[0], /resampled to h = .* by linear interpolation, as asked/);
  // Interpolated values lie on the straight line between the measured neighbours.
  const resampled = grid.at(ax);
  const k = 57, j = t.findLastIndex((x) => x <= grid.t[k]);
  const w = (grid.t[k] - t[j]) / (t[j + 1] - t[j]);
  assert.ok(Math.abs(resampled[k] - ((1 - w) * ax[j] + w * ax[j + 1])) < 1e-15);
});

test('the reviewed freezes: a units row and text in the time column\'s first row', async () => {
  const rows = '0,0,0,0\n0.01,1,2,3\n0.02,1,2,3\n';
  const r = await readText(encode(`t,u1,q1,q2\ns,V,counts,counts\n${rows}`), 'units_small.csv');
  assert.deepEqual(units(r), ['s', 'V', 'counts', 'counts']);
  assert.deepEqual(Array.from(r.channels[0].values), [0, 0.01, 0.02]);
  await assert.rejects(readText(encode(`t,u1,q1,q2\ns,0,0,0\n${rows}`), 'text_t_first.csv'),
    { message: 'text_t_first.csv: line 2, column t "s" is not a number' });
});

test('a bad row among the first rows is named with its line (a fuzz finding: it crashed the header rule)', async () => {
  const rows = Array.from({ length: 8 }, (_, i) => `0.0${i + 3}54,0.0000,-0.0000`).join('\n');
  const text = `# ECP\nt,u1,q1\n0.0000,0.0000,-0.0000\ne5,0.0000,-0.0000\n0.0177,0.0000,-0.0000\n0.0266\ud8000.0000,-0.0000\n${rows}\n`;
  await assert.rejects(readText(encode(text), 'f.csv'), { message: 'f.csv: line 4, column t "e5" is not a number' });
});

test('CR-only and CR LF line ends, a UTF-8 BOM, UTF-16 with its BOM', async () => {
  const text = 't;u1;q1\r0,5;1;2\r1,5;3;4\r';
  for (const b of [encode(text), encode(`\ufeff${text.replaceAll('\r', '\r\n')}`)]) {
    const r = await readText(b, 'x.csv', { chunkSize: 5 });
    assert.deepEqual(names(r), ['t', 'u1', 'q1']);
    assert.deepEqual(Array.from(r.channels[0].values), [0.5, 1.5]);
  }
  const utf16 = new Uint8Array(2 + 2 * text.length);
  utf16.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) utf16[2 + 2 * i] = text.charCodeAt(i);
  assert.deepEqual(Array.from((await readText(utf16, 'x.csv')).channels[2].values), [2, 4]);
});

test('bad input: one line naming the file and the line and column', async () => {
  const cases = [
    ['t,u1\n0,1\n1,2\n2,x\n', 'bad.csv: line 4, column u1 "x" is not a number'],
    ['t,u1\n0,1\n1,2\n2,3,4\n', 'bad.csv: line 4 has 3 fields but the header has 2'],
    ['t,u1\n0,1\n1,2\n2,nan\n', 'bad.csv: line 4, column u1 is nan (not finite)'],
    ['t,u1\n0,1\n1,2\n2,1e999\n', 'bad.csv: line 4, column u1 is 1e999 (beyond the largest double, 1.8e308)'],
    ['', 'bad.csv: the file is empty'],
    ['just, words\nand more, words\n', 'bad.csv: no rows of numbers in the first 3 lines; a measurement file has rows of numbers separated by , ; tab or blanks, after at most a few lines of column names and units'],
  ];
  for (const [text, message] of cases) await assert.rejects(readText(encode(text), 'bad.csv'), { message });
  await assert.rejects(readText(new Uint8Array([0, 1, 2, 0, 0, 3, 0, 0, 4, 0, 5, 6, 0, 0, 0, 0]), 'bin.csv'), /bin\.csv: not a text file/);
});

test('LVM, tab and decimal comma, no X column: the channels with Delta_X as h, the units of Y_Unit_Label', async () => {
  const r = await readLvm(bytes('lvm/short.lvm'), 'short.lvm', { chunkSize: 64 });
  assert.equal(r.format, 'lvm');
  assert.equal(r.variant, 'tab, decimal comma');
  assert.deepEqual(names(r), ['Excitation (Trigger)', 'Response (Trigger)']);
  assert.deepEqual(units(r), ['Newtons', 'm/s^2']);
  assert.deepEqual(r.channels.map((c) => [c.h, c.start]), [[3.90625e-5, 0], [3.90625e-5, 0]]);
  assert.deepEqual(Array.from(r.channels[0].values.subarray(0, 3)), [0.914018, 0.537321, 0.616905]);
  assert.equal(r.channels[1].values.length, 10);
  assert.equal(r.channels[1].values[9], 1.212775);
  assert.deepEqual(r.parameters, { Writer_Version: 2, Reader_Version: 2 });
});

test('LVM with an X column, a Comment column and the Windows code page; Multi X columns; unconnected channels', async () => {
  const c = await readLvm(bytes('lvm/with_comments.lvm'), 'with_comments.lvm');
  assert.deepEqual(names(c), ['Time', 'Pressão ABS. (MPa)', 'Temperatura (°C)', 'Volume (ml)']);
  assert.equal(c.channels[0].quantity, 'time');
  assert.deepEqual(Array.from(c.channels[0].values.subarray(0, 3)), [0, 0.328878, 1.208397]);
  assert.equal(c.channels[3].values[8], 89.8217);
  const m = await readLvm(bytes('lvm/no_decimal_separator.lvm'), 'm.lvm');
  assert.deepEqual(names(m), ['Time', 'ax', 'ay', 'az']);
  assert.deepEqual(Array.from(m.channels[3].values), [0.021503, -0.005606, 0.007789, -0.009433]);
  assert.match(m.notes[0], /2 more X_Value columns/);
  const e = await readLvm(bytes('lvm/with_empty_fields.lvm'), 'e.lvm');
  assert.deepEqual(names(e), ['Time', 'Dev0/Ai0', 'Dev0/Ai2', 'Dev0/Ai0 1']);
  assert.equal(e.notes.length, 4);
});

test('LVM without channels (fuzz findings: a Recording of no channel was returned): a blank names line, channels without values', async () => {
  const text = readFileSync(`${dir}lvm/short.lvm`, 'latin1');
  await assert.rejects(readLvm(encode(text.replace('X_Value\tExcitation (Trigger)\tResponse (Trigger)\tComment', '\t')), 'blank.lvm'),
    { message: 'blank.lvm: line 23: no channel names after "***End_of_Header***"' });
  const rows = text.split('\n').map((line, i) => (i >= 23 ? '\t\t' : line)).join('\n');
  await assert.rejects(readLvm(encode(rows), 'empty.lvm'), { message: 'empty.lvm: no channel has values in the first row after the column names (line 24)' });
  // A Delta_X of 0 (a fuzz finding: a channel with h = 0 was returned).
  await assert.rejects(readLvm(encode(text.replace('Delta_X\t3,906250E-5', 'Delta_X\t0')), 'dx.lvm'),
    { message: 'dx.lvm: channel Excitation (Trigger): Delta_X 0 is not a positive sample spacing' });
});

test('LVM bad input: truncated before the column names, a text cell', async () => {
  const text = readFileSync(`${dir}lvm/short.lvm`, 'latin1');
  await assert.rejects(readLvm(encode(text.slice(0, 400)), 'cut.lvm'), /cut\.lvm: the file ends before its column names/);
  await assert.rejects(readLvm(encode(text.replace('0,537321', 'oops')), 'x.lvm'), { message: 'x.lvm: line 25, column Excitation (Trigger) "oops" is not a number' });
  await assert.rejects(readLvm(encode('t,u\n1,2\n'), 'x.lvm'), /x\.lvm: not a LabVIEW measurement file/);
});

// Through the record reader of the CLI and the worker (wasm/record.js: text is the last reader of
// wasm/readers.js): every dialect is read into identify's dataset by the one column rule.
const { readRecord } = await import('../../wasm/record.js');
const Papa = (await import('papaparse')).default;

test('identify\'s dataset of each dialect (the Blob path: tests/e2e/text-formats): units row, ECP raw export (its time printed to 1 ms), decimal comma, LVM, phone CSV resampled', async () => {
  const units = await readRecord(bytes('text/units_row.csv'), 'units_row.csv', {}, { Papa });
  assert.deepEqual(units.columns, { time: 't', inputs: ['u1'], outputs: ['q1', 'q2'] });
  assert.equal(units.u.rows, expected.units_row.n);
  assert.equal(units.y.data[2 * (expected.units_row.n - 1) + 1], expected.units_row.last[3]);
  // The ECP export prints k·h to 0.001 s: the grid it rounds (h = 0.00885 s written, within
  // the rounding of its first and last times over 199 steps), said in a warning.
  const ecp = await readRecord(bytes('text/ecp_raw.txt'), 'ecp_raw.txt', { timeCol: 'Time', inputCols: ['Control Effort'], outputCols: ['Encoder 1 Pos', 'Encoder 2 Pos'] }, { Papa });
  assert.ok(Math.abs(ecp.h - 0.00885) <= 0.001 / 199, `h = ${ecp.h}`);
  assert.match(ecp.warnings[0], /^time is printed to 0\.001 s \(worst deviation .* s at line \d+\): read as the uniform grid h = 0\.00884\d* s it rounds$/);
  const comma = await readRecord(bytes('text/semicolon_comma.csv'), 'semicolon_comma.csv', { timeCol: 'Zeit', inputCols: ['Kraft'], outputCols: ['Weg'] }, { Papa });
  assert.equal(comma.y.data[expected.semicolon_comma.n - 1], expected.semicolon_comma.last[2]);
  // LVM through readers.js: the sample spacing from its Delta_X, the output kind from its unit (m/s^2).
  const lvm = await readRecord(bytes('lvm/short.lvm'), 'short.lvm', { inputCols: ['Excitation (Trigger)'], outputCols: ['Response (Trigger)'] }, { Papa });
  assert.deepEqual([lvm.h, lvm.u.data[1], lvm.y.data[9]], [3.90625e-5, 0.537321, 1.212775]);
  const auto = await readRecord(bytes('lvm/short.lvm'), 'short.lvm', {}, { Papa });
  assert.deepEqual([auto.columns.inputs, auto.columns.outputs, auto.dataset.outputs], [['Excitation (Trigger)'], ['Response (Trigger)'], 'acceleration']);
  const mapping = { timeCol: 'Time', inputCols: ['Acceleration x'], outputCols: ['Acceleration z'] };
  await assert.rejects(() => readRecord(bytes('text/phone.csv'), 'phone.csv', mapping, { Papa }), { message: /^phone\.csv: time is not uniform: worst deviation .* s at line \d+ \(.* % of h = .* s\); resample the data first \(--resample in the CLI\)$/ });
  const phone = await readRecord(bytes('text/phone.csv'), 'phone.csv', { ...mapping, resample: true }, { Papa });
  assert.match(phone.warnings[0], /resampled to h = 0\.009970 s by linear interpolation, as asked/);
  // A bad cell: one line naming the file, the line and the column.
  await assert.rejects(() => readRecord(encode('t,u1,q1\n0,1,2\n1,x,3\n2,1,2\n'), 'bad.csv', {}, { Papa }), { message: 'bad.csv: line 3, column u1 "x" is not a number' });
});

test('inspect\'s summary of a text file (bin/commands/inspect.mjs: the text reader\'s Recording): names, quantities, units', async () => {
  const { inspectRecording } = await import('../../wasm/recording.js');
  const phone = inspectRecording(await readText(bytes('text/phone.csv'), 'phone.csv'));
  assert.equal(phone.format, 'text');
  assert.deepEqual(phone.channels.map((c) => [c.name, c.quantity, c.unit, c.n]), [
    ['Time', 'time', 's', 200], ['Acceleration x', 'acceleration', 'm/s^2', 200], ['Acceleration y', 'acceleration', 'm/s^2', 200],
    ['Acceleration z', 'acceleration', 'm/s^2', 200], ['Absolute acceleration', 'acceleration', 'm/s^2', 200]]);
  assert.match(phone.notes[0], /the time channel Time is uneven/);
  const units = inspectRecording(await readText(new Blob([bytes('text/units_row.csv')]), 'units_row.csv'));
  assert.deepEqual(units.channels.map((c) => [c.name, c.quantity, c.unit]), [['t', 'time', 's'], ['u1', 'voltage', 'V'], ['q1', 'displacement', 'counts'], ['q2', 'displacement', 'counts']]);
  // The ECP export's time, printed to 1 ms, is its grid rounded: not called uneven (identify's rule).
  const ecp = inspectRecording(await readText(bytes('text/ecp_raw.txt'), 'ecp_raw.txt'));
  assert.deepEqual([ecp.variant, ecp.notes], ['bracketed', []]);
  assert.ok(Math.abs(ecp.channels[3].h - 0.00885) <= 0.001 / 199);
});
