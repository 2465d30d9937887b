// mechid oma (issue 51): output-only modal analysis of a CSV of accelerations only, the 5-storey
// shear frame of pyOMA2's getting-started example (tests/fixtures/oma/shear-frame.mjs), its modes
// checked against eig(K, M) computed there by Jacobi rotations, independently of the core.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exactHz, exactShapes as vectors, ambientCsv, h, realMac as mac, zeta } from '../fixtures/oma/shear-frame.mjs';
import { cli, mechid } from './helpers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-oma-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

test('mechid oma: the shear frame\'s five modes from a CSV of accelerations only, against eig(K, M)', async () => {
  assert.deepEqual(exactHz.map((f) => Number(f.toFixed(2))), [0.89, 2.6, 4.1, 5.26, 6]);  // pyOMA2's published values
  const path = join(dir, 'ambient.csv');
  writeFileSync(path, ambientCsv(mechid, 30001, 7));
  const r = await cli('oma', '--data', path, '--band', '0.5:7');
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr, '');
  const out = JSON.parse(r.stdout);
  assert.equal(out.status, 'ok');
  for (const key of ['modes', 'stabilization', 'spectrum', 'advice', 'status', 'warnings', 'channels', 'block_rows', 'references', 'free_decay']) assert.ok(key in out, key);
  assert.deepEqual(out.channels.outputs.map((c) => c.name), ['a1', 'a2', 'a3', 'a4', 'a5']);
  assert.equal(out.modes.length, 5, `modes at ${out.modes.map((m) => m.freq_hz.toFixed(3)).join(', ')} Hz`);
  out.modes.forEach((mode, j) => {
    const what = `mode ${j + 1}: ${mode.freq_hz} Hz (exact ${exactHz[j]}), zeta ${mode.zeta}`;
    // 4 σ of a natural frequency from T = 300 s, σ/f ≈ √(ζ/(2π f T)) (0.35 % for the 0.89 Hz mode, 0.13 %
    // for the 6 Hz one): measured over 20 records of the C++ test, the rms errors were 0.32, 0.24, 0.21,
    // 0.28, 0.20 %, so issue 51's 0.5 % holds for most records of 300 s but not for every one (this
    // record's third mode is 0.5 % low)
    assert.ok(Math.abs(mode.freq_hz / exactHz[j] - 1) <= 4 * Math.sqrt(zeta / (2 * Math.PI * exactHz[j] * 300)), what);
    // 3.5 σ of a damping ratio from T = 300 s of a lightly damped mode, σ/ζ ≈ 1/√(2π ζ f T) (ssi_shear_frame_test.cpp)
    assert.ok(Math.abs(mode.zeta / zeta - 1) <= 3.5 / Math.sqrt(2 * Math.PI * zeta * exactHz[j] * 300), what);
    assert.ok(mac(mode.shape, vectors[j]) >= 0.99, `${what}: MAC ${mac(mode.shape, vectors[j])}`);
    assert.equal(Math.max(...mode.shape), 1, 'the largest component is +1');
    for (const key of ['mpc', 'mpd_deg', 'orders_found', 'complex_shape']) assert.ok(key in mode, key);
    // the jackknife's intervals (10 blocks): the truth inside the 99 % interval, t_0.995/t_0.975 = 3.2498/2.2622 times the 95 % one
    assert.ok(Math.abs(mode.freq_hz - exactHz[j]) <= (3.2498 / 2.2622) * mode.freq_hz_half95, `${what} ± ${mode.freq_hz_half95}`);
    assert.ok(Math.abs(mode.zeta - zeta) <= (3.2498 / 2.2622) * mode.zeta_half95, `${what} ± ${mode.zeta_half95}`);
    assert.ok(mode.mpc > 0.95 && mode.mpd_deg < 5, what);
  });
  assert.equal(out.spectrum.singular_values.length, 5);
  assert.equal(out.spectrum.singular_values[0].length, out.spectrum.freq_hz.length);
  assert.ok(out.stabilization.every((row) => row.poles.every((p) => p.freq_hz >= 0.5 && p.freq_hz <= 7)));

  // identification and modes in a band still refuse the record, naming output-only modal analysis
  const refused = await cli('modes', '--data', path, '--band', '0.5:7');
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /responses only .*mechid oma/);
  // a band beyond the Nyquist frequency is refused naming the band
  const beyond = await cli('oma', '--data', path, '--band', '0.5:70');
  assert.equal(beyond.code, 1);
  assert.match(beyond.stderr, /Nyquist/);
  // references: output columns from 1
  const refs = JSON.parse((await cli('oma', '--data', path, '--band', '0.5:7', '--references', '1,5')).stdout);
  assert.deepEqual(refs.references, [1, 5]);
  assert.equal(refs.modes.length, 5);
  // the API refuses a record too short for its block rows, naming the data
  assert.throws(() => mechid.oma({ h, y: { rows: 3, cols: 2, data: new Float64Array([1, 2, 3, 4, 5, 7]) } }, { bandHiHz: 10 }),
    (e) => e.code === 'bad-input' && /too few for \d+ block rows/.test(e.message));
});
