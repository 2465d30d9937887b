// The work guard counts every method and every pass (issue 56, item 6, in part): each method of the
// method table (methodInfo, src/identify/method_table.cpp) has a cost model whose estimate grows
// with the record; the output-error refinement that follows an inverse-dynamic fit with friction
// (IDIM-OE, src/identify/friction_output_error.cpp: up to 50 Levenberg-Marquardt iterations, each
// a Jacobian of 2P + 1 free runs) is in the estimate; several runs count the second, run-by-run
// pass of the run-to-run spread (src/identify/run_spread.cpp). The counts are checked against the
// refinement's own formula written out here, not against the estimate's code. The methods outside
// the table (ida, dia, ekf, svf: the CLI's other families) each have one too, and their entry
// points refuse a request above maxWork before any work. Timings are not
// checked (the guard's calibration is a benchmark on an idle machine, docs/results.md).
import test from 'node:test';
import assert from 'node:assert/strict';
import { mechid } from './helpers.mjs';
import { FAMILIES } from '../../bin/commands/identify.mjs';

// A 3-DOF record, inputs at each DOF (simulated: the estimate reads only the sizes and options).
const record = (n, seed = 1) => {
  const sim = mechid.simulate(mechid.preset('3dof'), { h: 0.05, n, snr: 40, seed });
  return { h: 0.05, u: sim.u, y: sim.q };
};

test('every method of the method table has a cost model: finite positive flops and bytes, growing with the samples', () => {
  const methods = mechid.methodInfo().map((m) => m.name);
  assert.ok(methods.length >= 6, methods.join(', '));
  const small = record(500), large = record(4000);
  for (const method of methods) {
    const a = mechid.estimateWork(method, small, {}), b = mechid.estimateWork(method, large, {});
    for (const e of [a, b]) {
      assert.ok(Number.isFinite(e.flops) && e.flops > 0, `${method}: flops ${e.flops}`);
      assert.ok(Number.isFinite(e.bytes) && e.bytes > 0, `${method}: bytes ${e.bytes}`);
    }
    // More than 1.5x: the exact-sampling PEM's derivatives of the sampled model and the subspace
    // step's factorizations do not grow with N (method_cost.cpp), and at 500 samples of 3 DOF they
    // are most of auto's and variational-zoh's work (1.6x and 2.1x here); a model without its
    // per-sample terms would give 1x.
    assert.ok(b.flops > 1.5 * a.flops, `${method}: 8x the samples, ${b.flops / a.flops}x the work`);
  }
});

// The methods of identify outside the method table: every --method of the CLI's families that
// methodInfo does not list (bin/commands/identify.mjs, FAMILIES), each on its own data and options.
const outsideRecord = {
  ida: (n) => mechid.nonlinearSimulate('lin-ewins', { n }),
  dia: (n) => mechid.nonlinearSimulate('lin-ewins', { n }),
  ekf: (n) => mechid.simulateEstimatorSystem('belt-drive', { n }),
  svf: (n) => record(n),
};
const outsideOptions = { ida: { regions: { kind: 'thresholds', x0: 0.005 }, mass: 1 }, svf: { p1: 1, p2: 2 } };
outsideOptions.dia = outsideOptions.ida;
const outsideRun = {
  ida: (data, o) => mechid.nonlinearIdentify({ h: data.h, a: data.a, f: data.f }, { ...o, method: 'ida' }),
  dia: (data, o) => mechid.nonlinearIdentify({ h: data.h, a: data.a, f: data.f }, { ...o, method: 'dia' }),
  ekf: (data, o) => mechid.ekfBeltDrive({ h: data.h, u: data.u, y: data.y }, o),
  svf: (data, o) => mechid.svfIdentify(data, o),
};

test('the methods outside the table (svf, ida, dia, ekf) have a cost model: positive, growing with the samples, refused above maxWork', () => {
  const tableMethods = new Set(mechid.methodInfo().map((m) => m.name));
  const outside = [...new Set(FAMILIES.flatMap((f) => f.methods(mechid)))].filter((m) => !tableMethods.has(m));
  assert.deepEqual(outside.sort(), ['dia', 'ekf', 'ida', 'svf']);
  for (const method of outside) {
    const small = outsideRecord[method](2000), large = outsideRecord[method](16000);
    const a = mechid.estimateWork(method, small, outsideOptions[method] ?? {}), b = mechid.estimateWork(method, large, outsideOptions[method] ?? {});
    for (const e of [a, b]) assert.ok(Number.isFinite(e.flops) && e.flops > 0 && e.bytes > 0 && e.seconds > 0, `${method}: ${JSON.stringify(e)}`);
    // Every counted loop is at least linear in the samples.
    assert.ok(b.flops >= 8 * a.flops * 0.99, `${method}: 8x the samples, ${b.flops / a.flops}x the work`);
    // The entry point refuses the request above maxWork before any work (as identify does), in one sentence naming the limit.
    assert.throws(() => outsideRun[method](small, { ...(outsideOptions[method] ?? {}), maxWork: a.flops / 2 }), (error) => {
      assert.equal(error.option, 'work', `${method}: ${error.message}`);
      assert.match(error.message, new RegExp(`^${method} on .*2000 samples.* needs about [0-9.e+]+ floating-point operations .* above the limit of`));
      return true;
    });
    // At twice its estimate it runs.
    assert.doesNotThrow(() => outsideRun[method](small, { ...(outsideOptions[method] ?? {}), maxWork: 2 * a.flops }), method);
  }
});

test('inverse-dynamic with friction counts its output-error refinement (IDIM-OE): 8 Jacobians of 2P + 1 free runs at least', () => {
  const N = 2000, n = 3, k = 3;
  const data = record(N);
  const plain = mechid.estimateWork('inverse-dynamic', data, { lowpassHz: 2 });
  const friction = mechid.estimateWork('inverse-dynamic', data, { friction: 'coulomb', lowpassHz: 2 });
  // P: 18 free entries of M, D, K, n Coulomb levels, n initial displacements; a free run costs
  // (2n)² (3n + k) per sample (friction_output_error.cpp).
  const P = 18 + n + n;
  const jacobian = (2 * P + 1) * N * (2 * n) ** 2 * (3 * n + k);
  assert.ok(jacobian < 5e9, 'the refinement is made at this size');
  assert.ok(friction.flops - plain.flops >= 8 * jacobian, `friction adds ${(friction.flops - plain.flops).toExponential(3)} flops, 8 Jacobians are ${(8 * jacobian).toExponential(3)}`);
  // auto with friction runs inverse-dynamic: the same count.
  assert.equal(mechid.estimateWork('auto', data, { friction: 'coulomb', lowpassHz: 2 }).flops, friction.flops);
});

test('several runs count the run-to-run spread\'s second pass: the joint fit and each run on its own', () => {
  // The truth is joint + each run alone; the joint fit is at least one run's work: so at least
  // the singles' sum and the larger single again (the joint work counted twice fell short for auto).
  for (const method of ['auto', 'variational-zoh', 'inverse-dynamic']) {
    const runs = [record(1500, 1), record(1500, 2)];
    const two = mechid.estimateWork(method, runs, {}).flops;
    const singles = runs.map((r) => mechid.estimateWork(method, r, {}).flops);
    const least = singles[0] + singles[1] + Math.max(...singles);
    assert.ok(two >= least, `${method}: two runs ${two.toExponential(3)}, the singles and one more ${least.toExponential(3)}`);
  }
});
