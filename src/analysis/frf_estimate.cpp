#include "analysis/frf_estimate.hpp"

#include <algorithm>
#include <cmath>
#include <complex>

#include "analysis/excited_lines.hpp"
#include "analysis/nonlinear_distortion.hpp"
#include "analysis/input_period.hpp"
#include "analysis/local_polynomial_frf.hpp"
#include "core/constant_column.hpp"
#include "core/dft.hpp"
#include "analysis/nyquist_band.hpp"
#include "core/input_error.hpp"
#include "core/math_constants.hpp"
#include "core/sampling_period.hpp"

namespace mechid {
namespace {

using Complex = std::complex<double>;

// Welch (1967, IEEE Trans. Audio Electroacoust. 15(2), p. 72, Table 1): averaging Hann segments
// that overlap by half leaves a variance 1 + 2·0.167² times that of independent segments.
constexpr double kHannOverlapVarianceFactor = 1.0 + 2.0 * 0.167 * 0.167;

struct Segmentation {
  Eigen::Index length = 0, step = 0, first = 0, count = 0;
};

Segmentation segmentation(Eigen::Index N, const FrfOptions& o) {
  Segmentation s;
  if (o.periods > 0) {
    require(o.window != SpectralWindow::impact, "frf: an impact window does not apply to a periodic record (periods > 0)", "window");
    require(N % o.periods == 0, "frf: " + std::to_string(o.periods) + " periods do not divide the record's " + std::to_string(N) +
                                    " samples; give the number of periods the record holds", "periods");
    require(o.skip_periods >= 0 && o.skip_periods < o.periods,
            "frf: skip_periods = " + std::to_string(o.skip_periods) + " must be below the " + std::to_string(o.periods) + " periods", "periods");
    s.length = N / o.periods;
    s.step = s.length;
    s.first = o.skip_periods * s.length;
    s.count = o.periods - o.skip_periods;
    return s;
  }
  s.length = o.segment > 0 ? o.segment : N / 8;
  require(o.segment >= 0, "frf: the segment length must be positive", "segment");
  require(s.length >= 16, "frf: segments of " + std::to_string(s.length) + " samples are too short (at least 16; the record has " +
                              std::to_string(N) + ")", "segment");
  require(s.length <= N, "frf: a segment of " + std::to_string(s.length) + " samples is longer than the record (" + std::to_string(N) + ")",
          "segment");
  s.step = o.window == SpectralWindow::hann ? s.length / 2 : s.length;
  s.count = (N - s.length) / s.step + 1;
  return s;
}

// Periodic Hann (w_t = sin²(πt/L)): the DFT-even window whose 50 % overlaps sum to a constant.
Vector hann(Eigen::Index L) {
  Vector w(L);
  for (Eigen::Index t = 0; t < L; ++t) w(t) = std::pow(std::sin(kPi * double(t) / double(L)), 2);
  return w;
}

// The segment's columns, mean removed for Welch segments (Bendat & Piersol 2010, sec. 11.5.2),
// times the window, transformed: bins 0 … L/2 as rows.
Eigen::MatrixXcd transform(const Dft& dft, const Matrix& x, Eigen::Index first, const Vector& window, bool remove_mean, Eigen::Index bins) {
  const Eigen::Index L = window.size();
  Eigen::MatrixXcd X(bins, x.cols());
  ComplexVector column(L);
  for (Eigen::Index c = 0; c < x.cols(); ++c) {
    const double mean = remove_mean ? x.col(c).segment(first, L).mean() : 0.0;
    for (Eigen::Index t = 0; t < L; ++t) column[t] = (x(first + t, c) - mean) * window(t);
    const ComplexVector spectrum = dft.forward(column);
    for (Eigen::Index b = 0; b < bins; ++b) X(b, c) = spectrum[b];
  }
  return X;
}

// What the record decides about the options and the channels, before any spectrum: a band that
// ends above the Nyquist frequency (nothing is measured there), a segment length with the local
// polynomial method (which transforms the whole record: the option would be ignored), a channel
// that recorded nothing (issue 56).
void check_record_for_frf(const Matrix& u, const Matrix& y, double h, const FrfOptions& o) {
  require_band_below_nyquist("frf", o.band_lo_hz, o.band_hi_hz, h);
  require(o.method != FrfMethod::local_polynomial || o.periods > 0 || o.segment == 0,
          "frf: a segment length applies to Welch's method only; the local polynomial method transforms the whole record: "
          "choose Welch (welch) for segments, or give no segment",
          "segment");
  if (const Eigen::Index j = first_constant_column(y); j >= 0)
    throw InputError("frf: output " + std::to_string(j + 1) + " " + constant_column_words(y, j) +
                         ": its sensor recorded no response (a dead or unconnected channel); leave its column out or check the sensor",
                     "data");
  if (const Eigen::Index j = first_constant_column(u); j >= 0)
    throw InputError("frf: input " + std::to_string(j + 1) + " " + constant_column_words(u, j) + ": it excites nothing; leave its column "
                     "out or check the force sensor", "data");
}

}  // namespace

FrfEstimate estimate_frf(const Matrix& u, const Matrix& y, double h, const FrfOptions& o) {
  check_sampling_period(h);
  const Eigen::Index N = u.rows(), k = u.cols(), m = y.cols();
  require(k >= 1 && m >= 1, "frf: needs at least one input and one output column", "data");
  require(y.rows() == N, "frf: the inputs have " + std::to_string(N) + " samples and the outputs " + std::to_string(y.rows()), "data");
  require(u.allFinite() && y.allFinite(), "frf: the data hold a value that is not finite", "data");
  o.validate();
  if (o.periods < 0) {  // periods found from the inputs (the default)
    FrfOptions resolved = o;
    const std::optional<InputPeriod> period = resolve_periods(resolved, u);
    FrfEstimate result = estimate_frf(u, y, h, resolved);
    if (period && !result.failed()) result.advise(periodic_advice(*period, h, resolved.skip_periods));
    return result;
  }
  check_record_for_frf(u, y, h, o);  // on the resolved options
  if (o.method == FrfMethod::local_polynomial && o.periods == 0) return local_polynomial_frf(u, y, h, o);
  const Segmentation s = segmentation(N, o);
  const SpectralWindow window = o.periods > 0 ? SpectralWindow::rectangular : o.window;
  const Eigen::Index L = s.length, bins = L / 2 + 1;
  const double df = 1.0 / (double(L) * h);

  // The windows of the input and the outputs (the impact case differs: Brandt, Noise and
  // Vibration Analysis, 2011, sec. 13.6: a force window, and an exponential decay on both).
  Vector w_out = window == SpectralWindow::hann ? hann(L) : Vector::Ones(L);
  Vector w_in = w_out;
  FrfEstimate result;
  if (window == SpectralWindow::impact) {
    const double tau = double(L) * h / std::log(1.0 / o.impact_end_value);
    for (Eigen::Index t = 0; t < L; ++t) w_out(t) = std::exp(-double(t) * h / tau);
    w_in = w_out;
    const auto kept = Eigen::Index(std::ceil(o.impact_force_fraction * double(L)));
    w_in.tail(L - kept).setZero();
    result.window_decay_rate = o.impact_end_value < 1.0 ? 1.0 / tau : 0.0;
  }

  const std::vector<Eigen::Index> chosen = bins_in_band(1, bins - 1, df, o);
  const auto F = Eigen::Index(chosen.size());

  // Averaged cross spectra per chosen bin: S_uu (k × k), S_yu (m × k), the diagonal of S_yy.
  std::vector<Eigen::MatrixXcd> Suu(F, Eigen::MatrixXcd::Zero(k, k)), Syu(F, Eigen::MatrixXcd::Zero(m, k));
  Matrix Syy = Matrix::Zero(F, m);
  Eigen::MatrixXcd Ysum = Eigen::MatrixXcd::Zero(F, m);  // Σ Y over the periods (periodic records: nonlinear_distortion.hpp)
  const Dft dft{std::size_t(L)};
  const bool remove_mean = window == SpectralWindow::hann;
  for (Eigen::Index seg = 0; seg < s.count; ++seg) {
    const Eigen::Index first = s.first + seg * s.step;
    const Eigen::MatrixXcd U = transform(dft, u, first, w_in, remove_mean, bins);
    const Eigen::MatrixXcd Y = transform(dft, y, first, w_out, remove_mean, bins);
    for (Eigen::Index i = 0; i < F; ++i) {
      const Eigen::Index b = chosen[std::size_t(i)];
      const Eigen::VectorXcd ub = U.row(b).transpose(), yb = Y.row(b).transpose();
      Suu[std::size_t(i)] += ub * ub.adjoint();
      Syu[std::size_t(i)] += yb * ub.adjoint();
      Syy.row(i) += yb.cwiseAbs2().transpose();
      Ysum.row(i) += yb.transpose();
    }
  }

  double n_eff = double(s.count);
  if (window == SpectralWindow::hann && s.count > 1) n_eff /= kHannOverlapVarianceFactor;
  result.averages = s.count;
  result.periods = o.periods;
  result.segment = L;
  result.freq_hz.resize(F);
  result.coherence.resize(F, m);
  // Lines with too little input power (excited_lines.hpp) are left out: there H1 would divide noise by noise.
  Vector input_power(F);
  for (Eigen::Index i = 0; i < F; ++i) input_power(i) = Suu[std::size_t(i)].trace().real();
  const std::vector<bool> has_power = excited_lines(input_power);
  Eigen::Index unexcited = 0, singular = 0;  // lines without input power; lines whose inputs are linearly dependent
  for (Eigen::Index i = 0; i < F; ++i) {
    result.freq_hz(i) = double(chosen[std::size_t(i)]) * df;
    const auto& S = Suu[std::size_t(i)];
    Eigen::MatrixXcd H = Eigen::MatrixXcd::Constant(m, k, Complex(NAN, NAN));
    Eigen::MatrixXcd Suu_inv = Eigen::MatrixXcd::Constant(k, k, Complex(NAN, NAN));
    const Eigen::LDLT<Eigen::MatrixXcd> ldlt(S);
    const bool excited = has_power[std::size_t(i)] && ldlt.info() == Eigen::Success &&
                         ldlt.vectorD().real().minCoeff() > 1e-12 * ldlt.vectorD().real().maxCoeff();
    if (excited) {
      Suu_inv = ldlt.solve(Eigen::MatrixXcd::Identity(k, k));
      H = Syu[std::size_t(i)] * Suu_inv;
    } else {
      ++(has_power[std::size_t(i)] ? singular : unexcited);
    }
    Eigen::MatrixXd sd(m, k);
    for (Eigen::Index o2 = 0; o2 < m; ++o2) {
      const double explained = excited ? (Syu[std::size_t(i)].row(o2) * Suu_inv * Syu[std::size_t(i)].row(o2).adjoint())(0, 0).real() : NAN;
      const double gamma2 = Syy(i, o2) > 0.0 ? std::clamp(explained / Syy(i, o2), 0.0, 1.0) : NAN;
      result.coherence(i, o2) = gamma2;
      // E|Ĥ_oj − H_oj|² = (1 − γ²_o) S_yy,oo [S_uu⁻¹]_jj / (n − k) (Bendat & Piersol 2010, sec. 9.3;
      // for k = 1 this is (1 − γ²)|H|²/(γ² (n − 1))). The product S_yy [S_uu⁻¹] does not depend on
      // whether the spectra are sums or means over the n segments.
      const double dof = n_eff - double(k);
      for (Eigen::Index j = 0; j < k; ++j)
        sd(o2, j) = dof > 0.0 ? std::sqrt((1.0 - gamma2) * Syy(i, o2) * Suu_inv(j, j).real() / dof) : NAN;
    }
    result.H1.push_back(H);
    result.h1_sd.push_back(sd);
    if (k == 1) {
      Eigen::MatrixXcd H2(m, 1);
      for (Eigen::Index o2 = 0; o2 < m; ++o2) H2(o2, 0) = excited ? Syy(i, o2) / std::conj(Syu[std::size_t(i)](o2, 0)) : Complex(NAN, NAN);
      result.H2.push_back(H2);
    }
  }
  if (unexcited + singular == F) {
    report_unestimated(result, F, o, "");
    return result;
  }
  advise_band_excitation(result, has_power, input_power, o);
  if (o.periods > 0)
    if (const auto d = nonlinear_distortion(Ysum, Syy, has_power, result.freq_hz, s.count); d && d->nonlinear())
      result.advise(nonlinear_advice(*d, s.count));
  report_unestimated(result, singular, o, "have linearly dependent inputs");
  if (double(s.count) <= double(k))
    result.add_warning("frf: " + std::to_string(s.count) + " segment(s) for " + std::to_string(k) +
                       " input(s): coherence and standard deviations need more averages; give a shorter segment or more periods");
  return result;
}

}  // namespace mechid
