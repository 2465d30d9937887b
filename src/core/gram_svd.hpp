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
// The eigenvalues come from the tridiagonal form by QR iteration without vectors, the leading
// `wanted` vectors by inverse iteration (tridiagonal_eigenvectors.hpp; QR iteration with vectors
// when that does not verify): the vectors of all m eigenvalues cost about 6 m³ more (8 DOF at 64
// block rows: m = 512, wanted = 16). The leading singular values are the norms of the rows of
// U_w' A, accurate to about ε s_1 like a Jacobi SVD's; the others are √λ, accurate to about
// (n + m) ε s_1² / (2 s) (1e-5 relative at s = 1e-4 s_1 for n + m = 2000), which is what suggested_dof reads them for
// (ratios of neighbours). Those below √((n + m) ε) s_1 are reported at that floor: the rounding
// of A A' mixes their vectors, and their ratios must not suggest a gap.
#pragma once

#include "core/robust_svd.hpp"

namespace mechid {

// U is m x wanted (the leading left singular vectors, by decreasing singular value); V is not computed.
// `wanted`: how many leading vectors the caller uses. ok = false for a non-finite entry. A tall A
// (m > n), or wanted outside 1 … m − 1, gets robust_svd's thin result (U m x min(m, n)).
RobustSvd gram_svd(const Matrix& A, Eigen::Index wanted);

}  // namespace mechid
