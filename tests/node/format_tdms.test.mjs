// TDMS reader (wasm/tdms.js, tdms-scaling.js): files written by npTDMS (TdmsWriter, and the segment
// builders of npTDMS's own tests: every scenario of its scenarios.py, DAQmx segments) and by hand
// (big-endian), made by tests/fixtures/formats/tdms/make.py, read to the values npTDMS reads back
// (reference.json); what npTDMS reads that this reader leaves out (strings, a thermocouple scaling,
// empty channels) with its note; and bad files, each one line naming the file, segment and what
// is wrong, never an exception of another kind (every prefix of a file, every byte changed).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { channelSamples, inspectRecording, recordingToDataset } from '../../wasm/recording.js';
import { looksLikeTdms, pathNames, readTdms } from '../../wasm/tdms.js';

const dir = new URL('../fixtures/formats/tdms/', import.meta.url).pathname;
const bytes = (name) => new Uint8Array(readFileSync(dir + name));
const reference = JSON.parse(readFileSync(dir + 'reference.json', 'utf8'));

// What this reader does differently from npTDMS, on purpose: a file with no channel of numbers is
// refused; a channel it cannot scale or whose values are not numbers is left out with a note.
const REFUSED = {
  'scenario-channel-without-data.tdms': /holds no channel of numbers that can be read/,
  'scenario-channel-without-data-or-data-type.tdms': /holds no channel of numbers that can be read/,
};
const LEFT_OUT = {
  'daqmx-digital.tdms': { 'Group/Temp': /its scaling Thermocouple \(NI_Scale\[1\]\) is not applied/, 'Group/Raw': /its DAQmx raw values carry no scaling/ },
  'writer-types.tdms': { 'Types/text': /holds strings/ },
};

const closeTo = (got, want, what) => assert.ok(Math.abs(got - want) <= 1e-12 * Math.max(1, Math.abs(want)), `${what}: ${got} vs npTDMS ${want}`);

for (const [name, want] of Object.entries(reference)) {
  test(`TDMS ${name}: as npTDMS reads it`, () => {
    const b = bytes(name);
    assert.ok(looksLikeTdms(b));
    if (REFUSED[name]) {
      assert.throws(() => readTdms(b, name), (e) => e.code === 'bad-input' && REFUSED[name].test(e.message));
      return;
    }
    assert.equal(want.error, undefined, `npTDMS could not read ${name}: ${want.error}`);
    const r = readTdms(b, name);
    assert.equal(r.format, 'tdms');
    const leftOut = LEFT_OUT[name] ?? {};
    for (const c of want.channels) {
      const got = r.channels.find((x) => x.name === c.name);
      if (leftOut[c.name]) {
        assert.equal(got, undefined);
        assert.ok(r.notes.some((note) => note.includes(c.name) && leftOut[c.name].test(note)), `${c.name}: ${r.notes.join(' | ')}`);
        continue;
      }
      assert.ok(got, `${c.name} not read: ${r.notes.join(' | ')}`);
      const values = c.values ?? c.seconds;
      assert.equal(got.values.length, values.length, `${c.name}: number of values`);
      const samples = channelSamples(got);  // raw integers with their polynomial read as the samples they stand for
      values.forEach((x, i) => closeTo(samples[i], x, `${c.name}[${i}]`));
      if (c.imag) c.imag.forEach((x, i) => closeTo(got.imag[i], x, `${c.name} imag[${i}]`));
      if (c.seconds) assert.equal(got.quantity, 'time');
      assert.equal(got.unit, c.unit ?? '');
      for (const [key, x] of Object.entries(c.numeric)) closeTo(r.parameters[`${c.name}/${key}`], x, `parameter ${c.name}/${key}`);
      if ('wf_increment' in c.numeric) assert.equal(got.h, c.numeric.wf_increment);
      if ('wf_start_offset' in c.numeric) assert.equal(got.start, c.numeric.wf_start_offset);
    }
    assert.equal(r.channels.length, want.channels.length - Object.keys(leftOut).length);
    for (const [key, x] of Object.entries(want.file_numeric)) closeTo(r.parameters[key], x, `parameter ${key}`);
  });
}

// Issue 56 item 7: a DAQmx I16 channel was held in 24 bytes a sample (an unused array of doubles, its
// scaler's values as doubles and the scaled doubles); now in its own 2, as the file's integers.
test('TDMS: integers are held as the file\'s integers in their own bytes, with the polynomial of their scale; the samples, the summary and identify\'s columns are npTDMS\'s values', () => {
  const held = { 'daqmx-scaled.tdms': { 'Group/Force': Int16Array, 'Group/Accel': Int32Array },
    'writer-types.tdms': { 'Types/i8': Int8Array, 'Types/i16': Int16Array, 'Types/i32': Int32Array, 'Types/u8': Uint8Array, 'Types/u16': Uint16Array, 'Types/u32': Uint32Array, 'Types/bool': Uint8Array },
    'scenario-scaled-data.tdms': { 'group/channel1': Int32Array } };
  for (const [name, channels] of Object.entries(held)) {
    const r = readTdms(bytes(name), name);
    for (const [label, Type] of Object.entries(channels)) {
      const got = r.channels.find((c) => c.name === label), want = reference[name].channels.find((c) => c.name === label).values;
      assert.ok(got.values instanceof Type && Array.isArray(got.polynomial), `${name} ${label}: ${got.values.constructor.name}, polynomial ${got.polynomial}`);
      const summary = inspectRecording(r).channels.find((c) => c.name === label);
      closeTo(summary.min, Math.min(...want), `${label} min`);
      closeTo(summary.max, Math.max(...want), `${label} max`);
      // The channel as identify's input and its output (row-major: the integers mapped as they are copied).
      const pair = { ...r, channels: [{ ...got, name: 'u1' }, { ...got, name: 'q1' }] };
      const dataset = recordingToDataset(pair, { source: name, inputCols: ['u1'], outputCols: ['q1'], h: got.h ?? 1 });
      for (const m of [dataset.u, dataset.y]) Array.from(m.data).forEach((x, i) => closeTo(x, want[i], `${label}: identify's column [${i}]`));
    }
  }
});

test('TDMS writer-basic: names, units, h, start, properties and notes as the file states them', () => {
  const r = readTdms(bytes('writer-basic.tdms'), 'writer-basic.tdms');
  assert.deepEqual(r.channels.map((c) => [c.name, c.unit, c.h, c.start, c.values.length]),
    [['Rig/Force', 'N', 0.002, 0, 150], ['Rig/Acceleration', 'm/s^2', 0.002, 0, 150]]);
  assert.deepEqual(r.notes, []);
  assert.equal(r.parameters.sample_rate, 500);
  assert.equal(r.parameters.runs, 3);
  assert.equal(r.parameters['Rig/temperature'], 21.5);
  assert.equal(r.parameters['Rig/Force/sensitivity'], 2.25);
  const force = r.channels[0];
  assert.deepEqual([force.meta.group, force.meta.channel, force.meta.properties.wf_start_time], ['Rig', 'Force', '2024-03-01T12:30:15.000Z']);
  // the values of the third segment (written by TdmsWriter: 'same as previous' is not used, three segments)
  closeTo(force.values[149], 3 * Math.sin(2 * Math.PI * 7 * 149 * 0.002), 'Force[149]');
});

test('TDMS paths: quotes doubled inside names; a malformed path is no channel', () => {
  assert.deepEqual(pathNames("/'Dr. T''s Events'/'Time'"), ["Dr. T's Events", 'Time']);
  assert.deepEqual(pathNames('/'), []);
  assert.equal(pathNames("/'open"), null);
  assert.equal(pathNames('group/channel'), null);
});

const refuses = (b, name, pattern) => assert.throws(() => readTdms(b, name), (e) => {
  assert.equal(e.name, 'MechidError', e.stack);
  assert.equal(e.code, 'bad-input');
  assert.ok(!e.message.includes('\n'));
  assert.match(e.message, pattern);
  return true;
});

test('TDMS: bad files refused with one line naming the file, the segment and what is wrong', () => {
  const good = bytes('scenario-single-segment-with-one-channel.tdms');
  const edit = (f) => { const b = new Uint8Array(good); f(new DataView(b.buffer)); return b; };
  refuses(good.subarray(0, 20), 'short.tdms', /^short\.tdms: segment 1 \(byte 0\): the file is 20 bytes long, too short for a TDMS lead-in/);
  refuses(edit((v) => v.setUint8(3, 0x4d)), 'magic.tdms', /^magic\.tdms: segment 1 \(byte 0\): does not start with the tag 'TDSm' \(found TDSM: not a TDMS file\)/);
  refuses(edit((v) => v.setUint8(3, 0x68)), 'x.tdms_index', /this is a TDMS index file \(\.tdms_index\), which holds no data: give the \.tdms file beside it/);
  refuses(edit((v) => v.setUint32(28, 1e6, true)), 'objects.tdms', /segment 1 \(byte 0\): 1000000 objects needs 12000000 bytes at byte 32 but the metadata ends at byte/);
  refuses(edit((v) => v.setUint32(32, 4e9, true)), 'path.tdms', /the path of object 1 needs 4000000000 bytes at byte 36/);
  refuses(edit((v) => v.setBigUint64(20, 10n ** 6n, true)), 'offset.tdms', /the raw data offset 1000000 is beyond the segment's end/);
  refuses(edit((v) => v.setUint32(59, 0x77, true)), 'type.tdms', /object \/'group'\/'channel1' has data type 0x77, which is not read/);
  refuses(edit((v) => v.setUint32(59, 11, true)), 'ext.tdms', /has data type 0xb, which is not read \(extended floats/);
  refuses(edit((v) => v.setUint32(55, 0, true)), 'same.tdms', /says its raw data index is the same as in the previous segment, but it had none/);
  // a declared number of values far beyond the file: what is there is read, with a note
  const many = readTdms(edit((v) => v.setBigUint64(67, 2n ** 40n, true)), 'many.tdms');
  assert.equal(many.channels[0].values.length, 0 + (2 ** 40 * 16) / (2 ** 42) | 0);
  assert.match(many.notes[0], /not whole chunks of 4398046511104 bytes/);
  const f = new Uint8Array(bytes('scenario-float-data.tdms'));
  new DataView(f.buffer).setFloat64(f.length - 8, -Infinity, true);
  refuses(f, 'nan.tdms', /^nan\.tdms: channel group\/double_channel, value 4 is -Infinity: the recording holds a non-finite value/);
});

test('TDMS: every prefix of a file and every byte set to 0x00, 0xFF or flipped reads or is refused with bad-input', () => {
  const outcome = (b, name) => {
    try {
      const r = readTdms(b, name);
      for (const c of r.channels) assert.ok(c.values.every(Number.isFinite));
      return 'read';
    } catch (e) {
      assert.equal(e.code, 'bad-input', `${name}: ${e.stack}`);
      assert.ok(!e.message.includes('\n'));
      return 'refused';
    }
  };
  let count = 0;
  for (const name of ['writer-basic.tdms', 'daqmx-scaled.tdms', 'big-endian.tdms', 'scenario-chunked-interleaved-segment.tdms']) {
    const b = bytes(name);
    for (let n = 0; n <= b.length; n++, count++) outcome(b.subarray(0, n), `${name} cut at ${n}`);
    for (let i = 0; i < Math.min(b.length, 600); i++) {
      for (const x of [0, 0xff, b[i] ^ 0x80]) {
        const m = new Uint8Array(b);
        m[i] = x;
        outcome(m, `${name} byte ${i} = ${x}`);
        count++;
      }
    }
  }
  assert.ok(count > 5000);
});

// End to end: the single-DOF record of tests/fixtures/formats/sdof/make.sh (f = 20 Hz, zeta = 0.02)
// written by npTDMS as Rig/Force [N] and Rig/Displacement [m] in two segments: the channels are
// chosen by the units the file states (no column options), h from wf_increment.
test('TDMS end to end: sdof.tdms through inspect, modes and identify gives the 20 Hz mode within 0.5 %', async () => {
  const { cli } = await import('./helpers.mjs');
  const file = new URL('../fixtures/formats/sdof/sdof.tdms', import.meta.url).pathname;
  const r = readTdms(new Uint8Array(readFileSync(file)), 'sdof.tdms');
  assert.deepEqual(r.channels.map((c) => [c.name, c.quantity, c.unit, c.h, c.values.length]),
    [['Rig/Force', 'force', 'N', 0.001, 6000], ['Rig/Displacement', 'displacement', 'm', 0.001, 6000]]);
  const summary = inspectRecording(r);
  assert.equal(summary.format, 'tdms');
  assert.deepEqual(summary.channels.map((c) => [c.name, c.quantity, c.unit, c.n, c.h, c.start, c.min, c.max]),
    r.channels.map((c) => [c.name, c.quantity, c.unit, 6000, 0.001, 0, Math.min(...c.values), Math.max(...c.values)]));
  assert.equal(summary.parameters['Rig/Force/wf_increment'], 0.001);
  const modes = await cli('modes', '--data', file, '--band', '5:50');
  assert.equal(modes.code, 0, modes.stderr);
  const found = JSON.parse(modes.stdout).modes;
  assert.equal(found.length, 1);
  assert.ok(Math.abs(found[0].freq_hz / 20 - 1) < 0.005, `modes: ${found[0].freq_hz} Hz`);
  assert.ok(Math.abs(found[0].zeta / 0.02 - 1) < 0.02, `modes: zeta ${found[0].zeta}`);
  const id = await cli('identify', '--data', file, '--method', 'auto', '--input-sampling', 'hold');
  assert.equal(id.code, 0, id.stderr);
  const result = JSON.parse(id.stdout);
  const mode = result.modal.modes[0];
  assert.ok(Math.abs(mode.freq_hz / 20 - 1) < 0.005, `identify: ${mode.freq_hz} Hz`);
  assert.ok(Math.abs(mode.zeta / 0.02 - 1) < 0.02, `identify: zeta ${mode.zeta}`);
  // in the file's units (N, m): the mass of the simulated system, 1 kg
  assert.ok(Math.abs(result.M[0][0] - 1) < 0.01, `M = ${result.M[0][0]}`);
});

// Bytes of a TDMS segment built by hand (little-endian): lead-in with ToC `toc`, metadata, raw data.
function segment(toc, meta, raw) {
  const lead = new DataView(new ArrayBuffer(28));
  [0x54, 0x44, 0x53, 0x6d].forEach((x, k) => lead.setUint8(k, x));
  lead.setUint32(4, toc, true); lead.setUint32(8, 4713, true);
  lead.setBigUint64(12, BigInt(meta.length + raw.length), true); lead.setBigUint64(20, BigInt(meta.length), true);
  return [new Uint8Array(lead.buffer), meta, raw];
}
const join = (parts) => { const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0)); parts.reduce((at, p) => (out.set(p, at), at + p.length), 0); return out; };
const repeated = (bytes, n) => { const out = new Uint8Array(bytes.length * n); for (let k = 0; k < n; k++) out.set(bytes, k * bytes.length); return out; };
function words(...items) {  // [kind, value] pairs: u32, u64, u8, str
  const parts = items.map(([kind, x]) => {
    if (kind === 'str') { const b = new TextEncoder().encode(x); return join([words(['u32', b.length]), b]); }
    const b = new DataView(new ArrayBuffer({ u8: 1, u32: 4, u64: 8 }[kind]));
    if (kind === 'u8') b.setUint8(0, x); else if (kind === 'u32') b.setUint32(0, x, true); else b.setBigUint64(0, BigInt(x), true);
    return new Uint8Array(b.buffer);
  });
  return join(parts);
}

test('TDMS: DAQmx channels reading the same bytes over and over are refused before anything is allocated', () => {
  const K = 300, rows = 4096;
  const channel = (k) => words(['str', `/'g'/'c${k}'`], ['u32', 0x1269], ['u32', 5], ['u32', 1], ['u64', rows], ['u32', 1],
    ['u32', 0], ['u32', 0], ['u32', 0], ['u32', 0], ['u32', 0], ['u32', 1], ['u32', 1], ['u32', 0]);
  const meta = join([words(['u32', K]), ...Array.from({ length: K }, (_, k) => channel(k))]);
  const file = join(segment(0b10001110, meta, new Uint8Array(rows)));
  refuses(file, 'daqmx.tdms', /^daqmx\.tdms: segment 1 \(byte 0\): its objects declare 1228800 values up to here in a file of \d+ bytes, more than 8 a byte/);
});

test('TDMS: many segments each changing a long object list are refused (bounded work), a streamed file reads in time', () => {
  const K = 5000, S = 10001;
  const first = join([words(['u32', K]), ...Array.from({ length: K }, (_, k) => words(['str', `/'g'/'c${k}'`], ['u32', 0xffffffff], ['u32', 0]))]);
  const relist = join(segment(0b0010, words(['u32', 1], ['str', "/'g'/'c0'"], ['u32', 0xffffffff], ['u32', 0]), new Uint8Array(0)));
  refuses(join([...segment(0b0110, first, new Uint8Array(0)), repeated(relist, S - 1)]), 'relist.tdms', /segment \d+ \(byte \d+\): the segments list more than 50000000 objects in all: not read/);
  // 5·10^4 segments of raw data only (as LabVIEW streams): the object list is shared, not copied
  const meta = words(['u32', 1], ['str', "/'g'/'x'"], ['u32', 20], ['u32', 10], ['u32', 1], ['u64', 1], ['u32', 0]);
  const stream = join([...segment(0b1110, meta, new Uint8Array(8)), repeated(join(segment(0b1000, new Uint8Array(0), new Uint8Array(8))), 49999)]);
  const began = performance.now();
  const r = readTdms(stream, 'stream.tdms');
  assert.equal(r.channels[0].values.length, 50000);
  assert.ok(performance.now() - began < 5000);
});
