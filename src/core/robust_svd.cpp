#include "core/robust_svd.hpp"

#include <cmath>

#include <Eigen/SVD>

namespace mechid {

RobustSvd robust_svd(const Matrix& A, unsigned vectors) {
  RobustSvd out;
  if (!A.allFinite()) return out;
  // 2^e with e the exponent of the largest magnitude: A 2^-e has entries below 1 and its largest
  // at least 1/2, so no square or product of entries inside the decomposition leaves the range of
  // doubles; multiplying by a power of two rounds nothing.
  const double largest = A.size() > 0 ? A.cwiseAbs().maxCoeff() : 0.0;
  const int e = largest > 0 ? std::ilogb(largest) + 1 : 0;
  // ldexp entry by entry: the factor 2^-e itself overflows for subnormal A (e < -1022).
  const Eigen::JacobiSVD<Matrix> svd(A.unaryExpr([e](double x) { return std::ldexp(x, -e); }), vectors);
  out.ok = true;
  out.singular_values = svd.singularValues().unaryExpr([e](double s) { return std::ldexp(s, e); });
  if (svd.computeU()) out.U = svd.matrixU();
  if (svd.computeV()) out.V = svd.matrixV();
  return out;
}

}  // namespace mechid
