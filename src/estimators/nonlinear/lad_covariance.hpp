// The covariance of the IRLS estimate of Algorithm 1 (Karimov et al. 2021, sec. 2.1). With the
// weights w_i = 1 / max(δ, |r_i|) the iteration converges to the least-absolute-deviation (median
// regression) estimate ĥ = argmin Σ |y_i - E_i h| (λ = 0). Its asymptotic covariance is the sandwich
// of median regression (Koenker 2005, Quantile Regression, sec. 3.2 and 3.4; Powell 1991):
//   Cov(ĥ) = H⁻¹ J H⁻¹,
//   H = Σ_i f_i(0) E_iᵀ E_i    (f_i the density of the i-th error at 0; Powell's kernel estimate
//                              Ĥ = Σ_i φ(r_i / b) / b E_iᵀ E_i, the kernel sandwich of Koenker 2005,
//                              sec. 3.4, b from the Hall & Sheather 1988 bandwidth),
//   J = Σ_τ k_τ Σ_i ψ_i ψ_{i+τ} E_iᵀ E_{i+τ},   ψ_i = sign(r_i) / 2 (the score of the median),
// with the Bartlett lag window k_τ = 1 - |τ|/(M+1) (Newey & West 1987) because the residuals of the
// reconstructed signals are correlated (the jerk is a five-point difference of the accelerometer's
// noise); M by Andrews' rule (identify/parameter_covariance.hpp, sandwich_bandwidth). A weighted
// least-squares sandwich with the last weights held fixed would estimate H by Σ w_i E_iᵀE_i, whose
// E[1/|r|] diverges at r = 0 (it depends on δ), so it is not used.
#pragma once

#include "core/types.hpp"

namespace mechid::nonlinear {

struct LadCovariance {
  Matrix covariance;          // L x L, of the coefficients h; empty when it cannot be formed
  double bandwidth = 0.0;     // b of Powell's kernel (residual units)
  Eigen::Index max_lag = 0;   // M of the Bartlett window
};

// E: n x L design of the last solve, residual: y - E ĥ. An exact fit (every residual zero) has
// covariance zero; an empty matrix when Ĥ is singular.
LadCovariance lad_covariance(const Matrix& E, const Vector& residual);

// Φ⁻¹(p) for 0 < p < 1 (Newton on the complementary error function; p outside gives NaN).
double normal_quantile(double p);

}  // namespace mechid::nonlinear
