// Issue 19, item 5: how the time and the errors of `auto` grow with the number of DOF. Chains of
// n masses between two walls (presets chain<n>: src/model/presets.cpp), one force on every mass,
// N = 6000, PRBS held, SNR 20 dB, h = 0.002 (the fastest mode, about 260 rad/s for every n, at
// h ω ≈ 0.5; the slowest chain24 mode lasts 240 samples), identified in WASM under Node:
// - "chain" structure: M diagonal, D and K tridiagonal (what a lab would say of a chain:
//   3n − 2 + n parameters);
// - "full": every entry of the symmetric M, D, K free (3 n (n + 1)/2), up to the n whose time
//   stays within MECHID_SCALE_FULL_MAX (default 16).
// Each case runs in a fresh Node process (a long process varies with what ran before it, see the
// speed section) after one warm-up identification of chain4, so the time is one call's, compiled.
// Errors: ‖X̂ − X‖_F/‖X‖_F; with their intervals: over the free entries, the share whose
// X̂ ± 1.96 sd holds the truth and the RMS of (X̂ − X)/sd (1 when the intervals are honest).
// Reproduce: `node bench/run.mjs scale` (needs the wasm build; about 15 min on 2 cores).
import { execFileSync } from 'node:child_process';
import { loadMechidNode } from '../wasm/node.js';

const h = 0.002, n = 6000, snr = 20, seed = 2;
const sizes = [4, 8, 16, 24];
const fullMax = Number(process.env.MECHID_SCALE_FULL_MAX ?? 16);
const structures = {
  chain: { M: 'diagonal', D: 'tridiagonal', K: 'tridiagonal' },
  full: null,
};

// One case in this process: {ms, errors, coverage, zRms, parameters, iterations, status}.
async function runCase(dof, structureName) {
  const mechid = await loadMechidNode();
  const identify = (name, options) => {
    const sim = mechid.simulate(mechid.preset(name), { h, n, snr, seed });
    return mechid.identify('auto', { h, u: sim.u, y: sim.q, inputSampling: 'hold' }, { ...options, maxWork: Infinity });
  };
  const options = structures[structureName] ? { structure: structures[structureName] } : {};
  identify('chain4', options);  // warm-up: V8 compiles the code the real call reaches
  const truth = mechid.preset(`chain${dof}`);
  const t0 = performance.now();
  const r = identify(`chain${dof}`, options);
  const ms = performance.now() - t0;
  const free = (i, j) => structureName === 'full' || Math.abs(i - j) <= 1;
  const out = { ms, status: r.status, iterations: r.diagnostics?.iterations ?? null, start: r.diagnostics?.start ?? null, choice: r.diagnostics?.choice ?? null, warnings: r.warnings ?? [], errors: {}, coverage: {}, zRms: {} };
  for (const X of ['M', 'D', 'K']) {
    if (!r[X]) continue;
    const est = r[X].data, tru = truth[X].data, sd = r.uncertainty?.[`${X}_sd`]?.data;
    let num = 0, den = 0, covered = 0, count = 0, z2 = 0;
    for (let i = 0; i < dof; i++) {
      for (let j = 0; j < dof; j++) {
        const k = i * dof + j;
        num += (est[k] - tru[k]) ** 2;
        den += tru[k] ** 2;
        if (j < i || !free(i, j) || (X === 'M' && structureName === 'chain' && i !== j) || !sd || !(sd[k] > 0)) continue;
        count++;
        if (Math.abs(est[k] - tru[k]) <= 1.96 * sd[k]) covered++;
        z2 += ((est[k] - tru[k]) / sd[k]) ** 2;
      }
    }
    out.errors[X] = Math.sqrt(num / den);
    out.coverage[X] = count ? covered / count : null;
    out.zRms[X] = count ? Math.sqrt(z2 / count) : null;
  }
  return out;
}

if (process.argv[2] === '--case') {
  console.log(JSON.stringify(await runCase(Number(process.argv[3]), process.argv[4])));
  process.exit(0);
}

const fmtPct = (x) => (Number.isFinite(x) ? `${100 * x >= 10 ? (100 * x).toFixed(0) : (100 * x).toPrecision(2)} %` : '–');
const fmt = (x, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : '–');
const parameters = (dof, s) => (s === 'full' ? 3 * dof * (dof + 1) / 2 : dof + 2 * (2 * dof - 1));

const rows = [];
for (const structureName of Object.keys(structures)) {
  for (const dof of sizes) {
    if (structureName === 'full' && dof > fullMax) continue;
    const out = JSON.parse(execFileSync(process.execPath, [new URL(import.meta.url).pathname, '--case', String(dof), structureName],
      { encoding: 'utf8', maxBuffer: 1 << 24 }));
    rows.push({ dof, structureName, ...out });
    console.error(`scale: chain${dof} ${structureName}: ${(out.ms / 1000).toFixed(2)} s`);
  }
}

// Least-squares slope of log t against log n over the cases with n >= 8 and status ok (the growth
// exponent; a case that did not converge ran a different number of iterations).
function exponent(structureName) {
  const pts = rows.filter((r) => r.structureName === structureName && r.dof >= 8 && r.status === 'ok').map((r) => [Math.log(r.dof), Math.log(r.ms)]);
  if (pts.length < 2) return NaN;
  const mx = pts.reduce((s, p) => s + p[0], 0) / pts.length, my = pts.reduce((s, p) => s + p[1], 0) / pts.length;
  return pts.reduce((s, p) => s + (p[0] - mx) * (p[1] - my), 0) / pts.reduce((s, p) => s + (p[0] - mx) ** 2, 0);
}

const lines = [
  `Chains of n masses (presets chain<n>), N = ${n}, h = ${h}, PRBS held on every mass, SNR ${snr} dB, seed ${seed}; ` +
  `\`auto\` in WASM (Node ${process.version}), one call after a warm-up, each case in a fresh process; 2-core machine. ` +
  'Error: ‖X̂ − X‖_F/‖X‖_F. Intervals: over the free entries, the share whose ± 1.96 sd holds the truth, and the RMS of ' +
  '(X̂ − X)/sd (about 1 when the intervals are honest). Reproduce: `node bench/run.mjs scale`.', '',
  '| n | structure | parameters | status | s | iterations | M error | D error | K error | covered M / D / K | RMS z M / D / K |',
  '|---|---|---|---|---|---|---|---|---|---|---|'];
for (const r of rows) {
  lines.push(`| ${r.dof} | ${r.structureName} | ${parameters(r.dof, r.structureName)} | ${r.status} | ${fmt(r.ms / 1000)} | ${r.iterations ?? '–'} | ` +
    `${fmtPct(r.errors.M)} | ${fmtPct(r.errors.D)} | ${fmtPct(r.errors.K)} | ` +
    `${['M', 'D', 'K'].map((X) => fmtPct(r.coverage[X])).join(' / ')} | ${['M', 'D', 'K'].map((X) => fmt(r.zRms[X])).join(' / ')} |`);
}
lines.push('', `Growth of the time with n (least-squares slope of log t on log n, n ≥ 8, status ok): chain structure ${fmt(exponent('chain'))}, ` +
  `full ${fmt(exponent('full'))}.`);
export const table = lines.join('\n');
