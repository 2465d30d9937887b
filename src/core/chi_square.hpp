// The χ² distribution's upper tail and quantile by the Wilson–Hilferty cube-root transform, for the
// tests of residuals (identify/validation.cpp) and of an output's response (output_response.hpp).
#pragma once

#include <cmath>

#include "core/normal_quantile.hpp"

namespace mechid {

// χ²(m) ↔ normal by the Wilson–Hilferty cube-root transform ((Q/m)^{1/3} is nearly normal with
// mean 1 − 2/(9m) and variance 2/(9m); Johnson, Kotz & Balakrishnan 1994, §18.5): accurate to a
// few per cent in the tail for m ≥ 10, ample for a 1 % test.
inline double chi_square_tail(double q, int m) {
  const double v = 2.0 / (9.0 * m);
  return normal_tail((std::cbrt(q / m) - (1.0 - v)) / std::sqrt(v));
}

inline double chi_square_upper_quantile(double p, int m) {
  const double v = 2.0 / (9.0 * m), root = 1.0 - v + normal_upper_quantile(p) * std::sqrt(v);
  return m * root * root * root;
}

}  // namespace mechid
