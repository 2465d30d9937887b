// Our subspace baseline against SLICOT's on the same data (issue 15, item 4): the 3-DOF study's
// design (3dof preset, N = 6000, PRBS held on all inputs, SNR 15 dB, 20 runs per h) written to
// CSV files, then `n4sid-d2c` here and, in Octave (package control: n4sid calls SLICOT
// IB01AD/IB01BD/IB01CD), n4sid(iddata(y, u, h), 6) with its defaults (N4SID weights, Cholesky
// algorithm, s = min(2n, n + 10) = 12 block rows, D estimated), d2c (ZOH, matrix logarithm) and
// the extraction of Luş, De Angelis and Longman (2003) as in src/model/second_order_extraction:
// T = [C; CA], T A T⁻¹ = [0 I; A21 A22], M = L (CAB)⁻¹, K = −M A21, D = −M A22, each symmetrized.
// Runs only when `octave-cli` with the control package is installed (Debian: octave octave-control);
// otherwise the section says so. Reproduce: `node bench/run.mjs slicot` (needs the wasm build).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMechidNode } from '../wasm/node.js';

const hs = [0.02, 0.05, 0.1, 0.2, 0.4, 0.6], runs = 20, n = 6000, snr = 15;
const pct = (x) => (Number.isFinite(x) ? `${(100 * x).toPrecision(3)} %` : '–');

function octaveReady() {
  const probe = spawnSync('octave-cli', ['--quiet', '--eval', 'pkg load control; disp(exist("n4sid"))'], { encoding: 'utf8' });
  return probe.status === 0 && /\b2\b/.test(probe.stdout);
}

// One Octave session over every CSV: one line per file, "h run m11..m33 k11..k33 d11..d33" (row
// major), NaN when n4sid, d2c or the extraction fails.
const octaveScript = (dir, files) => `
pkg load control;
files = {${files.map((f) => `'${f}'`).join(', ')}};
out = fopen('${join(dir, 'slicot.txt')}', 'w');
for f = 1:numel(files)
  z = dlmread(fullfile('${dir}', files{f}), ',', 1, 0);
  h = z(2, 1) - z(1, 1); u = z(:, 2:4); y = z(:, 5:7);
  v = NaN(1, 27);
  try
    sys = n4sid(iddata(y, u, h), 6);
    [A, B, C] = ssdata(d2c(sys, 'zoh'));
    T = [C; C * A]; Ac = T * A / T;
    M = eye(3) / (C * A * B); K = -M * Ac(4:6, 1:3); D = -M * Ac(4:6, 4:6);
    M = (M + M') / 2; K = (K + K') / 2; D = (D + D') / 2;
    v = [reshape(M', 1, []), reshape(K', 1, []), reshape(D', 1, [])];
  catch err
    fprintf(stderr, '%s: %s\\n', files{f}, err.message);
  end
  fprintf(out, '%s %s\\n', files{f}, sprintf('%.17g ', v));
end
fclose(out);
`;

const frob = (a, b) => Math.sqrt(a.reduce((s, x, i) => s + (x - (b ? b[i] : 0)) ** 2, 0));
const rms = (xs) => (xs.length ? Math.sqrt(xs.reduce((s, x) => s + x * x, 0) / xs.length) : NaN);

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
        const rows = ['t,u1,u2,u3,q1,q2,q3'];
        for (let i = 0; i < n; i++) rows.push([sim.t[i], ...sim.u.data.slice(3 * i, 3 * i + 3), ...sim.q.data.slice(3 * i, 3 * i + 3)].map((x) => x.toPrecision(17)).join(','));
        writeFileSync(join(dir, name), rows.join('\n'));
        files.push(name);
        const r = mechid.identify('n4sid-d2c', { h, u: sim.u, y: sim.q, inputSampling: 'hold' }, {}, truth);
        ours.set(name, r.status === 'failed' ? null : r.errors);
      }
    });
    writeFileSync(join(dir, 'run.m'), octaveScript(dir, files));
    const t0 = performance.now();
    const octave = spawnSync('octave-cli', ['--quiet', join(dir, 'run.m')], { encoding: 'utf8', maxBuffer: 1 << 26 });
    if (octave.status !== 0) throw new Error(`octave-cli failed: ${octave.stderr}`);
    const octaveSeconds = (performance.now() - t0) / 1000;
    const slicot = new Map();
    const [tm, tk, td] = [truth.M, truth.K, truth.D].map((m) => Array.from(m.data));
    for (const line of readFileSync(join(dir, 'slicot.txt'), 'utf8').trim().split('\n')) {
      const [name, ...v] = line.trim().split(/\s+/);
      const x = v.map(Number);
      slicot.set(name, x.some((e) => !Number.isFinite(e)) ? null
        : { M: frob(x.slice(0, 9), tm) / frob(tm), K: frob(x.slice(9, 18), tk) / frob(tk), D: frob(x.slice(18, 27), td) / frob(td) });
    }
    const lines = [`3dof, N = ${n}, PRBS held on all inputs, SNR ${snr} dB, ${runs} runs per h (simulate seeds 1000 (index of h + 1) + run; the same CSVs for both), ` +
      `RMS over the runs that did not fail of ‖X̂ − X‖_F/‖X‖_F. SLICOT: Octave ${spawnSync('octave-cli', ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0].replace(/^GNU Octave, version /, '')}, ` +
      `control package n4sid (defaults, order 6) + d2c + Luş extraction (${octaveSeconds.toFixed(0)} s for all runs); ours: n4sid-d2c (WASM). Reproduce: \`node bench/run.mjs slicot\`.`, '',
      '| h | M ours | M SLICOT | K ours | K SLICOT | D ours | D SLICOT | failed ours / SLICOT |', '|---|---|---|---|---|---|---|---|'];
    hs.forEach((h, hIndex) => {
      const mine = files.filter((f) => f.startsWith(`h${hIndex}_`));
      const a = mine.map((f) => ours.get(f)).filter(Boolean), b = mine.map((f) => slicot.get(f)).filter(Boolean);
      const col = (xs, key) => pct(rms(xs.map((e) => e[key])));
      lines.push(`| ${h} | ${col(a, 'M')} | ${col(b, 'M')} | ${col(a, 'K')} | ${col(b, 'K')} | ${col(a, 'D')} | ${col(b, 'D')} | ${mine.length - a.length} / ${mine.length - b.length} |`);
    });
    return lines.join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const table = octaveReady()
  ? await compare()
  : 'Skipped: `octave-cli` with the control package (Debian: `octave octave-control`) is not installed.';
