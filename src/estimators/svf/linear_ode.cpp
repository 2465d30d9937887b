#include "estimators/svf/linear_ode.hpp"

#include "core/input_error.hpp"

namespace mechid {

Matrix response_from_rest(const Matrix& A, const Matrix& B, const Matrix& C, const Matrix& u, double h,
                          Intersample rule) {
  return sampled_states(A, B, u, h, rule) * C.transpose();
}

Vector simulate_linear_ode(const LinearOde2& ode, const Matrix& u, double h, Intersample rule) {
  require(ode.b.rows() == u.cols() && ode.b.cols() == 2,
          "the ODE has " + std::to_string(ode.b.rows()) + " inputs but the data " + std::to_string(u.cols()));
  Matrix A(2, 2), B(2, u.cols()), C(1, 2);
  A << -ode.a1, 1.0, -ode.a0, 0.0;
  B.row(0) = ode.b.col(0).transpose();
  B.row(1) = ode.b.col(1).transpose();
  C << 1.0, 0.0;
  return response_from_rest(A, B, C, u, h, rule).col(0);
}

}  // namespace mechid
