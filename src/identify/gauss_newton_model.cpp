#include "identify/gauss_newton_model.hpp"

#include <cmath>
#include <limits>

#include "core/robust_svd.hpp"

namespace mechid {
namespace {

// The SVD of the column-scaled factor B = R S⁻¹ (P x P, unit columns). From the symmetric
// eigen-decomposition B'B = W Λ W' when that is accurate enough for the Levenberg-Marquardt
// iteration: forming and decomposing B'B moves each λ by about P ε λ₁ (Weyl's inequality; Golub &
// Van Loan 2013, "Matrix Computations", sec. 8.1.2), so σ_P² = λ_P is known to a relative P ε cond(B)²,
// which stays below η = 1e-4, the inexact-Newton tolerance of the normal-equations route in pem.cpp
// (local_model), for cond(B) <= √(η / (P ε)) (6e4 for P = 124). Then Σ = √Λ, V = W, U = B W Σ⁻¹.
// Otherwise (ill-conditioned or rank-deficient R) one-sided Jacobi, robust_svd. The scaled conditions
// of the identification study's refinements were 50–7e3 (3dof, 8dof at h = 0.0005 … 0.05), and for
// P = 124 the eigen-decomposition costs a fraction of the Jacobi SVD (8dof h = 0.0005 auto: the Jacobi
// SVDs were 10 % of the run).
RobustSvd scaled_factor_svd(const Matrix& B) {
  const Eigen::Index P = B.cols();
  if (P > 0 && B.rows() == P && B.allFinite()) {
    Matrix gram = Matrix::Zero(P, P);
    gram.selfadjointView<Eigen::Lower>().rankUpdate(B.transpose());  // B'B
    const Eigen::SelfAdjointEigenSolver<Matrix> eigen(gram);
    if (eigen.info() == Eigen::Success) {
      const Vector lambda = eigen.eigenvalues().reverse();  // decreasing
      const double eta = 1e-4, rounding = static_cast<double>(P) * std::numeric_limits<double>::epsilon();
      if (lambda(P - 1) > 0 && rounding * lambda(0) <= eta * lambda(P - 1)) {
        RobustSvd out;
        out.ok = true;
        out.singular_values = lambda.cwiseSqrt();
        out.V = eigen.eigenvectors().rowwise().reverse();
        out.U = B * out.V * out.singular_values.cwiseInverse().asDiagonal();
        return out;
      }
    }
  }
  return robust_svd(B, Eigen::ComputeFullU | Eigen::ComputeFullV);
}

}  // namespace

GaussNewtonModel::GaussNewtonModel(TriangularFactor factor)
    : R_(std::move(factor.R)), z_(std::move(factor.z)), column_norms_(R_.colwise().norm().transpose()) {
  gradient_ = R_.transpose() * z_;
  // Column scaling S makes the rank decision independent of the units of θ.
  const Vector scale = (column_norms_.array() > 0).select(column_norms_, 1.0);
  // scaled_factor_svd (else robust_svd: one-sided Jacobi, not BDCSVD, which trapped in WebAssembly
  // on a finite matrix). A non-finite R leaves rank 0: no step.
  const RobustSvd svd = scaled_factor_svd(R_ * scale.cwiseInverse().asDiagonal());
  // Numerical rank: singular values above P ε σ_max (Golub & Van Loan 2013, "Matrix
  // Computations", sec. 5.4.1: below it they are indistinguishable from rounding of R).
  const Vector s = svd.ok ? svd.singular_values : Vector();
  const double threshold = static_cast<double>(R_.cols()) * std::numeric_limits<double>::epsilon() * (s.size() ? s(0) : 0.0);
  Eigen::Index rank = 0;
  while (rank < s.size() && s(rank) > threshold) ++rank;
  U_ = svd.ok ? Matrix(svd.U.leftCols(rank)) : Matrix::Zero(R_.rows(), 0);
  // R S⁻¹ = U Σ W': keep V = S⁻¹ W, so that R'z = g reads Σ U'z = V'g on the determined part.
  V_ = scale.cwiseInverse().asDiagonal() * (svd.ok ? Matrix(svd.V.leftCols(rank)) : Matrix::Zero(R_.cols(), 0));
  sigma_ = s.head(rank);
}

void GaussNewtonModel::set_gradient(const Vector& gradient) {
  gradient_ = gradient;
  // Σ U'z = V'g on the determined part; z has no component outside it.
  z_ = U_ * (V_.transpose() * gradient).cwiseQuotient(sigma_);
}

double GaussNewtonModel::gradient_cosine(double residual_norm) const {
  if (residual_norm == 0) return 0.0;
  double worst = 0.0;
  for (Eigen::Index j = 0; j < gradient_.size(); ++j)
    if (column_norms_(j) > 0) worst = std::max(worst, std::abs(gradient_(j)) / (column_norms_(j) * residual_norm));
  return worst;
}

double GaussNewtonModel::newton_decrement() const { return 0.5 * (U_.transpose() * z_).squaredNorm(); }

double GaussNewtonModel::scaled_condition() const {
  if (sigma_.size() < R_.cols() || sigma_.size() == 0) return std::numeric_limits<double>::infinity();
  return sigma_(0) / sigma_(sigma_.size() - 1);
}

DampedStep damped_step(const GaussNewtonModel& model, const Vector& d, double lambda) {
  const Eigen::Index P = model.R().cols();
  Matrix stack(2 * P, P);
  stack.topRows(P) = model.R();
  stack.bottomRows(P) = (std::sqrt(lambda) * d).asDiagonal();
  Vector rhs = Vector::Zero(2 * P);
  rhs.head(P) = -model.z();
  DampedStep step;
  step.delta = stack.householderQr().solve(rhs);
  step.predicted_decrease = 0.5 * (model.R() * step.delta).squaredNorm() + lambda * d.cwiseProduct(step.delta).squaredNorm();
  return step;
}

}  // namespace mechid
