// θ of the structured PEMs: the upper triangles of three symmetric n x n matrices, column by
// column ((0,0), (0,1), (1,1), (0,2), …), first matrix first; the predictors append their
// initial-state parameters after them.
#pragma once

#include <array>

#include "core/types.hpp"

namespace mechid {

// Writes the upper triangles of a, b, c into theta from index 0.
void pack_symmetric(const Matrix& a, const Matrix& b, const Matrix& c, Vector& theta);

// The three n x n symmetric matrices of theta's first 3 n(n+1)/2 entries.
std::array<Matrix, 3> unpack_symmetric(const Vector& theta, Eigen::Index n);

}  // namespace mechid
