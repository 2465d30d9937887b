#include "identify/gauss_newton_model.hpp"

#include <cmath>
#include <limits>

namespace mechid {

bool gram_determines_singular_values(double largest, double smallest, Eigen::Index columns) {
  const double eta = 1e-4, rounding = static_cast<double>(columns) * std::numeric_limits<double>::epsilon();
  return smallest > 0 && rounding * largest * largest <= eta * smallest * smallest;
}

RobustSvd scaled_factor_svd(const Matrix& B) {
  const Eigen::Index P = B.cols();
  if (P > 0 && B.rows() == P && B.allFinite()) {
    Matrix gram = Matrix::Zero(P, P);
    gram.selfadjointView<Eigen::Lower>().rankUpdate(B.transpose());  // B'B
    const Eigen::SelfAdjointEigenSolver<Matrix> eigen(gram);
    if (eigen.info() == Eigen::Success) {
      const Vector lambda = eigen.eigenvalues().reverse();  // decreasing
      if (lambda(P - 1) > 0 && gram_determines_singular_values(std::sqrt(lambda(0)), std::sqrt(lambda(P - 1)), P)) {
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

GaussNewtonModel::GaussNewtonModel(TriangularFactor factor)
    : R_(std::move(factor.R)), z_(std::move(factor.z)), column_norms_(R_.colwise().norm().transpose()) {
  gradient_ = R_.transpose() * z_;
  // Column scaling S makes the rank decision independent of the units of θ.
  const Vector scale = (column_norms_.array() > 0).select(column_norms_, 1.0);
  // A non-finite R leaves rank 0: no step.
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
