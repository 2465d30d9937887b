// Linear least squares for the state-variable-filter methods, and the pieces of their robust
// option (the SVF report, sec. 3.3: three corrupted output samples ruin the plain estimate).
//  - solve_least_squares: the minimiser of eq. 7, (1/N Σ ζ ζᵀ)⁻¹ (1/N Σ ζ y), by column-pivoted
//    QR on column-scaled regressors (the same minimiser as the normal equations, without squaring
//    their condition number).
//  - robust_scale, huber_clean: Huber's ψ applied to output residuals (pseudo-observations).
//  - block_start: a starting estimate that a few outliers cannot move (least median of squares
//    over the fits of contiguous blocks of rows).
#pragma once

#include <string>

#include "core/status.hpp"
#include "core/types.hpp"

namespace mechid {

struct RobustOptions {
  bool robust = false;        // Huber M-estimate instead of plain least squares
  double huber_k = 1.345;     // Huber threshold in robust scale units (95 % efficiency under Gaussian noise)
  int max_iterations = 50;
  double tolerance = 1e-9;    // stop when max |Δθ_i| <= tolerance · max |θ_i|
  int blocks = 16;            // block_start: number of row blocks (fewer when the data are short)
};

struct LeastSquaresSolution : Outcome {
  Vector x;
  Vector residuals;           // rhs - Φ x (robust fits: output residuals y - ŷ, before cleaning)
  Matrix weights;             // robust fits: Huber weight ψ(r)/r per sample and channel (else empty)
  int iterations = 0;         // robust iterations
  double condition = 0.0;     // 2-norm condition number of Φ after scaling its columns to unit norm
};

// Status failed when Φ is rank deficient (scaled condition number above 1e12 or a zero column).
// Throws InputError when the sizes disagree or there are fewer rows than unknowns.
LeastSquaresSolution solve_least_squares(const Matrix& Phi, const Vector& rhs);

// 1.4826 · median |r|: the residual scale that outliers do not inflate (σ for Gaussian residuals).
double robust_scale(const Vector& residuals);

// Huber pseudo-observations (Huber 1981, sec. 7.8) per channel: y* = ŷ + ψ(y - ŷ),
// ψ(r) = clip(r, ±k σ_c), σ_c = robust_scale of channel c; weights ψ(r)/r.
struct Cleaning {
  Matrix cleaned, weights;
};
Cleaning huber_clean(const Matrix& y, const Matrix& predicted, double k);

// Least squares on each of `blocks` contiguous blocks of rows (a block holds whole groups of
// `group` rows, e.g. the n equations of one sample), and the candidate with the least median
// squared residual over all rows. Empty when the blocks are too short (under 5 rows per unknown).
Vector block_start(const Matrix& Phi, const Vector& rhs, Eigen::Index group, int blocks);

}  // namespace mechid
