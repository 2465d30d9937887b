// Cost models of frf and modes. Each loop's count times the CPU seconds one unit of it took in
// WASM under Node on the 2-core reference machine (bench/guard.mjs; fitted over 3-8 inputs and
// outputs and 6·10⁴-2·10⁵ samples), as flop-equivalents at kWasmFlopsPerSecond (method_cost.hpp).
// Notation: N samples, k inputs, m outputs, F frequency lines kept, log = log₂.
#include "analysis/frequency_cost.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "identify/work_limit.hpp"

namespace mechid {
namespace frequency_cost {

constexpr double kDouble = 8.0;
constexpr auto at_rate = at_wasm_rate;

// The lines b = first … last whose frequency b·df lies in the band [lo, hi].
double band_lines(double first, double last, double df, double lo, double hi) {
  const double from = std::max(first, std::ceil(lo / df)), to = std::isfinite(hi) ? std::min(last, std::floor(hi / df)) : last;
  return std::max(0.0, to - from + 1);
}

// The FRF's lines written out: per line H, its standard deviations and the coherence, 3 m k + m
// entries, each computed on small dynamic-size complex matrices and converted for the host
// (frf_to_js). The per-line inverse of S_uu (k³) and the quadratic forms (m k²) left no trace in
// the fit (16 inputs: as fast per line as 8).
double result_lines(double F, double k, double m) { return F * (3 * m * k + m); }

// Welch (frf_estimate.cpp): S segments of L samples (N/8 with half overlap, or the periods), per
// segment an FFT of each of the k + m channels (L log L) and per kept line the rank-one updates of
// S_uu, S_yu and S_yy (k² + m k + m); then the lines. A record whose periods are found from the
// inputs (periods < 0, the default) is counted as Welch's N/8 segments: the periods' segments
// hold as many lines in all.
double welch_units_fft(double k, double m, double L, double S) { return S * (k + m) * L * std::log2(L); }

// The local polynomial method's window of lines (local_polynomial_frf.cpp): 2R + 1, R = (c + k + 2)/2
// for its c = (k + 1)(degree 2 + 1) columns.
double lpm_window(double k) { return 2 * std::floor((3 * (k + 1) + k + 2) / 2) + 1; }

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
    // A segment longer than the record is the estimate's own refusal (frf_estimate.cpp), which
    // names it: counted here at the record's length, so that the guard does not speak first.
    s.L = std::min(N, std::max(16.0, o.segment > 0 ? double(o.segment) : std::floor(N / 8)));
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
// Weights (CPU seconds per unit, fitted on 2-16 inputs and outputs, 6·10⁴-2·10⁵ samples, full
// bands and narrow ones: measured/estimated 0.8-1.7): FFT 2.1e-9, the spectra's updates 2.8e-9,
// the entries written out 7.8e-7, the LPM's windows 4e-9.
WorkEstimate frf_work(const Matrix& u, const Matrix& y, double h, const FrfOptions& o) {
  using namespace frequency_cost;
  const double N = double(u.rows()), k = double(u.cols()), m = double(y.cols());
  const FrfSizes s = frf_sizes(N, h, o);
  double flops = 0;
  if (s.lpm) {
    const double c = (k + 1) * 3, w = lpm_window(k);
    flops = at_rate(2.1e-9) * (k + m) * N * std::log2(std::max(2.0, N)) + at_rate(4e-9) * s.F * (w * c * c + m * w * c) +
            at_rate(7.8e-7) * result_lines(s.F, k, m);
  } else {
    flops = at_rate(2.1e-9) * welch_units_fft(k, m, s.L, s.S) + at_rate(2.8e-9) * s.S * s.F * (k * k + m * k + m) +
            at_rate(7.8e-7) * result_lines(s.F, k, m);
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
  const double w = s.lpm ? lpm_window(k) : 0;
  return {2 * frf.flops + at_rate(2.5e-10) * diagram + at_rate(4.4e-8) * C * C * s.F * std::max(1.0, 2 * w - 1), frf.bytes};
}

namespace {

std::string count_words(double x) { return std::to_string(static_cast<long long>(x)); }

std::string record_words(double N, double k, double m) {
  return count_words(N) + " samples of " + count_words(k) + " input(s) and " + count_words(m) + " output(s)";
}

}  // namespace

void check_frf_work(const Matrix& u, const Matrix& y, double h, const FrfOptions& o, double max_work) {
  o.validate();  // an option out of its range is named first, not priced
  check_within_limits("frf of " + record_words(double(u.rows()), double(u.cols()), double(y.cols())), frf_work(u, y, h, o), max_work,
                      "narrow the band, give shorter segments (Welch) or a shorter record");
}

void check_modes_work(const Matrix& u, const Matrix& y, double h, const ModesOptions& o, double max_work) {
  o.validate();  // an option out of its range is named first, not priced
  check_within_limits("modes of " + record_words(double(u.rows()), double(u.cols()), double(y.cols())), modes_work(u, y, h, o), max_work,
                      "narrow the band, lower the highest order or give a shorter record");
}

}  // namespace mechid
