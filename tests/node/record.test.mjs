// wasm/record.js, the one reader of a measurement record for the page's worker and the CLI, and
// identify with held-out runs and column factors (issue 47, item 3): the streamed File and the
// bytes give one dataset; validation_records equal validateRecord of the estimate; factors given
// to the core give the estimate of data scaled before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { identifyRecords, readRecord } from '../../wasm/record.js';
import { simulationToCsv } from '../../wasm/api.js';
import { mechid } from './helpers.mjs';

const Papa = createRequire(import.meta.url)('papaparse');
const encoder = new TextEncoder();

// A run of the 2-DOF chain pushed at cart 1, as a lab records it: the force with the other sign,
// the carts in counts of 1e-3.
const chain = {
  M: { rows: 2, cols: 2, data: Float64Array.of(2, 0, 0, 1.5) }, D: { rows: 2, cols: 2, data: Float64Array.of(0.4, 0, 0, 0.1) },
  K: { rows: 2, cols: 2, data: Float64Array.of(5, -2, -2, 2) }, L: { rows: 2, cols: 1, data: Float64Array.of(1, 0) },
};
const COUNT = 1e-3;
function labCsv(seed, h = 0.05) {
  const clean = simulationToCsv(mechid.simulate(chain, { h, n: 800, snr: 60, seed }));
  const [, ...rows] = clean.trim().split('\n');
  return `t,u1,q1,q2\n${rows.map((line) => {
    const [t, u, q1, q2] = line.split(',').map(Number);
    return [t, -u, q1 / COUNT, q2 / COUNT].join(',');
  }).join('\n')}\n`;
}
const mapping = { inputSampling: 'hold', scale: new Map([['u1', -1], ['q1', COUNT], ['q2', COUNT]]) };
const read = async (text, name, role) => ({ ...await readRecord(encoder.encode(text), name, mapping, { Papa }), role });

// (The streamed route, a File through PapaParse's chunks, needs a browser's FileReader: the page's
// tests cover it, tests/e2e/csv-lab.test.mjs.)
test('readRecord: a CSV\'s dataset for identify, its factors by column name, its name', async () => {
  const text = labCsv(1);
  const whole = await readRecord(encoder.encode(text), 'a.csv', mapping, { Papa });
  assert.equal(whole.dataset.u.rows, 800);
  assert.deepEqual(whole.dataset.inputScale, [-1]);
  assert.deepEqual(whole.dataset.outputScale, [COUNT, COUNT]);
  assert.equal(whole.dataset.name, 'a.csv');
  assert.equal(whole.dataset.inputSampling, 'hold');
  assert.deepEqual(whole.columns, { time: 't', inputs: ['u1'], outputs: ['q1', 'q2'] });
});

test('identify with held-out runs: validation_records are validateRecord of the estimate on each run', async () => {
  const records = [await read(labCsv(1), 'train.csv', 'training'), await read(labCsv(2), 'held1.csv', 'validation'),
    await read(labCsv(3), 'held2.csv', 'validation')];
  const r = identifyRecords(mechid, 'variational-zoh', records, { forceDofs: [1] });
  assert.notEqual(r.status, 'failed', r.message);
  assert.deepEqual(r.validation_records.map((v) => v.file), ['held1.csv', 'held2.csv']);
  for (const [k, v] of r.validation_records.entries()) {
    const direct = mechid.validateRecord(r, records[k + 1].dataset);  // no friction or offset: no forces needed
    assert.deepEqual(v.fit_percent, direct.fit_percent);
    assert.deepEqual(v.nrmse, direct.nrmse);
    assert.deepEqual(v.simulated, direct.simulated);
    assert.ok(Math.min(...v.fit_percent) > 95, JSON.stringify(v.fit_percent));
  }
});

test('identify: column factors given to the core equal the data scaled in JS (M, D, K bit for bit)', async () => {
  const [run] = [await read(labCsv(1), 'train.csv', 'training')];
  const { dataset } = run;
  const scaled = (m, f) => ({ ...m, data: m.data.map((x, i) => x * f[i % m.cols]) });
  const si = { ...dataset, u: scaled(dataset.u, dataset.inputScale), y: scaled(dataset.y, dataset.outputScale), inputScale: undefined, outputScale: undefined };
  const a = mechid.identify('variational-zoh', si, { forceDofs: [1] });
  const b = mechid.identify('variational-zoh', dataset, { forceDofs: [1] });
  assert.notEqual(b.status, 'failed', b.message);
  for (const key of ['M', 'D', 'K']) assert.deepEqual(b[key].data, a[key].data, key);
  assert.deepEqual(mechid.scaledRecord(dataset).y.data, si.y.data);
});

test('byColumn: u and y as the channels read give the core the same record (result bit for bit); series false drops the N x n series', async () => {
  const text = labCsv(1);
  const rows = await readRecord(encoder.encode(text), 'a.csv', mapping);
  const columns = await readRecord(encoder.encode(text), 'a.csv', { ...mapping, byColumn: true });
  for (const key of ['u', 'y']) {
    const m = rows.dataset[key], c = columns.dataset[key];
    assert.deepEqual([c.rows, c.cols, c.columns.length, c.data], [m.rows, m.cols, m.cols, undefined]);
    for (let j = 0; j < m.cols; j++) assert.deepEqual(c.columns[j], Float64Array.from({ length: m.rows }, (_, k) => m.data[k * m.cols + j]));
  }
  const a = mechid.identify('auto', rows.dataset, { forceDofs: [1] });
  const b = mechid.identify('auto', columns.dataset, { forceDofs: [1], series: false });
  assert.notEqual(b.status, 'failed', b.message);
  const { simulated, residual, ...tests } = a.validation;
  assert.equal(simulated.rows, 800);
  assert.equal(residual.rows, 800);
  assert.deepEqual(b.validation, tests);
  for (const key of ['M', 'D', 'K']) assert.deepEqual(b[key].data, a[key].data, key);
  assert.deepEqual(b.uncertainty, a.uncertainty);
  assert.deepEqual(b.advice, a.advice);
});

test('release: called once, after the core copied the records (their column lists then empty) and before the estimate; the result bit for bit the same', async () => {
  const byColumn = { ...mapping, byColumn: true };
  const records = async () => [
    { ...await readRecord(encoder.encode(labCsv(1)), 'train.csv', byColumn), role: 'training' },
    { ...await readRecord(encoder.encode(labCsv(2)), 'held.csv', byColumn), role: 'validation' },
  ];
  const kept = await records(), given = await records();
  const a = identifyRecords(mechid, 'auto', kept, { forceDofs: [1], series: false });
  const lengths = [];
  const b = identifyRecords(mechid, 'auto', given, {
    forceDofs: [1], series: false,
    release: () => lengths.push(given.flatMap((r) => [r.dataset.u.columns.length, r.dataset.y.columns.length])),
  });
  assert.deepEqual(lengths, [[0, 0, 0, 0]]);  // once, every list emptied before it is called
  for (const r of kept) assert.deepEqual([r.dataset.u.columns.length, r.dataset.y.columns.length], [1, 2]);  // without release: untouched
  assert.notEqual(b.status, 'failed', b.message);
  assert.equal(b.validation_records.length, 1);
  assert.deepEqual(b, { ...a, timing_ms: b.timing_ms });
  assert.throws(() => mechid.identify('auto', kept[0].dataset, { forceDofs: [1], release: true }), /release must be a function/);
});

test('identify refuses a held-out run of another sampling period with option runs, naming both files', async () => {
  const records = [await read(labCsv(1), 'train.csv', 'training'), await read(labCsv(2, 0.04), 'other.csv', 'validation')];
  assert.throws(() => identifyRecords(mechid, 'variational-zoh', records, { forceDofs: [1] }), (e) => {
    assert.equal(e.code, 'bad-input');
    assert.equal(e.option, 'runs');
    assert.match(e.message, /^validation run 1 \(other\.csv\) is sampled at h = 0\.04\d*, run 1 \(train\.csv\) at h = 0\.05\d*: runs of one experiment need one sampling period$/);
    return true;
  });
});

test('validateRecord refuses an estimate with friction or offset given without its force terms', () => {
  const model = { ...chain, offset: [0.1, 0.2] };
  const data = { h: 0.05, u: { rows: 3, cols: 1, data: Float64Array.of(0, 1, 0) }, y: { rows: 3, cols: 2, data: new Float64Array(6) } };
  assert.throws(() => mechid.validateRecord(model, data), /give them as forces \{coulomb, offset, lowpassHz\}/);
});
