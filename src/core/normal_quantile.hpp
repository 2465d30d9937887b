// Quantiles of the standard normal distribution used to turn standard deviations into intervals,
// and its upper tail for the correlation tests of a model's residuals.
#pragma once

#include <algorithm>
#include <cmath>

#include "core/math_constants.hpp"

namespace mechid {

// z with Φ(z) = 0.975: a two-sided 95 % interval is ± z95 standard deviations (the uncertainty of
// identify/identification.hpp, first order, so normal).
inline constexpr double kZ95 = 1.959963984540054;

// Upper tail of the standard normal, Φ̄(z) = erfc(z/√2)/2.
inline double normal_tail(double z) { return 0.5 * std::erfc(z / std::sqrt(2.0)); }

// z with Φ̄(z) = p (0 < p < 1/2): Newton on log Φ̄, whose derivative is −φ(z)/Φ̄(z); from z = 1
// it converges in a few steps for every p down to 1e-300.
inline double normal_upper_quantile(double p) {
  double z = 1.0;
  for (int k = 0; k < 50; ++k) {
    const double tail = normal_tail(z), density = std::exp(-0.5 * z * z) / std::sqrt(2 * kPi);
    const double step = (std::log(tail) - std::log(p)) / (density / tail);
    z += step;
    if (std::abs(step) < 1e-12 * std::max(1.0, std::abs(z))) break;
  }
  return z;
}

}  // namespace mechid
