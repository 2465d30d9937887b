// The local Gauss-Newton model of ½‖r(θ + δ)‖² held as a triangular factor of J = ∂r/∂θ
// (R'R = J'J, z = Q'r, so ½‖r + Jδ‖² = ½‖z + Rδ‖² + const), and the Levenberg-Marquardt step on
// it, solved from [R; √λ diag(d)] without forming J'J (Moré 1978, "The Levenberg-Marquardt
// algorithm: implementation and theory", sec. 3; MINPACK lmpar; Nocedal & Wright 2006, sec. 10.3).
// Everything here is invariant to the units of θ and of r (review B1, B2, D1, D3).
#pragma once

#include "core/types.hpp"
#include "identify/triangular_factor.hpp"

namespace mechid {

class GaussNewtonModel {
 public:
  // The model at a fresh factor: its column norms ‖J_j‖ and the numerically determined range of R.
  explicit GaussNewtonModel(TriangularFactor factor);
  GaussNewtonModel() = default;

  // Keeps R (the curvature) and takes a fresh gradient g = J'r: z becomes the minimum-norm solution
  // of R'z = g on the determined range (the cheap step near the minimum, where J'J changes little).
  void set_gradient(const Vector& gradient);

  const Matrix& R() const { return R_; }
  const Vector& z() const { return z_; }
  const Vector& gradient() const { return gradient_; }
  const Vector& column_norms() const { return column_norms_; }  // ‖J_j‖ = ‖R_j‖

  // MINPACK's gtol test (Moré, Garbow & Hillstrom 1980, "User guide for MINPACK-1", sec. 2.3):
  // max_j |(J'r)_j| / (‖J_j‖ ‖r‖), the largest cosine between r and a column of J (0 when r = 0;
  // columns of zero norm, which no step moves, are skipped). Invariant to the units of θ and r.
  double gradient_cosine(double residual_norm) const;

  // The Newton decrement: the decrease ½‖r‖² - min ½‖r + Jδ‖² a full Gauss-Newton step predicts,
  // ½‖U_k'z‖² over the numerically determined left singular vectors U_k of R diag(‖J_j‖)⁻¹ (the
  // rest of z is rounding or directions the data do not determine, where no step can gain).
  double newton_decrement() const;

  // cond(R S⁻¹) = cond(J S⁻¹), the column-scaled condition number (∞ when numerically rank deficient).
  double scaled_condition() const;

 private:
  Matrix R_;
  Vector z_, gradient_, column_norms_;
  // R S⁻¹ = U Σ W' (S = diag of the nonzero column norms) on the numerically determined part:
  // U, Σ, and V = S⁻¹ W.
  Matrix U_, V_;
  Vector sigma_;
};

// The Levenberg-Marquardt step δ = argmin ‖z + Rδ‖² + λ‖diag(d)δ‖² (λ > 0, d > 0), from a QR of
// the (2P x P) stack [R; √λ diag(d)] (Moré 1978, eq. 3.1), and the decrease the linear model
// predicts for it, ½‖z‖² - ½‖z + Rδ‖² = ½‖Rδ‖² + λ‖diag(d)δ‖² (Moré 1978, eq. 4.4: no cancellation).
struct DampedStep {
  Vector delta;
  double predicted_decrease = 0.0;
};
DampedStep damped_step(const GaussNewtonModel& model, const Vector& d, double lambda);

}  // namespace mechid
