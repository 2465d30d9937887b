// Eigenvectors of a symmetric tridiagonal matrix for a few of its eigenvalues, by inverse iteration
// (Wilkinson 1965, "The Algebraic Eigenvalue Problem", ch. 9; Golub & Van Loan 2013, "Matrix
// Computations", sec. 8.2.2, p. 453, and sec. 8.4.3 on clusters; LAPACK's dstein). The subspace
// step needs the leading 2n eigenvectors of a Gram matrix of order up to a few thousand: QR
// iteration with vectors costs about 6 m³ for all m of them, inverse iteration O(m) per vector and
// iteration once the eigenvalues are known (gram_svd.hpp).
#pragma once

#include <optional>

#include "core/types.hpp"

namespace mechid {

// T has diagonal `diagonal` (m) and subdiagonal `subdiagonal` (m − 1); `eigenvalues` are some of
// its eigenvalues, computed to working accuracy, in decreasing order. Returns the m x w matrix of
// their unit eigenvectors, each orthogonalized against the earlier ones (dstein does so within
// clusters of eigenvalues closer than 1e-3 ‖T‖₁; here w is small, so against all: the vectors of
// nearby eigenvalues are then orthogonal to working accuracy too), or none when a vector does not
// reach a residual ‖T v − λ v‖ ≤ 10 m ε ‖T‖₁ in 5 iterations or the vectors are not orthonormal to
// 10 m ε (then the caller computes them by QR iteration).
std::optional<Matrix> tridiagonal_eigenvectors(const Vector& diagonal, const Vector& subdiagonal, const Vector& eigenvalues);

}  // namespace mechid
