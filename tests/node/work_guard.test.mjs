// The work guard (issue 20, probe finding 3): a request estimated to need more than maxWork
// floating-point operations is refused before it starts, in the API (MechidError 'bad-input',
// option 'work') and in the CLI (one line, exit 1), with the method, DOF, samples, the estimate
// and the limit; maxWork: Infinity (--max-work inf) runs it anyway. The bounds on time are
// generous (5 s against the 1 s): the refusal must not wait for the work it refuses.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, mechid } from './helpers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-guard-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

// The probe's case: 60 inputs and 60 outputs, 2000 samples (94 s at 40 DOF before the guard).
const N = 2000, DOF = 60;
let seed = 1;
const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) - 0.5;
const matrix = (rows, cols) => ({ rows, cols, data: Float64Array.from({ length: rows * cols }, random) });
const wide = { h: 0.01, u: matrix(N, DOF), y: matrix(N, DOF) };
const DEFAULT_LIMIT = '5e+11';  // about 100 s at the calibrated rate (issue 56)

/** Asserts that `message` names the method, the DOF, the samples, the estimate and the limit. */
function namesTheNumbers(message, method, estimate, limit = DEFAULT_LIMIT) {
  assert.match(message, new RegExp(`^${method} on ${DOF} DOF x ${N} samples needs about `), message);
  // C++'s 3-digit %g of an estimate above 1e10 is JS's toExponential of it rounded to 3 digits.
  const flops = Number(estimate.flops.toPrecision(3)).toExponential();
  assert.ok(message.includes(`needs about ${flops} floating-point operations`), `${message} does not give the estimate ${flops}`);
  assert.ok(message.includes(`above the limit of ${limit}`), message);
  assert.ok(message.includes('raise maxWork') && !message.includes('--max-work'), message);  // the API's name; the CLI says --max-work
}

test('API: the 60-DOF x 2000-sample request is refused at once with option work and its numbers', () => {
  for (const method of ['equation-error', 'variational']) {
    const estimate = mechid.estimateWork(method, wide, {});
    assert.ok(estimate.flops > 1.5e11 && estimate.seconds > 100, JSON.stringify(estimate));
    const t0 = performance.now();
    assert.throws(() => mechid.identify(method, wide, {}), (error) => {
      assert.equal(error.code, 'bad-input');
      assert.equal(error.option, 'work');
      namesTheNumbers(error.message, method, estimate);
      return true;
    });
    assert.ok(performance.now() - t0 < 5000, `${method}: refused after ${performance.now() - t0} ms`);
  }
  // The inverse-dynamic regression would not fit in the WASM heap: refused even with maxWork Infinity.
  assert.throws(() => mechid.identify('inverse-dynamic', wide, { maxWork: Infinity }),
    (error) => error.option === 'memory' && /^inverse-dynamic on 60 DOF x 2000 samples needs about .* GB of memory/.test(error.message));
});

test('API: maxWork Infinity runs a request above a low limit; a bad maxWork is named', () => {
  const sim = mechid.simulate(mechid.preset('3dof'), { h: 0.05, n: 400, snr: 30, seed: 1 });
  const data = { h: 0.05, u: sim.u, y: sim.q, inputSampling: 'hold' };
  const estimate = mechid.estimateWork('equation-error', data, {});
  assert.throws(() => mechid.identify('equation-error', data, { maxWork: estimate.flops / 2 }),
    (error) => error.option === 'work' && error.message.includes('equation-error on 3 DOF x 400 samples'));
  assert.equal(mechid.identify('equation-error', data, { maxWork: Infinity }).method, 'equation-error');
  assert.equal(mechid.identify('equation-error', data, { maxWork: estimate.flops * 2 }).method, 'equation-error');
  for (const bad of [0, -1, NaN, '1e9']) {
    assert.throws(() => mechid.identify('equation-error', data, { maxWork: bad }), (error) => error.code === 'bad-input' && /maxWork/.test(error.message));
  }
});

test('CLI: the 60-DOF CSV (2.3 MB) is refused in one line within seconds; --max-work inf lifts a low limit', async () => {
  const header = ['t', ...Array.from({ length: DOF }, (_, i) => `u${i + 1}`), ...Array.from({ length: DOF }, (_, i) => `q${i + 1}`)];
  const rows = [header.join(',')];
  for (let k = 0; k < N; k++) {
    const row = [(k * 0.01).toFixed(2)];
    for (let c = 0; c < DOF; c++) row.push(wide.u.data[k * DOF + c].toFixed(6));
    for (let c = 0; c < DOF; c++) row.push(wide.y.data[k * DOF + c].toFixed(6));
    rows.push(row.join(','));
  }
  const file = join(dir, '60-dof-2000.csv');
  writeFileSync(file, `${rows.join('\n')}\n`);
  const t0 = performance.now();
  const r = await cli('identify', '--data', file, '--method', 'equation-error');
  const ms = performance.now() - t0;
  assert.equal(r.code, 1, r.stderr);
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, r.stderr);
  assert.match(lines[0], /^mechid: error: equation-error on 60 DOF x 2000 samples needs about [0-9.e+]+ floating-point operations .*above the limit of 5e\+11/);
  assert.ok(ms < 5000, `refused after ${ms} ms`);

  const small = join(dir, '3dof.csv');
  assert.equal((await cli('simulate', '--system', '3dof', '--h', '0.05', '--n', '400', '--snr', '30', '--seed', '1', '--out', small)).code, 0);
  const low = await cli('identify', '--data', small, '--method', 'equation-error', '--input-sampling', 'hold', '--max-work', '1000');
  assert.equal(low.code, 1);
  assert.match(low.stderr, /equation-error on 3 DOF x 400 samples needs about .* above the limit of 1e\+03/);
  const anyway = await cli('identify', '--data', small, '--method', 'equation-error', '--input-sampling', 'hold', '--max-work', 'inf');
  assert.equal(anyway.code, 0, anyway.stderr);
  assert.equal(JSON.parse(anyway.stdout).method, 'equation-error');
  const bad = await cli('identify', '--data', small, '--method', 'equation-error', '--max-work', 'lots');
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /--max-work must be a number or inf, got 'lots'/);
});
