#include "discretize/cayley.hpp"

#include "core/input_error.hpp"

namespace mechid {

DiscreteModel c2d_tustin(const StateSpaceModel& m, double h) {
  validate_shapes(m);
  validate_step(h);
  const Eigen::Index n = m.A.rows();
  const Eigen::FullPivLU<Matrix> lu(Matrix::Identity(n, n) - 0.5 * h * m.A);
  require(lu.isInvertible(), "I - hA/2 is singular: A has the eigenvalue 2/h = " + format_number(2.0 / h));
  DiscreteModel d;
  d.h = h;
  d.F = lu.solve(Matrix::Identity(n, n) + 0.5 * h * m.A);
  d.G = h * lu.solve(m.B);
  d.H = m.C * lu.inverse();
  d.J = 0.5 * m.C * d.G + m.D;  // (h/2) C (I - hA/2)^{-1} B = (1/2) C G
  return d;
}

ConversionResult d2c_tustin(const DiscreteModel& d) {
  validate_shapes(d);
  ConversionResult result;
  const Eigen::Index n = d.F.rows();
  const Matrix I = Matrix::Identity(n, n);
  const Eigen::FullPivLU<Matrix> plus(d.F + I);
  if (!plus.isInvertible()) {
    result.status = Status::failed;
    result.message = "F has the eigenvalue -1: it is the Tustin image of no finite A";
    result.eigenvalues.push_back(-1.0);
    return result;
  }
  const Matrix inverse = plus.inverse();
  result.model.A = (2.0 / d.h) * (d.F - I) * inverse;
  result.model.B = (2.0 / d.h) * inverse * d.G;
  result.model.C = 2.0 * d.H * inverse;
  result.model.D = d.J - 0.5 * result.model.C * d.G;  // (h/2) C (I - hA/2)^{-1} B = (1/2) C G
  return result;
}

}  // namespace mechid
