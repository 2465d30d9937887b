// The one singular value decomposition of the core for matrices computed from data (issue 20,
// item 1). Two guards, then one-sided Jacobi:
//  - a non-finite entry gives ok = false (the caller fails with its own message) instead of a
//    decomposition of NaNs;
//  - the matrix is scaled by a power of two near its largest magnitude (exact: no rounding), so
//    that the squares and products inside cannot overflow or underflow for data in 1e±300, and the
//    singular values are scaled back.
// Why JacobiSVD and not BDCSVD: Eigen 3.4.0's divide-and-conquer BDCSVD trapped ("memory access out
// of bounds") in WebAssembly on a finite, well-scaled 36 x 72 projection of the subspace step
// (tests/data/bdcsvd-trap-36x72.txt, from tests/data/wasm-trap-600rows.csv): its deflation left a
// nonzero col0 entry where computeSVDofM assumes a zero (its sanity check
// `col0(actual_n) == 0` fails), and perturbCol0 then indexes perm(-1). It depends on the last bits
// of the rounding (the same matrix passes natively, 3 x it passes in WebAssembly), so no check of the
// input can predict it. One-sided Jacobi (Eigen's JacobiSVD with a column-pivoting QR
// preconditioner; Demmel & Veselić 1992) has no such index logic, and is the more accurate of the
// two for small singular values; the matrices here are at most a few hundred rows.
#pragma once

#include "core/types.hpp"

namespace mechid {

struct RobustSvd {
  bool ok = false;          // false: the matrix has a non-finite entry; nothing else is set
  Vector singular_values;   // decreasing, >= 0
  Matrix U, V;              // thin factors, when asked for
};

// `vectors`: Eigen's ComputeThinU / ComputeFullU / ComputeThinV / ComputeFullV flags (0: values only).
RobustSvd robust_svd(const Matrix& A, unsigned vectors = 0);

// e such that A 2^-e has its largest magnitude in [1/2, 1) (0 for a zero A): multiplying by a power
// of two rounds nothing, and no square or product of such entries can overflow.
int power_of_two_scale(const Matrix& A);

}  // namespace mechid
