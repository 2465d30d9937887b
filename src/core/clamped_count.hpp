// A count computed in floating point (samples to settle from a cut-off, block rows from a period,
// a stride from a frequency) converted to Eigen::Index safely. A double outside the range of the
// integer type converts with undefined behaviour (C++17 [conv.fpint]), and Eigen::Index is 32-bit in
// WebAssembly: a count of 3e12 samples that a native build holds became -2147483648 there (issue
// 20, item 6). So every such conversion clamps first, in double, to a range that holds in both.
#pragma once

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace mechid {

// Larger than any record or matrix dimension the core can hold (the WebAssembly memory is at most
// 2 GB, 2^28 doubles), and a quarter of the 32-bit Index range, so that a clamped count can still
// be added to a record length or doubled without overflow.
inline constexpr Eigen::Index kCountBeyondAnyRecord = std::numeric_limits<int32_t>::max() / 4;

// x rounded as given by the caller (ceil, floor) and clamped to [lo, hi]; NaN and +inf give hi,
// -inf gives lo.
inline Eigen::Index clamped_count(double x, Eigen::Index lo = 0, Eigen::Index hi = kCountBeyondAnyRecord) {
  if (std::isnan(x)) return hi;
  return static_cast<Eigen::Index>(std::clamp(x, static_cast<double>(lo), static_cast<double>(hi)));
}

}  // namespace mechid
