#include "estimators/svf/least_squares.hpp"

#include <algorithm>
#include <cmath>

#include "core/input_error.hpp"

namespace mechid {
namespace {

double median_abs(const Vector& r) {
  Vector v = r.cwiseAbs();
  const auto n = static_cast<std::size_t>(v.size());
  if (n == 0) return 0.0;
  std::nth_element(v.data(), v.data() + n / 2, v.data() + n);
  double m = v(static_cast<Eigen::Index>(n / 2));
  if (n % 2 == 0) m = 0.5 * (m + *std::max_element(v.data(), v.data() + n / 2));
  return m;
}

}  // namespace

LeastSquaresSolution solve_least_squares(const Matrix& Phi, const Vector& rhs) {
  require(Phi.rows() == rhs.size(), "least squares: " + std::to_string(Phi.rows()) + " regressor rows but " +
                                        std::to_string(rhs.size()) + " observations");
  require(Phi.rows() >= Phi.cols() && Phi.cols() > 0, "least squares: need at least as many observations (" +
                                                          std::to_string(Phi.rows()) + ") as unknowns (" +
                                                          std::to_string(Phi.cols()) + ")");
  LeastSquaresSolution s;
  const Vector norms = Phi.colwise().norm().transpose();
  if (!(norms.minCoeff() > 0) || !Phi.allFinite() || !rhs.allFinite()) {
    s.status = Status::failed;
    s.message = "a regressor column is zero or the data are not finite: the parameters are not identifiable";
    return s;
  }
  const Vector scale = norms.cwiseInverse();
  const Matrix scaled = Phi * scale.asDiagonal();
  // Condition number of the scaled regressor from its Gram matrix (unknowns x unknowns: cheap).
  const Vector eig = Eigen::SelfAdjointEigenSolver<Matrix>(scaled.transpose() * scaled, Eigen::EigenvaluesOnly).eigenvalues();
  s.condition = eig(0) > 0 ? std::sqrt(eig(eig.size() - 1) / eig(0)) : INFINITY;
  if (!(s.condition < 1e12)) {
    s.status = Status::failed;
    s.message = "the regressors are linearly dependent (condition number " + format_number(s.condition) +
                "): the data do not excite every parameter";
    return s;
  }
  s.x = scale.asDiagonal() * Eigen::ColPivHouseholderQR<Matrix>(scaled).solve(rhs);
  s.residuals = rhs - Phi * s.x;
  return s;
}

double robust_scale(const Vector& residuals) { return 1.4826 * median_abs(residuals); }

Cleaning huber_clean(const Matrix& y, const Matrix& predicted, double k) {
  require(k > 0, "the Huber threshold must be positive, got " + format_number(k));
  Cleaning c{y, Matrix::Ones(y.rows(), y.cols())};
  for (Eigen::Index j = 0; j < y.cols(); ++j) {
    const Vector r = y.col(j) - predicted.col(j);
    const double threshold = k * robust_scale(r);
    for (Eigen::Index i = 0; i < y.rows(); ++i)
      if (std::abs(r(i)) > threshold) {
        c.weights(i, j) = threshold / std::abs(r(i));
        c.cleaned(i, j) = predicted(i, j) + std::copysign(threshold, r(i));
      }
  }
  return c;
}

Vector block_start(const Matrix& Phi, const Vector& rhs, Eigen::Index group, int blocks) {
  const Eigen::Index samples = Phi.rows() / group, p = Phi.cols();
  blocks = static_cast<int>(std::min<Eigen::Index>(blocks, samples * group / (5 * p)));
  if (blocks < 3) return Vector();
  Vector best;
  double best_median = INFINITY;
  for (int b = 0; b < blocks; ++b) {
    const Eigen::Index first = samples * b / blocks * group, last = samples * (b + 1) / blocks * group;
    const LeastSquaresSolution s = solve_least_squares(Phi.middleRows(first, last - first), rhs.segment(first, last - first));
    if (s.status == Status::failed) continue;
    const double m = median_abs(rhs - Phi * s.x);
    if (m < best_median) {
      best_median = m;
      best = s.x;
    }
  }
  return best;
}

}  // namespace mechid
