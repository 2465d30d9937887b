// The Cholesky factor of a large symmetric matrix on the core's threads (core/parallel_for.hpp).
#pragma once

#include "core/types.hpp"

namespace mechid {

// Overwrites A's lower triangle with L, A = L L' (A's strict upper triangle is not read and stays),
// by the right-looking blocked algorithm (block Cholesky: Golub & Van Loan 2013, "Matrix
// Computations", 4th ed., §4.2): per panel of 64 columns, the Cholesky factor of its diagonal block, the
// panel below it by a triangular solve (by blocks of rows) and the trailing lower triangle less the
// panel's outer product (add_lower_outer_product, by blocks of rows). Blocks depend on A's size
// only, so L is the same bit for bit on any thread count (not Eigen::LLT's bits: its panels differ).
// False, with A partly overwritten, when A is not positive definite (a pivot not > 0 or not finite).
bool cholesky_by_blocks(Matrix& A);

}  // namespace mechid
