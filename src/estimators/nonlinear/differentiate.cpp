#include "estimators/nonlinear/differentiate.hpp"

#include <cmath>

#include "core/input_error.hpp"

namespace mechid::nonlinear {

Vector differentiate4(const Vector& y, double h) {
  require(std::isfinite(h) && h > 0, "the sampling period must be a positive number of seconds, got " + format_number(h));
  const Eigen::Index n = y.size();
  require(n >= 5, "differentiation needs at least 5 samples, got " + std::to_string(n));
  Vector d(n);
  const double s = 1.0 / (12.0 * h);
  for (Eigen::Index i = 2; i + 2 < n; ++i) d(i) = s * (y(i - 2) - 8.0 * y(i - 1) + 8.0 * y(i + 1) - y(i + 2));
  // One-sided five-point formulas (fourth order) at both ends.
  d(0) = s * (-25.0 * y(0) + 48.0 * y(1) - 36.0 * y(2) + 16.0 * y(3) - 3.0 * y(4));
  d(1) = s * (-3.0 * y(0) - 10.0 * y(1) + 18.0 * y(2) - 6.0 * y(3) + y(4));
  const Eigen::Index e = n - 1;
  d(e) = s * (25.0 * y(e) - 48.0 * y(e - 1) + 36.0 * y(e - 2) - 16.0 * y(e - 3) + 3.0 * y(e - 4));
  d(e - 1) = s * (3.0 * y(e) + 10.0 * y(e - 1) - 18.0 * y(e - 2) + 6.0 * y(e - 3) - y(e - 4));
  return d;
}

}  // namespace mechid::nonlinear
