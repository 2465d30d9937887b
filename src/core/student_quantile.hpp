// Quantiles of Student's t distribution, for intervals from a standard deviation estimated with
// few degrees of freedom (a jackknife over a handful of blocks).
#pragma once

#include <cmath>
#include <limits>

#include "core/normal_quantile.hpp"

namespace mechid {

// t with P(T_ν <= t) = 0.975, from z95 by the Cornish–Fisher expansion (Abramowitz & Stegun 1964,
// eq. 26.7.5, terms to ν⁻⁴): 2.2621 for ν = 9 (exact 2.2622), 2.0860 for ν = 20 (2.0860); error
// below 1e-3 for ν >= 5, 4e-3 at ν = 3 (3.1786 for 3.1824). NaN for ν < 1.
inline double student_t975(double nu) {
  if (!(nu >= 1.0)) return std::numeric_limits<double>::quiet_NaN();
  const double z = kZ95, z2 = z * z, z3 = z2 * z, z5 = z3 * z2, z7 = z5 * z2, z9 = z7 * z2;
  return z + (z3 + z) / (4.0 * nu) + (5.0 * z5 + 16.0 * z3 + 3.0 * z) / (96.0 * nu * nu) +
         (3.0 * z7 + 19.0 * z5 + 17.0 * z3 - 15.0 * z) / (384.0 * nu * nu * nu) +
         (79.0 * z9 + 776.0 * z7 + 1482.0 * z5 - 1920.0 * z3 - 945.0 * z) / (92160.0 * nu * nu * nu * nu);
}

}  // namespace mechid
