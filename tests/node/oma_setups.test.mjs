// mechid oma with several setups (issue 51): the 5-storey shear frame (tests/fixtures/oma/shear-frame.mjs)
// measured in two roving setups that share two reference storeys, merged, against the same frame
// measured by all five sensors at once and against the exact shapes of eig(K, M).
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ambientAccelerations, exactHz, exactShapes, h, realMac } from '../fixtures/oma/shear-frame.mjs';
import { cli, mechid } from './helpers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-oma-setups-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

/** A CSV t,a<storey>… of the storeys (1-based) of a 300 s record of the frame. */
function setupCsv(storeys, seed) {
  const a = ambientAccelerations(mechid, 30001, seed);
  const lines = [['t', ...storeys.map((s) => `a${s}`)].join(',')];
  for (let t = 0; t < a.rows; t++) lines.push([(t * h).toFixed(2), ...storeys.map((s) => a.data[t * a.cols + s - 1].toPrecision(8))].join(','));
  const path = join(dir, `setup-${storeys.join('')}-${seed}.csv`);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

test('mechid oma --data A --data B: two roving setups with references a2, a5 merge to the all-sensor shapes within their intervals', async () => {
  const one = setupCsv([1, 2, 3, 5], 21), two = setupCsv([2, 4, 5], 31), all = setupCsv([1, 2, 3, 4, 5], 41);
  const r = await cli('oma', '--data', one, '--data', two, '--band', '0.5:7', '--references', 'a2,a5');
  assert.equal(r.code, 0, r.stderr);
  const merged = JSON.parse(r.stdout);
  assert.equal(merged.status, 'ok', merged.message);
  assert.deepEqual(merged.channels, ['a1', 'a2', 'a3', 'a5', 'a4']);
  assert.deepEqual(merged.references, ['a2', 'a5']);
  assert.equal(merged.setups.length, 2);
  const single = JSON.parse((await cli('oma', '--data', all, '--band', '0.5:7')).stdout);
  assert.equal(merged.modes.length, 5, `modes at ${merged.modes.map((m) => m.freq_hz.toFixed(3)).join(', ')} Hz`);
  assert.equal(single.modes.length, 5);
  const storey = merged.channels.map((name) => Number(name.slice(1)) - 1);
  merged.modes.forEach((mode, j) => {
    const what = `mode ${j + 1}: ${mode.freq_hz} Hz (exact ${exactHz[j]})`;
    assert.deepEqual(mode.setups, [1, 2], what);
    assert.ok(Math.abs(mode.freq_hz / exactHz[j] - 1) <= 0.005, what);
    const shape = [], sd = [];
    storey.forEach((s, c) => { shape[s] = mode.shape[c]; sd[s] = mode.shape_sd[c]; });
    assert.ok(realMac(shape, exactShapes[j]) >= 0.99, `${what}: MAC ${realMac(shape, exactShapes[j])}`);
    const other = single.modes[j];
    for (let s = 0; s < 5; s++) {
      const bound = 3 * Math.hypot(sd[s], other.shape_sd[s]);
      assert.ok(Math.abs(shape[s] - other.shape[s]) <= bound, `${what}, storey ${s + 1}: merged ${shape[s]} ± ${sd[s]}, single ${other.shape[s]} ± ${other.shape_sd[s]}`);
    }
  });
  // a reference missing from a setup is named
  const missing = await cli('oma', '--data', one, '--data', two, '--band', '0.5:7', '--references', 'a1,a5');
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /'a1' is not in setup 2/);
});
