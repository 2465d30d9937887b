// Issue 19, item 5: how the time and the errors of `auto` grow with the number of DOF. Chains of
// n masses between two walls (presets chain<n>: src/model/presets.cpp), one force on every mass,
// N = 6000, PRBS held, SNR 20 dB, h = 0.002 (the fastest mode, 221-222 rad/s for n >= 8, at
// h ω ≈ 0.45; the slowest chain24 mode, 13 rad/s, lasts 240 samples), identified in WASM under Node:
// - "chain" structure: M diagonal, D and K tridiagonal (what a lab would say of a chain:
//   5n − 2 parameters);
// - "full": every entry of the symmetric M, D, K free (3 n (n + 1)/2), for n up to
//   MECHID_SCALE_FULL_MAX (default 16; 24 DOF take about 9 min).
// MECHID_SCALE_SIZES picks the chains (default "4 8 16 24 32 48 50"; the 50-DOF chain alone takes about 80 s).
// Each case runs in a fresh Node process (a long process varies with what ran before it, see the
// speed section) after one warm-up identification of chain4, so the time is one call's, compiled;
// `node bench/scale.mjs --case N chain|full` runs one and prints it as JSON, with the PEM's cost,
// h·ω_max, stop reason and warnings.
// Errors: ‖X̂ − X‖_F/‖X‖_F; with their intervals: over the free entries, the share whose
// X̂ ± 1.96 sd holds the truth and the RMS of (X̂ − X)/sd (1 when the intervals are honest).
// Reproduce: `node bench/run.mjs scale` (needs the wasm build; about 5 min on 2 cores).
import { execFileSync } from 'node:child_process';
import { loadMechidNode } from '../wasm/node.js';

const h = 0.002, n = 6000, snr = 20, seed = 2;
const sizes = (process.env.MECHID_SCALE_SIZES ?? '4 8 16 24 32 48 50').split(/\s+/).filter(Boolean).map(Number);
const fullMax = Number(process.env.MECHID_SCALE_FULL_MAX ?? 16);
const structures = {
  chain: { M: 'diagonal', D: 'tridiagonal', K: 'tridiagonal' },
  full: null,
};

// The entries with intervals: the free ones of the upper triangle (a chain: M diagonal, D and K
// tridiagonal).
const isFree = (structureName, X, i, j) => j >= i && (structureName === 'full' || j - i <= (X === 'M' ? 0 : 1));

// One case in this process: {ms, status, errors (the core's ‖X̂ − X‖_F/‖X‖_F), coverage, zRms, and
// the diagnostics the section's prose cites}.
async function runCase(dof, structureName) {
  const mechid = await loadMechidNode();
  const options = { maxWork: Infinity, ...(structures[structureName] ? { structure: structures[structureName] } : {}) };
  const identify = (truth) => {
    const sim = mechid.simulate(truth, { h, n, snr, seed });
    return mechid.identify('auto', { h, u: sim.u, y: sim.q, inputSampling: 'hold' }, options, truth);
  };
  identify(mechid.preset('chain4'));  // warm-up: V8 compiles the code the real call reaches
  const truth = mechid.preset(`chain${dof}`);
  const t0 = performance.now();
  const r = identify(truth);
  const ms = performance.now() - t0;
  const d = r.diagnostics ?? {};
  const out = { ms, status: r.status, errors: r.errors ?? {}, coverage: {}, zRms: {}, iterations: d.iterations ?? null,
    cost: d.cost ?? null, h_omega_max: d.h_omega_max ?? null, stop_reason: d.stop_reason ?? null, warnings: r.warnings ?? [] };
  for (const X of ['M', 'D', 'K']) {
    const sd = r.uncertainty?.[`${X}_sd`]?.data;
    if (!r[X] || !sd) continue;
    let covered = 0, count = 0, z2 = 0;
    for (let i = 0; i < dof; i++) {
      for (let j = i; j < dof; j++) {
        const k = i * dof + j, deviation = r[X].data[k] - truth[X].data[k];
        if (!isFree(structureName, X, i, j) || !(sd[k] > 0)) continue;
        count++;
        if (Math.abs(deviation) <= 1.96 * sd[k]) covered++;
        z2 += (deviation / sd[k]) ** 2;
      }
    }
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
