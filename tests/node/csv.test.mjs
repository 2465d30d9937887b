// wasm/csv.js, the measurement CSV reader shared by the CLI and the page's worker: resampling a
// non-uniform time column when asked (checked on signals linear in t, which linear
// interpolation reproduces exactly), and the names of files without a header row.
import test from 'node:test';
import assert from 'node:assert/strict';
import Papa from 'papaparse';
import { parseDatasetCsv, uniformGrid } from '../../wasm/csv.js';
import { readTextBytes } from '../../wasm/text.js';
import { loadMechidNode } from '../../wasm/node.js';

await loadMechidNode();  // the core that resamples an uneven time (wasm/core-instance.js)

// t_i = 0.1 i + 0.03 sin(i) (up to 30 % of h off the grid), u = 2t + 1, q = 0.5 − 3t.
const N = 200;
const times = Array.from({ length: N }, (_, i) => (i === 0 || i === N - 1 ? 0.1 * i : 0.1 * i + 0.03 * Math.sin(i)));
const text = `t,u1,q1\n${times.map((t) => `${t},${2 * t + 1},${0.5 - 3 * t}`).join('\n')}\n`;

test('a non-uniform time column is refused, or resampled by linear interpolation when asked', () => {
  assert.throws(() => parseDatasetCsv({ Papa, text, source: 'j.csv' }),
    /^MechidError: j\.csv: time is not uniform: worst deviation 0\.0300 s at line \d+ \(30\.0 % of h = 0\.1000 s\); resample the data first \(--resample in the CLI\)$/);
  const d = parseDatasetCsv({ Papa, text, source: 'j.csv', resample: true });
  assert.equal(d.y.rows, N);
  assert.ok(Math.abs(d.h - 0.1) < 1e-15, `h = ${d.h}`);
  for (let i = 0; i < N; i++) {
    const t = i * 0.1;
    assert.ok(Math.abs(d.t[i] - t) < 1e-12, `t[${i}] = ${d.t[i]}`);
    assert.ok(Math.abs(d.u.data[i] - (2 * t + 1)) < 1e-12, `u at ${t}: ${d.u.data[i]}`);
    assert.ok(Math.abs(d.y.data[i] - (0.5 - 3 * t)) < 1e-12, `q at ${t}: ${d.y.data[i]}`);
  }
  assert.equal(d.warnings.length, 1);
  assert.match(d.warnings[0], /^time is not uniform: .*: resampled to h = 0\.1000 s by linear interpolation, as asked$/);
});

test('decreasing or repeated times are refused even when resampling is asked', () => {
  const swapped = text.replace('\n0.1', '\n0.25');  // line 3 (t ≈ 0.1) becomes later than line 4
  assert.throws(() => parseDatasetCsv({ Papa, text: swapped, source: 's.csv', resample: true }), /time decreases at line 4/);
});

test('names from a header row; column 1… when the first row is numbers (decimal comma with ;)', () => {
  const names = (text) => readTextBytes(new TextEncoder().encode(text), 'h.csv').channels.map((c) => c.name);
  const rows = (sep, x) => Array.from({ length: 6 }, (_, i) => `${i}${sep}${x}${sep}-2e-3`).join('\n');
  assert.deepEqual(names(` t,u1 ,q1\n${rows(',', '1.5')}\n`), ['t', 'u1', 'q1']);
  assert.deepEqual(names(`${rows(',', '1.5')}\n`), ['column 1', 'column 2', 'column 3']);
  assert.deepEqual(names(`${rows(';', '1,5')}\n`), ['column 1', 'column 2', 'column 3']);
  const d = parseDatasetCsv({ text: `${rows(';', '1,5')}\n`, source: 'h.csv', timeCol: 'column 1', inputCols: ['column 2'], outputCols: ['column 3'] });
  assert.deepEqual([d.u.data[0], d.y.data[0], d.delimiter, d.decimalComma], [1.5, -2e-3, ';', true]);
});

test('uniformGrid (the CSV and UFF readers\' one rule): the step and the largest deviation of a closed-form axis', () => {
  // x_i = 0.5 + 0.25 i except x_7 = 0.5 + 0.25·7 + 0.01: the step (x_last − x_0)/(N − 1) = 0.25 exactly
  // (ends on the grid), the worst deviation 0.01 at index 7.
  const x = Float64Array.from({ length: 20 }, (_, i) => 0.5 + 0.25 * i + (i === 7 ? 0.01 : 0));
  const grid = uniformGrid(x);
  assert.equal(grid.step, 0.25);
  assert.equal(grid.at, 7);
  assert.ok(Math.abs(grid.worst - 0.01) < 1e-15, String(grid.worst));
  assert.deepEqual(uniformGrid(Float64Array.of(0, 1, 1, 2)), { notIncreasingAt: 2 });
  assert.deepEqual(uniformGrid(Float64Array.of(0, 1, NaN, 2)), { notIncreasingAt: 2 });
});
