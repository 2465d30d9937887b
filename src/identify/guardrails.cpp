#include "identify/guardrails.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>

#include "core/input_error.hpp"

namespace mechid {

// Lag stride for excitation_order: one radian of the RMS frequency ω̄ (1/(ω̄h) samples), from
// ‖Δu‖²/‖u − ū‖² = (2 sin(ω̄h/2))² ≈ (ω̄h)².
static Eigen::Index lag_stride(const Matrix& u, Eigen::Index max_order) {
  const Eigen::Index N = u.rows();
  const double spread = (u.rowwise() - u.colwise().mean()).squaredNorm();
  const double change = (u.bottomRows(N - 1) - u.topRows(N - 1)).squaredNorm();
  if (!(spread > 0) || !(change > 0)) return 1;
  const double stride = 1.0 / std::sqrt(change / spread);
  const Eigen::Index most = std::max<Eigen::Index>(1, N / (4 * std::max<Eigen::Index>(max_order, 1)));
  return std::clamp<Eigen::Index>(static_cast<Eigen::Index>(std::floor(stride)), 1, most);
}

Eigen::Index excitation_order(const Matrix& u, Eigen::Index max_order) {
  const Eigen::Index N = u.rows(), k = u.cols();
  if (N < 2) return 0;
  const Eigen::Index s = lag_stride(u, max_order), L = std::min(max_order, (N - 1) / s);
  if (L < 1) return 0;
  // One covariance for ℓ = L; the one for ℓ < L is its leading kℓ x kℓ block (same rows t).
  const Eigen::Index rows = N - (L - 1) * s;
  Matrix regressor(rows, k * L);  // row t: [u_t', u_{t-s}', …]
  for (Eigen::Index lag = 0; lag < L; ++lag) regressor.middleCols(lag * k, k) = u.middleRows((L - 1 - lag) * s, rows);
  Matrix covariance = Matrix::Zero(k * L, k * L);
  covariance.selfadjointView<Eigen::Lower>().rankUpdate(regressor.transpose());
  covariance = covariance.selfadjointView<Eigen::Lower>();
  Eigen::Index order = 0;
  for (Eigen::Index l = 1; l <= L; ++l) {
    const Vector lambda =
        Eigen::SelfAdjointEigenSolver<Matrix>(covariance.topLeftCorner(k * l, k * l), Eigen::EigenvaluesOnly).eigenvalues();
    if (!(lambda.minCoeff() > 1e-9 * lambda.maxCoeff())) break;
    order = l;
  }
  return order;
}

double relative_input_power(const Matrix& u, double h, double omega) {
  const Eigen::Index N = u.rows();
  const double nyquist = M_PI / h, total = (u.rowwise() - u.colwise().mean()).squaredNorm();
  if (!(total > 0) || !(omega > 0) || omega >= nyquist) return 0.0;
  // Periodogram at the DFT bins within ±10 % of ω; average power per bin = total / (N/2 bins).
  const Eigen::Index first = std::max<Eigen::Index>(1, static_cast<Eigen::Index>(std::floor(0.9 * omega * N * h / (2 * M_PI))));
  const Eigen::Index last = std::min<Eigen::Index>(N / 2, static_cast<Eigen::Index>(std::ceil(1.1 * omega * N * h / (2 * M_PI))));
  double band = 0.0;
  const Eigen::Index stride = std::max<Eigen::Index>(1, (last - first) / 16);  // at most ~17 bins
  double bins = 0.0;
  for (Eigen::Index bin = first; bin <= last; bin += stride, bins += 1.0) {
    const std::complex<double> step = std::polar(1.0, -2 * M_PI * static_cast<double>(bin) / static_cast<double>(N));
    for (Eigen::Index c = 0; c < u.cols(); ++c) {
      std::complex<double> sum = 0.0, phase = 1.0;
      for (Eigen::Index t = 0; t < N; ++t, phase *= step) sum += u(t, c) * phase;
      band += 2.0 * std::norm(sum) / static_cast<double>(N);
    }
  }
  return (band / std::max(bins, 1.0)) / (total / (static_cast<double>(N) / 2.0));
}

std::string excitation_order_warning(const Dataset& data) {
  const Eigen::Index n = data.y.cols(), needed = 2 * n;
  const Eigen::Index order = excitation_order(data.u, needed);
  if (order >= needed) return "";
  return "the input is persistently exciting of order " + std::to_string(order) + " only; " + std::to_string(n) +
         " degrees of freedom need order " + std::to_string(needed) +
         " (a richer input: PRBS, multisine or chirp over the band of the modes)";
}

std::vector<std::string> band_warnings(const Dataset& data, const ModalResult& modal) {
  std::vector<std::string> warnings;
  for (std::size_t i = 0; i < modal.modes.size(); ++i) {
    const double omega = modal.modes[i].omega_n, power = relative_input_power(data.u, data.h, omega);
    if (power < 1e-3)
      warnings.push_back("mode " + std::to_string(i + 1) + " (" + format_number(modal.modes[i].freq_hz) +
                         " Hz) lies where the input has " + format_number(power) +
                         " of its average power: it is barely excited and its estimate is unreliable");
  }
  return warnings;
}

Eigen::Index suggested_dof(const Vector& singular_values) {
  const Eigen::Index count = singular_values.size();
  if (count == 0 || !(singular_values(0) > 0)) return 0;
  // The numerical floor: a computed SVD is exact for a matrix within a modest multiple of
  // eps·σ₁ (Golub & Van Loan 2013, §8.6), so singular values below it are rounding, not
  // dynamics; the factor 1e3 allows for the dimension of the Hankel products. Values below the
  // floor count as the floor, so noise-free data show one gap (signal → floor) and no spurious
  // ones among rounding-level or exactly zero values (review numerics-9fdcf06, B7).
  const double floor = 1e3 * std::numeric_limits<double>::epsilon() * singular_values(0);
  const auto at = [&](Eigen::Index i) { return std::max(singular_values(i), floor); };
  Eigen::Index best = 0;
  double best_gap = 0.0, second_gap = 0.0;
  for (Eigen::Index order = 2; order < count && at(order - 1) > floor; order += 2) {
    const double gap = at(order - 1) / at(order);
    if (gap > best_gap) {
      second_gap = best_gap;
      best_gap = gap;
      best = order;
    } else {
      second_gap = std::max(second_gap, gap);
    }
  }
  return best_gap >= 10.0 * second_gap ? best / 2 : 0;
}

}  // namespace mechid
