// Issue 49 item 4 / issue 56 item 7: a File or Blob is read in parts, never whole. WAV and TDMS
// read their samples a block of at most 4 MB at a time, MAT v5/v7 one variable at a time; the
// values equal those read from the whole file's bytes; 16-bit PCM is held as the file's integers
// (Int16Array with a polynomial: 2 bytes a sample), TDMS SGL as Float32Array, DAQmx I16 as Int16Array. The files are written by the benchmark
// modules (bench/formats/) at ~24 MB, the largest part read measured through the Blob's slices.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRecording } from '../../wasm/record.js';
import { channelSamples } from '../../wasm/recording.js';
import { readRecording as readInPage } from '../../web/gen/record.js';
import * as wav from '../../bench/formats/wav.mjs';
import * as tdms from '../../bench/formats/tdms.mjs';
import * as tdmsDaqmx from '../../bench/formats/tdms-daqmx.mjs';
import { writeMat } from '../../bench/formats/lib/mat-write.mjs';

const SIZE = 24e6, PIECE = 1 << 22;

// A Blob of `bytes` that records the size of every part read from it (slice or the whole).
function countingBlob(bytes) {
  const blob = new Blob([bytes]);
  const reads = [];
  blob.slice = (a, b) => { const part = Blob.prototype.slice.call(blob, a, b); reads.push(part.size); return part; };
  blob.arrayBuffer = () => { reads.push(blob.size); return Blob.prototype.arrayBuffer.call(blob); };
  return { blob, reads };
}

const dir = mkdtempSync(join(tmpdir(), 'mechid-memory-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const cases = [
  ['wav', (p) => wav.make(p, SIZE), PIECE, Int16Array],
  ['tdms', (p) => tdms.make(p, SIZE), PIECE, Float64Array],
  ['daqmx.tdms', (p) => tdmsDaqmx.make(p, SIZE), PIECE, Int16Array],
  ['mat', (p) => writeMat(p, SIZE, { compressed: true }), SIZE / 3, Float64Array],
];
for (const [format, make, largest, Type] of cases) {
  test(`${format}: a ${SIZE / 1e6} MB Blob read in parts of at most ${(largest / 1e6).toFixed(1)} MB, the values those of its bytes`, async () => {
    const path = join(dir, `x.${format}`);
    await make(path);
    const bytes = new Uint8Array(readFileSync(path));
    const whole = await readRecording(bytes, `x.${format}`);
    const { blob, reads } = countingBlob(bytes);
    let last = 0;
    const parts = await readRecording(blob, `x.${format}`, { onProgress: (x) => { last = x; } });
    assert.ok(Math.max(...reads) <= largest, `the largest part read is ${Math.max(...reads)} bytes of ${bytes.length}`);
    assert.equal(last, 1);
    assert.equal(parts.channels.length, whole.channels.length);
    parts.channels.forEach((c, k) => {
      assert.ok(c.values instanceof Type, `${c.name}: ${c.values.constructor.name}`);
      assert.deepEqual(Float64Array.from(c.values), Float64Array.from(whole.channels[k].values));
    });
    // The page's worker reads with web/gen's copy of the readers: the same parts.
    const inPage = countingBlob(bytes);
    await readInPage(inPage.blob, `x.${format}`);
    assert.ok(Math.max(...inPage.reads) <= largest);
  });
}

test('wav: 16-bit PCM held as the file\'s Int16Array, the samples exactly those over 32768', async () => {
  const path = join(dir, 'small.wav');
  wav.make(path, 4000);
  const b = readFileSync(path);
  const r = await readRecording(new Blob([b]), 'small.wav');
  const pcm = new Int16Array(b.buffer.slice(b.byteOffset + 44, b.byteOffset + b.length));
  r.channels.forEach((c, k) => {
    assert.ok(c.values instanceof Int16Array);
    const samples = channelSamples(c);
    for (let i = 0; i < c.values.length; i++) {
      assert.equal(c.values[i], pcm[2 * i + k]);
      assert.equal(samples[i], pcm[2 * i + k] / 32768);
    }
  });
});

// A TDMS file written at once: one segment of one chunk holding each channel's 1.5·10^6 doubles
// (Force, then Acceleration), the same metadata as bench/formats/tdms.mjs's first segment.
test('tdms: one segment of one 24 MB chunk (a channel\'s values read 4 MB at a time) equal to its bytes', async () => {
  const path = join(dir, 'big.tdms');
  tdms.make(path, 2.1e6, { perSegment: 1.5e6 });
  const bytes = new Uint8Array(readFileSync(path));
  assert.ok(bytes.length > 24e6);
  const whole = await readRecording(bytes, 'big.tdms');
  const { blob, reads } = countingBlob(bytes);
  const parts = await readRecording(blob, 'big.tdms');
  assert.ok(Math.max(...reads) <= PIECE, `the largest part read is ${Math.max(...reads)} bytes of ${bytes.length}`);
  assert.equal(whole.channels[0].values.length, 1.5e6);
  parts.channels.forEach((c, k) => assert.deepEqual(c.values, whole.channels[k].values));
});
