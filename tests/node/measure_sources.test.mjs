// The Measure section's samples (issue 54, items 5 and 6; web/views/measure/): the serial line
// parser on recorded byte streams split at random points (fast-check): every sample of the stream
// comes out once, in order, whatever the split (inside a number, between \r and \n, inside a UTF-8
// character of a header); recorded samples fed through the one source interface to the recorder
// and written as a record that mechid's reader reads back with the same numbers, names, units and
// quantities; the uneven times of a phone kept as measured.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { SerialLineParser } from '../../web/views/measure/serial-lines.js';
import { recordedSource } from '../../web/views/measure/sample-chunks.js';
import { Recorder } from '../../web/views/measure/recorder.js';
import { calibrated, recordCsv, recordUff } from '../../web/views/measure/record-file.js';
import { readRecording } from '../../wasm/record.js';
import { loadMechidNode } from '../../wasm/node.js';

// A device's stream: a boot message with a non-ASCII character, then `t,a,b` lines (\r\n or \n).
function deviceStream(rows, crlf) {
  const eol = crlf ? '\r\n' : '\n';
  const text = `Démarrage capteur — 2 voies${eol}${rows.map((r) => r.join(',')).join(eol)}${eol}`;
  return new TextEncoder().encode(text);
}

// Splits bytes at the given cut points (sorted, deduplicated, inside the array).
function splitAt(bytes, cuts) {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const parts = [];
  let at = 0;
  for (const p of points) { parts.push(bytes.subarray(at, p)); at = p; }
  parts.push(bytes.subarray(at));
  return parts;
}

const row = fc.tuple(fc.integer({ min: 0, max: 10 ** 6 }), fc.double({ min: -1e4, max: 1e4, noNaN: true }), fc.integer({ min: -32768, max: 32767 }));

test('serial lines split at random points: no sample lost or duplicated', () => {
  fc.assert(fc.property(fc.array(row, { minLength: 1, maxLength: 200 }), fc.array(fc.nat(), { maxLength: 60 }), fc.boolean(),
    (raw, cuts, crlf) => {
      const rows = raw.map(([k, a, b]) => [(k / 1000).toString(), a.toString(), b.toString()]);
      const parser = new SerialLineParser({ timed: true });
      const times = [], a = [], b = [];
      for (const part of splitAt(deviceStream(rows, crlf), cuts)) {
        const got = part.length ? parser.push(part) : { times: [], values: [] };
        times.push(...got.times);
        if (got.values.length) { a.push(...got.values[0]); b.push(...got.values[1]); }
      }
      const last = parser.end();
      assert.equal(last.times.length, 0);
      assert.deepEqual(times, rows.map((r) => Number(r[0])));
      assert.deepEqual(a, rows.map((r) => Number(r[1])));
      assert.deepEqual(b, rows.map((r) => Number(r[2])));
      assert.equal(parser.skipped, 1);  // the boot message
      assert.match(parser.firstSkipped, /^Démarrage capteur/);
    }), { numRuns: 300, seed: 54 });
});

test('serial lines without times, the last line without a break, a short line skipped and counted', () => {
  const parser = new SerialLineParser({ timed: false });
  const first = parser.push('1;2;3\n4;5');
  assert.deepEqual(first.values, [[1], [2], [3]]);
  const second = parser.push(';6\n7;8\n9 10\t11');
  assert.deepEqual(second.values, [[4], [5], [6]]);
  assert.equal(parser.skipped, 1);
  assert.equal(parser.firstSkipped, '7;8');
  assert.deepEqual(parser.end().values, [[9], [10], [11]]);
});

test('recorded samples through the source interface become a record mechid reads back', async () => {
  const rate = 2000, n = 5000;
  const force = Array.from({ length: n }, (_, i) => Math.sin(0.01 * i * i) * 0.5);
  const acc = Array.from({ length: n }, (_, i) => Math.cos(0.3 * i) * 0.25);
  const source = recordedSource(['hammer', 'acc'], [force, acc], { rate, size: 333 });
  const recorder = new Recorder(2);
  let ended = 'no';
  await source.start((chunk) => recorder.add(chunk), (e) => { ended = e; });
  assert.equal(ended, null);
  assert.equal(recorder.length, n);
  assert.equal(recorder.seconds(), n / rate);
  const channels = [{ name: 'hammer', unit: 'N', factor: 200 }, { name: 'acc', unit: 'm/s^2', factor: 50 }];
  const record = calibrated(recorder, channels);
  const recording = await readRecording(new TextEncoder().encode(recordCsv(record)), 'recording.csv');
  assert.deepEqual(recording.channels.map((c) => [c.name, c.unit, c.quantity]),
    [['t', 's', 'time'], ['hammer', 'N', 'force'], ['acc', 'm/s^2', 'acceleration']]);
  const [, f, a] = recording.channels;
  for (let i = 0; i < n; i += 97) {
    assert.ok(Math.abs(f.values[i] - Math.fround(force[i]) * 200) <= 1e-8 * 100, `force sample ${i}`);
    assert.ok(Math.abs(a.values[i] - Math.fround(acc[i]) * 50) <= 1e-8 * 50, `acceleration sample ${i}`);
  }
  assert.ok(Math.abs(recording.channels[0].values[n - 1] - (n - 1) / rate) < 1e-12);
  // Its universal file: one dataset 58 per channel, read back with the same samples and units.
  const uff = await readRecording(new TextEncoder().encode(recordUff(record)), 'recording.uff');
  assert.equal(uff.channels.length, 2);
  assert.ok(Math.abs(uff.channels[1].values[123] - a.values[123]) <= 1e-9 * 50);
  assert.ok(Math.abs(uff.channels[0].h - 1 / rate) < 1e-12);
});

test('an uneven source (a phone): its times kept as measured in the record, no universal file without consent', async () => {
  const times = Array.from({ length: 400 }, (_, i) => i * 0.016 + (i % 3) * 0.004);
  const z = times.map((t) => 9.81 + Math.sin(2 * Math.PI * 3 * t));
  const recorder = new Recorder(1);
  await recordedSource(['az'], [z], { times, size: 7 }).start((chunk) => recorder.add(chunk));
  const record = calibrated(recorder, [{ name: 'az', unit: 'm/s^2', factor: 1 }]);
  assert.equal(recordUff(record), null);
  const recording = await readRecording(new TextEncoder().encode(recordCsv(record)), 'phone.csv');
  const t = recording.channels[0].values;
  times.forEach((x, i) => assert.ok(Math.abs(t[i] - x) < 1e-12, `time ${i}`));
});

test('the running spectrum (api.spectrum, the core Welch estimate): a sine power A²/2 at its line, per channel, units scaled out', async () => {
  const mechid = await loadMechidNode();
  const rate = 8000, N = 32768, A = 0.4, f0 = 1000;  // f0 on a line of a 1024-sample segment (7.8125 Hz apart)
  const data = new Float64Array(2 * N);
  for (let i = 0; i < N; i++) {
    data[2 * i] = A * Math.sin(2 * Math.PI * f0 * i / rate);
    data[2 * i + 1] = 100 * data[2 * i];
  }
  const s = mechid.spectrum({ h: 1 / rate, y: { rows: N, cols: 2, data } }, { segment: 1024 });
  assert.equal(s.segment, 1024);
  assert.equal(s.segments, 2 * N / 1024 - 1);
  const df = s.freq_hz[1] - s.freq_hz[0];
  const power = s.psd[0].reduce((a, x) => a + x, 0) * df;
  assert.ok(Math.abs(power - A * A / 2) < 0.01 * A * A / 2, `power ${power}`);
  const peak = s.psd[0].indexOf(Math.max(...s.psd[0]));
  assert.equal(s.freq_hz[peak], f0);
  s.psd[1].forEach((x, k) => assert.ok(Math.abs(x - 1e4 * s.psd[0][k]) <= 1e-9 * 1e4 * s.psd[0][peak], `line ${k}`));
  assert.throws(() => mechid.spectrum({ h: 1 / rate, y: { rows: N, cols: 2, data } }, { segment: 8 }), (e) => e.code === 'bad-input' && /segment/.test(e.message));
});
