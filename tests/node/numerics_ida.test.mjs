// The DIA and IDA of Karimov et al. 2021 say how far their stiffness can be trusted: 95 % intervals
// (the median-regression sandwich of the IRLS) and the typed advice `biased_estimator` with the bias
// measured on the paper's Lin-Ewins oscillator (docs/results.md, "Intervals of the nonlinear
// stiffness"). Reproductions of the numerics review of e622506, problem 2: with the mass and damping
// estimated (the default) the IDA's k was 14-15 % low and the DIA's 10-18 % low, status ok, no
// interval, no warning.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, mechid } from './helpers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-ida-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
const file = (name) => join(dir, name);
const treatment = ['--regions', 'thresholds:0.005', '--segments', '20', '--highpass', '2', '--detrend', '--truth', 'lin-ewins'];

async function run(...args) {
  const r = await cli(...args);
  assert.equal(r.code, 0, r.stderr);
  return r;
}
const identify = async (...args) => JSON.parse((await run('identify', ...args)).stdout);
const bias = (r) => r.advice.find((a) => a.code === 'biased_estimator');

test('IDA with mass and damping estimated (the default) on a noisy record: the 15 % bias is a warning, m and k have intervals', async () => {
  await run('simulate', '--system', 'lin-ewins', '--sigma', '10', '--a0', '5', '--seed', '1', '--out', file('le1.csv'));
  const r = await identify('--data', file('le1.csv'), '--method', 'ida', ...treatment);
  const k = r.truth.k.outer;
  assert.ok(r.k.outer < 0.9 * k, `the documented bias is there: k_outer ${r.k.outer} against ${k}`);
  assert.equal(r.status, 'warning', 'a biased estimate is never ok');
  const advice = bias(r);
  assert.ok(advice, 'biased_estimator advice');
  assert.equal(advice.level, 'warning');
  assert.match(advice.message, /^The stiffness from the IDA is biased by about 15 %/);
  assert.match(advice.action, /^Give the mass and damping/);
  assert.ok(r.warnings.some((w) => w.startsWith(advice.message)), 'the plain sentence leads the warning');
  // The intervals exist and are honest about their scope: they hold the spread, not the bias.
  const outer = r.stiffness.find((s) => s.name === 'outer');
  assert.ok(outer.k_half95 > 0 && outer.k_half95 < 0.1 * k, `k_half95 ${outer.k_half95}`);
  assert.ok(r.mass_half95 > 0 && r.mass_half95 < 0.1, `mass_half95 ${r.mass_half95}`);
  assert.ok(r.damping_half95 > 0, `damping_half95 ${r.damping_half95}`);
  assert.ok(Math.abs(r.mass - r.truth.mass) > r.mass_half95, 'the mass interval misses the truth: hence the warning');
});

test('IDA with the mass and damping given: status ok, k within 5 % of the truth, an interval and a note; the damping estimated: a warning', async () => {
  const r = await identify('--data', file('le1.csv'), '--method', 'ida', '--mass', '1', '--damping', '4', ...treatment);
  assert.equal(r.status, 'ok');
  assert.ok(Math.abs(r.k.outer / r.truth.k.outer - 1) < 0.05, `k_outer ${r.k.outer}`);
  assert.equal(r.mass_half95, null);
  assert.equal(r.damping_half95, null);
  assert.ok(r.stiffness[0].k_half95 > 0);
  assert.equal(bias(r).level, 'note');
  // The damping estimated with the mass given: k as before, c biased (13.5 % low over 100 runs): a warning.
  const c = await identify('--data', file('le1.csv'), '--method', 'ida', '--mass', '1', ...treatment);
  assert.ok(Math.abs(c.k.outer / c.truth.k.outer - 1) < 0.05, `k_outer ${c.k.outer}`);
  assert.ok(c.damping < 0.95 * c.truth.damping, `c ${c.damping}`);
  assert.ok(c.damping_half95 > 0);
  assert.equal(c.status, 'warning');
  assert.equal(bias(c).level, 'warning');
  assert.match(bias(c).message, /^The damping from the IDA is biased/);
});

test('DIA without noise, mass and damping given: the documented 11-12 % bias is a warning', async () => {
  await run('simulate', '--system', 'lin-ewins', '--sigma', '0', '--a0', '0', '--out', file('le0.csv'));
  for (const given of [['--mass', '1', '--damping', '4'], []]) {
    const r = await identify('--data', file('le0.csv'), '--method', 'dia', ...given, ...treatment);
    assert.ok(r.k.outer < 0.95 * r.truth.k.outer, `k_outer ${r.k.outer}`);
    assert.equal(r.status, 'warning');
    assert.equal(bias(r).level, 'warning');
    assert.match(bias(r).message, /^The stiffness from the DIA is biased/);
    assert.match(bias(r).action, /^Use the IDA/);
    assert.deepEqual(bias(r).options, { method: 'ida' });
  }
});

test('IDA: the reported sd matches the spread of k over noise realisations (8 runs, m and c given)', () => {
  const values = [];
  const sds = [];
  for (let seed = 1; seed <= 8; seed++) {
    const sim = mechid.nonlinearSimulate('lin-ewins', { sigma: 10, a0: 5, seed });
    const r = mechid.nonlinearIdentify({ h: sim.h, a: sim.a, f: sim.f }, {
      method: 'ida', regions: { kind: 'thresholds', x0: 0.005 }, mass: 1, damping: 4, segments: 20, highpassHz: 2, detrend: true,
    });
    values.push(r.k.outer);
    sds.push(r.stiffness[0].k_half95 / 1.959963984540054);
  }
  const mean = values.reduce((a, b) => a + b) / values.length;
  const observed = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (values.length - 1));
  const reported = sds.reduce((a, b) => a + b) / sds.length;
  // 8 runs: the sample sd is within a factor 0.5-1.6 of the true sd with probability > 98 %.
  assert.ok(observed / reported > 0.5 && observed / reported < 1.6, `observed sd ${observed}, reported ${reported}`);
});
