#include "core/robust_svd.hpp"

#include <cmath>

#include <Eigen/SVD>

namespace mechid {

int power_of_two_scale(const Matrix& A) {
  const double largest = A.size() > 0 ? A.cwiseAbs().maxCoeff() : 0.0;
  return largest > 0 ? std::ilogb(largest) + 1 : 0;
}

RobustSvd robust_svd(const Matrix& A, unsigned vectors) {
  RobustSvd out;
  if (!A.allFinite()) return out;
  // A 2^-e (power_of_two_scale): no square or product of entries inside the decomposition
  // overflows; multiplying by a power of two rounds nothing.
  const int e = power_of_two_scale(A);
  // ldexp entry by entry: the factor 2^-e itself overflows for subnormal A (e < -1022).
  const Eigen::JacobiSVD<Matrix> svd(A.unaryExpr([e](double x) { return std::ldexp(x, -e); }), vectors);
  out.ok = true;
  out.singular_values = svd.singularValues().unaryExpr([e](double s) { return std::ldexp(s, e); });
  if (svd.computeU()) out.U = svd.matrixU();
  if (svd.computeV()) out.V = svd.matrixV();
  return out;
}

}  // namespace mechid
