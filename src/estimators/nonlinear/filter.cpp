#include "estimators/nonlinear/filter.hpp"

#include <cmath>
#include <cstdint>

#include "core/clamped_count.hpp"
#include "core/input_error.hpp"

namespace mechid::nonlinear {

Vector ideal_highpass(const Vector& y, double h, double cutoff_hz) {
  require(std::isfinite(h) && h > 0, "the sampling period must be a positive number of seconds, got " + format_number(h));
  require(std::isfinite(cutoff_hz) && cutoff_hz >= 0, "the high-pass cut-off must be >= 0 Hz, got " + format_number(cutoff_hz));
  const Eigen::Index n = y.size();
  Vector out = y;
  if (n == 0) return out;
  // Bins k with k / (N h) <= cutoff; the basis vectors of distinct bins k <= N/2 are orthogonal.
  const Eigen::Index last = clamped_count(std::floor(cutoff_hz * static_cast<double>(n) * h + 1e-9), -1);
  const double pi = 3.14159265358979323846;
  for (Eigen::Index k = 0; k <= last && 2 * k <= n; ++k) {
    if (k == 0 || 2 * k == n) {  // real basis vector: constant or alternating sign
      Vector basis(n);
      for (Eigen::Index i = 0; i < n; ++i) basis(i) = (k == 0 || i % 2 == 0) ? 1.0 : -1.0;
      out -= basis * (basis.dot(out) / static_cast<double>(n));
      continue;
    }
    Vector c(n), s(n);
    for (Eigen::Index i = 0; i < n; ++i) {
      // k·i mod n in 64 bits: Eigen::Index is 32-bit in WebAssembly, where k·i passed 2³¹ for
      // k > 2³¹/n (10⁶ samples: a cut-off above bin 2147).
      const double phase = 2.0 * pi * static_cast<double>(std::int64_t(k) * i % n) / static_cast<double>(n);
      c(i) = std::cos(phase);
      s(i) = std::sin(phase);
    }
    const double scale = 2.0 / static_cast<double>(n);
    out -= c * (scale * c.dot(out)) + s * (scale * s.dot(out));
  }
  return out;
}

Vector detrend_linear(const Vector& y) {
  const Eigen::Index n = y.size();
  if (n < 2) return Vector::Zero(n);
  // Centred index so the two basis vectors are orthogonal.
  const double mid = 0.5 * static_cast<double>(n - 1);
  Vector t(n);
  for (Eigen::Index i = 0; i < n; ++i) t(i) = static_cast<double>(i) - mid;
  const double mean = y.mean();
  const double slope = t.dot(y) / t.squaredNorm();
  return (y.array() - mean).matrix() - slope * t;
}

}  // namespace mechid::nonlinear
