// Coverage of auto's 95 % intervals over Monte Carlo runs of the 3-DOF preset, shared by the
// benches that measure it (uncertainty.mjs, intersample.mjs): m11, k11, d11 and the first natural
// frequency; per quantity the share of runs whose estimate ± 1.96 sd holds the truth, the mean
// predicted sd beside the observed spread, the bias in observed sd; per case the covariance auto
// used (white, or the sandwich for coloured residuals), the runs without intervals, failed or
// with warnings, and the seconds.

const entry = (m, i, j) => m.data[i * m.cols + j];

// [name, (result) => [estimate, sd], truth] for m11, k11, d11, ω1 of the preset `truth`.
export function quantities3dof(mechid, truth) {
  return [
    ['m₁₁', (r) => [entry(r.M, 0, 0), entry(r.uncertainty.M_sd, 0, 0)], entry(truth.M, 0, 0)],
    ['k₁₁', (r) => [entry(r.K, 0, 0), entry(r.uncertainty.K_sd, 0, 0)], entry(truth.K, 0, 0)],
    ['d₁₁', (r) => [entry(r.D, 0, 0), entry(r.uncertainty.D_sd, 0, 0)], entry(truth.D, 0, 0)],
    ['ω₁ (rad/s)', (r) => [r.modal.modes[0].omega_n, r.uncertainty.omega_n_sd[0]], mechid.modal(truth).modes[0].omega_n],
  ];
}

export const coverageHeader = [
  '| data | quantity | coverage of ± 1.96 sd | mean predicted sd | observed sd | bias / observed sd | covariance (white / sandwich, mean M) | runs without intervals, failed, with warnings | s |',
  '|---|---|---|---|---|---|---|---|---|'];

// The table rows of one case: `auto` on data(seed) for seeds 1..runs.
export function coverageRows(mechid, label, data, runs, quantities) {
  const samples = quantities.map(() => []);
  let failures = 0, without = 0, warned = 0, sandwich = 0, lags = 0;
  const t0 = performance.now();
  for (let seed = 1; seed <= runs; seed++) {
    const r = mechid.identify('auto', data(seed), {});
    if (r.status === 'failed') { failures++; continue; }
    if (r.status === 'warning') warned++;
    if (!r.uncertainty) { without++; continue; }
    if (r.diagnostics.covariance === 'sandwich') { sandwich++; lags += r.diagnostics.covariance_max_lag; }
    quantities.forEach(([, get], k) => samples[k].push(get(r)));
  }
  const seconds = (performance.now() - t0) / 1000;
  const rows = [];
  quantities.forEach(([name, , exact], k) => {
    const s = samples[k], count = s.length;
    if (!count) return;
    const covered = s.filter(([x, sd]) => Math.abs(x - exact) <= 1.959963984540054 * sd).length;
    const mean = s.reduce((a, [x]) => a + x, 0) / count;
    const spread = Math.sqrt(s.reduce((a, [x]) => a + (x - mean) ** 2, 0) / (count - 1));
    const predicted = s.reduce((a, [, sd]) => a + sd, 0) / count;
    const covariance = `${count - sandwich} / ${sandwich}${sandwich ? ` (M ${Math.round(lags / sandwich)})` : ''}`;
    rows.push(`| ${k ? '' : label} | ${name} | ${(100 * covered / count).toFixed(1)} % | ${predicted.toPrecision(3)} | ${spread.toPrecision(3)} | ` +
      `${((mean - exact) / spread).toFixed(2)} | ${k ? '' : covariance} | ${k ? '' : `${without}, ${failures}, ${warned}`} | ${k ? '' : seconds.toFixed(0)} |`);
  });
  console.error(rows.join('\n'));  // progress: a case takes minutes
  return rows;
}
