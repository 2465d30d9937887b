// Our subspace baseline against SLICOT's on the same data (issue 15, item 4): the 3-DOF study's
// design (3dof preset, N = 6000, PRBS held on all inputs, SNR 15 dB, 20 runs per h) written to
// CSV files, then `n4sid-d2c` here and, in Octave (package control: n4sid calls SLICOT
// IB01AD/IB01BD/IB01CD), n4sid(iddata(y, u, h), 6) with its defaults (N4SID weights, Cholesky
// algorithm, s = min(2n, n + 10) = 12 block rows, D estimated), d2c (ZOH, matrix logarithm) and
// the extraction of Luş, De Angelis and Longman (2003) as in src/model/second_order_extraction
// (bench/octave.mjs, shared with the section peer).
// Runs only when `octave-cli` with the control package is installed (Debian: octave octave-control);
// otherwise the section says so. Reproduce: `node bench/run.mjs slicot` (needs the wasm build).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMechidNode } from '../wasm/node.js';
import { octaveIdentify, octaveMissing, octaveVersions, pct, relativeErrors, rms, writeRecordCsv } from './octave.mjs';

const hs = [0.02, 0.05, 0.1, 0.2, 0.4, 0.6], runs = 20, n = 6000, snr = 15;

async function compare() {
  const mechid = await loadMechidNode();
  const truth = mechid.preset('3dof');
  const dir = mkdtempSync(join(tmpdir(), 'mechid-slicot-'));
  const files = [], ours = new Map();
  try {
    hs.forEach((h, hIndex) => {
      for (let run = 0; run < runs; run++) {
        const seed = 1000 * (hIndex + 1) + run;
        const sim = mechid.simulate(truth, { h, n, snr, seed });
        const name = `h${hIndex}_r${run}.csv`;
        writeRecordCsv(join(dir, name), sim);
        files.push({ name, dofs: 3 });
        const r = mechid.identify('n4sid-d2c', { h, u: sim.u, y: sim.q, inputSampling: 'hold' }, {}, truth);
        ours.set(name, r.status === 'failed' ? null : r.errors);
      }
    });
    const octave = octaveIdentify(dir, files);
    const slicot = new Map([...octave.byName].map(([name, { values }]) => [name, values && relativeErrors(values, truth)]));
    const lines = [`3dof, N = ${n}, PRBS held on all inputs, SNR ${snr} dB, ${runs} runs per h (simulate seeds 1000 (index of h + 1) + run; the same CSVs for both), ` +
      `RMS over the runs that did not fail of ‖X̂ − X‖_F/‖X‖_F. SLICOT: Octave ${octaveVersions().octave}, ` +
      `control package n4sid (defaults, order 6) + d2c + Luş extraction (${octave.seconds.toFixed(0)} s for all runs); ours: n4sid-d2c (WASM). Reproduce: \`node bench/run.mjs slicot\`.`, '',
      '| h | M ours | M SLICOT | K ours | K SLICOT | D ours | D SLICOT | failed ours / SLICOT |', '|---|---|---|---|---|---|---|---|'];
    hs.forEach((h, hIndex) => {
      const mine = files.map((f) => f.name).filter((f) => f.startsWith(`h${hIndex}_`));
      const a = mine.map((f) => ours.get(f)).filter(Boolean), b = mine.map((f) => slicot.get(f)).filter(Boolean);
      const col = (xs, key) => pct(rms(xs.map((e) => e[key])));
      lines.push(`| ${h} | ${col(a, 'M')} | ${col(b, 'M')} | ${col(a, 'K')} | ${col(b, 'K')} | ${col(a, 'D')} | ${col(b, 'D')} | ${mine.length - a.length} / ${mine.length - b.length} |`);
    });
    return lines.join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const missing = octaveMissing();
export const table = missing ? `Skipped: ${missing}.` : await compare();
