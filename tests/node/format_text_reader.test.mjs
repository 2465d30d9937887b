// Text is one more reader (wasm/readers.js, the last entry): readRecording gives its Recording
// (mechid inspect, the page's summary), and readRecord, parseDatasetCsv and parseDatasetFile make
// it a dataset by the one rule of every format (wasm/recording.js recordingToDataset): a header
// with units chooses the time, the forces and the responses by their quantities, and the file's
// one response kind sets the outputs' kind, exactly as for a MAT or universal file with the same
// channels. Numbers checked against the samples written (a closed-form record).
import test from 'node:test';
import assert from 'node:assert/strict';
import { parseDatasetCsv, parseDatasetFile } from '../../wasm/csv.js';
import { readRecord, readRecording } from '../../wasm/record.js';
import { recordingToDataset } from '../../wasm/recording.js';
import { cli } from './helpers.mjs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'mechid-text-reader-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

// t = k/100, F = sin(7t) N, a = -49 sin(7t) m/s^2 (the acceleration of x = sin(7t) m), 300 samples.
const N = 300;
const t = Array.from({ length: N }, (_, k) => k / 100);
const phone = `"Time (s)","Force (N)","Acceleration x (m/s^2)"\n${t.map((x) => `${x},${Math.sin(7 * x)},${-49 * Math.sin(7 * x)}`).join('\n')}\n`;
const bytes = new TextEncoder().encode(phone);

test('readRecording: a text file\'s Recording (format text, names and units from the header, quantities from the units)', async () => {
  const r = await readRecording(bytes, 'phone.csv');
  assert.equal(r.format, 'text');
  assert.deepEqual(r.channels.map((c) => [c.name, c.unit, c.quantity, c.values.length]),
    [['Time', 's', 'time', N], ['Force', 'N', 'force', N], ['Acceleration x', 'm/s^2', 'acceleration', N]]);
  assert.equal(r.channels[2].values[123], -49 * Math.sin(7 * t[123]));
});

test('one rule for text and every other format: time, forces and the one response kind chosen from the quantities', async () => {
  const viaRecord = await readRecord(bytes, 'phone.csv');
  // The same channels as any reader would give them (a MAT or UFF file with these names and units).
  const channels = [['Time', 's', 'time'], ['Force', 'N', 'force'], ['Acceleration x', 'm/s^2', 'acceleration']]
    .map(([name, unit, quantity], j) => ({ name, unit, quantity, values: Float64Array.from(t, (x) => Number(String([x, Math.sin(7 * x), -49 * Math.sin(7 * x)][j]))) }));  // as written in the file
  const viaRule = recordingToDataset({ format: 'mat', channels, parameters: {}, notes: [] }, { source: 'phone.mat' });
  for (const d of [viaRecord, parseDatasetCsv({ text: phone, source: 'phone.csv' }), await parseDatasetFile({ file: new Blob([bytes]), source: 'phone.csv' })]) {
    assert.deepEqual(d.columns, viaRule.columns);
    assert.deepEqual(d.columns, { time: 'Time', inputs: ['Force'], outputs: ['Acceleration x'] });
    assert.equal(d.outputs, 'acceleration');
    assert.equal(d.h, 0.01 * (N - 1) / (N - 1));
    assert.deepEqual(Array.from(d.y.data), Array.from(viaRule.y.data));
    assert.match(d.warnings.at(-1), /^the outputs Acceleration x are read as accelerations, as the file states; say otherwise with --outputs$/);
  }
  assert.equal(viaRecord.dataset.outputs, 'acceleration');
  assert.equal(viaRecord.delimiter, ',');
});

test('mechid inspect FILE.csv: the summary of the text reader\'s Recording', async () => {
  const path = join(dir, 'phone.csv');
  writeFileSync(path, phone);
  const r = await cli('inspect', path);
  assert.equal(r.code, 0, r.stderr);
  const summary = JSON.parse(r.stdout);
  assert.equal(summary.format, 'text');
  assert.deepEqual(summary.channels.map((c) => [c.name, c.quantity, c.unit, c.n, c.h]),
    [['Time', 'time', 's', N, 0.01], ['Force', 'force', 'N', N, 0.01], ['Acceleration x', 'acceleration', 'm/s^2', N, 0.01]]);
  assert.equal(summary.channels[2].max, Math.max(...t.map((x) => -49 * Math.sin(7 * x))));
});

test('a plain CSV of responses only (t, a1, a2) is refused as output-only, as a record of any format (advice output_only)', async () => {
  const text = `t,a1,a2\n${t.slice(0, 50).map((x) => `${x},${Math.sin(x)},${Math.cos(x)}`).join('\n')}\n`;
  for (const read of [() => parseDatasetCsv({ text, source: 'oo.csv' }), () => readRecord(new TextEncoder().encode(text), 'oo.csv')]) {
    await assert.rejects(async () => read(), (e) => e.advice === 'output_only'
      && /^oo\.csv: the record holds responses only \(a1, a2: accelerations\) and no force: .*output-only modal analysis/.test(e.message));
  }
  const path = join(dir, 'oo.csv');
  writeFileSync(path, text);
  const r = await cli('identify', '--data', path, '--method', 'auto');
  assert.equal(r.code, 1);
  assert.match(r.stderr, /^mechid: error: .*oo\.csv: the record holds responses only \(a1, a2: accelerations\) and no force/);
});
