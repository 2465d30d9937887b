// The fuzz findings of issue 20 checked for their specific outcome (fuzz.test.mjs only checks that a
// replay ends in one of the clear kinds): the typed status or the option an error names.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromJson } from '../../fuzz/codec.mjs';
import { runCall } from '../../fuzz/calls.mjs';
import { mechid, root } from './helpers.mjs';

const call = (file) => fromJson(readFileSync(join(root, 'fuzz/findings', file), 'utf8')).call;

test('ida with lambda 1e300 (fit shrunk to zero, m = 1/h0 infinite) fails instead of an ok non-finite estimate', async () => {
  const r = runCall(mechid, call('nonlinear-778492.json'));
  assert.equal(r.status, 'failed');
});

test('inverse-dynamic with lowpassHz 1e-9 (no usable samples) is bad input naming the lowpass option', async () => {
  const m = mechid;
  assert.throws(() => runCall(m, call('identify-777081.json')), (e) => e.code === 'bad-input' && e.option === 'lowpass');
});

test('auto with blockRows 2^31-1 is bad input (more block rows than the samples allow), not bad_alloc', async () => {
  const m = mechid;
  assert.throws(() => runCall(m, call('identify-778059.json')), (e) => e.code === 'bad-input');
});
