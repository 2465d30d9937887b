// Fréchet derivatives of the matrix exponential, L(X, E) = d/dε e^{X + ε E} at ε = 0, for many
// directions E at once: the scaling-and-squaring algorithm of Al-Mohy & Higham 2009 ("Computing
// the Fréchet derivative of the matrix exponential, with an application to condition number
// estimation", SIAM J. Matrix Anal. Appl. 30(4), 1639-1657, Algorithm 6.4), for directions given
// by low-rank factors.
#pragma once

#include <optional>
#include <vector>

#include "core/types.hpp"

namespace mechid {

// The matrix left · rightᵀ, kept as its factors (left m x r, right m' x r). The exact-sampling
// PEM's directions, one entry of M, D or K moved, have rank one or two (exact_sampling_predictor.cpp).
struct LowRankMatrix {
  Matrix left, right;
  Matrix dense() const { return left * right.transpose(); }
};

// L(X, E_p) for every direction E_p = Y_p Z_pᵀ (each the size of X). The Padé degree m and the
// number of squarings s depend on ‖X‖₁ alone, so the powers of X, the Padé approximant
// r_m(X/2^s), its LU factors and its squares are formed once and shared by all directions. The
// derivative of the Padé approximant along Y Zᵀ lies in the Krylov spaces of Y and Z: with
// L(A^k, Y Zᵀ) = Σ_{i+j=k−1} (A^i Y)(Aᵀ^j Z)ᵀ it is (V − U)⁻¹ K_Y Gᵀ, K_Y = [Y, A Y, …, A^{m−1} Y]
// (exponential_frechet.cpp), so a direction of rank r costs about 4 m r products of X with a
// vector (m the Padé degree) instead of the 12 products of the size of X of a dense direction.
std::vector<Matrix> exponential_frechet_derivatives(const Matrix& X, const std::vector<LowRankMatrix>& directions);

// The same derivatives kept in factors, L(X, E_p) = left_p right_pᵀ of rank m r_p (before the
// squaring phase they are (V − U)⁻¹ K_Y times Gᵀ), when X needs no squaring (‖X‖₁ ≤ ℓ_13 = 4.74);
// std::nullopt otherwise, or for a non-finite X. Applying L_p to a vector then costs about
// 2 m r_p times X's size instead of its square: the exact-sampling PEM's forcings (∂Φ/∂θ_p) z_k.
std::optional<std::vector<LowRankMatrix>> exponential_frechet_factors(const Matrix& X, const std::vector<LowRankMatrix>& directions);

}  // namespace mechid
