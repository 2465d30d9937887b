// The single-output linear ODE that the state-variable-filter method fits (the SVF report, eqs. 2 and 8):
//   y'' + a1 y' + a0 y = Σ_j (b_j1 u̇_j + b_j0 u_j),
// and responses from rest, for the output error of the pole search (the SVF report, sec. 3.2).
#pragma once

#include "estimators/svf/filter.hpp"

namespace mechid {

struct LinearOde2 {
  double a1 = 0.0, a0 = 0.0;  // denominator s² + a1 s + a0
  Matrix b;                   // k x 2: row j = [b_j1, b_j0] (derivative and proportional gain of u_j)
};

// y = C x of x' = A x + B u at the samples of u (N x k, period h), from rest (x and u before t_0
// zero), with u between samples as `rule` says; sampled exactly (Van Loan). N x outputs.
Matrix response_from_rest(const Matrix& A, const Matrix& B, const Matrix& C, const Matrix& u, double h,
                          Intersample rule);

// The ODE's response from rest in observable canonical form:
//   x1 = y,  x1' = -a1 x1 + x2 + Σ b_j1 u_j,  x2' = -a0 x1 + Σ b_j0 u_j.
Vector simulate_linear_ode(const LinearOde2& ode, const Matrix& u, double h, Intersample rule);

}  // namespace mechid
