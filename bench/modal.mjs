// Modes in a band (issue 17): `mechid modes` on the F-16 ground vibration test (from
// ../shared/data/real/ when present) and on 100 simulated records of the 8-DOF preset observed by
// 3 accelerometers with one force, where the truth is known (frequency and damping errors, and how
// often the intervals cover the truth).
// Reproduce: `node bench/run.mjs modal` (needs the wasm build; about 3 min).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import { parseDatasetCsv } from '../wasm/csv.js';
import { loadMechidNode } from '../wasm/node.js';

const f16File = fileURLToPath(new URL('../../shared/data/real/f16gvt/F16Data_FullMSine_Level1.csv', import.meta.url));
const g4 = (x) => x.toPrecision(4);
const f1 = (x) => x.toFixed(1);

function f16Table(mechid) {
  if (!existsSync(f16File)) return '_F-16 record not present (../shared/data/real/f16gvt/): skipped._';
  const d = parseDatasetCsv({ Papa, text: readFileSync(f16File, 'utf8'), source: f16File, outputCols: ['a1', 'a2', 'a3'] });
  const start = performance.now();
  const r = mechid.modes({ h: d.h, u: d.u, y: d.y }, {
    bandLoHz: 2, bandHiHz: 15, periods: 9, skipPeriods: 1, holdoutPeriods: 1, outputs: ['acceleration', 'acceleration', 'acceleration'],
  });
  const seconds = (performance.now() - start) / 1000;
  const note = (f) => (Math.abs(f - 5.2) < 0.3 ? ' (wing bending, note: ≈ 5.2)' : Math.abs(f - 7.3) < 0.3 ? ' (wing torsion, note: ≈ 7.3)' : '');
  const rows = r.modes.map((m) => `| ${m.freq_hz.toFixed(4)} ± ${(1.96 * m.freq_hz_sd).toPrecision(2)}${note(m.freq_hz)} | ${g4(m.zeta)} ± ${(1.96 * m.zeta_sd).toPrecision(2)} | ${m.mpc.toFixed(3)} | ${m.stable_orders} (order ${m.order}) |`);
  return [
    '`mechid modes --data F16Data_FullMSine_Level1.csv --periods 9 --holdout-periods 1 --band 2:15` (outputs a1, a2, a3; FRF from periods 2–8, period 9 held out; uniform weighting, the default for periodic records; standard deviations from the maximum-likelihood refinement’s covariance, whose residuals include the nonlinear torsion mode’s distortions):',
    '',
    '| mode, Hz (± 1.96 sd) | ζ (± 1.96 sd) | MPC | consecutive stable orders |',
    '|---|---|---|---|',
    ...rows,
    '',
    `Held-out period 9, the band model's steady-state response to the measured force: fit ${r.validation.map((v) => f1(v.fit_percent)).join(' / ')} % (a1 / a2 / a3; against the outputs' part in 2–15 Hz: ${r.validation.map((v) => f1(v.fit_percent_band)).join(' / ')} %). Octave's n4sid on the same record (measured once, outside this bench): order 10, held-out fit −1 %; orders 20 and 30 unstable.`,
    `Status ${r.status}; ${r.modes.length} modes picked of the poles stable over ≥ 5 orders; ${seconds.toFixed(2)} s in WASM under Node (the record parsed beforehand).`,
  ].join('\n');
}

// A standard normal from two uniforms of the core's random stream (Box–Muller).
function normals(mechid, seed, count) {
  const bits = mechid.randomStream(seed, 2 * count);
  const out = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const u1 = (bits[2 * i] + 1) / 4294967297, u2 = bits[2 * i + 1] / 4294967296;
    out[i] = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  }
  return out;
}

function eightDofTable(mechid) {
  const preset = mechid.preset('8dof');
  const L = { rows: 8, cols: 1, data: Float64Array.from({ length: 8 }, (_, i) => (i === 0 ? 1 : 0)) };
  const system = { ...preset, L };
  const truth = mechid.modal(preset).modes;
  const sensors = [0, 3, 6], runs = 100, n = 20000, h = 0.02, snrDb = 30;
  // Runs first … first + 99 (input seed; the noise's seeds follow): 1000 by default, another set
  // with MECHID_MODAL_FIRST_SEED (docs/results.md cites 1100).
  const first = Number(process.env.MECHID_MODAL_FIRST_SEED ?? 1000);
  const stats = truth.map(() => ({ found: 0, errF: [], errZ: [], coverF: 0, coverZ: 0, zF: [], zZ: [] }));
  let seconds = 0;
  for (let run = 0; run < runs; run++) {
    const sim = mechid.simulate(system, { h, n, input: 'prbs', seed: first + run, withDerivatives: true });
    const y = { rows: n, cols: 3, data: new Float64Array(3 * n) };
    sensors.forEach((s, c) => {
      let mean = 0, power = 0;
      for (let i = 0; i < n; i++) mean += sim.a.data[i * 8 + s] / n;
      for (let i = 0; i < n; i++) power += (sim.a.data[i * 8 + s] - mean) ** 2 / n;
      const noise = normals(mechid, 5000 + 10 * (first - 1000 + run) + c, n), sd = Math.sqrt(power / 10 ** (snrDb / 10));
      for (let i = 0; i < n; i++) y.data[i * 3 + c] = sim.a.data[i * 8 + s] + sd * noise[i];
    });
    const start = performance.now();
    const r = mechid.modes({ h, u: sim.u, y }, { bandLoHz: 0.5, bandHiHz: 5, outputs: ['acceleration', 'acceleration', 'acceleration'] });
    seconds += (performance.now() - start) / 1000;
    truth.forEach((t, i) => {
      const m = r.modes.find((x) => Math.abs(x.freq_hz / t.freq_hz - 1) < 0.01);
      if (!m) return;
      const s = stats[i];
      s.found++;
      s.errF.push(Math.abs(m.freq_hz / t.freq_hz - 1));
      s.errZ.push(Math.abs(m.zeta / t.zeta - 1));
      if (m.freq_hz_sd === null) return;
      s.zF.push((m.freq_hz - t.freq_hz) / m.freq_hz_sd);
      s.zZ.push((m.zeta - t.zeta) / m.zeta_sd);
      s.coverF += Math.abs(s.zF.at(-1)) <= 1.96;
      s.coverZ += Math.abs(s.zZ.at(-1)) <= 1.96;
    });
  }
  const pct = (x) => (100 * x).toFixed(2);
  const rms = (v) => Math.sqrt(v.reduce((a, x) => a + x * x, 0) / v.length).toFixed(2);
  const median = (v) => (v.length ? [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] : NaN);
  // What the set-up can see of each mode (mechid modal with a test set-up): its FRF peak at the
  // sensors in % of the largest; below 1 % a mode is reported not observable.
  const setup = mechid.modal(system, { sensorDofs: sensors.map((s) => s + 1), forceDofs: [1], response: 'acceleration' });
  const rows = truth.map((t, i) => ({ t, s: stats[i], participation: setup.modes[i].participation_percent }));
  const hidden = setup.modes.filter((m) => !m.observable).map((m) => `${g4(m.freq_hz)} Hz`);
  return [
    `8-DOF preset, one PRBS force on DOF 1, accelerations of DOFs 1, 4, 7 at ${snrDb} dB SNR, N = ${n}, h = ${h} s, ${runs} runs (seeds ${first}–${first + runs - 1}); \`mechid modes --band 0.5:5\` (LPM FRF; poles refined by maximum likelihood with the LPM noise levels smoothed over 41 lines as weights, then once more on the LPM around the refined model; standard deviations from the LPM errors' own covariance carried through the linearised refinement). A mode counts as found within 1 % of its frequency. The last column is 1 for standard deviations that match the spread, below 1 where they are wider than it.`,
    '',
    '| true mode, Hz | ζ | participation (% of largest) | found in runs | median absolute error f, % | median absolute error ζ, % | 95 % intervals (± 1.96 sd) holding the truth, f / ζ | rms of (estimate − truth)/sd, f / ζ |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(({ t, s, participation }) => `| ${g4(t.freq_hz)} | ${g4(t.zeta)} | ${f1(participation)} | ${s.found} | ${pct(median(s.errF))} | ${pct(median(s.errZ))} | ${s.coverF} / ${s.coverZ} of ${s.found} | ${rms(s.zF)} / ${rms(s.zZ)} |`),
    '',
    `Participation: \`mechid modal --system 8dof --force-dofs 1 --sensor-dofs 1,4,7 --response acceleration\`, the mode's accelerance peak at the sensors |φ(force DOF)|·‖φ(sensors)‖/(2ζ) in % of the largest; not observable from this set-up (below 1 %): ${hidden.length ? hidden.join(', ') : 'none'}. Time per record: ${(seconds / runs).toFixed(2)} s in WASM under Node.`,
  ].join('\n');
}

const mechid = await loadMechidNode();
export const table = [
  'Reproduce: `node bench/run.mjs modal`.',
  '',
  '### F-16 ground vibration test (real record)',
  '',
  f16Table(mechid),
  '',
  '### 8-DOF preset, 3 accelerometers, one force (simulated, 100 runs)',
  '',
  eightDofTable(mechid),
].join('\n');
