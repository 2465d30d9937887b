// θ of the structured PEMs: the upper triangles of three symmetric n x n matrices, column by
// column ((0,0), (0,1), (1,1), (0,2), …), first matrix first; the predictors append their
// initial-state parameters after them.
#pragma once

#include "core/types.hpp"

namespace mechid {

// Writes the upper triangles of a, b, c into theta from index 0.
void pack_symmetric(const Matrix& a, const Matrix& b, const Matrix& c, Vector& theta);

// The inverse of pack_symmetric: a, b, c become the three n x n symmetric matrices of theta's
// first 3 n(n+1)/2 entries.
void unpack_symmetric(const Vector& theta, Eigen::Index n, Matrix& a, Matrix& b, Matrix& c);

}  // namespace mechid
