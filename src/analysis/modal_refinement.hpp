// Maximum-likelihood refinement of a band's poles on its FRFs, with the poles' covariance.
// LSCF's poles come from a linearised (equation-error) fit; the output-error cost
//   V(λ) = Σ_c Σ_f w_fc² |H_c(ω_f) − Ĥ_c(ω_f)|²
// is minimised over the poles, the residues and residual terms (linear in the model) eliminated
// by least squares at every step: variable projection (Golub & Pereyra, SIAM J. Numer. Anal. 10,
// 1973, pp. 413–432) with Kaufman's Jacobian (BIT 15, 1975, pp. 49–57) and Levenberg–Marquardt
// steps. With w = 1/σ, σ the FRF entries' standard deviations, V is the frequency-domain ML cost
// (Pintelon & Schoukens, System Identification, 2nd ed., 2012, sec. 9.4).
//
// The model is the sampled one, on the FRFs of each output's own kind (displacement, velocity or
// acceleration over force), with z = e^{iωh} and μ_r = e^{λ_r h}:
//   Ĥ_c(ω) = Σ_r [B_cr/(z − μ_r) + conj(B_cr)/(z − conj μ_r)] + L_c (iω)^{p−2} + U_c (iω)^p,
// the residual terms being the modes below the band (mass line) and above it (stiffness line) for
// an output of derivative order p. A force held over each sample (ZOH) gives exactly the modal
// terms (the state-space FRF C(zI − e^{Ah})⁻¹G + D in partial fractions); the continuous-time
// partial fractions of modal_residues.hpp do not fit its accelerance: measured on 10 simulated
// 8-DOF records (3 accelerometers), refining in continuous time biased the damping ratios by up
// to 5 %, in the sampled model by 0.45 % at most (LSCF's own: up to 0.55 %).
#pragma once

#include <utility>
#include <vector>

#include "analysis/frf_estimate.hpp"
#include "analysis/modal_residues.hpp"

namespace mechid {

struct RefinedPoles {
  std::vector<std::complex<double>> poles;  // λ_r, Im > 0, in the order of the start
  // Covariance of (Re λ_1, Im λ_1, Re λ_2, …): s² N⁻¹ (JᵀTJ) N⁻¹, N = JᵀJ, with J the projected
  // Jacobian (its pole block equals the full model's: the linear parameters are eliminated exactly;
  // Golub & Pereyra 1973, sec. 5), s² the residual variance per equation and T the residuals'
  // correlation across neighbouring lines (an LPM or Welch FRF's errors are correlated), each
  // pole's block scaled by the loss from weights that are estimates (see weight_dof).
  Matrix covariance;
  double cost_start = 0.0, cost = 0.0;  // V at the start and at the end
  int iterations = 0;
  bool converged = false;  // V's relative decrease below 1e-10, or no step decreasing it
};

// Refines `start` (Im > 0) on `frf`: channels of the outputs' own kinds, channel c of derivative
// order power[c] (0, 1, 2), sampled with period h. No pole crosses to Re λ ≥ 0 or Im λ ≤ 0.
// weight_dof: the degrees of freedom of the variances behind the weights (0: weights not estimated).
RefinedPoles refine_poles(const FrfChannels& frf, const std::vector<int>& power, double h, const std::vector<std::complex<double>>& start,
                          double weight_dof = 0.0, int max_iterations = 50);

// The sampled band model at `poles` (the model above, its residues and residual terms fitted to
// `frf` in its weights, as refine_poles does at every step) evaluated at freq_hz: F × C.
Eigen::MatrixXcd sampled_band_frf(const FrfChannels& frf, const std::vector<int>& power, double h, const std::vector<std::complex<double>>& poles,
                                  const Vector& freq_hz);

// The poles' covariance N⁻¹ (Jᵀ Σ J) N⁻¹ for FRF errors of known covariance Σ: the refinement on
// `frf` linearised at `poles`, its weights W held fixed, turns FRF errors e into the poles' errors
// N⁻¹ Jᵀ W e to first order (J the projected Jacobian, N = JᵀJ; Golub & Pereyra 1973, sec. 5).
// With an LPM estimate's own error covariance (lpm_error_covariance) and noise levels smoothed over
// many lines (so W is nearly deterministic), it holds what the sandwich of refine_poles estimates
// from residuals: the errors' correlation across the overlapping windows, at every lag, with its
// sign. Measured on 100 + 100 runs of the 8-DOF bench (docs/results.md, section modal). The
// channels of `frf` must be the FRF in the units `errors` describes (no division by (iω)^p).
// NaN when JᵀJ is numerically singular (a pole the data do not determine).
Matrix pole_covariance_for_errors(const FrfChannels& frf, const std::vector<int>& power, double h, const std::vector<std::complex<double>>& poles,
                                  const FrfErrorCovariance& errors);

// The standard deviations of |λ|/2π and −Re λ/|λ| from the covariance of (Re λ, Im λ) (first order).
std::pair<double, double> freq_zeta_sd(std::complex<double> pole, const Matrix& covariance_2x2);

}  // namespace mechid
