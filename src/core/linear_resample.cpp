#include "core/linear_resample.hpp"

#include <string>

#include "core/input_error.hpp"

namespace mechid {

Vector resample_linear(const Vector& times, const Vector& values, const Vector& at) {
  const Eigen::Index n = times.size();
  require(values.size() == n, "resampling: " + std::to_string(values.size()) + " values at " + std::to_string(n) + " times");
  require(n >= 2, "resampling needs at least two samples, got " + std::to_string(n));
  Vector out(at.size());
  // One pass: `at` increases, so the interval [t_j, t_(j+1)] holding at(k) only moves forward.
  for (Eigen::Index k = 0, j = 0; k < at.size(); ++k) {
    while (j < n - 2 && times(j + 1) < at(k)) ++j;
    const double w = (at(k) - times(j)) / (times(j + 1) - times(j));
    out(k) = (1 - w) * values(j) + w * values(j + 1);
  }
  return out;
}

}  // namespace mechid
