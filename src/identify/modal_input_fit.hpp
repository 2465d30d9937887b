// Step 4 of the subspace step (n4sid.hpp) in the real modal coordinates of F: G and x0 of
//   y_t = H F^t x0 + Σ_{s<t} H F^{t-1-s} G u_s
// by least squares, F given, for any number of refits of H. With F = T Λ T⁻¹ (real Jordan form of
// a diagonalizable F: 1 × 1 blocks for real eigenvalues, [[Re λ, Im λ], [−Im λ, Re λ]] for each
// complex pair), Σ_{s<t} F^{t-1-s} u_j(s) = T S_j(t) T⁻¹ with S_j(t) block-diagonal and each block
// given by ONE scalar (complex) recursion σ(t+1) = λ σ(t) + u_j(t). So every regressor of y_t in
// (T⁻¹G, T⁻¹x0) is a column of H T times one entry of φ(t), the vector of the P = nx (k + 1) real
// and imaginary parts of those recursions (and of λ^t for x0), and the normal equations are sums
// of entries of Φ = Σ_t φ φ' times entries of (H T)'(H T), the right-hand side entries of
// Υ = Σ_t φ y_t' times H T. One pass over the record forms Φ and Υ at P²/2 multiply-adds a sample;
// the direct form (state responses W_t = [S_1 … S_k, F^t] advanced by F, nx² P a sample, and a rank
// update with ny P²/2 a sample) costs nx² P + nx P ny + ny P²/2 and a pass per fit: 8 DOF,
// 8 inputs: 10 k against 138 k multiply-adds a sample. Φ and Υ do not depend on H, so the refit of
// step 4 needs no second pass.
#pragma once

#include <complex>
#include <optional>
#include <vector>

#include "identify/scaled_data.hpp"

namespace mechid {

class ModalInputFit {
 public:
  // Φ and Υ of the data for F; nothing (use the direct form) when an eigenvalue's power over the
  // record could overflow (|λ|^N > e^kMaxGrowthExponent), or F is not diagonalizable, or its real
  // modal basis T is so ill-conditioned (cond > kMaxBasisCondition) that the change of
  // coordinates could cost more digits than the direct form's normal equations.
  static std::optional<ModalInputFit> of(const ScaledData& data, const Matrix& F);

  // G (nx × k) and x0 for the output matrix H (ny × nx), in the coordinates of F.
  void fit(const Matrix& H, Matrix& G, Vector& x0) const;

  // A basis condition of 1e4 costs at most 8 of the normal equations' 16 digits more than the
  // direct form (the parameters' normal matrix is congruent through I ⊗ T, cond² ≤ 1e8).
  static constexpr double kMaxBasisCondition = 1e4;
  static constexpr double kMaxGrowthExponent = 300.0;

 private:
  // φ-index, column of H T and sign of one term of a parameter's regressor.
  struct Term {
    Eigen::Index phi, column;
    double sign;
  };
  ModalInputFit(Eigen::Index nx, Eigen::Index k) : nx_(nx), k_(k) {}
  Eigen::Index nx_, k_;
  Matrix T_, Phi_, Upsilon_;
  std::vector<std::vector<Term>> terms_;  // per parameter (vec(T⁻¹G), then T⁻¹x0)
};

}  // namespace mechid
