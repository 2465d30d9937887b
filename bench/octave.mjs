// Octave's control package as a peer of mechid, for the sections slicot (accuracy) and peer (speed):
// its n4sid calls SLICOT IB01AD/IB01BD/IB01CD. What both share: whether Octave can run, the CSV
// files both tools read, the one Octave session that identifies them and the error measure.
//
// In Octave, for n DOFs: n4sid(iddata(y, u, h), 2 n) with the package's defaults (N4SID weights, Cholesky
// algorithm, s = min(2 order, order + 10) block rows, D estimated), d2c (ZOH, matrix logarithm) and
// the extraction of Luş, De Angelis and Longman (2003) as in src/model/second_order_extraction
// (inputs on every DOF, L = I): T = [C; CA], T A T⁻¹ = [0 I; A21 A22], M = (CAB)⁻¹, K = −M A21,
// D = −M A22, each symmetrized.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Why Octave's n4sid cannot run here (for a "Skipped: …" line), or null when it can. */
export function octaveMissing() {
  const probe = spawnSync('octave-cli', ['--quiet', '--eval', 'pkg load control; disp(exist("n4sid"))'], { encoding: 'utf8' });
  if (probe.error) return '`octave-cli` is not installed (Debian: `octave octave-control`)';
  if (probe.status !== 0 || !/\b2\b/.test(probe.stdout)) return 'Octave\'s control package is not installed (Debian: `octave-control`)';
  return null;
}

/** Versions of Octave, of its control package and the BLAS it runs on. */
export function octaveVersions() {
  const script = 'pkg load control; v = ver("control"); printf("%s\\n%s\\n%s\\n", version(), v.Version, version("-blas"))';
  const [octave, control, blas] = spawnSync('octave-cli', ['--quiet', '--eval', script], { encoding: 'utf8' }).stdout.split('\n');
  return { octave, control, blas: blas.match(/config: (\S+ \S+)/)?.[1] ?? blas.trim() };
}

/** A simulate() result as CSV: t, u1…uk, q1…qn, 17 significant digits (both tools read the same doubles). */
export function writeRecordCsv(path, sim) {
  const k = sim.u.cols, n = sim.q.cols;
  const rows = [['t', ...Array.from({ length: k }, (_, j) => `u${j + 1}`), ...Array.from({ length: n }, (_, j) => `q${j + 1}`)].join(',')];
  for (let i = 0; i < sim.t.length; i++) {
    rows.push([sim.t[i], ...sim.u.data.slice(k * i, k * i + k), ...sim.q.data.slice(n * i, n * i + n)].map((x) => x.toPrecision(17)).join(','));
  }
  writeFileSync(path, rows.join('\n'));
}

// One Octave session over the files, each {name, dofs} (inputs and outputs on every DOF): one line
// per file, "name t_n4sid t_all m11..mnn k11..knn d11..dnn" (row major), NaN where n4sid, d2c or the
// extraction failed. With repeats > 0, after the first call, a warm-up of at least 3 calls and 1 s
// (as timing.mjs), then the best of `repeats` tic/toc of n4sid alone and of n4sid + d2c + extraction
// (iddata built before); t = NaN otherwise.
const script = (dir, files, repeats) => `
pkg load control;
function v = second_order(sys, n)
  [A, B, C] = ssdata(d2c(sys, 'zoh'));
  T = [C; C * A]; Ac = T * A / T;
  M = eye(n) / (C * A * B); K = -M * Ac(n+1:2*n, 1:n); D = -M * Ac(n+1:2*n, n+1:2*n);
  M = (M + M') / 2; K = (K + K') / 2; D = (D + D') / 2;
  v = [reshape(M', 1, []), reshape(K', 1, []), reshape(D', 1, [])];
endfunction
% x = f(): called with no output, n4sid plots the singular values instead of identifying.
function best = fastest(f, repeats)
  best = Inf;
  for r = 1:repeats
    t0 = tic; x = f(); best = min(best, toc(t0));
  end
endfunction
files = {${files.map((f) => `'${f.name}'`).join(', ')}};
dofs = [${files.map((f) => f.dofs).join(', ')}];
repeats = ${repeats};
out = fopen('${join(dir, 'octave.txt')}', 'w');
for f = 1:numel(files)
  n = dofs(f);
  z = dlmread(fullfile('${dir}', files{f}), ',', 1, 0);
  h = z(2, 1) - z(1, 1); u = z(:, 2:n+1); y = z(:, n+2:2*n+1);
  v = NaN(1, 3 * n^2); t = [NaN, NaN];
  try
    dat = iddata(y, u, h);
    t0 = tic; v = second_order(n4sid(dat, 2 * n), n); warm = toc(t0);
    if repeats > 0
      calls = 1;
      while calls < 3 || warm < 1
        t0 = tic; x = second_order(n4sid(dat, 2 * n), n); warm += toc(t0); calls += 1;
      end
      t = [fastest(@() n4sid(dat, 2 * n), repeats), fastest(@() second_order(n4sid(dat, 2 * n), n), repeats)];
    end
  catch err
    fprintf(stderr, '%s: %s\\n', files{f}, err.message);
  end
  fprintf(out, '%s %s\\n', files{f}, sprintf('%.17g ', [t, v]));
end
fclose(out);
`;

/**
 * Identifies the CSV files in `dir` ({name, dofs} each) in one Octave session (see the script):
 * {byName: Map name → {seconds: [n4sid, n4sid + d2c + extraction] (NaN unless repeats > 0),
 * values: [M, K, D] row major, or null when it failed}, seconds: the session's wall time}.
 * `threads`: OpenBLAS's thread count for the session (undefined: the environment's, by default one
 * per core).
 */
export function octaveIdentify(dir, files, { repeats = 0, threads } = {}) {
  writeFileSync(join(dir, 'run.m'), script(dir, files, repeats));
  const env = threads === undefined ? process.env : { ...process.env, OPENBLAS_NUM_THREADS: String(threads) };
  const t0 = performance.now();
  const octave = spawnSync('octave-cli', ['--quiet', join(dir, 'run.m')], { encoding: 'utf8', maxBuffer: 1 << 26, env });
  if (octave.status !== 0) throw new Error(`octave-cli failed: ${octave.stderr}`);
  const seconds = (performance.now() - t0) / 1000;
  const byName = new Map();
  for (const line of readFileSync(join(dir, 'octave.txt'), 'utf8').trim().split('\n')) {
    const [name, t1, t2, ...v] = line.trim().split(/\s+/);
    const values = v.map(Number);
    byName.set(name, { seconds: [Number(t1), Number(t2)], values: values.every(Number.isFinite) ? values : null });
  }
  return { byName, seconds };
}

const frob = (a, b) => Math.sqrt(a.reduce((s, x, i) => s + (x - (b ? b[i] : 0)) ** 2, 0));

/** ‖X̂ − X‖_F/‖X‖_F for M, K, D of `values` ([M, K, D] row major, as octaveIdentify) against `truth`. */
export function relativeErrors(values, truth) {
  const n2 = truth.M.rows * truth.M.cols;
  const error = (X, part) => frob(values.slice(part * n2, (part + 1) * n2), X.data) / frob(X.data);
  return { M: error(truth.M, 0), K: error(truth.K, 1), D: error(truth.D, 2) };
}

export const rms = (xs) => (xs.length ? Math.sqrt(xs.reduce((s, x) => s + x * x, 0) / xs.length) : NaN);
export const pct = (x) => (Number.isFinite(x) ? `${(100 * x).toPrecision(3)} %` : '–');
