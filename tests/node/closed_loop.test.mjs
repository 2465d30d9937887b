// Issue 50's advice closed_loop through the CLI, on records made for it: Beckmann et al. 2016's belt
// drive, which `mechid simulate` runs under its cascade controller (the measured angle fed back into
// the motor torque), gets it; open-loop records of the 3-DOF preset (PRBS held and multisine
// sampled forces) do not. The test behind it is in src/identify/feedback_test.hpp; its calibration on known
// series in tests/cpp/identify/feedback_test_test.cpp.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from './helpers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-closed-loop-'));

async function identified(file, ...args) {
  const r = await cli('identify', '--data', file, '--method', 'auto', ...args);
  assert.equal(r.code, 0, r.stderr);
  return { result: JSON.parse(r.stdout), stderr: r.stderr };
}

test('the belt drive under cascade control: advice closed_loop, a warning, and the CLI prints it', async () => {
  const file = join(dir, 'belt.csv');
  const s = await cli('simulate', '--system', 'belt-drive', '--out', file);
  assert.equal(s.code, 0, s.stderr);
  const { result, stderr } = await identified(file, '--force-dofs', '1');
  const a = result.advice.find((x) => x.code === 'closed_loop');
  assert.ok(a, JSON.stringify(result.advice.map((x) => x.code)));
  assert.equal(a.level, 'warning');
  assert.equal(result.status, 'warning');
  assert.match(a.message, /closed loop/);
  assert.match(a.detail, /Granger 1969/);
  assert.match(stderr, /mechid: warning: The force follows the outputs' errors: the record was probably taken in closed loop/);
});

test('open-loop records of the 3-DOF preset (PRBS held, multisine sampled; three seeds): no closed_loop', async () => {
  for (const [input, seed] of [['prbs', 1], ['prbs', 2], ['multisine', 3]]) {
    const file = join(dir, `open-${input}-${seed}.csv`);
    const s = await cli('simulate', '--system', '3dof', '--h', '0.05', '--n', '3000', '--input', input, '--snr', '40', '--seed', String(seed), '--out', file);
    assert.equal(s.code, 0, s.stderr);
    const { result } = await identified(file);
    assert.ok(!result.advice.some((x) => x.code === 'closed_loop'), `${input} seed ${seed}: ${JSON.stringify(result.advice.map((x) => [x.code, x.detail]))}`);
  }
});
