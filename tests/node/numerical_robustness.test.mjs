// Issue 20 (items 1 and 6 of the reliability probe) through the WASM build and the CLI: the CSV on
// which Eigen's BDCSVD trapped, block rows beyond the samples, and a tiny acceleration cut-off, whose
// counts wrapped in WebAssembly's 32-bit Index. The texts are the ones the native Catch2 tests assert.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, root } from './helpers.mjs';

const trap = `${root}tests/data/wasm-trap-600rows.csv`;

test('the CSV on which BDCSVD trapped gives a result, not an internal error', async () => {
  for (const method of ['auto', 'n4sid-d2c', 'variational']) {
    const r = await cli('identify', '--data', trap, '--method', method, '--input-sampling', 'hold');
    assert.notEqual(r.code, 2, `${method}: ${r.stderr}`);
    assert.doesNotMatch(r.stderr, /internal|out of bounds/, method);
  }
});

test('block rows 1e9 are named with the samples they need, as natively', async () => {
  const r = await cli('identify', '--data', trap, '--method', 'n4sid-d2c', '--block-rows', '1000000000');
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, /block rows i = 1000000000 need at least 1\.4e\+10 samples \(2 i \(1 \+ inputs \+ outputs\)\), the data have 600: give at most 42 block rows/);
});

test('an acceleration cut-off of 1e-12 Hz says how long the filter needs to settle, as natively', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mechid-robust-'));
  try {
    const data = join(dir, 'd.csv');
    // The a-columns: --outputs acceleration reads a1..an (numerics review e622506, problem 1).
    assert.equal((await cli('simulate', '--system', '3dof', '--h', '0.05', '--n', '300', '--seed', '1', '--with-derivatives', '--out', data)).code, 0);
    const r = await cli('identify', '--data', data, '--method', 'auto', '--outputs', 'acceleration', '--cutoff', '1e-12');
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /needs longer to settle \(3\.1831e\+12 s\) than the record \(15 s\)/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
