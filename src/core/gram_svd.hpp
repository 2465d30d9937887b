// Singular values and left singular vectors of a wide matrix A (m <= n) through the symmetric
// eigen-decomposition of A A' (issue 19, item 2: the subspace step's SVD). Eigen's one-sided
// Jacobi SVD (robust_svd) took 8.8 s on the 512 x 1024 projection of 8 DOF at h = 0.0005 (64 block
// rows); tridiagonalization and QR on the 512 x 512 Gram matrix take 0.14 s (docs/results.md,
// "Speed of identification").
//
// Accuracy. Forming A A' rounds each entry by about m ε ‖A‖², so an eigenvector u_w moves by at most
// about m ε s_1² / (s_w² − s_{w+1}²) (Davis & Kahan 1970, the sin θ theorem; Golub & Van Loan 2013,
// "Matrix Computations", sec. 8.1.3, p. 438). The first `wanted` vectors are kept when that bound is
// below 1e-8, or when m ε s_1² is below 1e-3 s_{w+1}²: the part of A beyond the first `wanted`
// directions (noise, unmodelled or unresolved dynamics) then moves them at least 1000 times more
// than the rounding does (the same bound with s_{w+1}² in place of m ε s_1²). Otherwise the result
// is robust_svd's (slow, but accurate to about ε s_1 / (s_w − s_{w+1})).
// The singular values are the norms of the rows of U' A, not square roots of the eigenvalues: those
// down to about 1e-6 s_1 are then accurate to about ε s_1, like a Jacobi SVD's; smaller ones to
// about √ε s_1 (their vectors are mixed by the rounding of A A'), so their ratios mean nothing.
// Where this is used the leading `wanted` values are far above that (by the bound above).
#pragma once

#include "core/robust_svd.hpp"

namespace mechid {

// U is m x m (all left singular vectors, by decreasing singular value); V is not computed.
// `wanted`: how many leading vectors the caller uses. ok = false for a non-finite entry.
RobustSvd gram_svd(const Matrix& A, Eigen::Index wanted);

}  // namespace mechid
