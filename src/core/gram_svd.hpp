// Singular values and left singular vectors of a wide matrix A (m <= n) through the symmetric
// eigen-decomposition of A A' (issue 19, item 2: the subspace step's SVD). Eigen's one-sided
// Jacobi SVD (robust_svd) took 8.8 s on the 512 x 1024 projection of 8 DOF at h = 0.0005 (64 block
// rows); tridiagonalization and QR on the 512 x 512 Gram matrix take 0.14 s (docs/results.md,
// "Speed of identification").
//
// Accuracy. Forming A A' rounds each entry (a dot product of length n) by up to about n ε ‖A‖², and
// the eigensolver adds about m ε ‖A‖²; an eigenvector u_w then moves by at most about
// (n + m) ε s_1² / (s_w² − s_{w+1}²) (Davis & Kahan 1970, the sin θ theorem; Golub & Van Loan 2013,
// "Matrix Computations", sec. 8.1.3, p. 438). The first `wanted` vectors are kept when that
// estimate is below 1e-8, or, as a heuristic for data = signal of rank `wanted` + noise, when
// (n + m) ε s_1² is below 1e-3 s_{w+1}²: the noise, whose size s_{w+1} shows, then perturbs the
// signal's vectors far more than the rounding does. Otherwise the result is robust_svd's (slow,
// but accurate to about ε s_1 / (s_w − s_{w+1})).
// The singular values are the norms of the rows of U' A, not square roots of the eigenvalues: those
// down to about 1e-6 s_1 are then accurate to about ε s_1, like a Jacobi SVD's; smaller ones only to
// about √ε s_1 (their vectors are mixed by the rounding of A A'), so they are reported at a floor
// of √((n + m) ε) s_1, where their ratios cannot suggest a gap (suggested_dof reads them).
#pragma once

#include "core/robust_svd.hpp"

namespace mechid {

// U is m x m (all left singular vectors, by decreasing singular value); V is not computed.
// `wanted`: how many leading vectors the caller uses. ok = false for a non-finite entry. A tall A
// (m > n), or wanted outside 1 … m − 1, gets robust_svd's thin result (U m x min(m, n)).
RobustSvd gram_svd(const Matrix& A, Eigen::Index wanted);

}  // namespace mechid
