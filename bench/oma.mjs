// Output-only modal analysis (issue 51), `node bench/run.mjs oma` (~1 min): over 100 records of the
// 5-storey shear frame of pyOMA2's getting-started example (tests/fixtures/oma/shear-frame.mjs;
// 300 s at 100 Hz, 10 % noise, band 0.5–7 Hz, the defaults), per mode: how often it was found, the
// rms frequency error, the mean damping error (as a share of ζ = 2 %: the bias), the least MAC with
// the exact shape, and how often the 95 % intervals (jackknife over 10 blocks, Student's t) cover
// the truth; then the time of 16 channels × 10⁶ samples (40 block rows, orders to 80) in this
// process's WebAssembly.
import { loadMechidNode } from '../wasm/node.js';
import { ambientAccelerations, exactHz, exactShapes, realMac, zeta } from '../tests/fixtures/oma/shear-frame.mjs';

const mechid = await loadMechidNode();
const RECORDS = 100, N = 30001;

const modes = exactHz.map(() => ({ found: 0, f2: 0, dz: 0, minMac: 1, coverF: 0, coverZ: 0, withSd: 0 }));
let spurious = 0, seconds = 0;
for (let seed = 1; seed <= RECORDS; seed++) {
  const y = ambientAccelerations(mechid, N, 1000 + 2 * seed);
  const t0 = performance.now();
  const r = mechid.oma({ h: 0.01, y }, { bandLoHz: 0.5, bandHiHz: 7 });
  seconds += (performance.now() - t0) / 1000;
  const taken = new Set();
  for (const m of r.modes) {
    const j = exactHz.reduce((best, f, i) => (Math.abs(f - m.freq_hz) < Math.abs(exactHz[best] - m.freq_hz) ? i : best), 0);
    if (taken.has(j) || Math.abs(m.freq_hz / exactHz[j] - 1) > 0.02) { spurious++; continue; }
    taken.add(j);
    const s = modes[j];
    s.found++;
    s.f2 += (m.freq_hz / exactHz[j] - 1) ** 2;
    s.dz += m.zeta / zeta - 1;
    s.minMac = Math.min(s.minMac, realMac(m.shape, exactShapes[j]));
    if (m.freq_hz_half95 !== null) {
      s.withSd++;
      s.coverF += Math.abs(m.freq_hz - exactHz[j]) <= m.freq_hz_half95;
      s.coverZ += Math.abs(m.zeta - zeta) <= m.zeta_half95;
    }
  }
}
const pct = (x, digits = 1) => `${(100 * x).toFixed(digits)} %`;
const rows = modes.map((s, j) => `| ${j + 1} | ${exactHz[j].toFixed(3)} | ${s.found} | ${pct(Math.sqrt(s.f2 / s.found), 2)} | ${pct(s.dz / s.found)} | ${s.minMac.toFixed(4)} | ${pct(s.coverF / s.withSd, 0)} | ${pct(s.coverZ / s.withSd, 0)} |`);

// 16 channels × 10⁶ samples: the displacements of the 16-DOF chain preset under a PRBS force.
const chain = mechid.preset('chain16');
const fastest = Math.max(...mechid.modal(chain).modes.map((m) => m.freq_hz));
const hBig = 0.2 / fastest;  // the fastest mode at a fifth of the sampling rate (0.4 of Nyquist)
const big = mechid.simulate(chain, { h: hBig, n: 1e6, input: 'prbs', snr: 40, seed: 3 });
const timed = (options) => {
  const t0 = performance.now();
  const r = mechid.oma({ h: hBig, y: big.q }, { bandHiHz: 0.5 / hBig, blockRows: 40, maxOrder: 80, ...options });
  return { seconds: (performance.now() - t0) / 1000, modes: r.modes.length };
};
const withSd = timed({}), withoutSd = timed({ sdBlocks: 0 });

export const table = [
  `${RECORDS} records of the shear frame (N = ${N}, 10 % noise, band 0.5–7 Hz, defaults: block rows from the band, orders to 60, 10 jackknife blocks), ` +
    `${(seconds / RECORDS).toFixed(2)} s per record in WebAssembly (Node):`,
  '',
  '| mode | exact f (Hz) | found | f rms error | mean ζ error (of ζ) | least MAC | 95 % coverage f | 95 % coverage ζ |',
  '|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
  `Modes found that are none of the five (spurious): ${spurious} in ${RECORDS} records. Issue 51 asks for a mean damping error within 5 % of ζ and coverage 90–98 %.`,
  '',
  `16 channels × 10⁶ samples (the chain16 preset's displacements, a PRBS force, 40 dB), 40 block rows, orders to 80: ` +
    `${withSd.seconds.toFixed(1)} s with the jackknife's 10 blocks, ${withoutSd.seconds.toFixed(1)} s without (--sd-blocks 0); ` +
    `${withSd.modes} modes (issue 51's target: 5 s in the page).`,
].join('\n');
