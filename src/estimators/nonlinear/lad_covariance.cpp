#include "estimators/nonlinear/lad_covariance.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/normal_quantile.hpp"
#include "identify/parameter_covariance.hpp"

namespace mechid::nonlinear {

double normal_quantile(double p) {
  if (!(p > 0 && p < 1)) return NAN;
  const double root2 = std::sqrt(2.0), density0 = 1.0 / std::sqrt(2.0 * 3.14159265358979323846);
  double z = 0.0;
  for (int k = 0; k < 60; ++k) {  // Newton on Φ(z) - p, Φ(z) = erfc(-z/√2)/2, Φ' = φ
    const double step = (0.5 * std::erfc(-z / root2) - p) / (density0 * std::exp(-0.5 * z * z));
    z -= step;
    if (std::abs(step) <= 1e-14 * std::max(1.0, std::abs(z))) break;
  }
  return z;
}

namespace {

// The residuals' scale for the bandwidth: min(sd, IQR / 1.34) (Koenker 2005, sec. 3.4).
double robust_scale(const Vector& r) {
  const Eigen::Index n = r.size();
  const double mean = r.mean();
  const double sd = std::sqrt((r.array() - mean).square().sum() / static_cast<double>(std::max<Eigen::Index>(n - 1, 1)));
  std::vector<double> sorted(r.data(), r.data() + n);
  std::sort(sorted.begin(), sorted.end());
  auto at = [&](double q) {  // linear interpolation between order statistics
    const double pos = q * static_cast<double>(n - 1);
    const auto lo = static_cast<std::size_t>(std::floor(pos));
    const auto hi = std::min(lo + 1, sorted.size() - 1);
    return sorted[lo] + (pos - std::floor(pos)) * (sorted[hi] - sorted[lo]);
  };
  const double iqr = at(0.75) - at(0.25);
  return iqr > 0 ? std::min(sd, iqr / 1.34) : sd;
}

}  // namespace

LadCovariance lad_covariance(const Matrix& E, const Vector& residual) {
  LadCovariance out;
  const Eigen::Index n = E.rows(), L = E.cols();
  if (n <= L || residual.size() != n) return out;
  const double scale = robust_scale(residual);
  if (!(scale > 0)) {  // an exact fit: nothing uncertain in h
    out.covariance = Matrix::Zero(L, L);
    return out;
  }
  // Hall & Sheather (1988) bandwidth on the probability scale at the median (τ = 1/2, α = 0.05):
  // h_n = n^{-1/3} z_{0.975}^{2/3} (1.5 φ(0)²)^{1/3}; on the residual scale b = (Φ⁻¹(½+h_n) - Φ⁻¹(½-h_n)) · scale.
  const double phi0 = 1.0 / std::sqrt(2.0 * 3.14159265358979323846);
  const double hn = std::min(0.49, std::cbrt(1.0 / static_cast<double>(n)) * std::cbrt(kZ95 * kZ95) * std::cbrt(1.5 * phi0 * phi0));
  out.bandwidth = (normal_quantile(0.5 + hn) - normal_quantile(0.5 - hn)) * scale;
  // Ĥ: Gaussian kernel density of each residual at 0 weighting its row.
  Vector density(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    const double u = residual(i) / out.bandwidth;
    density(i) = phi0 * std::exp(-0.5 * u * u) / out.bandwidth;
  }
  const Matrix H = E.transpose() * density.asDiagonal() * E;
  // Ĵ: the scores ψ_i E_i with ψ_i = sign(r_i)/2, their lag products under the Bartlett window.
  Vector psi(n);
  for (Eigen::Index i = 0; i < n; ++i) psi(i) = residual(i) > 0 ? 0.5 : (residual(i) < 0 ? -0.5 : 0.0);
  out.max_lag = sandwich_bandwidth(Matrix(psi));
  const Matrix S = psi.asDiagonal() * E;  // n x L scores
  Matrix J = S.transpose() * S;
  for (Eigen::Index tau = 1; tau <= out.max_lag; ++tau) {
    const Matrix G = S.topRows(n - tau).transpose() * S.bottomRows(n - tau);
    J += (1.0 - static_cast<double>(tau) / static_cast<double>(out.max_lag + 1)) * (G + G.transpose());
  }
  const Eigen::FullPivLU<Matrix> lu(H);
  if (!lu.isInvertible()) return out;
  const Matrix Hinv = lu.inverse();
  out.covariance = Hinv * J * Hinv;
  out.covariance = 0.5 * (out.covariance + out.covariance.transpose());
  if (!out.covariance.allFinite()) out.covariance.resize(0, 0);
  return out;
}

}  // namespace mechid::nonlinear
