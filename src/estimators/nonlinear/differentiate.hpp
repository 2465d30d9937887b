// Derivative of a uniformly sampled signal by fourth-order differences: "the differentiation
// method of order 4 based on central differences" of Karimov et al. 2021 (sec. 4), used for the jerk
// {j_i} = d/dt {a_i} of the IDA (sec. 2.3, relation before eq. 15).
#pragma once

#include "core/types.hpp"

namespace mechid::nonlinear {

// Interior: (y_{i-2} - 8 y_{i-1} + 8 y_{i+1} - y_{i+2}) / (12 h). The first and last two samples
// use the one-sided five-point formulas of the same order. Needs at least 5 samples (InputError).
Vector differentiate4(const Vector& y, double h);

}  // namespace mechid::nonlinear
