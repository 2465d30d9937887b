// Half-widths of two-sided 95 % intervals from standard deviations: ± z95 · sd with z95 the
// normal quantile of normal_quantile.hpp (first-order uncertainties, so normal). Computed here once,
// so that every table and export shows the same interval the core means.
#pragma once

#include <cmath>
#include <vector>

#include "core/normal_quantile.hpp"
#include "core/types.hpp"

namespace mechid {

// z95 · sd; NaN stays NaN (no interval known).
inline double half_width95(double sd) { return kZ95 * sd; }

inline Matrix half_width95(const Matrix& sd) { return kZ95 * sd; }

inline Vector half_width95(const Vector& sd) { return kZ95 * sd; }

inline std::vector<double> half_width95(const std::vector<double>& sd) {
  std::vector<double> out(sd.size());
  for (std::size_t i = 0; i < sd.size(); ++i) out[i] = half_width95(sd[i]);
  return out;
}

}  // namespace mechid
