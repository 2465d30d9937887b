#include "estimators/nonlinear/integrate.hpp"

#include <cmath>

#include "core/input_error.hpp"

namespace mechid::nonlinear {

Vector cumulative_simpson(const Vector& y, double h) {
  require(std::isfinite(h) && h > 0, "the sampling period must be a positive number of seconds, got " + format_number(h));
  const Eigen::Index n = y.size();
  Vector out = Vector::Zero(n);
  if (n < 2) return out;
  if (n == 2) {
    out(1) = 0.5 * h * (y(0) + y(1));
    return out;
  }
  // Even nodes: Simpson 1/3 over [t_{i-2}, t_i].
  for (Eigen::Index i = 2; i < n; i += 2) out(i) = out(i - 2) + h / 3.0 * (y(i - 2) + 4.0 * y(i - 1) + y(i));
  // Odd nodes: one period of the parabola through three samples around it.
  for (Eigen::Index i = 1; i < n; i += 2) {
    if (i + 1 < n) out(i) = out(i - 1) + h / 12.0 * (5.0 * y(i - 1) + 8.0 * y(i) - y(i + 1));
    else out(i) = out(i - 1) + h / 12.0 * (-y(i - 2) + 8.0 * y(i - 1) + 5.0 * y(i));
  }
  return out;
}

}  // namespace mechid::nonlinear
