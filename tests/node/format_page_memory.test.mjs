// The copies a file of the big formats no longer costs when read from a File or Blob (issue 56
// item 7: the page's peak memory on a 200 MB file, bench/page_files.mjs): a text file is read in
// chunks (the readers' table once read it whole before the text reader streamed it), a UFF 58b
// file's doubles are the bytes read from the File (views, moved onto 8-byte boundaries, not
// copies), a 16-bit WAV's channels are its integers (2 bytes a sample, not 4 as floats), and the
// same numbers as the bytes path. Small files: the structure is what is tested;
// the 200 MB figures are bench/page_files.mjs's.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readRecording } from '../../wasm/record.js';
import { writeUff58 } from '../../wasm/uff-write.js';
import { CHUNK_BYTES } from '../../wasm/text.js';
import { channelSamples } from '../../wasm/recording.js';
import { stereoWav16 } from '../fixtures/wav16.mjs';

// A Blob that records the byte ranges read from it (slice, and stream() of its slices).
class CountingBlob extends Blob {
  constructor(parts, reads = []) { super(parts); this.reads = reads; }
  slice(a, b) {
    const part = super.slice(a, b);
    this.reads.push(part.size);
    return part;
  }
}

test('a text record read from a Blob is read in chunks, never whole, and gives what its bytes give', async () => {
  const rows = Array.from({ length: 150_000 }, (_, i) => `${(i * 1e-3).toFixed(3)},${Math.sin(i / 50).toFixed(9)},${Math.cos(i / 70).toFixed(9)}`);
  const bytes = new TextEncoder().encode(`t,u,y\n${rows.join('\n')}\n`);
  assert.ok(bytes.length > 2 * CHUNK_BYTES, `${bytes.length} bytes: more than two chunks`);
  const blob = new CountingBlob([bytes]);
  const fromBlob = await readRecording(blob, 'long.csv');
  const fromBytes = await readRecording(bytes, 'long.csv');
  assert.ok(Math.max(...blob.reads) <= CHUNK_BYTES, `largest read ${Math.max(...blob.reads)} bytes of ${bytes.length}`);
  assert.deepEqual(fromBlob.channels.map((c) => [c.name, c.values.length]), fromBytes.channels.map((c) => [c.name, c.values.length]));
  fromBlob.channels.forEach((c, k) => assert.deepEqual(c.values, fromBytes.channels[k].values));
  assert.equal(fromBlob.channels[1].values[149_999], Number(Math.sin(149_999 / 50).toFixed(9)));
});

test('a UFF 58b file read from a Blob: its doubles are the bytes read (no copy), equal to the bytes path', async () => {
  const n = 5000;
  const u = { rows: n, cols: 1, data: Float64Array.from({ length: n }, (_, i) => Math.sin(i / 7)) };
  const y = { rows: n, cols: 3, data: Float64Array.from({ length: 3 * n }, (_, i) => Math.cos(i / 11) * 1e-3) };
  const bytes = writeUff58({ kind: 'time', h: 1e-3, u, y, outputs: ['displacement', 'velocity', 'acceleration'] }, { binary: true });
  const fromBlob = await readRecording(new Blob([bytes]), 'run.uff');
  const fromBytes = await readRecording(bytes, 'run.uff');
  assert.equal(fromBlob.channels.length, 4);
  // Every channel a view of one buffer of the file's size: the file read once, its doubles in place.
  const buffers = new Set(fromBlob.channels.map((c) => c.values.buffer));
  assert.equal(buffers.size, 1);
  assert.equal([...buffers][0].byteLength, bytes.length);
  fromBlob.channels.forEach((c, k) => assert.deepEqual(c.values, fromBytes.channels[k].values));
  assert.deepEqual(fromBlob.channels[0].values, u.data);
  // The bytes given by the caller are not changed (only bytes read for the reader are used in place).
  assert.deepEqual(bytes, writeUff58({ kind: 'time', h: 1e-3, u, y, outputs: ['displacement', 'velocity', 'acceleration'] }, { binary: true }));
});

test('a 16-bit WAV read from a Blob: its channels hold the data chunk\'s bytes once (integers, no float copy), the samples of the bytes path', async () => {
  const n = 20_000;
  const bytes = stereoWav16(48000, Array.from({ length: n }, (_, i) => Math.sin(i / 9)), Array.from({ length: n }, (_, i) => 0.3 * Math.cos(i / 13)));
  const fromBlob = await readRecording(new Blob([bytes]), 'taps.wav');
  const fromBytes = await readRecording(new Uint8Array(bytes), 'taps.wav');
  assert.equal(fromBlob.channels.reduce((sum, c) => sum + c.values.byteLength, 0), bytes.length - 44);  // the data chunk: 4 bytes a frame
  fromBlob.channels.forEach((c, k) => {
    assert.ok(c.values instanceof Int16Array, c.values.constructor.name);
    assert.deepEqual(channelSamples(c), channelSamples(fromBytes.channels[k]));
    assert.equal(channelSamples(c)[n - 1], bytes.readInt16LE(44 + 4 * (n - 1) + 2 * k) / 32768);
  });
});
