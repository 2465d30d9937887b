// Measurements behind the foundation issue's numbers, written to docs/results.md by
// `npm run bench`: accuracy of the exact ZOH simulation against closed forms, realised SNR,
// native-vs-WASM agreement, and simulation speed in WASM (Node).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadMechidNode } from '../wasm/node.js';

const mechid = await loadMechidNode();
const root = new URL('..', import.meta.url).pathname;
const rows = [];
const fmt = (x) => x.toExponential(2);

// Step and impulse responses of m q'' + b q' + k q = u against their closed forms.
{
  const [m, b, k] = [15, 0.2, 2];
  const s = b / (2 * m), wd = Math.sqrt(k / m - s * s);
  const msd = mechid.preset('msd');
  const step = mechid.simulate(msd, { h: 0.1, n: 2000, input: 'step' });
  const impulse = mechid.simulate(msd, { h: 0.1, n: 2000, input: 'step', amplitude: 0, v0: [1 / m] });
  let es = 0, ei = 0, peak = 0;
  step.t.forEach((t, i) => {
    const exactImpulse = Math.exp(-s * t) * Math.sin(wd * t) / (m * wd);
    es = Math.max(es, Math.abs(step.q.data[i] - (1 - Math.exp(-s * t) * (Math.cos(wd * t) + (s / wd) * Math.sin(wd * t))) / k));
    ei = Math.max(ei, Math.abs(impulse.q.data[i] - exactImpulse));
    peak = Math.max(peak, Math.abs(exactImpulse));
  });
  rows.push(['msd step response, h = 0.1, N = 2000: max abs(q - closed form) / (1/k)', fmt(es * k), '≤ 1e-10']);
  rows.push(['msd impulse response (q\'(0) = 1/m), h = 0.1, N = 2000: max abs(q - closed form) / peak', fmt(ei / peak), '≤ 1e-10']);
}

// Realised SNR over 1e5 samples.
{
  const sys = mechid.preset('3dof');
  for (const snr of [0, 15, 40]) {
    const clean = mechid.simulate(sys, { h: 0.05, n: 100000, seed: 11 });
    const noisy = mechid.simulate(sys, { h: 0.05, n: 100000, seed: 11, snr });
    const dev = [0, 1, 2].map((c) => {
      const col = (m) => Array.from({ length: m.rows }, (_, i) => m.data[i * m.cols + c]);
      const x = col(clean.q), y = col(noisy.q);
      const variance = (v) => { const mean = v.reduce((a, b) => a + b, 0) / v.length; return v.reduce((a, b) => a + (b - mean) ** 2, 0) / v.length; };
      return Math.abs(10 * Math.log10(variance(x) / variance(y.map((yi, i) => yi - x[i]))) - snr);
    });
    rows.push([`3dof, SNR ${snr} dB, N = 1e5: worst abs(measured - requested) over 3 channels (dB)`, Math.max(...dev).toFixed(3), '≤ 0.2']);
  }
}

// Native vs WASM.
const tool = `${root}build-native/mechid_reference`;
if (existsSync(tool)) {
  const ref = JSON.parse(execFileSync(tool, { encoding: 'utf8', maxBuffer: 64 << 20 }));
  for (const key of ['zoh', 'fine']) {
    const r = ref[key];
    const d = mechid.simulate(mechid.preset(r.system), { h: r.h, n: r.n, input: r.input, snr: r.snr, seed: r.seed });
    const scale = Math.max(...r.q.data.map(Math.abs));
    const worst = Math.max(...r.q.data.map((x, i) => Math.abs(x - d.q.data[i])));
    rows.push([`native vs WASM, ${r.system} ${r.input} SNR ${r.snr} dB: max abs(Δq) / max abs(q)`, fmt(worst / scale), '≤ 1e-12']);
  }
}

// Speed (WASM under Node, best of 5).
const time = (f) => { let best = Infinity; for (let i = 0; i < 5; i++) { const t0 = performance.now(); f(); best = Math.min(best, performance.now() - t0); } return best; };
for (const [name, input, n] of [['3dof', 'prbs', 100000], ['8dof', 'prbs', 100000], ['3dof', 'multisine', 100000]]) {
  const ms = time(() => mechid.simulate(mechid.preset(name), { h: 0.01, n, input, snr: 20 }));
  rows.push([`simulate ${name} ${input}, N = ${n}, h = 0.01 (WASM, Node ${process.version}): ms`, ms.toFixed(1), '']);
}

export const table = ['| measurement | value | target |', '|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
