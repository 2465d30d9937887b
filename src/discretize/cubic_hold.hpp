// Exact sampling of x' = A x + B u over one step δ when u is the cubic through four equally
// spaced samples around the step, at t_j + τδ for the nodes τ = −1, 0, 1, 2 (a higher-order hold:
// the step uses one sample before it and one after). The band-limited intersample model
// (identify/intersample_model.hpp) composes it over the r sub-steps of a period; FOH over h/r
// attenuated a line at ω by sinc²(ωh/2r) ≈ 1 − (ωh/r)²/12 (8e-4 at ωh/r = π/32).
//
// Error of the cubic (Lagrange's remainder of polynomial interpolation, Atkinson 1989, "An
// Introduction to Numerical Analysis", 2nd ed., ch. 3):
//   u(t_j + τδ) − p(τ) = δ⁴ u⁗(ξ) (τ+1) τ (τ−1) (τ−2) / 4!,
// whose product is at most 9/16 in magnitude on the step (at τ = 1/2) with the mean 11/30 over it.
// For a line a sin(ωt + φ): at most (3/128)(ωδ)⁴ a, on average (11/720)(ωδ)⁴ a over a step (FOH:
// (ωδ)²/8 and (ωδ)²/12); at ωδ = π/32, 2.2e-6 a and 1.4e-6 a (FOH 1.2e-3 a and 8.0e-4 a).
#pragma once

#include "core/types.hpp"

namespace mechid {

// The generator X = Ā δ of the augmented system whose exponential holds the step's sampled model
// (Van Loan 1978, "Computing integrals involving the matrix exponential", a chain of integrators
// for the input's polynomial, as FOH's [A h, B h, 0; 0, 0, I; 0, 0, 0] one level up): (n + 4k)²,
//   X = [A δ, B δ, 0, 0, 0; 0, 0, I, 0, 0; 0, 0, 0, I, 0; 0, 0, 0, 0, I; 0, 0, 0, 0, 0],
// so that the first n rows of e^X are [F, Γ₀, Γ₁, Γ₂, Γ₃] with F = e^{Aδ} and
// Γ_i = ∫₀¹ e^{Aδ(1−σ)} B δ σ^i / i! dσ: the response to the input σ^i / i! over the step.
Matrix cubic_hold_generator(const Matrix& A, const Matrix& B, double step);

// From the first n rows of e^X (or of a derivative of e^X: the map is linear), the weights
// [G₋₁, G₀, G₁, G₂] (n x 4k) of the four samples: x_{j+1} = F x_j + Σ_m G_m u(t_j + mδ).
// The cubic through the samples is Σ_i c_i σ^i / i! with Newton's differences
//   c₀ = u₀, c₁ = (−2u₋₁ − 3u₀ + 6u₁ − u₂)/6, c₂ = u₋₁ − 2u₀ + u₁, c₃ = −u₋₁ + 3u₀ − 3u₁ + u₂,
// so G_m = Σ_i Γ_i ∂c_i/∂u_m.
Matrix cubic_hold_weights(const Matrix& top_rows, Eigen::Index k);

}  // namespace mechid
