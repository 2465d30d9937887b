#include "analysis/local_polynomial_frf.hpp"

#include <algorithm>
#include <cmath>
#include <complex>

#include "analysis/excited_lines.hpp"
#include "core/dft.hpp"
#include "core/input_error.hpp"

namespace mechid {
namespace {

using Complex = std::complex<double>;
constexpr Eigen::Index kDegree = 2;  // Pintelon et al. 2010's usual choice: bias O(R³) on H

}  // namespace

FrfEstimate local_polynomial_frf(const Matrix& u, const Matrix& y, double h, const FrfOptions& o, const FrfReference& reference) {
  const Eigen::Index N = u.rows(), k = u.cols(), m = y.cols();
  // Unknowns per output: (k + 1)(degree + 1); the window holds 2R + 1 bins with at least k + 2
  // residual degrees of freedom for the noise estimate (Pintelon et al. 2010, eq. 17).
  const Eigen::Index unknowns = (k + 1) * (kDegree + 1);
  const Eigen::Index R = (unknowns + k + 2) / 2;
  const Eigen::Index window = 2 * R + 1, dof = window - unknowns;
  require(N / 2 > 2 * R + 1, "frf: the local polynomial method needs more than " + std::to_string(4 * R + 2) + " samples", "data");
  Eigen::MatrixXcd U = dft_of_columns(u, N / 2 + 1);
  Eigen::MatrixXcd Y = dft_of_columns(y, N / 2 + 1);
  const double df = 1.0 / (double(N) * h);

  FrfEstimate result;
  result.averages = dof;
  result.segment = N;
  const std::vector<Eigen::Index> chosen = bins_in_band(std::max<Eigen::Index>(1, R), N / 2 - R, df, o);
  const auto F = Eigen::Index(chosen.size());
  // Bins whose input power is below the excited lines' threshold (excited_lines.hpp, from the band's
  // bins) are taken as unexcited: their U is set to 0, so that H's polynomials are fitted on the
  // excited bins only, while every bin of a window still fits the transient and gives the noise. A
  // periodic force over whole periods excites only the bins of its harmonics (every P-th for P
  // periods, fewer for a multisine with omitted lines): there a window holds one or two excited bins,
  // H's degree drops to what they determine (degree 0 at one bin: H = (Y − T̂)/U, the transient T̂
  // interpolated from the unexcited bins around; Pintelon & Schoukens 2012, sec. 7.2.4), and H is
  // given at the excited bins only.
  Vector band_power(F);
  for (Eigen::Index i = 0; i < F; ++i) band_power(i) = U.row(chosen[std::size_t(i)]).squaredNorm();
  const double threshold = excited_power_threshold(band_power);
  std::vector<bool> excited_bin(std::size_t(N / 2 + 1));
  for (Eigen::Index b = 0; b <= N / 2; ++b) {
    excited_bin[std::size_t(b)] = U.row(b).squaredNorm() >= threshold;
    if (!excited_bin[std::size_t(b)]) U.row(b).setZero();
  }
  // Around a reference Ĥ, the windows see Y(b) − Ĥ(ω_b) U(b) over every bin they span (the chosen
  // bins are consecutive), and Ĥ(ω_b) is added back to the constant term. Not at 0 Hz, where a
  // model's residual terms are infinite: a line whose window holds bin 0 keeps the plain fit.
  const Eigen::Index first_bin = std::max<Eigen::Index>(1, chosen.front() - R);
  Eigen::MatrixXcd Href;  // bins first_bin … chosen.back() + R, × outputs·inputs (output o of input j in column o + m j)
  const Eigen::MatrixXcd Yplain = reference ? Y : Eigen::MatrixXcd();
  if (reference) {
    Href = reference(Vector::LinSpaced(chosen.back() + R - first_bin + 1, double(first_bin), double(chosen.back() + R)) * df);
    for (Eigen::Index i = 0; i < Href.rows(); ++i)
      for (Eigen::Index j = 0; j < k; ++j) Y.row(first_bin + i) -= U(first_bin + i, j) * Href.row(i).segment(m * j, m);
  }
  result.freq_hz.resize(F);
  result.coherence.resize(F, m);
  result.noise_sd.resize(F, m);
  Eigen::Index singular = 0;
  std::vector<bool> with_power(std::size_t(F), false);  // lines where H is estimated or the fit is singular
  for (Eigen::Index i = 0; i < F; ++i) {
    const Eigen::Index b = chosen[std::size_t(i)];
    result.freq_hz(i) = double(b) * df;
    Eigen::Index excited = 0;
    for (Eigen::Index r = -R; r <= R; ++r) excited += excited_bin[std::size_t(b + r)] ? 1 : 0;
    // H's degree: 2 when the excited bins determine it (a random force), less on a sparse grid, none
    // (−1: the transient alone, for the noise level) when they cannot give every input's H.
    const Eigen::Index degree = std::min<Eigen::Index>(kDegree, excited / k - 1), terms = degree + 1;
    // H is given at an excited bin, and at a weak bin of a random force whose window is all but excited.
    const bool estimate = degree >= 0 && (excited_bin[std::size_t(b)] || degree == kDegree);
    with_power[std::size_t(i)] = estimate || excited_bin[std::size_t(b)];
    const Eigen::Index columns = k * terms + kDegree + 1, line_dof = window - columns;
    // Regressors: r^s U_j(b + r) for each input j and power s < terms, then r^s for the transient.
    Eigen::MatrixXcd K(window, columns);
    for (Eigen::Index r = -R; r <= R; ++r) {
      double power = 1.0;
      for (Eigen::Index s = 0; s <= kDegree; ++s, power *= double(r)) {
        for (Eigen::Index j = 0; j < k && s < terms; ++j) K(r + R, j * terms + s) = power * U(b + r, j);
        K(r + R, k * terms + s) = power;
      }
    }
    // Columns scaled to unit norm before the QR, so the input's units do not matter.
    const Vector scale = K.colwise().norm().transpose().cwiseMax(1e-300);
    const Eigen::MatrixXcd Ks = K * scale.cwiseInverse().asDiagonal();
    const Eigen::ColPivHouseholderQR<Eigen::MatrixXcd> qr(Ks);
    Eigen::MatrixXcd H = Eigen::MatrixXcd::Constant(m, k, Complex(NAN, NAN));
    Matrix sd = Matrix::Constant(m, k, NAN);
    Eigen::MatrixXcd kernel = Eigen::MatrixXcd::Constant(k, window, Complex(NAN, NAN));
    result.coherence.row(i).setConstant(NAN);
    result.noise_sd.row(i).setConstant(NAN);
    if (qr.rank() < columns) {
      if (with_power[std::size_t(i)]) ++singular;
    } else {
      const bool around = reference && b - R >= first_bin;
      const Eigen::MatrixXcd Yw = (reference && !around ? Yplain : Y).middleRows(b - R, window);
      const Eigen::MatrixXcd theta = qr.solve(Yw);
      const Eigen::MatrixXcd residual = Yw - Ks * theta;
      // cov θ = σ² (Ksᴴ Ks)⁻¹; its diagonal from the R factor: (RᴴR)⁻¹ = R⁻¹R⁻ᴴ (permuted).
      const Eigen::MatrixXcd Rf = qr.matrixR().topLeftCorner(columns, columns).triangularView<Eigen::Upper>();
      const Eigen::MatrixXcd Rinv = Rf.triangularView<Eigen::Upper>().solve(Eigen::MatrixXcd::Identity(columns, columns));
      const Eigen::MatrixXcd P = qr.colsPermutation() * Rinv;  // rows in the original column order
      // θ = P Q₁ᴴ Yw (Ks = Q₁ R Πᵀ): the constant terms' rows of P Q₁ᴴ, unscaled, are the kernel.
      const Eigen::MatrixXcd Q1 = qr.householderQ() * Eigen::MatrixXcd::Identity(window, columns);
      if (estimate)
        for (Eigen::Index j = 0; j < k; ++j) kernel.row(j) = P.row(j * terms) * Q1.adjoint() / scale(j * terms);
      for (Eigen::Index o2 = 0; o2 < m; ++o2) {
        const double sigma2 = residual.col(o2).squaredNorm() / double(line_dof);
        result.noise_sd(i, o2) = std::sqrt(sigma2);
        if (!estimate) continue;
        result.coherence(i, o2) = std::clamp(1.0 - sigma2 / std::max(std::norm(Y(b, o2)), 1e-300), 0.0, 1.0);
        for (Eigen::Index j = 0; j < k; ++j) {
          const Eigen::Index col = j * terms;
          H(o2, j) = theta(col, o2) / scale(col);  // θ rows follow the original columns after solve
          if (around) H(o2, j) += Href(b - first_bin, o2 + m * j);
          sd(o2, j) = std::sqrt(sigma2 * P.row(col).squaredNorm()) / scale(col);
        }
      }
    }
    result.H1.push_back(H);
    result.h1_sd.push_back(sd);
    result.lpm_kernel.push_back(kernel);
  }
  const auto powered = Eigen::Index(std::count(with_power.begin(), with_power.end(), true));
  if (powered == 0 || powered == singular) {
    report_unestimated(result, F, o, "");
    return result;
  }
  advise_band_excitation(result, with_power, band_power, o);
  report_unestimated(result, singular, o, "give too weak an input for the local polynomial fit");
  return result;
}

FrfEstimate with_smoothed_noise(const FrfEstimate& lpm, Eigen::Index half_width) {
  FrfEstimate out = lpm;
  const Eigen::Index F = lpm.noise_sd.rows();
  for (Eigen::Index o = 0; o < lpm.noise_sd.cols(); ++o)
    for (Eigen::Index f = 0; f < F; ++f) {
      const Eigen::Index first = std::max<Eigen::Index>(0, f - half_width), last = std::min<Eigen::Index>(F - 1, f + half_width);
      double sum = 0.0;
      Eigen::Index count = 0;
      for (Eigen::Index g = first; g <= last; ++g)
        if (std::isfinite(lpm.noise_sd(g, o))) sum += lpm.noise_sd(g, o) * lpm.noise_sd(g, o), ++count;
      const double level = count > 0 ? std::sqrt(sum / double(count)) : NAN;
      out.noise_sd(f, o) = level;
      for (Eigen::Index j = 0; j < lpm.lpm_kernel[std::size_t(f)].rows(); ++j)
        out.h1_sd[std::size_t(f)](o, j) = level * lpm.lpm_kernel[std::size_t(f)].row(j).norm();  // σ̂ ‖kernel‖: the LPM's sd
    }
  return out;
}

FrfErrorCovariance lpm_error_covariance(const FrfEstimate& lpm) {
  const Eigen::Index F = lpm.freq_hz.size(), m = lpm.noise_sd.cols();
  const Eigen::Index window = lpm.lpm_kernel.empty() ? 1 : lpm.lpm_kernel.front().cols();
  FrfErrorCovariance out;
  out.lags = window - 1;
  out.at = [&lpm, F, m, window](Eigen::Index f, Eigen::Index g, Eigen::Index c1, Eigen::Index c2) {
    const Eigen::Index o = c1 % m, j1 = c1 / m, j2 = c2 / m;
    if (c2 % m != o || std::abs(g - f) >= window) return Complex(0.0, 0.0);
    // Line f's window covers bins f − R … f + R (in line numbers; the lines are consecutive bins).
    const Eigen::MatrixXcd &kf = lpm.lpm_kernel[std::size_t(f)], &kg = lpm.lpm_kernel[std::size_t(g)];
    Complex sum(0.0, 0.0);
    for (Eigen::Index r = std::max<Eigen::Index>(0, g - f); r < std::min(window, window + g - f); ++r) {
      const Eigen::Index line = std::clamp<Eigen::Index>(f + r - (window - 1) / 2, 0, F - 1);
      sum += kf(j1, r) * std::conj(kg(j2, r - (g - f))) * lpm.noise_sd(line, o) * lpm.noise_sd(line, o);
    }
    return sum;
  };
  return out;
}

}  // namespace mechid
