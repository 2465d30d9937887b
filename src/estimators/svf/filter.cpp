#include "estimators/svf/filter.hpp"

#include <cmath>

#include "core/input_error.hpp"

namespace mechid {

Eigen::Vector2d filter_lambda(double p1, double p2) {
  require(std::isfinite(p1) && p1 > 0, "filter pole p1 must be a positive number (a stable filter), got " + format_number(p1));
  require(std::isfinite(p2) && p2 > 0, "filter pole p2 must be a positive number (a stable filter), got " + format_number(p2));
  return {p1 + p2, p1 * p2};
}

Matrix state_variable_filter(const Matrix& x, double h, double p1, double p2, Intersample rule) {
  require(x.allFinite(), "the signal to filter has a non-finite sample");
  const Eigen::Vector2d lambda = filter_lambda(p1, p2);
  // 1/Λ(s) in controllable form: z1 = x/Λ, z2 = s x/Λ.
  Matrix A(2, 2), B(2, 1);
  A << 0.0, 1.0, -lambda(1), -lambda(0);
  B << 0.0, 1.0;
  Matrix out(x.rows(), 2 * x.cols());
  for (Eigen::Index j = 0; j < x.cols(); ++j) out.middleCols(2 * j, 2) = sampled_states(A, B, x.col(j), h, rule);
  return out;
}

}  // namespace mechid
