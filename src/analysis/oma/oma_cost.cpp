// The cost model of oma: each loop's count times the CPU seconds one unit of it took in WASM under
// Node on the 2-core reference machine (bench/guard.mjs), as flop-equivalents at
// kWasmFlopsPerSecond (identify/method_cost.hpp). Notation: N samples, m outputs, r references.
#include "analysis/oma/oma_cost.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

#include "identify/work_limit.hpp"

namespace mechid {
namespace oma_cost {

constexpr double kDouble = 8.0;
constexpr auto at_rate = at_wasm_rate;

// The smallest power of two >= x, from 64 (output_correlations.cpp's FFT length).
double fft_length(double x) {
  double P = 64;
  while (P < x) P *= 2;
  return P;
}

}  // namespace oma_cost

// oma (output_only_modes.cpp) with p block rows (oma_block_rows) and n_max the highest order:
//  - every method, per sample and output: the centring and scaling, the output spectrum's FFTs
//    (singular_value_spectrum.cpp) and, for SSI-cov, the correlations' FFTs (output_correlations.cpp):
//    N m units of 1.5e-7 s (the fit leaves nothing to separate terms for the spectrum's line
//    updates and the correlations' products at these sizes);
//  - SSI-cov: the SVD of the pm x pr Toeplitz matrix (pm (pr)², 1.1e-9 s a unit), and with the
//    jackknife's B blocks the first-order change of each order's poles per block
//    (ssi_cov_sensitivity.cpp: B pm pr n_max, 2.1e-9 s);
//  - SSI-data: the LQ factorisation of the Hankel matrix (ssi_data.cpp, hankel_factor): its rows
//    filled from the record (N (pr + pm), 2.4e-8 s), and chunks of C = max(64, 2pr) rows absorbed
//    into the pr-row factor by a Householder QR of pr columns (N (pr + C)/C (pr)², 9.6e-11 s) and
//    its Qᵀ applied to the pm others (N (pr + C)/C pr pm, 2.1e-10 s); the SVD of the factor for the
//    whole record and for each of the B blocks left out ((B + 1) pm (pr)², as SSI-cov's);
//  - EFDD (enhanced_fdd.cpp): the correlations of all m outputs at L_e lags (efdd_lags: up to N/4)
//    by FFTs of P >= 4 L_e points and the m² correlogram FFTs of 2 L_e points (8.8e-9 s a unit),
//    and the eigenvectors of the m x m spectrum at each of its L_e + 1 lines (L_e m³, 4.2e-9 s).
// Fitted on chains of 8 and 16 outputs, 3·10⁴-3·10⁵ samples, 5-40 block rows, 2-16 references,
// with and without the jackknife: measured/estimated 0.7-1.9 over the runs above 0.3 s.
WorkEstimate oma_work(const Matrix& y, double h, const OmaOptions& o) {
  using namespace oma_cost;
  // A record oma refuses anyway (no output, fewer than 3 samples, a bad h): no estimate, its own message.
  if (y.cols() < 1 || y.rows() < 3 || !(h > 0) || !std::isfinite(h)) return {};
  const double N = double(y.rows()), m = double(y.cols());
  std::set<double> refs;
  for (double c : o.references)
    if (c == std::floor(c) && c >= 1 && c <= m) refs.insert(c);
  const double r = refs.empty() ? m : double(refs.size());
  const double B = o.sd_blocks >= 2 && o.record != OmaRecord::free_decay ? double(o.sd_blocks) : 0;
  double flops = at_rate(1.5e-7) * N * m;
  const double bytes = kDouble * 3 * N * m;
  if (o.method == OmaMethod::efdd) {
    double Le = 16;
    while (2 * Le <= std::min(std::floor(N / 4), 32768.0)) Le *= 2;
    const double P = fft_length(4 * Le), stretch = P / (P - Le + 1);
    flops += at_rate(8.8e-9) * (N * 2 * m * std::log2(P) * stretch + N * m * m * stretch / 2 + m * m * 2 * Le * std::log2(2 * Le)) +
             at_rate(4.2e-9) * Le * m * m * m;
    return {flops, bytes + kDouble * 2 * Le * m * m * 2};
  }
  const double p = double(oma_block_rows(o, h, y.cols(), Eigen::Index(r))), pm = p * m, pr = p * r;
  const double n_max = std::min({double(o.max_order), (p - 1) * m, pr});
  if (o.method == OmaMethod::ssi_cov) {
    flops += at_rate(1.14e-9) * pm * pr * pr + at_rate(2.1e-9) * B * pm * pr * n_max;
  } else {
    const double C = std::max(64.0, 2 * pr), stack = (pr + C) / C;
    flops += at_rate(2.4e-8) * N * (pr + pm) + at_rate(9.6e-11) * N * stack * pr * pr + at_rate(2.1e-10) * N * stack * pr * pm +
             at_rate(1.14e-9) * (B + 1) * pm * pr * pr;
  }
  return {flops, bytes + kDouble * (2 * pm * pr + 3 * pr * (pr + pm) + B * 2 * pr * (pr + pm))};
}

void check_oma_work(const Matrix& y, double h, const OmaOptions& o, double max_work) {
  o.validate();  // an option out of its range is named first, not priced
  check_within_limits("oma (" + kOmaMethodNames.name(o.method) + ") of " +
                          std::to_string(static_cast<long long>(y.rows())) + " samples of " + std::to_string(static_cast<long long>(y.cols())) + " output(s)",
                      oma_work(y, h, o), max_work,
                      "give fewer block rows or references, fewer jackknife blocks, another method, or a shorter record (or decimate it)");
}

}  // namespace mechid
