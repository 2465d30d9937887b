// Sizes whose integer products pass 2³¹ in the WebAssembly build: there std::size_t, ptrdiff_t and
// Eigen::Index are 32 bits (64 natively), so the native Catch2 suite cannot see such an overflow
// (src/core/dft.cpp's chirp t², tests/node/dft_long_records.test.mjs, was the first). Each case runs
// the smallest size that crosses 2³¹ and checks the result against what holds at any size: a second
// record of the same process, the record's own length, the shape the caller gave.
// scripts/test-wasm-overflow.sh runs these and the other Node tests on a module built with clang's
// integer-overflow checks (docs/toolchain.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { mechid, root, uniformNoise } from './helpers.mjs';

// The response of a 5 Hz, 2 % SDOF to white noise sampled at 100 Hz: the AR(2) recursion of its
// sampled impulse response (poles e^{(−ζω ± iω_d)h}).
function ambientSdof(N) {
  const h = 0.01, w = 2 * Math.PI * 5, zeta = 0.02;
  const r = Math.exp(-zeta * w * h), a1 = 2 * r * Math.cos(w * Math.sqrt(1 - zeta * zeta) * h), a2 = -r * r;
  const e = uniformNoise(N, 7), y = new Float64Array(N);
  for (let i = 0; i < N; i++) y[i] = (i > 0 ? a1 * y[i - 1] : 0) + (i > 1 ? a2 * y[i - 2] : 0) + e[i];
  return { h, y };
}

// src/analysis/oma/output_correlations.cpp, block_correlation_sums: block b of B starts at b·N/B,
// and with sdBlocks = 1000 the product b·N passed 2³¹ from N = 2 149 633 samples on: the last blocks
// started at negative samples and their correlations were read from outside the record.
test('the jackknife of oma over 1000 blocks of 2.2e6 samples: standard deviations as over 2.0e6 samples of the same process', () => {
  const options = { sdBlocks: 1000, maxOrder: 6, blockRows: 8, minOrders: 2, bandLoHz: 1, bandHiHz: 20 };
  const { h, y } = ambientSdof(2_200_000);
  const sd = (N) => {
    const r = mechid.oma({ h, y: { rows: N, cols: 1, data: y.subarray(0, N) } }, options);
    assert.equal(r.modes.length, 1, `${N} samples: ${r.modes.length} modes`);
    const [mode] = r.modes;
    assert.ok(Math.abs(mode.freq_hz - 5) < 0.01 && Math.abs(mode.zeta - 0.02) < 0.003, `${N} samples: ${mode.freq_hz} Hz, zeta ${mode.zeta}`);
    return mode.freq_hz_sd;
  };
  const below = sd(2_000_000), above = sd(2_200_000);
  // The same jackknife on 10 % more of the same record: sd ∝ 1/√N, √(2.0/2.2) = 0.95 (3.5x before the fix).
  assert.ok(above / below > 0.7 && above / below < 1.3, `sd of f ${above} Hz at 2.2e6 samples against ${below} Hz at 2.0e6`);
});

// src/identify/dataset.cpp, require_no_glitch: the rank of the 99th percentile, 99·N/100, passed 2³¹
// from N = 21 691 753 samples on: the rank went negative and the check failed with "internal"
// (std::bad_alloc) after 17 s instead of naming the glitch. A record just above that length with
// one 1e300 sample: the message names that sample, as below the limit.
test('identify: a 1e300 glitch in a record of 21.7e6 samples is named by its sample number', () => {
  const N = 21_700_000, u = uniformNoise(N, 5), y = new Float64Array(N);
  for (let i = 1; i < N; i++) y[i] = 0.9 * y[i - 1] + u[i - 1];
  y[12345] = 1e300;
  assert.throws(() => mechid.identify('equation-error', { h: 0.001, u: { rows: N, cols: 1, data: u }, y: { rows: N, cols: 1, data: y } }, {}),
    (e) => e.code === 'bad-input' && /^sample 12346, q1 = 1e\+300 is .* times the column's 99th percentile/.test(e.message), 'the glitch named');
});

// src/identify/inverse_dynamic.cpp: the low-pass's row step floor(1/(4 f h)) and edge
// ceil(3/(2π f h)) + 1 reach 2.5·10⁸ and 4.8·10⁸ samples at f h = 10⁻⁹, and 2·edge + 10·step passed
// 2³¹ into the negative: the length check passed and the fit reported "rank 0 of 3: excite every
// DOF" on a record that does excite it. The record is too short for such a cut-off, as natively.
test('inverse-dynamic: a low-pass at 1.2e-6 Hz with h = 1 ms is too slow for 4000 samples, said so', () => {
  const N = 4000, u = uniformNoise(N, 11), y = new Float64Array(N);
  for (let i = 2; i < N; i++) y[i] = 1.9 * y[i - 1] - 0.95 * y[i - 2] + 1e-4 * u[i - 1];
  const data = { h: 0.001, u: { rows: N, cols: 1, data: u }, y: { rows: N, cols: 1, data: y } };
  for (const lowpassHz of [1.2e-6, 1e-6, 1e-9])
    assert.throws(() => mechid.identify('inverse-dynamic', data, { lowpassHz }),
      (e) => e.code === 'bad-input' && Number(/^the record is too short for the low-pass at (\S+) Hz/.exec(e.message)?.[1]) === lowpassHz, `lowpassHz ${lowpassHz}`);
});

// src/estimators/nonlinear/reconstruct.cpp: the check of at least 5 samples per segment compared n
// with 5·segments in a 32-bit Eigen::Index, 4 for segments = 858 993 460 (5·that − 2³²): 4000
// samples passed, and the integration then ran over 8.6·10⁸ empty fragments (over 100 s, no
// answer). Natively, and now here, the record is too short for them.
test('nonlinearIdentify: 858993460 segments of a 4000-sample record are refused as too many', () => {
  const nl = mechid.nonlinearSimulate('lin-ewins', { n: 4000 });
  const options = { method: 'ida', regions: { kind: 'thresholds', x0: 0.005 }, mass: 1, segments: 858993460 };
  assert.throws(() => mechid.nonlinearIdentify({ h: nl.h, a: nl.a, f: nl.f }, options),
    (e) => e.code === 'bad-input' && e.message.startsWith('the acceleration record is too short: 4000 samples for 858993460 segment(s)'));
});

// src/analysis/oma/output_only_modes.cpp, block_rows_for: the automatic block rows 1/(4 h f_low),
// 2.5·10¹⁰ for h = 10 ms and a band from 10⁻⁹ Hz, were converted from double to a 32-bit
// Eigen::Index out of its range (undefined; WebAssembly gave −2³¹), so the rule took its minimum, 5
// block rows, where natively it takes its cap, 1200 for one output: then 24000 samples are needed.
test('oma: a band from 1e-9 Hz asks for the cap of 1200 block rows, not the minimum', () => {
  const N = 20000, e = uniformNoise(N, 3), y = new Float64Array(N);
  for (let i = 2; i < N; i++) y[i] = 1.9 * y[i - 1] - 0.95 * y[i - 2] + e[i];
  assert.throws(() => mechid.oma({ h: 0.01, y: { rows: N, cols: 1, data: y } }, { bandLoHz: 1e-9, maxOrder: 4, minOrders: 1, sdBlocks: 0 }),
    (err) => err.code === 'bad-input' && err.message.startsWith("oma: the record's 20000 samples are too few for 1200 block rows"));
});

// src/analysis/impact/impact_hits.cpp: hit.start + length, with a length near 2³¹ given by the user,
// wrapped to a negative end in a 32-bit Eigen::Index: every hit then passed as complete and its
// record was read past the heap ("memory access out of bounds"); natively all were truncated.
test('hammer: a hit length near 2^31 is refused as longer than the record, not read past the heap', () => {
  const N = 4096, u = new Float64Array(N), y = uniformNoise(N, 3);
  for (const t of [100, 1100, 2100, 3100]) u[t] = 1;
  const data = { h: 1 / 1024, u: { rows: N, cols: 1, data: u }, y: { rows: N, cols: 1, data: y } };
  for (const length of [2147483647 - 100, N + 1])
    assert.throws(() => mechid.hammer(data, { length, pretrigger: 0 }),
      (e) => e.code === 'bad-input' && e.message.includes(`a hit of ${length} samples is longer than the record (${N} samples)`), `length ${length}`);
  assert.equal(mechid.hammer(data, { length: 1000, pretrigger: 0 }).hits.length, 4);
});

// wasm/convert/marshal.hpp, matrix_from_js: the check rows·cols = data.length was made in a 32-bit
// Eigen::Index, where 65536 x 65537 wraps to 65536: the shape passed and the allocation failed
// ("internal", std::bad_alloc). The JS facade checks shapes first; the module's own entry points
// (a host calling them directly) must say the same.
test('the module itself refuses a 65536 x 65537 matrix holding 65536 numbers, naming the shape', async () => {
  const gen = new URL('web/gen/', `file://${root}`);
  const { default: createMechidModule } = await import(new URL('mechid.mjs', gen).href);
  const raw = await createMechidModule({ wasmBinary: await readFile(new URL('mechid.wasm', gen)) });
  const out = raw.oma({ h: 0.01, y: { rows: 65536, cols: 65537, data: new Float64Array(65536) } }, {});
  assert.equal(out.code, 'bad-input', `${out.code}: ${out.message}`);
  assert.match(out.message, /is 65536x65537 but holds 65536 numbers/);
});
