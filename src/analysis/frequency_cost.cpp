// Cost models of frf, modes and oma. Each loop's count times the CPU seconds one unit of it took in
// WASM under Node on the 2-core reference machine (bench/guard.mjs; fitted over 2-16 channels and
// 3·10⁴-10⁶ samples), as flop-equivalents at kWasmFlopsPerSecond (method_cost.hpp).
// Notation: N samples, k inputs, m outputs, r references, F frequency lines kept, log = log₂.
#include "analysis/frequency_cost.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

#include "analysis/oma/singular_value_spectrum.hpp"
#include "identify/work_limit.hpp"

namespace mechid {
namespace frequency_cost {

constexpr double kDouble = 8.0;
constexpr double at_rate(double seconds_per_unit) { return seconds_per_unit * kWasmFlopsPerSecond; }

// The lines b = first … last whose frequency b·df lies in the band [lo, hi].
double band_lines(double first, double last, double df, double lo, double hi) {
  const double from = std::max(first, std::ceil(lo / df)), to = std::isfinite(hi) ? std::min(last, std::floor(hi / df)) : last;
  return std::max(0.0, to - from + 1);
}

// The smallest power of two >= x, from 64 (output_correlations.cpp's FFT length).
double fft_length(double x) {
  double P = 64;
  while (P < x) P *= 2;
  return P;
}

// The FRF's lines written out: per line the inverse of S_uu (k³), H and its standard deviations
// and the coherence (m k² + 3 m k + m), each entry also converted for the host (frf_to_js).
double result_lines(double F, double k, double m) { return F * (k * k * k + m * k * k + 3 * m * k + m); }

// Welch (frf_estimate.cpp): S segments of L samples (N/8 with half overlap, or the periods), per
// segment an FFT of each of the k + m channels (L log L) and per kept line the rank-one updates of
// S_uu, S_yu and S_yy (k² + m k + m); then the lines. A record whose periods are found from the
// inputs (periods < 0, the default) is counted as Welch's N/8 segments: the periods' segments
// hold as many lines in all.
double welch_units_fft(double N, double k, double m, double L, double S) { return S * (k + m) * L * std::log2(L); }

struct FrfSizes {
  double L = 0, S = 0, F = 0;  // segment, segments, lines in the band
  bool lpm = false;
};

FrfSizes frf_sizes(double N, double h, const FrfOptions& o) {
  FrfSizes s;
  s.lpm = o.method == FrfMethod::local_polynomial && o.periods <= 0;
  if (s.lpm) {
    s.L = N;
    s.S = 1;
  } else if (o.periods > 0) {
    s.L = std::max(2.0, std::floor(N / double(o.periods)));
    s.S = double(std::max<Eigen::Index>(1, o.periods - o.skip_periods));
  } else {
    s.L = std::max(16.0, o.segment > 0 ? double(o.segment) : std::floor(N / 8));
    const double step = o.window == SpectralWindow::hann ? std::floor(s.L / 2) : s.L;
    s.S = std::max(1.0, std::floor((N - s.L) / std::max(1.0, step)) + 1);
  }
  s.L = std::max(2.0, s.L);
  s.F = h > 0 ? band_lines(1, std::floor(s.L / 2), 1.0 / (s.L * h), o.band_lo_hz, o.band_hi_hz) : 0;
  return s;
}

}  // namespace frequency_cost

// frf: Welch as above, or the local polynomial method (local_polynomial_frf.cpp): the DFT of the
// whole record's k + m channels (N log N), then per kept line a complex least squares over a window
// of w = 2R + 1 lines with c = (k + 1)(degree + 1) columns (its QR, w c², its kernel and the m
// outputs' fits, m w c), and the lines written out.
// Weights (CPU seconds per unit, fitted on 3-8 channels, 6·10⁴-2·10⁵ samples, full bands and
// narrow ones: measured/estimated 0.8-1.7): FFT 2.5e-9, the spectra's updates 9e-9, the lines
// written out 1.15e-7 (dynamic-size complex matrices per line, and the host's arrays), the LPM's
// windows 5.5e-9.
WorkEstimate frf_work(const Matrix& u, const Matrix& y, double h, const FrfOptions& o) {
  using namespace frequency_cost;
  const double N = double(u.rows()), k = double(u.cols()), m = double(y.cols());
  const FrfSizes s = frf_sizes(N, h, o);
  double flops = 0;
  if (s.lpm) {
    const double c = (k + 1) * 3, w = 2 * std::floor((c + k + 2) / 2) + 1;
    flops = at_rate(2.5e-9) * (k + m) * N * std::log2(std::max(2.0, N)) + at_rate(5.5e-9) * s.F * (w * c * c + m * w * c) +
            at_rate(1.15e-7) * result_lines(s.F, k, m);
  } else {
    flops = at_rate(2.5e-9) * welch_units_fft(N, k, m, s.L, s.S) + at_rate(9e-9) * s.S * s.F * (k * k + m * k + m) +
            at_rate(1.15e-7) * result_lines(s.F, k, m);
  }
  return {flops, kDouble * (2 * N * (k + m) + 2 * s.F * (k * k + 4 * m * k + m))};
}

// modes (modes_in_band.cpp): the FRF (the LPM on a random record), the batches' FRFs (quarters of
// the record: about the FRF's work again); the stabilization diagram, whose LSCF and LSFD per
// order cost about F n² per channel: 10 C F n_max³ over the orders (C = m k channels, the count of
// check_diagram_work), 2.5e-10 s a unit; and the refined poles' covariance for the LPM's correlated
// errors (modal_refinement.cpp, pole_covariance_for_errors: for each pair of channels and line the
// 2w − 1 lines around it, w the LPM's window): C² F (2w − 1) units of 4.4e-8 s (8 x 8 channels,
// 1183 lines, w = 37: 16 s of the 18 measured).
WorkEstimate modes_work(const Matrix& u, const Matrix& y, double h, const ModesOptions& o) {
  using namespace frequency_cost;
  const WorkEstimate frf = frf_work(u, y, h, o.frf);
  const double N = double(u.rows()), k = double(u.cols()), m = double(y.cols()), C = m * k;
  const FrfSizes s = frf_sizes(N, h, o.frf);
  const double diagram = 10 * C * s.F * std::pow(double(o.max_order), 3);
  const double w = s.lpm ? 2 * std::floor((3 * (k + 1) + k + 2) / 2) + 1 : 0;
  return {2 * frf.flops + at_rate(2.5e-10) * diagram + at_rate(4.4e-8) * C * C * s.F * std::max(1.0, 2 * w - 1), frf.bytes};
}

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
  using namespace frequency_cost;
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

namespace {

std::string count_words(double x) { return std::to_string(static_cast<long long>(x)); }

std::string record_words(double N, double k, double m) {
  return count_words(N) + " samples of " + (k > 0 ? count_words(k) + " input(s) and " : "") + count_words(m) + " output(s)";
}

}  // namespace

void check_frf_work(const Matrix& u, const Matrix& y, double h, const FrfOptions& o, double max_work) {
  check_within_limits("frf of " + record_words(double(u.rows()), double(u.cols()), double(y.cols())), frf_work(u, y, h, o), max_work,
                      "narrow the band, give shorter segments (Welch) or a shorter record");
}

void check_modes_work(const Matrix& u, const Matrix& y, double h, const ModesOptions& o, double max_work) {
  check_within_limits("modes of " + record_words(double(u.rows()), double(u.cols()), double(y.cols())), modes_work(u, y, h, o), max_work,
                      "narrow the band, lower the highest order or give a shorter record");
}

void check_oma_work(const Matrix& y, double h, const OmaOptions& o, double max_work) {
  check_within_limits("oma (" + kOmaMethodNames.name(o.method) + ") of " +
                          record_words(double(y.rows()), 0, double(y.cols())),
                      oma_work(y, h, o), max_work,
                      "give fewer block rows or references, fewer jackknife blocks, another method, or a shorter record (or decimate it)");
}

}  // namespace mechid
