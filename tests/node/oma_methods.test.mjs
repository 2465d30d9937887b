// mechid oma --method ssi-data | efdd (issue 51): the shear frame of pyOMA2's getting-started example
// (tests/fixtures/oma/shear-frame.mjs), its five frequencies against eig(K, M) computed there by
// Jacobi rotations, independently of the core.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exactHz, exactShapes, ambientCsv, realMac, zeta } from '../fixtures/oma/shear-frame.mjs';
import { cli, mechid } from './helpers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-oma-methods-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
const path = join(dir, 'ambient.csv');
writeFileSync(path, ambientCsv(mechid, 30001, 7));

for (const method of ['ssi-data', 'efdd']) {
  test(`mechid oma --method ${method}: the shear frame's five frequencies`, async () => {
    const r = await cli('oma', '--data', path, '--band', '0.5:7', '--method', method);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.method, method);
    assert.equal(out.modes.length, 5, `modes at ${out.modes.map((m) => m.freq_hz.toFixed(3)).join(', ')} Hz`);
    out.modes.forEach((mode, j) => {
      const what = `${method} mode ${j + 1}: ${mode.freq_hz} Hz (exact ${exactHz[j]}), zeta ${mode.zeta}`;
      // 4 σ of a natural frequency from T = 300 s, σ/f ≈ √(ζ/(2π f T)), as tests/node/oma.test.mjs (this
      // record's third mode is 0.5 % low by SSI-cov too)
      assert.ok(Math.abs(mode.freq_hz / exactHz[j] - 1) <= 4 * Math.sqrt(zeta / (2 * Math.PI * exactHz[j] * 300)), what);
      assert.ok(realMac(mode.shape, exactShapes[j]) >= 0.99, `${what}: MAC ${realMac(mode.shape, exactShapes[j])}`);
      // a sanity bound on the damping (the per-method checks are in tests/cpp/analysis/oma/ssi_data_efdd_test.cpp)
      assert.ok(Math.abs(mode.zeta / zeta - 1) <= 0.5, what);
      if (method === 'ssi-data') assert.ok(Math.abs(mode.zeta - zeta) <= (3.2498 / 2.2622) * mode.zeta_half95, `${what} ± ${mode.zeta_half95}`);
      else assert.equal(mode.zeta_sd, null);
    });
    if (method === 'efdd') assert.deepEqual(out.stabilization, []);
    else assert.ok(out.stabilization.length > 0);
  });
}

test('mechid oma --method refuses an unknown method, naming the choices', async () => {
  const r = await cli('oma', '--data', path, '--band', '0.5:7', '--method', 'pp');
  assert.equal(r.code, 1);
  assert.match(r.stderr, /ssi-cov/);
});
