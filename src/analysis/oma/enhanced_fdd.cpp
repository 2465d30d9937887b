#include "analysis/oma/enhanced_fdd.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include <Eigen/Eigenvalues>

#include "analysis/oma/output_correlations.hpp"
#include "analysis/oma/unmatched_peaks.hpp"
#include "analysis/shape_measures.hpp"
#include "core/dft.hpp"
#include "core/math_constants.hpp"

namespace mechid {
namespace {

// The exponential lag window e^{−β τ} falls to 1/kEfddWindowEnd at the last lag (enhanced_fdd.hpp).
constexpr double kEfddWindowEnd = 100.0;

// The first singular value and vector of the correlogram cross-spectral matrix at lines 0 … L
// (step 1/(2 L h)), from the correlations R_0 … R_{L−1} (enhanced_fdd.hpp, step 1).
struct FirstSingular {
  Vector s1;
  std::vector<Eigen::VectorXcd> u1;
};

FirstSingular correlogram_first_singular(const std::vector<Matrix>& R, double beta, double h) {
  const Eigen::Index L = Eigen::Index(R.size()), m = R.front().rows(), P = 2 * L;
  const Dft dft(static_cast<std::size_t>(P));
  std::vector<Eigen::MatrixXcd> G(std::size_t(L + 1), Eigen::MatrixXcd::Zero(m, m));
  ComplexVector s(static_cast<std::size_t>(P));
  for (Eigen::Index c = 0; c < m; ++c)
    for (Eigen::Index j = 0; j < m; ++j) {
      std::fill(s.begin(), s.end(), std::complex<double>(0.0));
      for (Eigen::Index i = 0; i < L; ++i) s[std::size_t(i)] = std::exp(-beta * double(i) * h) * R[std::size_t(i)](c, j);
      for (Eigen::Index i = 1; i < L; ++i) s[std::size_t(P - i)] = std::exp(-beta * double(i) * h) * R[std::size_t(i)](j, c);  // R_{−i} = R_iᵀ
      const ComplexVector S = dft.forward(s);
      for (Eigen::Index k = 0; k <= L; ++k) G[std::size_t(k)](c, j) = S[std::size_t(k)];
    }
  FirstSingular out;
  out.s1.resize(L + 1);
  for (Eigen::Index k = 0; k <= L; ++k) {
    const Eigen::MatrixXcd Gk = 0.5 * (G[std::size_t(k)] + G[std::size_t(k)].adjoint());  // Hermitian up to rounding
    const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXcd> eig(Gk);
    out.s1(k) = eig.eigenvalues()(m - 1);
    out.u1.push_back(eig.eigenvectors().col(m - 1));
  }
  return out;
}

// Least-squares slope of y against x.
double ls_slope(const std::vector<double>& x, const std::vector<double>& y) {
  const double n = double(x.size());
  double mx = 0.0, my = 0.0;
  for (std::size_t i = 0; i < x.size(); ++i) mx += x[i] / n, my += y[i] / n;
  double sxy = 0.0, sxx = 0.0;
  for (std::size_t i = 0; i < x.size(); ++i) sxy += (x[i] - mx) * (y[i] - my), sxx += (x[i] - mx) * (x[i] - mx);
  return sxy / sxx;
}

// Steps 3–4 of enhanced_fdd.hpp for one bell: f and ζ of r(τ) = Σ s_k cos(2π f_k τ).
void sdof_decay(const std::vector<double>& bell_hz, const std::vector<double>& bell_s, Eigen::Index L, double h, double beta, EfddMode& mode) {
  std::vector<double> r(static_cast<std::size_t>(L), 0.0);
  for (Eigen::Index i = 0; i < L; ++i)
    for (std::size_t k = 0; k < bell_hz.size(); ++k) r[std::size_t(i)] += bell_s[k] * std::cos(kTwoPi * bell_hz[k] * double(i) * h);
  const double r0 = r.front();
  if (!(r0 > 0.0)) return;
  // the extrema: (time, |r|/r0), each refined by the parabola through its three samples
  std::vector<double> te, ae;
  for (Eigen::Index i = 1; i + 1 < L; ++i) {
    const double a = std::abs(r[std::size_t(i - 1)]), b = std::abs(r[std::size_t(i)]), c = std::abs(r[std::size_t(i + 1)]);
    if (!(b >= a && b > c)) continue;
    const double curvature = a - 2.0 * b + c, shift = curvature < 0.0 ? 0.5 * (a - c) / curvature : 0.0;
    te.push_back((double(i) + shift) * h);
    ae.push_back((b - 0.25 * (a - c) * shift) / r0);
  }
  for (double lower : {0.3, 0.1}) {
    std::vector<double> t, lna;
    for (std::size_t e = 0; e < te.size(); ++e) {
      if (ae[e] < lower) break;  // the envelope has decayed: later extrema are noise or the bell's ripple
      if (ae[e] <= 0.9) t.push_back(te[e]), lna.push_back(std::log(ae[e]));
    }
    if (t.size() < 4) continue;
    const double alpha = -ls_slope(t, lna) - beta;  // ζ ω_n: the window's own decay taken off
    std::vector<double> zeros, index;
    for (Eigen::Index i = 0; i + 1 < L && double(i + 1) * h <= t.back(); ++i)
      if ((r[std::size_t(i)] > 0.0) != (r[std::size_t(i + 1)] > 0.0)) {
        zeros.push_back((double(i) + r[std::size_t(i)] / (r[std::size_t(i)] - r[std::size_t(i + 1)])) * h);
        index.push_back(double(zeros.size()));
      }
    if (zeros.size() < 3 || !(alpha > 0.0)) return;
    const double wd = kTwoPi / (2.0 * ls_slope(index, zeros)), wn = std::hypot(wd, alpha);
    mode.freq_hz = wn / kTwoPi;
    mode.zeta = alpha / wn;
    mode.extrema = Eigen::Index(t.size());
    mode.determined = true;
    return;
  }
}

}  // namespace

Eigen::Index efdd_lags(Eigen::Index N) {
  Eigen::Index L = 16;
  while (2 * L <= std::min<Eigen::Index>(N / 4, 32768)) L *= 2;
  return L;
}

std::vector<EfddMode> enhanced_fdd(const Matrix& y, double h, const std::vector<double>& peaks_hz, Eigen::Index lags, bool free_decay,
                                   double mac_min) {
  std::vector<EfddMode> out;
  if (peaks_hz.empty()) return out;
  std::vector<Eigen::Index> all(static_cast<std::size_t>(y.cols()));
  for (Eigen::Index j = 0; j < y.cols(); ++j) all[std::size_t(j)] = j;
  const Eigen::Index L = lags;
  const double beta = std::log(kEfddWindowEnd) / (double(L) * h);
  const FirstSingular spectrum = correlogram_first_singular(output_correlations(y, all, L - 1, free_decay), beta, h);
  const double df = 1.0 / (2.0 * double(L) * h);
  for (double f : peaks_hz) {
    EfddMode mode;
    mode.freq_hz = mode.zeta = std::numeric_limits<double>::quiet_NaN();
    const auto near = Eigen::Index(std::lround(f / df));
    Eigen::Index peak = std::clamp<Eigen::Index>(near, 1, L - 1);
    for (Eigen::Index k = std::max<Eigen::Index>(1, near - 2); k <= std::min<Eigen::Index>(L - 1, near + 2); ++k)
      if (spectrum.s1(k) > spectrum.s1(peak)) peak = k;
    mode.peak_hz = double(peak) * df;
    mode.shape = spectrum.u1[std::size_t(peak)];
    Eigen::Index lo = peak, hi = peak;
    while (lo > 1 && complex_mac(spectrum.u1[std::size_t(lo - 1)], mode.shape) >= mac_min) --lo;
    while (hi < L - 1 && complex_mac(spectrum.u1[std::size_t(hi + 1)], mode.shape) >= mac_min) ++hi;
    std::vector<double> bell_hz, bell_s;
    for (Eigen::Index k = lo; k <= hi; ++k) bell_hz.push_back(double(k) * df), bell_s.push_back(std::max(0.0, spectrum.s1(k)));
    mode.bell_lines = hi - lo + 1;
    sdof_decay(bell_hz, bell_s, L, h, beta, mode);
    out.push_back(std::move(mode));
  }
  return out;
}

EfddModes efdd_modes(const Matrix& y, double h, double band_lo_hz, double band_hi_hz, bool free_decay) {
  EfddModes out;
  const double hi = std::isfinite(band_hi_hz) ? band_hi_hz : 0.5 / h;
  out.spectrum = singular_value_spectrum(y, h, band_lo_hz, hi, default_spectrum_segment(y.rows()));
  const std::vector<double> peaks = unmatched_spectrum_peaks(out.spectrum, {});
  std::string undetermined;
  for (EfddMode& e : enhanced_fdd(y, h, peaks, efdd_lags(y.rows()), free_decay)) {
    if (e.determined)
      out.modes.push_back(std::move(e));
    else
      undetermined += (undetermined.empty() ? "" : ", ") + format_digits(e.peak_hz) + " Hz";
  }
  if (y.cols() < 2)
    out.warnings.push_back("With one output the bell of each peak cannot be told from its neighbours' by the singular vectors: every line "
                           "is taken, so the damping is that of all the modes together. Record with two or more sensors, or use ssi-cov.");
  if (!undetermined.empty())
    out.advice.push_back({AdviceCode::undetermined, AdviceLevel::warning,
                          "The spectrum peaks at " + undetermined + " gave no decaying correlation to measure: no mode is given there.",
                          "the SDOF correlation of the peak's bell (enhanced FDD) has fewer than 4 extrema between 0.9 and 0.1 of its start",
                          "record longer (the correlation needs several periods of the mode), or use ssi-cov"});
  if (out.modes.empty())
    out.advice.push_back({AdviceCode::undetermined, AdviceLevel::warning, "No mode was found in the band.",
                          "the first singular value of the outputs' spectrum has no clear peak in the band (6 dB over both sides)",
                          "check the band against the spectrum, record longer, or use ssi-cov"});
  return out;
}

}  // namespace mechid
