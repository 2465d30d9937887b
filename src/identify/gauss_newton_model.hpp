// The local Gauss-Newton model of ½‖r(θ + δ)‖² held as a triangular factor of J = ∂r/∂θ
// (R'R = J'J, z = Q'r, so ½‖r + Jδ‖² = ½‖z + Rδ‖² + const), and the Levenberg-Marquardt step on
// it, solved from [R; √λ diag(d)] without forming J'J (Moré 1978, "The Levenberg-Marquardt
// algorithm: implementation and theory", sec. 3; MINPACK lmpar; Nocedal & Wright 2006, sec. 10.3).
// Everything here is invariant to the units of θ and of r (review B1, B2, D1, D3).
#pragma once

#include "core/robust_svd.hpp"
#include "core/types.hpp"
#include "identify/triangular_factor.hpp"

namespace mechid {

// Whether the Gram matrix B'B of a matrix with `columns` columns and extreme singular values
// largest >= smallest determines them to a relative η = 1e-4: forming and decomposing B'B moves each
// eigenvalue by about P ε σ₁² (Weyl's inequality; Golub & Van Loan 2013, "Matrix Computations",
// sec. 8.1.2), so σ_P² is known to a relative P ε cond(B)² <= η, i.e. cond(B) <= √(η / (P ε))
// (6e4 for P = 124). η is the inexact-Newton tolerance of the normal-equations route in pem.cpp.
bool gram_determines_singular_values(double largest, double smallest, Eigen::Index columns);

// The SVD of a column-scaled triangular factor B = R S⁻¹ (P x P, unit columns): from the symmetric
// eigen-decomposition B'B = W Λ W' when gram_determines_singular_values holds (then Σ = √Λ, V = W,
// U = B W Σ⁻¹), otherwise (ill-conditioned or rank-deficient R) one-sided Jacobi, robust_svd (not
// BDCSVD, which trapped in WebAssembly on a finite matrix). The scaled conditions of the
// identification study's refinements were 50–7e3 (3dof, 8dof at h = 0.0005 … 0.05), and for P = 124
// the eigen-decomposition costs a fraction of the Jacobi SVD (8dof h = 0.0005 auto: the Jacobi SVDs
// were 10 % of the run).
RobustSvd scaled_factor_svd(const Matrix& B);

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
