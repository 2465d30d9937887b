// The six discretizations of seed 004 (src/ekf/discretization.cpp): convergence orders against
// the exact (matrix exponential) response of a forced oscillator, the first-order damping error
// of the leapfrog as printed in eq. 22, and the analytic Jacobians against finite differences.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/input_error.hpp"
#include "ekf/belt_drive.hpp"
#include "ekf/discretization.hpp"
#include "ekf/linear_oscillator.hpp"
#include "simulate/sinusoid_response.hpp"

using namespace mechid;

namespace {

// Global error at t_end of `method` on m s'' + b s' + k s = sin(1.3 t) + 0.5 from rest, against
// the exact sampled response (simulate/sinusoid_response.hpp); u is evaluated exactly at the
// start, middle and end of each step.
double global_error(Discretization method, double b, double T, double t_end = 4.0) {
  const double m = 1.0, k = 4.0;
  const LinearOscillator model(m, b, k);
  SineSum u;
  u.offset = Vector::Constant(1, 0.5);
  u.terms.push_back({0, 1.0, 1.3, 0.0});
  const Eigen::Index N = static_cast<Eigen::Index>(std::llround(t_end / T));
  StateSpaceModel ss;
  ss.A.resize(2, 2);
  ss.A << 0, 1, -k / m, -b / m;
  ss.B = Matrix(2, 1);
  ss.B << 0, 1 / m;
  ss.C = Matrix::Identity(2, 2);
  ss.D = Matrix::Zero(2, 1);
  const SampledResponse exact = sinusoid_response(ss, u, Vector::Zero(2), T, N + 1);
  Vector x = Vector::Zero(2);
  const Vector theta(0);
  for (Eigen::Index i = 0; i < N; ++i) {
    const double t = i * T;
    x = discrete_step(model, method, x, theta, {u.at(t), u.at(t + 0.5 * T), u.at(t + T)}, T, false).x;
  }
  return (x - exact.x.row(N).transpose()).norm();
}

// Least-squares slope of log error against log T over T = T0, T0/2, T0/4, T0/8.
double observed_order(Discretization method, double b, double T0) {
  Eigen::Matrix<double, 4, 2> X;
  Eigen::Vector4d e;
  for (int i = 0; i < 4; ++i) {
    const double T = T0 / (1 << i);
    X(i, 0) = std::log(T);
    X(i, 1) = 1.0;
    e(i) = std::log(global_error(method, b, T));
  }
  return X.colPivHouseholderQr().solve(e)(0);
}

}  // namespace

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

TEST_CASE("model and discretization input errors", "[ekf]") {
  CHECK_THROWS_WITH(parse_discretization("rk45"), "unknown discretization 'rk45' (expected ef, se, heun, lp, rk3 or rk4)");
  BeltDriveParameters p;
  p.z0 = 0.0;
  CHECK_THROWS_WITH(BeltDrive(p), "belt-drive parameter z0 must be a positive number, got 0");
  CHECK_THROWS_WITH(LinearOscillator(1.0, 0.1, 2.0, {"m"}), "unknown parameter 'm' of the linear oscillator (expected b or k)");
  CHECK_THROWS_WITH(LinearOscillator(0.0, 0.1, 2.0), "m must be a positive number, got 0");
}
