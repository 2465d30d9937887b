// Gaussian measurement noise for the benches, from the core's seeded generator (so the same seed
// gives the same noise natively and in WASM): used where the simulation has no noise option of
// its own (accelerations).

// Standard normal samples (Box-Muller on pairs of 53-bit uniforms of mechid.randomStream).
export function normals(mechid, seed, count) {
  const words = mechid.randomStream(seed, count);
  const uniform = (i) => ((words[2 * i] * 2 ** 32 + words[2 * i + 1]) / 2 ** 64) || Number.MIN_VALUE;
  const out = new Float64Array(count);
  for (let i = 0; i + 1 < count; i += 2) {
    const r = Math.sqrt(-2 * Math.log(uniform(i))), phi = 2 * Math.PI * uniform(i + 1);
    out[i] = r * Math.cos(phi);
    out[i + 1] = r * Math.sin(phi);
  }
  return out;
}

// m (a row-major Matrix) plus white noise at snr dB per column (of that column's mean power).
export function withNoise(mechid, m, seed, snr) {
  const z = normals(mechid, seed, m.data.length + 1);
  const data = Float64Array.from(m.data);
  for (let j = 0; j < m.cols; j++) {
    let power = 0;
    for (let i = 0; i < m.rows; i++) power += m.data[i * m.cols + j] ** 2;
    const sd = Math.sqrt(power / m.rows / 10 ** (snr / 10));
    for (let i = 0; i < m.rows; i++) data[i * m.cols + j] += sd * z[i * m.cols + j];
  }
  return { ...m, data };
}
