// WAVE reader (wasm/wav.js): files written by sox (tests/fixtures/formats/wav/make.sh) read to
// the values sox itself reads back (`sox f.wav -t dat`, 11 significant digits): PCM 8 (unsigned),
// 16, 24 (WAVE_FORMAT_EXTENSIBLE), 32, float 32 and 64, 1 to 5 channels; an odd-sized unknown
// chunk with its pad byte; the data sizes a stopped recorder leaves (0, 0xFFFFFFFF); and the bad
// files (wrong magic, cut short, a chunk larger than the file, a compressed format, NaN), each one
// line naming the file, the chunk and what is wrong.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { looksLikeWav, readWav, readWavBlob } from '../../wasm/wav.js';
import { channelSamples, channelSlice, inspectRecording, recordingToDataset } from '../../wasm/recording.js';

const dir = new URL('../fixtures/formats/wav/', import.meta.url).pathname;
const bytes = (name) => new Uint8Array(readFileSync(dir + name));

/** sox's dat text: {rate, channels, rows: [[t, x1, ...], ...]}. */
function readDat(name) {
  const text = readFileSync(dir + name, 'utf8');
  const rate = Number(/Sample Rate (\S+)/.exec(text)[1]), channels = Number(/Channels (\S+)/.exec(text)[1]);
  const rows = text.split('\n').filter((l) => l.trim() && !l.startsWith(';')).map((l) => l.trim().split(/\s+/).map(Number));
  return { rate, channels, rows };
}

function assertSameAsSox(recording, dat) {
  assert.equal(recording.channels.length, dat.channels);
  assert.equal(recording.parameters.sampleRate, dat.rate);
  recording.channels.forEach((channel, c) => {
    assert.equal(channel.name, `channel ${c + 1}`);
    assert.equal(channel.quantity, 'other');
    assert.equal(channel.unit, '');
    assert.equal(channel.h, 1 / dat.rate);
    assert.equal(channel.values.length, dat.rows.length);
    const samples = channelSamples(channel);
    dat.rows.forEach((row, i) => {
      assert.ok(Math.abs(samples[i] - row[c + 1]) <= 1e-10 * Math.max(1, Math.abs(row[c + 1])), `channel ${c + 1} frame ${i + 1}: ${samples[i]} vs sox ${row[c + 1]}`);
    });
  });
}

const CASES = [
  ['pcm8-mono', 'pcm8'], ['pcm16-stereo', 'pcm16'], ['pcm24-3ch', 'pcm24'], ['pcm32-2ch', 'pcm32'],
  ['float32-2ch', 'float32'], ['float64-mono', 'float64'], ['pcm16-5ch', 'pcm16'],
];

for (const [name, variant] of CASES) {
  test(`WAV ${name}: the values sox reads, at the file's sample rate`, () => {
    const b = bytes(`${name}.wav`);
    assert.ok(looksLikeWav(b));
    const r = readWav(b, `${name}.wav`);
    assert.equal(r.format, 'wav');
    assert.equal(r.variant, variant);
    assert.deepEqual(r.notes, []);
    assertSameAsSox(r, readDat(`${name}.dat`));
  });
}

// A two-channel PCM WAVE file of `bits` bits holding `ints` (frame by frame, signed; 8-bit
// written unsigned, 128 for zero), with Node's Buffer integer writers.
function pcmWav(bits, ints) {
  const B = bits / 8, data = ints.length * B;
  const b = Buffer.alloc(44 + data);
  b.write('RIFF', 0); b.writeUInt32LE(36 + data, 4); b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16); b.writeUInt16LE(1, 20); b.writeUInt16LE(2, 22); b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(8000 * 2 * B, 28); b.writeUInt16LE(2 * B, 32); b.writeUInt16LE(bits, 34);
  b.write('data', 36); b.writeUInt32LE(data, 40);
  ints.forEach((x, i) => (B === 1 ? b.writeUInt8(x + 128, 44 + i) : b.writeIntLE(x, 44 + i * B, B)));
  return new Uint8Array(b.buffer, b.byteOffset, b.length);
}

// Issue 56 item 7: PCM channels hold the file's integers, not a float copy (a 16-bit file's
// Recording the size of its samples); every number read from them is the sample over full
// scale, exactly as when they were stored as floats (int / 2^(bits-1)).
for (const [bits, Type] of [[8, Int8Array], [16, Int16Array], [24, Int32Array], [32, Int32Array]]) {
  test(`WAV PCM ${bits}-bit: the channels hold the file's integers (${Type.name}), their samples exactly int / 2^${bits - 1}`, async () => {
    const full = 2 ** (bits - 1);
    let seed = bits;
    const random = () => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed / 2 ** 31; };
    const ints = [-full, full - 1, 0, -1, 1, ...Array.from({ length: 995 }, () => Math.floor(random() * 2 * full) - full)];
    const bytes = pcmWav(bits, ints);
    // The independent decoding: Buffer's reader of the frames, channel by channel.
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    const decoded = (c) => Array.from({ length: ints.length / 2 }, (_, i) => (bits === 8 ? buf.readUInt8(44 + 2 * i + c) - 128 : buf.readIntLE(44 + (2 * i + c) * bits / 8, bits / 8)) / full);
    for (const r of [readWav(bytes, 'x.wav'), await readWavBlob(new Blob([bytes]), 'x.wav', { partBytes: 60 })]) {
      assert.equal(r.variant, `pcm${bits}`);
      r.channels.forEach((c, k) => {
        assert.ok(c.values instanceof Type, `channel ${k + 1}: ${c.values.constructor.name}`);
        assert.deepEqual(c.polynomial, [0, 1 / full]);
        const want = decoded(k);
        assert.deepEqual(Array.from(channelSamples(c)), want);
        assert.deepEqual(Array.from(channelSlice(c, 3, 9)), want.slice(3, 9));
        const summary = inspectRecording(r).channels[k];
        assert.equal(summary.min, Math.min(...want));
        assert.equal(summary.max, Math.max(...want));
      });
      // identify's dataset: doubles of the samples, channel 1 the input, channel 2 the output.
      const d = recordingToDataset(r, { inputCols: ['channel 1'], outputCols: ['channel 2'] });
      assert.deepEqual(Array.from(d.u.data), decoded(0));
      assert.deepEqual(Array.from(d.y.data), decoded(1));
    }
  });
}

test('WAV: an odd-sized unknown chunk (with its pad byte) before the data and a LIST after it are skipped', () => {
  const r = readWav(bytes('odd-chunk.wav'), 'odd-chunk.wav');
  assertSameAsSox(r, readDat('pcm16-stereo.dat'));
  assert.deepEqual(r.notes, []);
});

test('WAV: a data size of 0 or 0xFFFFFFFF (a recorder stopped before it wrote it) reads to the end, with a note', () => {
  for (const name of ['streamed-zero.wav', 'streamed-ffff.wav']) {
    const r = readWav(bytes(name), name);
    assertSameAsSox(r, readDat('pcm16-stereo.dat'));
    assert.equal(r.notes.length, 1);
    assert.match(r.notes[0], /declares (0|0xFFFFFFFF) bytes but 200 follow it/);
  }
});

test('WAV: RF64 (EBU Tech 3306): the data size from the ds64 chunk', () => {
  const src = bytes('pcm16-stereo.wav');  // RIFF, fmt (16 bytes), data
  const ds64 = new Uint8Array(8 + 28);
  const v = new DataView(ds64.buffer);
  ds64.set([0x64, 0x73, 0x36, 0x34]); v.setUint32(4, 28, true);
  v.setUint32(8, src.length + 36 - 8, true); v.setUint32(16, 200, true); v.setUint32(24, 50, true);
  const file = new Uint8Array(src.length + ds64.length);
  file.set(src.subarray(0, 12)); file.set(ds64, 12); file.set(src.subarray(12), 12 + ds64.length);
  const f = new DataView(file.buffer);
  file.set([0x52, 0x46, 0x36, 0x34]); f.setUint32(4, 0xffffffff, true);
  f.setUint32(12 + ds64.length + 24 + 4, 0xffffffff, true);  // the data chunk's size
  const r = readWav(file, 'rf64.wav');
  assertSameAsSox(r, readDat('pcm16-stereo.dat'));
  assert.deepEqual(r.notes, []);
});

test('WAV: a file cut inside its data keeps the whole frames, with notes', () => {
  const b = bytes('pcm16-stereo.wav');
  const r = readWav(b.subarray(0, b.length - 7), 'cut.wav');
  const dat = readDat('pcm16-stereo.dat');
  assert.equal(r.channels[0].values.length, dat.rows.length - 2);
  assert.equal(r.notes.length, 2);
  assert.match(r.notes[1], /last 1 bytes .* not a whole frame of 4 bytes/);
});

const refuses = (b, name, pattern) => assert.throws(() => readWav(b, name), (e) => {
  assert.equal(e.name, 'MechidError');
  assert.equal(e.code, 'bad-input');
  assert.ok(!e.message.includes('\n'));
  assert.match(e.message, pattern);
  return true;
});

test('WAV: bad files refused with one line naming the file, the chunk and what is wrong', () => {
  const good = bytes('pcm16-stereo.wav');
  const edit = (f) => { const b = new Uint8Array(good); f(b, new DataView(b.buffer)); return b; };
  refuses(good.subarray(0, 8), 'short.wav', /^short\.wav: is 8 bytes long: too short for a WAVE header/);
  refuses(edit((b) => b.set([0x52, 0x49, 0x46, 0x58], 0)), 'magic.wav', /^magic\.wav: does not start with a RIFF\/RF64 header of form WAVE \(found 'RIFX'/);
  refuses(good.subarray(0, 30), 'cutfmt.wav', /^cutfmt\.wav: chunk 'fmt ' at byte 12 declares 16 bytes, but the file ends 10 bytes after its header: the file is cut short/);
  refuses(edit((b, v) => v.setUint32(16, 1e9, true)), 'huge.wav', /^huge\.wav: chunk 'fmt ' at byte 12 declares 1000000000 bytes/);
  refuses(good.subarray(0, 36), 'nodata.wav', /^nodata\.wav: has no 'data' chunk/);
  refuses(edit((b, v) => v.setUint16(20, 2, true)), 'adpcm.wav', /^adpcm\.wav: chunk 'fmt ' at byte 12: format code 0x0002 is not PCM \(1\) or IEEE float \(3\)/);
  refuses(edit((b, v) => v.setUint16(22, 0, true)), 'nochan.wav', /chunk 'fmt ' at byte 12 says 0 channels/);
  refuses(edit((b, v) => v.setUint32(24, 0, true)), 'norate.wav', /says a sample rate of 0 Hz/);
  refuses(edit((b, v) => v.setUint16(32, 3, true)), 'align.wav', /the block of 3 bytes does not hold 2 channels of equal size/);
  const f = new Uint8Array(bytes('float32-2ch.wav'));
  const at = f.length - 4 * 2 * 3 + 4;  // channel 2 of the third frame from the end
  new DataView(f.buffer).setFloat32(at, NaN, true);
  refuses(f, 'nan.wav', /^nan\.wav: channel 2, frame 48 \(byte \d+\) is NaN/);
});

test('WAV: progress reaches 1', () => {
  const seen = [];
  readWav(bytes('pcm24-3ch.wav'), 'p.wav', { onProgress: (x) => seen.push(x) });
  assert.equal(seen.at(-1), 1);
});

// End to end: a record of a known single-DOF system (tests/fixtures/formats/sdof/make.sh: f = 20 Hz,
// zeta = 0.02, simulated by mechid, written by sox as force and displacement in fractions of full
// scale) through the CLI's modes and identify: the mode within 0.5 %, whatever the scale.
const sdof = new URL('../fixtures/formats/sdof/', import.meta.url).pathname;
const TRUTH = { freq: 20, zeta: 0.02 };

for (const file of ['sdof-pcm16.wav', 'sdof-float32.wav']) {
  test(`WAV end to end: ${file} through modes and identify gives the 20 Hz mode within 0.5 %`, async () => {
    const { cli } = await import('./helpers.mjs');
    const columns = ['--input-cols', 'channel 1', '--output-cols', 'channel 2'];
    const modes = await cli('modes', '--data', sdof + file, ...columns, '--response', 'displacement', '--band', '5:50');
    assert.equal(modes.code, 0, modes.stderr);
    const found = JSON.parse(modes.stdout).modes;
    assert.equal(found.length, 1);
    assert.ok(Math.abs(found[0].freq_hz / TRUTH.freq - 1) < 0.005, `modes: ${found[0].freq_hz} Hz`);
    assert.ok(Math.abs(found[0].zeta / TRUTH.zeta - 1) < 0.02, `modes: zeta ${found[0].zeta}`);
    const id = await cli('identify', '--data', sdof + file, '--method', 'auto', '--input-sampling', 'hold', ...columns, '--outputs', 'displacement');
    assert.equal(id.code, 0, id.stderr);
    const mode = JSON.parse(id.stdout).modal.modes[0];
    assert.ok(Math.abs(mode.freq_hz / TRUTH.freq - 1) < 0.005, `identify: ${mode.freq_hz} Hz`);
    assert.ok(Math.abs(mode.zeta / TRUTH.zeta - 1) < 0.02, `identify: zeta ${mode.zeta}`);
  });
}
