// False alarms of the advice read off the data (issue 50): clean simulated records of the presets,
// where none of `nonlinear`, `free_body`, `record_too_short`, `output_only`, `friction` (nor `closed_loop`) is
// true, identified with `auto` (100 records: presets × forces × SNR × seeds) and analysed as periodic
// records by `frf` (100 records of a random-odd multisine repeated 6 times through the same presets).
// Target: at most 2 % of records with a false alarm per code.
import { loadMechidNode } from '../wasm/node.js';

const mechid = await loadMechidNode();
const CODES = ['nonlinear', 'free_body', 'record_too_short', 'output_only', 'friction', 'closed_loop'];
// h and N per preset: at least 10 periods of the slowest mode in the record, so that
// record_too_short would be a false alarm.
const SETUPS = [
  { preset: 'msd', h: 0.5, n: 2000 },
  { preset: '3dof', h: 0.1, n: 3000 },
  { preset: '8dof', h: 0.02, n: 4000 },
];
const RECORDS = 100;

function combos() {
  const list = [];
  for (let seed = 1; list.length < RECORDS; seed++)
    for (const setup of SETUPS)
      for (const input of ['prbs', 'multisine'])
        for (const snr of [20, 40]) if (list.length < RECORDS) list.push({ ...setup, input, snr, seed });
  return list;
}

// One period of a random-odd multisine (odd lines up to 0.25/h, one of each three odd lines left
// out: Pintelon & Schoukens 2012, sec. 3.4) of unit RMS, from the core's seeded stream.
function randomOdd(period, seed) {
  const r = mechid.randomStream(seed, period);
  const u = new Float64Array(period);
  let skipped = 0;
  for (let line = 1, odd = 0; line < period / 4; line += 2, odd++) {
    if (odd % 3 === 0) skipped = Math.floor(r[line] * 3);
    if (odd % 3 === skipped) continue;
    const phase = 2 * Math.PI * r[line + 1];
    for (let t = 0; t < period; t++) u[t] += Math.cos((2 * Math.PI * line * t) / period + phase);
  }
  const rms = Math.sqrt(u.reduce((s, x) => s + x * x, 0) / period);
  return u.map((x) => x / rms);
}

const count = () => Object.fromEntries(CODES.map((c) => [c, 0]));
const others = new Map();
const tally = (seen, result) => {
  for (const a of result.advice ?? []) {
    if (a.code in seen) seen[a.code]++;
    else others.set(a.code, (others.get(a.code) ?? 0) + 1);
  }
};

const identified = count();
let failed = 0;
const t0 = performance.now();
for (const c of combos()) {
  const truth = mechid.preset(c.preset);
  const sim = mechid.simulate(truth, { h: c.h, n: c.n, input: c.input, snr: c.snr, seed: c.seed });
  const r = mechid.identify('auto', { h: c.h, u: sim.u, y: sim.q, inputSampling: c.input === 'prbs' ? 'hold' : 'point' }, {}, truth);
  if (r.status === 'failed') failed++;
  tally(identified, r);
}
const identifySeconds = (performance.now() - t0) / 1000;

const periodic = count();
const P = 1024, periods = 6;
for (let i = 0; i < RECORDS; i++) {
  const setup = SETUPS[i % SETUPS.length];
  const truth = mechid.preset(setup.preset);
  const k = truth.L.cols;
  const one = randomOdd(P, 100 + i);
  const data = new Float64Array(P * periods * k);
  for (let t = 0; t < P * periods; t++) data[t * k] = one[t % P];  // the force on the first input, the others at rest
  const sim = mechid.simulate(truth, { h: setup.h, n: P * periods, input: 'samples', samples: { rows: P * periods, cols: k, data }, snr: i % 2 ? 40 : 20, seed: i + 1 });
  const u = { rows: P * periods, cols: 1, data: Float64Array.from({ length: P * periods }, (_, t) => sim.u.data[t * k]) };
  tally(periodic, mechid.frf({ h: setup.h, u, y: sim.q }, {}));
}

const rate = (n) => `${n} (${((100 * n) / RECORDS).toFixed(0)} %)`;
const lines = [
  `Clean simulated records (the presets msd, 3dof, 8dof with h and N giving at least 10 periods of the slowest mode; PRBS (held) and multisine (point-sampled) forces; SNR 20 and 40 dB; seeds 1..; linear systems with springs to ground, measured forces, open loop): ${RECORDS} identified with \`auto\` (${identifySeconds.toFixed(0)} s, ${failed} failed) and ${RECORDS} periodic records (a random-odd multisine, 6 periods of 1024 samples, on the first input) analysed by \`frf\` (periods found from the force). Each count is a false alarm: none of these advice codes is true of such a record. Regenerate: \`node bench/run.mjs false_alarms\`.`,
  '',
  '| advice | identify: records with it | frf, periodic: records with it |',
  '|---|---|---|',
  ...CODES.map((c) => `| ${c} | ${rate(identified[c])} | ${rate(periodic[c])} |`),
  '',
  `Other advice seen (not false alarms by themselves): ${[...others].map(([c, n]) => `${c} ${n}`).join(', ') || 'none'}.`,
  '`nonlinear` is tested by `frf` and `modes` on periodic records only (the identify column cannot show it); its power on distorted records is in the Catch2 case of a Duffing oscillator (tests/cpp/analysis/nonlinear_distortion_test.cpp).',
  '`output_only` is given only when a record has no force channel (a refusal, wasm/recording.js), so it cannot fire on these records. `closed_loop` (src/identify/feedback_test.hpp) is tested on the results of identify only; its power on closed-loop records is in bench `real` (the ECP runs under position control) and tests/node/closed_loop.test.mjs (the belt drive under cascade control).',
];
export const table = lines.join('\n');
