// Output-only modal analysis (issue 51), `node bench/run.mjs oma` (~1 min): over 100 records of the
// 5-storey shear frame of pyOMA2's getting-started example (tests/fixtures/oma/shear-frame.mjs;
// 300 s at 100 Hz, 10 % noise, band 0.5–7 Hz, the defaults), per mode: how often it was found, the
// rms frequency error, the mean damping error (as a share of ζ = 2 %: the bias), the least MAC with
// the exact shape, and how often the 95 % intervals (jackknife over 10 blocks of the estimates'
// first-order expansion, Student's t) cover the truth, with the binomial standard error of a
// coverage over that many records; then the time (wall and this process's CPU, with the machine's
// load) of 16 channels × 10⁶ samples (40 block rows, orders to 80) in this process's WebAssembly; then the F-16 ground vibration test's accelerations without the force
// (/work/shared/data/real/f16gvt, when present) by the CLI with the defaults and with longer lags;
// a straightforward SSI-cov in Octave (bench/oma_ssi_cov.m, when octave-cli is installed) beside it.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMechidNode } from '../wasm/node.js';
import { ambientAccelerations, ambientCsv, exactHz, exactShapes, realMac, zeta } from '../tests/fixtures/oma/shear-frame.mjs';

const mechid = await loadMechidNode();
const RECORDS = 200, N = 30001;

// Records first … first + count − 1 (seed 1000 + 2·record) with the defaults: per exact mode its
// matches and their errors and coverage; the modes matching none (spurious), the seconds, the
// records with a peak-without-mode warning.
function study(first, count) {
  const modes = exactHz.map(() => ({ found: 0, f2: 0, dz: 0, minMac: 1, coverF: 0, coverZ: 0, withSd: 0 }));
  let spurious = 0, seconds = 0, peakWarnings = 0, leftOut = 0;
  for (let seed = first; seed < first + count; seed++) {
    const y = ambientAccelerations(mechid, N, 1000 + 2 * seed);
    const t0 = performance.now();
    const r = mechid.oma({ h: 0.01, y }, { bandLoHz: 0.5, bandHiHz: 7 });
    seconds += (performance.now() - t0) / 1000;
    if (r.advice.some((a) => a.code === 'undetermined' && a.level === 'warning')) peakWarnings++;
    if (r.advice.some((a) => a.code === 'undetermined' && a.level === 'note')) leftOut++;
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
  return { modes, spurious, seconds, peakWarnings, leftOut };
}
const { modes, spurious, seconds, peakWarnings, leftOut } = study(1, RECORDS);
// Records kept back from the choice of the estimating poles' orders (output_only_modes.cpp).
const keptBack = study(RECORDS + 1, RECORDS);
const pct = (x, digits = 1) => `${(100 * x).toFixed(digits)} %`;
const rows = modes.map((s, j) => `| ${j + 1} | ${exactHz[j].toFixed(3)} | ${s.found} | ${pct(Math.sqrt(s.f2 / s.found), 2)} | ${pct(s.dz / s.found)} | ${s.minMac.toFixed(4)} | ${pct(s.coverF / s.withSd, 0)} | ${pct(s.coverZ / s.withSd, 0)} |`);

// 16 channels × 10⁶ samples: the displacements of the 16-DOF chain preset under a PRBS force.
const chain = mechid.preset('chain16');
const fastest = Math.max(...mechid.modal(chain).modes.map((m) => m.freq_hz));
const hBig = 0.2 / fastest;  // the fastest mode at a fifth of the sampling rate (0.4 of Nyquist)
const big = mechid.simulate(chain, { h: hBig, n: 1e6, input: 'prbs', snr: 40, seed: 3 });
const timed = (options) => {
  const t0 = performance.now(), c0 = process.cpuUsage();
  const r = mechid.oma({ h: hBig, y: big.q }, { bandHiHz: 0.5 / hBig, blockRows: 40, maxOrder: 80, ...options });
  const cpu = process.cpuUsage(c0);
  return { seconds: (performance.now() - t0) / 1000, cpu: (cpu.user + cpu.system) / 1e6, modes: r.modes.length };
};
const load = loadavg()[0], cpuCount = availableParallelism();
const withSd = timed({}), withoutSd = timed({ sdBlocks: 0 });

// The F-16 GVT (Noël & Schoukens): 400 Hz, 73 728 samples, a1..a3 without the force u1, band 2–15 Hz;
// the force-based analysis of the same record (mechid modes) gives 5.185 and 7.321 Hz.
const F16 = '/work/shared/data/real/f16gvt/F16Data_FullMSine_Level1.csv';
const f16Line = (args) => {
  const t0 = performance.now();
  const out = JSON.parse(execFileSync('node', ['bin/mechid.js', 'oma', '--data', F16, '--output-cols', 'a1,a2,a3', '--band', '2:15', ...args],
    { encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'ignore'] }));
  const near = (f) => out.modes.find((m) => Math.abs(m.freq_hz / f - 1) <= 0.02);
  const say = (f) => (near(f) ? `${near(f).freq_hz.toFixed(3)} Hz` : 'not found');
  const warned = out.advice.find((a) => a.code === 'undetermined' && /peaks at (.*) where/.test(a.message));
  const hinted = warned && /take about (\d+) block rows/.exec(warned.detail)?.[1];
  const peaks = warned ? `${/peaks at (.*) where/.exec(warned.message)[1]}${hinted ? ` (${hinted} block rows hinted)` : ''}` : 'none';
  const redone = out.advice.some((a) => a.code === 'longer_lags') ? `yes, orders to ${out.max_order}` : 'no';
  return `| ${args.join(' ') || '(defaults)'} | ${redone} | ${out.block_rows} | ${out.modes.map((m) => m.freq_hz.toFixed(2)).join(', ')} | ${say(5.185)} | ${say(7.321)} | ${((performance.now() - t0) / 1000).toFixed(1)} s | ${peaks} |`;
};
const f16 = existsSync(F16) ? [
  '',
  'F-16 ground vibration test (Noël & Schoukens), accelerations a1–a3 without the force, 400 Hz, band 2–15 Hz, `mechid oma` (time of the whole CLI run, this machine):',
  '',
  '| options | redone with longer lags | block rows | modes (Hz) | near 5.185 Hz (±2 %) | near 7.321 Hz (±2 %) | time | peaks without a mode (warning) |',
  '|---|---|---|---|---|---|---|---|',
  f16Line([]), f16Line(['--block-rows', '50']), f16Line(['--block-rows', '100', '--max-order', '80']), f16Line(['--block-rows', '274']),
  f16Line(['--block-rows', '360']),
  '',
  'Its modes are 0.7–1.4 Hz apart and lightly damped (ζ ≈ 0.6–0.9 %), under a periodic multisine, beside stronger modes above the band: ' +
    'the default rule\'s lags (half a period of the band\'s lower edge, 50 block rows, 0.25 s; `--block-rows 50` is that analysis alone) and orders to 60 find one ' +
    'mode and leave peaks of the spectrum without one. With the automatic block rows the analysis is then redone once with lags spanning 1/Δf of the closest ' +
    'modes and peaks and the orders doubled (output_only_modes.cpp, with_longer_lags), which finds both modes; on the ambient shear frame, whose peaks all have ' +
    'modes at the default lags, it runs only for the records that warned (the section\'s first table: its counts include it).',
] : [];

// The peer: a straightforward SSI-cov in Octave (bench/oma_ssi_cov.m) on the same shear-frame record,
// the same block rows and orders, against mechid.oma without the jackknife (which also builds the
// stabilization diagram, the clustering and the spectrum); the frequencies of Octave's poles at order 10.
function octavePeer() {
  const probe = spawnSync('octave-cli', ['--quiet', '--eval', 'disp(1)'], { encoding: 'utf8' });
  if (probe.error) return ['', 'Peer: skipped (`octave-cli` is not installed).'];
  const dir = mkdtempSync(join(tmpdir(), 'mechid-oma-peer-'));
  const path = join(dir, 'frame.csv');
  writeFileSync(path, ambientCsv(mechid, N, 7));
  const peer = spawnSync('octave-cli', ['--quiet', 'bench/oma_ssi_cov.m', path, '0.01', '50', '60', '10'], { encoding: 'utf8' });
  const [seconds, ...poles] = peer.stdout.trim().split('\n');
  const octaveHz = poles.map((line) => Number(line.split(' ')[0]));
  const y = ambientAccelerations(mechid, N, 7);
  const t0 = performance.now();
  const r = mechid.oma({ h: 0.01, y }, { bandLoHz: 0.5, bandHiHz: 7, blockRows: 50, maxOrder: 60, sdBlocks: 0 });
  const ours = (performance.now() - t0) / 1000;
  rmSync(dir, { recursive: true, force: true });
  const nearest = (list, f) => list.reduce((best, x) => (Math.abs(x - f) < Math.abs(best - f) ? x : best), Infinity);
  const v = spawnSync('octave-cli', ['--quiet', '--eval', 'printf("%s", version())'], { encoding: 'utf8' }).stdout;
  return ['', `Peer on one shear-frame record (N = ${N}, 5 channels, 50 block rows, orders 2 … 60): a straightforward SSI-cov in Octave ${v} ` +
    `(bench/oma_ssi_cov.m: direct correlation sums, SVD, pinv per order) ${Number(seconds).toFixed(2)} s; mechid.oma in WebAssembly without the jackknife ` +
    `(the same SSI plus the stabilization diagram, clustering and spectrum) ${ours.toFixed(2)} s.`, '',
    '| exact f (Hz) | mechid (Hz) | Octave, order 10 (Hz) |', '|---|---|---|',
    ...exactHz.map((f) => `| ${f.toFixed(3)} | ${nearest(r.modes.map((m) => m.freq_hz), f).toFixed(3)} | ${nearest(octaveHz, f).toFixed(3)} |`)];
}

export const table = [
  `${RECORDS} records of the shear frame (N = ${N}, 10 % noise, band 0.5–7 Hz, defaults: block rows from the band, orders to 60, ` +
    `the jackknife over 10 blocks of the estimates' first-order expansion), ${(seconds / RECORDS).toFixed(2)} s per record in WebAssembly (Node); ` +
    `a coverage of 95 % over ${RECORDS} records has a binomial standard error of ${pct(Math.sqrt(0.95 * 0.05 / RECORDS))}:`,
  '',
  '| mode | exact f (Hz) | found | f rms error | mean ζ error (of ζ) | least MAC | 95 % coverage f | 95 % coverage ζ |',
  '|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
  `Modes found that are none of the five (spurious): ${spurious} in ${RECORDS} records. Issue 51 asks for a mean damping error within 5 % of ζ and coverage 90–98 %; ` +
    'f, ζ and their jackknife come from the cluster\'s poles at orders up to a third of the highest (estimating_poles in output_only_modes.cpp), ' +
    `a rule chosen on these records; on records ${RECORDS + 1}–${2 * RECORDS}, kept back from the choice, 95 % coverage of f per mode ` +
    `${keptBack.modes.map((s) => pct(s.coverF / s.withSd, 0)).join(', ')} and of ζ ${keptBack.modes.map((s) => pct(s.coverZ / s.withSd, 0)).join(', ')}, ` +
    `mean ζ error ${keptBack.modes.map((s) => pct(s.dz / s.found)).join(', ')}, ${keptBack.spurious} spurious modes. ` +
    `Records warned of a spectrum peak with no mode (unmatched_peaks.hpp; advice undetermined, a warning): ${peakWarnings}. ` +
    `Records with clusters of stable poles left out because their frequency's jackknife sd exceeds 5 % of it (kMaxRelativeFrequencySd in ` +
    `output_only_modes.hpp; advice undetermined, a note): ${leftOut}.`,
  '',
  `16 channels × 10⁶ samples (the chain16 preset's displacements, a PRBS force, 40 dB), 40 block rows, orders to 80, in WebAssembly (Node): ` +
    `${withSd.seconds.toFixed(1)} s (${withSd.cpu.toFixed(1)} s of CPU) with the standard deviations (the jackknife's 10 blocks), ` +
    `${withoutSd.seconds.toFixed(1)} s (${withoutSd.cpu.toFixed(1)} s of CPU) without (--sd-blocks 0); ${withSd.modes} modes ` +
    `(issue 51's target: 5 s in the page; load average ${load.toFixed(1)} on ${cpuCount} cores while measured).`,
  ...octavePeer(),
  ...f16,
].join('\n');
