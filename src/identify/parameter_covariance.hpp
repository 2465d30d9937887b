// The asymptotic covariance of a prediction-error estimate (Ljung 1999, sec. 9.3), from the
// triangular factor R of the Jacobian (R'R = J'J; from J'J itself only where its condition allows,
// review D1), with the
// directions the data do not determine (review B8, D5) and, for coloured residuals, the sandwich
// form that stays valid when the residuals are not white (review B11, D6).
#pragma once

#include "identify/least_squares_by_channel.hpp"
#include "identify/pem.hpp"

namespace mechid {

// Which covariance formula was used.
enum class CovarianceKind {
  white,     // σ̂² (J'J)⁻¹: residuals white (Ljung 1999, eq. 9.17 with H = 1)
  sandwich,  // (J'J)⁻¹ B (J'J)⁻¹, B = Σ_τ w_τ Σ_t J_t' R̂(τ) J_{t+τ}: coloured residuals (Ljung 1999, eq. 9.42)
};

// "white" | "sandwich": the text of the `covariance` diagnostic.
std::string to_string(CovarianceKind kind);

struct ParameterCovariance {
  Matrix covariance;                 // P x P
  double residual_variance = 0.0;    // σ̂² = r'r/(rows - P)
  CovarianceKind kind = CovarianceKind::white;
  Eigen::Index max_lag = 0;          // sandwich: the largest lag M of the Bartlett window (0 for white)
  // The information's directions: the SVD of R S⁻¹, S = diag of R's column norms (the column-
  // scaled Jacobian, so that the units of the parameters do not matter): R S⁻¹ = U Σ V'.
  Vector scale;                      // S: column norms of R = sqrt of J'J's diagonal
  Vector singular_values;            // Σ, descending
  Matrix directions;                 // V, columns in the order of Σ
  // Singular values below this (relative to the largest) are rounding, not data (see the .cpp).
  double singular_floor = 0.0;
  // The Gauss-Newton step from θ, -(J'J)⁻¹J'r = -R⁻¹ Q'r: ≈ 0 at a converged optimum; an entry it
  // moves by more than its sd is where the minimiser stopped short (review B8: 88 σ̂² left).
  Vector gauss_newton_step;
  bool ok = false;                   // false when the prediction at θ is unstable
};

// White-residual covariance σ̂² S⁻¹ V Σ⁻² V' S⁻¹ at θ. Singular values below singular_floor·σ₁
// are raised to it, so the covariance stays finite: the sd along such a direction is then a lower
// bound (and the entries it moves are undetermined anyway).
ParameterCovariance parameter_covariance(const PredictorModel& model, const Vector& theta);

// The same from a factor of J at θ already at hand (a minimiser's last, PemReport::final_factor) and
// the number of residual rows: no evaluation of the model, unless the factor is empty or came from
// normal equations too ill-conditioned to determine its singular values (then as above, by QR).
ParameterCovariance parameter_covariance(const PredictorModel& model, const Vector& theta, const TriangularFactor& at_theta,
                                         Eigen::Index rows);

// The sandwich covariance for coloured residuals (Ljung 1999, sec. 9.3, eq. 9.42; Newey & West
// 1987): (J'J)⁻¹ B (J'J)⁻¹ with B = Σ_{|τ|≤M} (1 - |τ|/(M+1)) Σ_t J_t' R̂(τ) J_{t+τ}, R̂(τ) the
// residuals' lag-τ covariance (rows_per_sample square). Streamed through PredictorModel::evaluate
// with a ring buffer of 2M+1 samples' Jacobians, J never stored. max_lag < 0: M by Andrews'
// (1991) AR(1) plug-in rule for the Bartlett window (see sandwich_bandwidth). With M = 0 and
// R̂(0) = σ̂² I it is the white covariance exactly.
ParameterCovariance sandwich_covariance(const PredictorModel& model, const Vector& theta, Eigen::Index max_lag = -1);

// The same for a linear regression r = y − X θ (J = −X) held by channel (least_squares_by_channel.hpp:
// the inverse dynamic regression, where an entry of M, D or K enters at most two of the n
// equations), e its residuals (N x n). R from the channels' stacked triangles, and the meat summed
// over each column's channels only: N (2M+1) n per channel of a column instead of N (2M+1) n² per
// column (24-DOF chain, 118 parameters, M = 36: 3·10¹⁰ flops became 1.5·10⁹). Equal to the
// streamed form up to rounding.
ParameterCovariance regression_sandwich_covariance(const ChannelRegression& g, const Matrix& e, Eigen::Index max_lag = -1);

// Andrews (1991, eq. 6.2 and 6.4, Bartlett kernel): M = 1.1447 (α N)^{1/3}, α = 4ρ²/((1-ρ)²(1+ρ)²)
// with ρ the lag-1 autocorrelation of the most correlated residual channel (the longest memory
// decides), capped at N/4 (lags beyond that have too few products to estimate R̂) and at the last
// lag where some channel's autocorrelation exceeds its 99 % bound 2.58/sqrt(N). residuals: N x n.
Eigen::Index sandwich_bandwidth(const Matrix& residuals);

}  // namespace mechid
