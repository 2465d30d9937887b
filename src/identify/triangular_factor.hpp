// The triangular factor of a tall least-squares problem J δ ≈ r, accumulated over blocks of rows
// by sequential Householder QR (Björck 1996, "Numerical Methods for Least Squares Problems",
// sec. 2.4.6; Golub & Van Loan 2013, sec. 5.2): [R z; J_block r_block] = Q [R' z'; 0 ρ] keeps
// R'R = J'J and R'z = J'r without ever forming J'J, so cond(R) = cond(J), not its square
// (review D1), in O(P²) memory.
#pragma once

#include "core/types.hpp"

namespace mechid {

struct TriangularFactor {
  Matrix R;   // P x P upper triangular, R'R = J'J
  Vector z;   // Q'r: R'z = J'r; ‖r‖² = ‖z‖² + ‖r - J R⁻¹ z‖²
  double residual_norm2 = 0.0;  // ‖r‖² of all rows added
};

// Feeds consecutive samples' Jacobian rows in; add() takes J' of the next sample (P x rows) and its
// residuals r_sample (rows); finish() folds in the last partial block.
class TriangularAccumulator {
 public:
  TriangularAccumulator(TriangularFactor& factor, Eigen::Index parameters, Eigen::Index rows_per_sample,
                        Eigen::Index samples_per_block = 64);
  void add(const Eigen::Ref<const Matrix>& Jt_sample, const Eigen::Ref<const Vector>& r_sample);
  void finish() { fold(); }

 private:
  void fold();
  TriangularFactor& factor_;
  Eigen::Index parameters_;
  Matrix stack_;  // [R z; rows of the current block]
  Eigen::Index filled_ = 0;
};

}  // namespace mechid
