// The six discretizations of Beckmann et al. 2016 (src/estimators/ekf/discretization.cpp): convergence orders against
// the exact (matrix exponential) response of a forced oscillator (src/estimators/ekf/convergence.cpp), the
// first-order damping error of the leapfrog as printed in eq. 22, and the analytic Jacobians
// against finite differences.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/input_error.hpp"
#include "estimators/ekf/belt_drive.hpp"
#include "estimators/ekf/convergence.hpp"
#include "estimators/ekf/discretization.hpp"
#include "estimators/ekf/linear_oscillator.hpp"

using namespace mechid;

TEST_CASE("convergence orders 1, 1, 2, 2, 3, 4 of EF, SE, Heun, LP, RK3, RK4 (force independent of v)", "[ekf]") {
  for (const Discretization d : all_discretizations()) {
    INFO(to_string(d));
    CHECK(observed_order(d, 0.0, 0.02) == Approx(nominal_order(d)).margin(0.2));
  }
}

TEST_CASE("with damping, the explicit last half step of eq. 22 makes the leapfrog first order", "[ekf]") {
  // One LP step errs by T²/4 (∂a/∂v) a: slope 1 once that term dominates (small T, b = 2).
  CHECK(observed_order(Discretization::lp, 2.0, 0.002) == Approx(1.0).margin(0.2));
  // The other methods keep their orders with damping.
  for (const Discretization d : {Discretization::ef, Discretization::se, Discretization::heun, Discretization::rk3,
                                 Discretization::rk4}) {
    INFO(to_string(d));
    CHECK(observed_order(d, 2.0, 0.02) == Approx(nominal_order(d)).margin(0.2));
  }
}

TEST_CASE("the Jacobians of every discrete map match central differences", "[ekf]") {
  const BeltDrive belt;
  const LinearOscillator osc(2.0, 0.3, 5.0, {"b", "k"});
  struct Case {
    const SecondOrderModel* model;
    Vector x, theta, u;
    double T;
  };
  const Case cases[] = {
      {&belt, (Vector(4) << 1.2, 0.018, 30.0, 0.45).finished(), Eigen::Vector2d(8.0e3, 90.0), Vector::Constant(1, 0.8), 1e-3},
      {&osc, Eigen::Vector2d(0.3, -0.7), Eigen::Vector2d(0.4, 4.0), Vector::Constant(1, 1.5), 0.05},
  };
  for (const Case& c : cases)
    for (const Discretization d : all_discretizations()) {
      INFO(to_string(d));
      const StepInputs in{c.u, 1.1 * c.u, 1.3 * c.u};
      const DiscreteStep step = discrete_step(*c.model, d, c.x, c.theta, in, c.T, true);
      for (Eigen::Index j = 0; j < c.x.size() + c.theta.size(); ++j) {
        const bool is_x = j < c.x.size();
        const double value = is_x ? c.x(j) : c.theta(j - c.x.size());
        const double delta = 1e-6 * std::max(1.0, std::abs(value));
        Vector xp = c.x, xm = c.x, tp = c.theta, tm = c.theta;
        if (is_x) {
          xp(j) += delta;
          xm(j) -= delta;
        } else {
          tp(j - c.x.size()) += delta;
          tm(j - c.x.size()) -= delta;
        }
        const Vector numeric = (discrete_step(*c.model, d, xp, tp, in, c.T, false).x -
                                discrete_step(*c.model, d, xm, tm, in, c.T, false).x) / (2 * delta);
        const Vector analytic = is_x ? Vector(step.dx.col(j)) : Vector(step.dtheta.col(j - c.x.size()));
        CHECK((numeric - analytic).norm() <= 1e-6 * std::max(1.0, analytic.norm()));
      }
    }
}

TEST_CASE("a model with no estimated parameters steps like one with parameters, with an empty dtheta", "[ekf]") {
  // θ empty: ∂x_k/∂θ is 2n x 0, and no block of that empty matrix is taken (Eigen offsets its null
  // data pointer: UBSan "applying non-zero offset to null pointer", issue 20 item 3).
  const LinearOscillator none(2.0, 0.3, 5.0), with_b(2.0, 0.3, 5.0, {"b"});
  const Vector x = Eigen::Vector2d(0.3, -0.7), u = Vector::Constant(1, 1.5);
  const StepInputs in{u, 1.1 * u, 1.3 * u};
  for (const Discretization d : all_discretizations()) {
    INFO(to_string(d));
    const DiscreteStep a = discrete_step(none, d, x, Vector(0), in, 0.05, true);
    const DiscreteStep b = discrete_step(with_b, d, x, Vector::Constant(1, 0.3), in, 0.05, true);
    CHECK(a.dtheta.rows() == 2);
    CHECK(a.dtheta.cols() == 0);
    CHECK((a.x - b.x).norm() == 0.0);
    CHECK((a.dx - b.dx).norm() == 0.0);
  }
}

TEST_CASE("model and discretization input errors", "[ekf]") {
  CHECK_THROWS_WITH(parse_discretization("rk45"), "unknown discretization 'rk45' (expected ef, se, heun, lp, rk3 or rk4)");
  BeltDriveParameters p;
  p.z0 = 0.0;
  CHECK_THROWS_WITH(BeltDrive(p), "belt-drive parameter z0 must be a positive number, got 0");
  CHECK_THROWS_WITH(LinearOscillator(1.0, 0.1, 2.0, {"m"}), "unknown parameter 'm' of the linear oscillator (expected b or k)");
  CHECK_THROWS_WITH(LinearOscillator(0.0, 0.1, 2.0), "m must be a positive number, got 0");
}
