// The six explicit discretizations of Beckmann et al. 2016, sec. 2.2, for models s' = v, v' = a(s, v, θ, u)
// (ekf/second_order_model.hpp), x = [s; v], sampling time T:
//   ef    Euler forward                  (eq. 16)  order 1
//   se    symplectic (semi-implicit) Euler (eq. 21) order 1: v first, then s with the new v
//   heun  Heun                           (eq. 17)  order 2
//   lp    leapfrog, two half steps of SE (eq. 22)  order 2 when a does not depend on v; as printed
//         (the last half step uses v_{k-1/2}, not v_k) it is order 1 in the v-dependent part:
//         one step errs by T²/4 (∂a/∂v) a (see tests/cpp/estimators/ekf/discretization_test.cpp)
//   rk3   Simpson rule / Kutta's third order (eq. 18) order 3
//   rk4   classical Runge-Kutta          (eq. 19)  order 4
// The input enters as in the paper: u_{k-1} at the start of the step, u_{k-1/2} at its middle and
// u_k at its end (eqs. 16-19; SE uses u_{k-1}, LP u_{k-1} then u_k). For a held input the caller
// passes the held value three times.
// discrete_step also returns the exact Jacobians of the discrete map with respect to x and θ
// (the A_k of eq. 6 for the augmented state of eq. 11), by the chain rule through the stages from
// the model's analytic Jacobians.
#pragma once

#include <string>
#include <vector>

#include "core/enum_names.hpp"
#include "estimators/ekf/second_order_model.hpp"

namespace mechid {

enum class Discretization { ef, se, heun, lp, rk3, rk4 };
extern const EnumNames<Discretization, 6> kDiscretizationNames;  // "ef", "se", …

std::vector<Discretization> all_discretizations();  // in the order of the paper's tables
Discretization parse_discretization(const std::string& name);  // "ef", "se", …; throws InputError
std::string to_string(Discretization method);
int nominal_order(Discretization method);          // 1, 1, 2, 2, 3, 4

struct StepInputs {
  Vector start, mid, end;  // u_{k-1}, u_{k-1/2}, u_k
};

struct DiscreteStep {
  Vector x;                // x_k
  Matrix dx, dtheta;       // ∂x_k/∂x_{k-1} (2n x 2n), ∂x_k/∂θ (2n x p); set only when asked for
};

DiscreteStep discrete_step(const SecondOrderModel& model, Discretization method, const Vector& x, const Vector& theta,
                           const StepInputs& u, double T, bool jacobians);

}  // namespace mechid
