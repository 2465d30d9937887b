// A channel whose samples are all equal recorded nothing (a dead sensor, an unplugged cable, a
// column of zeros written for a channel that was not measured): no identification or frequency
// response can use it, and without this check it surfaced as "outputs not rich enough",
// "linearly dependent" or "raise max_order" (issue 56).
#pragma once

#include <string>

#include "core/input_error.hpp"
#include "core/types.hpp"

namespace mechid {

// The first column of X whose samples are all equal, or -1 (X with at least one row).
inline Eigen::Index first_constant_column(const Matrix& X) {
  for (Eigen::Index j = 0; j < X.cols(); ++j)
    if (X.rows() > 0 && X.col(j).maxCoeff() == X.col(j).minCoeff()) return j;
  return -1;
}

// "is zero in every sample" or "is constant (every sample is 0.25)", for column j of X.
inline std::string constant_column_words(const Matrix& X, Eigen::Index j) {
  const double value = X(0, j);
  return value == 0.0 ? "is zero in every sample" : "is constant (every sample is " + format_number(value) + ")";
}

}  // namespace mechid
