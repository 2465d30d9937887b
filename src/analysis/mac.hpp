// The modal assurance criterion between two sets of complex mode shapes (Allemang & Brown 1982):
// MAC(a_i, b_j) = |a_iᴴ b_j|² / (|a_i|² |b_j|²), 1 for shapes equal up to a complex factor, 0 for
// orthogonal ones; e.g. the modes of two runs, or measured against a model's.
#pragma once

#include <Eigen/Dense>

#include "core/types.hpp"

namespace mechid {

// The MAC of each shape of a (one per column) against each of b: a.cols() x b.cols(). Throws
// InputError with option "shapes" when a and b have shapes of different lengths (a MAC compares
// shapes at the same points).
Matrix mac_matrix(const Eigen::MatrixXcd& a, const Eigen::MatrixXcd& b);

}  // namespace mechid
