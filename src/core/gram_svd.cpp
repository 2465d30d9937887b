#include "core/gram_svd.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

#include <Eigen/Eigenvalues>

#include "core/parallel_for.hpp"
#include "core/tridiagonal_eigenvectors.hpp"

namespace mechid {

RobustSvd gram_svd(const Matrix& A, Eigen::Index wanted) {
  const Eigen::Index m = A.rows();
  if (!A.allFinite()) return RobustSvd{};
  if (m > A.cols() || wanted < 1 || wanted >= m) return robust_svd(A, Eigen::ComputeThinU);
  // Scaled by a power of two near the largest magnitude (exact), as in robust_svd: A A' cannot overflow.
  const int e = power_of_two_scale(A);
  // 2^-e as one factor while it is a normal number (|e| <= 1000 here: the product is then exact
  // too), otherwise entry by entry.
  const Matrix scaled = std::abs(e) <= 1000 ? Matrix(A * std::ldexp(1.0, -e)) : Matrix(A.unaryExpr([e](double x) { return std::ldexp(x, -e); }));
  Matrix gram = Matrix::Zero(m, m);
  add_lower_outer_product(gram, scaled);  // on the core's threads
  // Eigenvalues of the tridiagonal form by QR iteration without vectors, then the leading vectors by
  // inverse iteration, taken back by the Householder vectors of the tridiagonalization.
  const Eigen::Tridiagonalization<Matrix> tridiagonal(gram);
  const Vector diagonal = tridiagonal.diagonal(), subdiagonal = tridiagonal.subDiagonal();
  Eigen::SelfAdjointEigenSolver<Matrix> values;
  values.computeFromTridiagonal(diagonal, subdiagonal, Eigen::EigenvaluesOnly);
  if (values.info() != Eigen::Success) return robust_svd(A, Eigen::ComputeThinU);
  const Vector lambda = values.eigenvalues().reverse();  // decreasing
  const double rounding = static_cast<double>(m + A.cols()) * std::numeric_limits<double>::epsilon() * std::max(lambda(0), 0.0);
  const double gap = lambda(wanted - 1) - lambda(wanted);
  // Kept when the rounding moves the leading vectors by less than 1e-8, or by less than 1e-3 of
  // what the rest of the data (λ_{w+1}: noise, unmodelled or unresolved dynamics) moves them.
  if (!(rounding <= std::max(1e-8 * gap, 1e-3 * lambda(wanted)))) return robust_svd(A, Eigen::ComputeThinU);
  Matrix U;
  if (const std::optional<Matrix> V = tridiagonal_eigenvectors(diagonal, subdiagonal, lambda.head(wanted))) {
    U = tridiagonal.matrixQ() * *V;
  } else {  // inverse iteration did not verify: all vectors by QR iteration
    const Eigen::SelfAdjointEigenSolver<Matrix> eigen(gram);
    if (eigen.info() != Eigen::Success) return robust_svd(A, Eigen::ComputeThinU);
    U = eigen.eigenvectors().rightCols(wanted).rowwise().reverse();
  }
  const Vector s = (U.transpose() * scaled).rowwise().norm();
  // The row norms may swap neighbours whose values agree to rounding: order them again.
  std::vector<Eigen::Index> order(static_cast<std::size_t>(wanted));
  std::iota(order.begin(), order.end(), Eigen::Index{0});
  std::stable_sort(order.begin(), order.end(), [&](Eigen::Index a, Eigen::Index b) { return s(a) > s(b); });
  RobustSvd out;
  out.ok = true;
  out.singular_values.resize(m);
  out.U.resize(m, wanted);
  const double floor = std::sqrt(rounding);  // √((n + m) ε) s_1 in the scaled units
  for (Eigen::Index c = 0; c < wanted; ++c) {
    const Eigen::Index from = order[static_cast<std::size_t>(c)];
    out.singular_values(c) = std::ldexp(std::max(s(from), floor), e);
    out.U.col(c) = U.col(from);
  }
  for (Eigen::Index c = wanted; c < m; ++c) out.singular_values(c) = std::ldexp(std::max(std::sqrt(std::max(lambda(c), 0.0)), floor), e);
  return out;
}

}  // namespace mechid
