#include "estimators/svf/data_poles.hpp"

#include <cmath>
#include <vector>

#include "core/dft.hpp"
#include "core/math_constants.hpp"

namespace mechid {

double dominant_angular_frequency(const Matrix& y, double h) {
  const Eigen::Index N = y.rows();
  const Dft dft(static_cast<std::size_t>(N));
  Vector power = Vector::Zero(N / 2 + 1);
  for (Eigen::Index c = 0; c < y.cols(); ++c) {
    const double mean = y.col(c).mean();
    std::vector<double> x(static_cast<std::size_t>(N));
    for (Eigen::Index t = 0; t < N; ++t) x[static_cast<std::size_t>(t)] = y(t, c) - mean;
    const ComplexVector X = dft.half_spectrum(x);
    for (Eigen::Index b = 0; b < power.size(); ++b) power(b) += std::norm(X[static_cast<std::size_t>(b)]);
  }
  Eigen::Index peak = 1;
  for (Eigen::Index b = 2; b < power.size(); ++b)
    if (power(b) > power(peak)) peak = b;
  return 2.0 * kPi * static_cast<double>(peak) / (static_cast<double>(N) * h);
}

Vector data_pole_grid(const Matrix& y, double h) {
  const double omega = dominant_angular_frequency(y, h);
  Vector grid(7);
  for (Eigen::Index k = 0; k < grid.size(); ++k) grid(k) = omega * std::pow(2.0, 0.5 * static_cast<double>(k - 2));
  return grid;
}

}  // namespace mechid
