// mechid oma (issue 51): output-only modal analysis of a CSV of accelerations only, the 5-storey
// shear frame of pyOMA2's getting-started example (m = 25.91 kg, k = 10 kN/m per storey, ζ = 2 %
// modal damping, white-noise forces at every storey, 100 Hz, 10 % noise), its modes checked
// against eig(K, M) computed here by Jacobi rotations, independently of the core.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, mechid } from './helpers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'mechid-oma-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const n = 5, mass = 25.91, k = 10000, zeta = 0.02, h = 0.01;

/** Eigenvalues and orthonormal eigenvectors (columns) of a symmetric matrix A (array of rows), by cyclic Jacobi rotations. */
function jacobiEigen(A) {
  const a = A.map((row) => [...row]);
  const m = a.length;
  const v = Array.from({ length: m }, (_, i) => Array.from({ length: m }, (_, j) => (i === j ? 1 : 0)));
  for (let sweep = 0; sweep < 50; sweep++) {
    let off = 0;
    for (let p = 0; p < m; p++) for (let q = p + 1; q < m; q++) off += a[p][q] ** 2;
    if (off < 1e-30) break;
    for (let p = 0; p < m; p++) {
      for (let q = p + 1; q < m; q++) {
        if (a[p][q] === 0) continue;
        const theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1), s = t * c;
        for (let r = 0; r < m; r++) { const x = a[r][p], y = a[r][q]; a[r][p] = c * x - s * y; a[r][q] = s * x + c * y; }
        for (let r = 0; r < m; r++) { const x = a[p][r], y = a[q][r]; a[p][r] = c * x - s * y; a[q][r] = s * x + c * y; }
        for (let r = 0; r < m; r++) { const x = v[r][p], y = v[r][q]; v[r][p] = c * x - s * y; v[r][q] = s * x + c * y; }
      }
    }
  }
  const order = a.map((_, i) => i).sort((i, j) => a[i][i] - a[j][j]);
  return { values: order.map((i) => a[i][i]), vectors: order.map((i) => v.map((row) => row[i])) };
}

// Shear building: K tridiagonal (2k on the diagonal, k at the top storey, −k beside it), M = m I,
// so eig(K, M) = eig(K/m) with shapes V; modal damping D = M Φ diag(2ζω) Φᵀ M = m V diag(2ζω) Vᵀ.
const K = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? (i < n - 1 ? 2 * k : k) : Math.abs(i - j) === 1 ? -k : 0)));
const { values, vectors } = jacobiEigen(K.map((row) => row.map((x) => x / mass)));
const omega = values.map(Math.sqrt), exactHz = omega.map((w) => w / (2 * Math.PI));
const D = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => mass * vectors.reduce((s, v, r) => s + v[i] * 2 * zeta * omega[r] * v[j], 0)));
const matrix = (rows) => ({ rows: rows.length, cols: rows[0].length, data: Float64Array.from(rows.flat()) });
const identity = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
const system = { name: 'shear frame', M: matrix(identity.map((row) => row.map((x) => x * mass))), D: matrix(D), K: matrix(K), L: matrix(identity) };

/** Standard normal numbers from a seeded generator (mulberry32 and Box–Muller). */
function normals(count, seed) {
  let s = seed >>> 0;
  const uniform = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = new Float64Array(count);
  for (let i = 0; i < count; i++) out[i] = Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
  return out;
}

/** t,a1..a5 of the frame under white-noise forces (N samples), 10 % noise on each channel, as CSV text. */
function ambientCsv(N, seed) {
  const sim = mechid.simulate(system, { h, n: N, input: 'samples', samples: { rows: N, cols: n, data: normals(N * n, seed).map((x) => 100 * x) }, withDerivatives: true });
  const noise = normals(N * n, seed + 1);
  const a = sim.a.data;
  for (let c = 0; c < n; c++) {
    let mean = 0, ss = 0;
    for (let t = 0; t < N; t++) mean += a[t * n + c] / N;
    for (let t = 0; t < N; t++) ss += (a[t * n + c] - mean) ** 2 / N;
    for (let t = 0; t < N; t++) a[t * n + c] += 0.1 * Math.sqrt(ss) * noise[t * n + c];
  }
  const lines = ['t,a1,a2,a3,a4,a5'];
  for (let t = 0; t < N; t++) lines.push([(t * h).toFixed(2), ...Array.from(a.subarray(t * n, t * n + n), (x) => x.toPrecision(8))].join(','));
  return `${lines.join('\n')}\n`;
}

const mac = (a, b) => {
  const dot = a.reduce((s, x, i) => s + x * b[i], 0), na = a.reduce((s, x) => s + x * x, 0), nb = b.reduce((s, x) => s + x * x, 0);
  return (dot * dot) / (na * nb);
};

test('mechid oma: the shear frame\'s five modes from a CSV of accelerations only, against eig(K, M)', async () => {
  assert.deepEqual(exactHz.map((f) => Number(f.toFixed(2))), [0.89, 2.6, 4.1, 5.26, 6]);  // pyOMA2's published values
  const path = join(dir, 'ambient.csv');
  writeFileSync(path, ambientCsv(30001, 7));
  const r = await cli('oma', '--data', path, '--band', '0.5:7');
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr, '');
  const out = JSON.parse(r.stdout);
  assert.equal(out.status, 'ok');
  for (const key of ['modes', 'stabilization', 'spectrum', 'advice', 'status', 'warnings', 'channels', 'block_rows', 'references', 'free_decay']) assert.ok(key in out, key);
  assert.deepEqual(out.channels.outputs.map((c) => c.name), ['a1', 'a2', 'a3', 'a4', 'a5']);
  assert.equal(out.modes.length, 5, `modes at ${out.modes.map((m) => m.freq_hz.toFixed(3)).join(', ')} Hz`);
  out.modes.forEach((mode, j) => {
    const what = `mode ${j + 1}: ${mode.freq_hz} Hz (exact ${exactHz[j]}), zeta ${mode.zeta}`;
    // 4 σ of a natural frequency from T = 300 s, σ/f ≈ √(ζ/(2π f T)) (0.35 % for the 0.89 Hz mode, 0.13 %
    // for the 6 Hz one): measured over 20 records of the C++ test, the rms errors were 0.32, 0.24, 0.21,
    // 0.28, 0.20 %, so issue 51's 0.5 % holds for most records of 300 s but not for every one (this
    // record's third mode is 0.5 % low)
    assert.ok(Math.abs(mode.freq_hz / exactHz[j] - 1) <= 4 * Math.sqrt(zeta / (2 * Math.PI * exactHz[j] * 300)), what);
    // 3.5 σ of a damping ratio from T = 300 s of a lightly damped mode, σ/ζ ≈ 1/√(2π ζ f T) (ssi_shear_frame_test.cpp)
    assert.ok(Math.abs(mode.zeta / zeta - 1) <= 3.5 / Math.sqrt(2 * Math.PI * zeta * exactHz[j] * 300), what);
    assert.ok(mac(mode.shape, vectors[j]) >= 0.99, `${what}: MAC ${mac(mode.shape, vectors[j])}`);
    assert.equal(Math.max(...mode.shape), 1, 'the largest component is +1');
    for (const key of ['mpc', 'mpd_deg', 'orders_found', 'complex_shape']) assert.ok(key in mode, key);
    assert.ok(mode.mpc > 0.95 && mode.mpd_deg < 5, what);
  });
  assert.equal(out.spectrum.singular_values.length, 5);
  assert.equal(out.spectrum.singular_values[0].length, out.spectrum.freq_hz.length);
  assert.ok(out.stabilization.every((row) => row.poles.every((p) => p.freq_hz >= 0.5 && p.freq_hz <= 7)));

  // identification and modes in a band still refuse the record, naming output-only modal analysis
  const refused = await cli('modes', '--data', path, '--band', '0.5:7');
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /responses only .*mechid oma/);
  // a band beyond the Nyquist frequency is refused naming the band
  const beyond = await cli('oma', '--data', path, '--band', '0.5:70');
  assert.equal(beyond.code, 1);
  assert.match(beyond.stderr, /Nyquist/);
  // references: output columns from 1
  const refs = JSON.parse((await cli('oma', '--data', path, '--band', '0.5:7', '--references', '1,5')).stdout);
  assert.deepEqual(refs.references, [1, 5]);
  assert.equal(refs.modes.length, 5);
  // the API refuses a record too short for its block rows, naming the data
  assert.throws(() => mechid.oma({ h, y: { rows: 3, cols: 2, data: new Float64Array([1, 2, 3, 4, 5, 7]) } }, { bandHiHz: 10 }),
    (e) => e.code === 'bad-input' && /too few for \d+ block rows/.test(e.message));
});
