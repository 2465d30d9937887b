// The augmented EKF (src/estimators/ekf/augmented_ekf.cpp): consistency on a linear 1-DOF model (normalised
// estimation error squared inside its 95 % chi-square band; an inconsistent filter falls out of
// it), parameter estimation of the linear oscillator, and bad input.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/input_error.hpp"
#include "core/rng.hpp"
#include "estimators/ekf/augmented_ekf.hpp"
#include "estimators/ekf/linear_oscillator.hpp"
#include "oscillator_experiment.hpp"

using namespace mechid;

namespace {

// Quantile p of χ²(ν) by Wilson-Hilferty (relative error < 1e-3 for ν >= 50).
double chi2_quantile(double z_p, double nu) {
  const double c = 2.0 / (9.0 * nu);
  return nu * std::pow(1.0 - c + z_p * std::sqrt(c), 3);
}

Matrix diag(std::initializer_list<double> values) {
  Vector v(static_cast<Eigen::Index>(values.size()));
  Eigen::Index i = 0;
  for (double x : values) v(i++) = x;
  return v.asDiagonal();
}

// Monte Carlo NEES of a Kalman filter on m s'' + b s' + k s = u (RK4 discretization, linear in x):
// the truth follows the filter's own model with process noise Q_true, position measured with
// variance R. Returns the NEES averaged over the runs, per step.
Vector average_nees(double q_scale_in_filter, int runs, Eigen::Index N) {
  const LinearOscillator model(1.0, 0.4, 4.0);
  const double T = 0.05;
  EkfOptions o;
  o.method = Discretization::rk4;
  o.T = T;
  o.x_init = Eigen::Vector2d(0.0, 0.0);
  o.theta_init = Vector(0);
  o.P_init = diag({1e-2, 1e-2});
  o.Theta_init = Matrix(0, 0);
  const Matrix Q_true = diag({1e-6, 1e-4});
  o.Q_x = q_scale_in_filter * Q_true;
  o.Q_theta = Matrix(0, 0);
  o.R = diag({1e-4});
  o.C = Matrix(1, 2);
  o.C << 1.0, 0.0;
  const Eigen::LLT<Matrix> q_root(Q_true), p_root(o.P_init);
  Vector sum = Vector::Zero(N);
  for (int run = 0; run < runs; ++run) {
    Random rng = Random::derived(42, static_cast<std::uint64_t>(run));
    auto gaussian = [&](Eigen::Index size) {
      Vector g(size);
      for (Eigen::Index i = 0; i < size; ++i) g(i) = rng.normal();
      return g;
    };
    Matrix u(N, 1), y(N, 1), truth(N, 2);
    Vector x = o.x_init + p_root.matrixL() * gaussian(2);
    for (Eigen::Index k = 0; k < N; ++k) {
      u(k, 0) = std::sin(0.7 * k * T);
      if (k > 0) {
        const Vector held = u.row(k - 1).transpose();
        x = discrete_step(model, o.method, x, Vector(0), {held, held, held}, T, false).x + q_root.matrixL() * gaussian(2);
      }
      truth.row(k) = x.transpose();
      y(k, 0) = x(0) + 1e-2 * rng.normal();
    }
    const EkfResult r = run_augmented_ekf(model, u, y, o, truth);
    REQUIRE(r.status == Status::ok);
    sum += r.nees;
  }
  return sum / runs;
}

}  // namespace

TEST_CASE("EKF on a linear 1-DOF model is consistent: NEES inside its 95 % chi-square band", "[ekf]") {
  const int runs = 50, n = 2;
  const Eigen::Index N = 300;
  const double lo = chi2_quantile(-1.959964, n * runs) / runs, hi = chi2_quantile(1.959964, n * runs) / runs;
  auto inside = [&](const Vector& nees) {
    return static_cast<double>(((nees.array() >= lo) && (nees.array() <= hi)).count()) / static_cast<double>(nees.size());
  };
  const Vector nees = average_nees(1.0, runs, N);
  CHECK(inside(nees) >= 0.9);                    // 95 % expected
  CHECK(nees.mean() == Approx(n).epsilon(0.1));  // E[NEES] = dim x = 2
  // A filter that believes the process noise is 100 times smaller is overconfident: out of the band.
  const Vector overconfident = average_nees(0.01, runs, N);
  CHECK(inside(overconfident) < 0.5);
  CHECK(overconfident.tail(N / 2).mean() > hi);
}

TEST_CASE("the augmented EKF estimates the stiffness and damping of the linear oscillator", "[ekf]") {
  const LinearOscillator model(1.0, 0.4, 4.0, {"b", "k"});
  const double T = 0.01;
  const Eigen::Index N = 4000;
  const test::OscillatorRecord d = test::square_wave_record(model, T, N, 7);
  const EkfResult r = run_augmented_ekf(model, d.u, d.y, test::oscillator_ekf_options(T));
  REQUIRE(r.status == Status::ok);
  REQUIRE(r.steps == N - 1);
  const Vector final_theta = r.parameters.row(N - 1).transpose(), sd = r.parameter_std.row(N - 1).transpose();
  CHECK(std::abs(final_theta(0) - 0.4) < 0.01);
  CHECK(std::abs(final_theta(1) - 4.0) < 0.01);
  CHECK(std::abs(final_theta(0) - 0.4) < 4 * sd(0));
  CHECK(std::abs(final_theta(1) - 4.0) < 4 * sd(1));
  CHECK(r.parameters(0, 1) == 2.0);  // the trajectory starts at theta_init
}

TEST_CASE("EKF bad input names the argument", "[ekf]") {
  const LinearOscillator model(1.0, 0.4, 4.0, {"k"});
  EkfOptions o;
  o.x_init = Vector::Zero(2);
  o.theta_init = Vector::Constant(1, 3.0);
  o.P_init = Matrix::Identity(2, 2);
  o.Theta_init = Matrix::Identity(1, 1);
  o.Q_x = Matrix::Zero(2, 2);
  o.Q_theta = Matrix::Zero(1, 1);
  o.R = Matrix::Identity(1, 1);
  o.C = Matrix(1, 2);
  o.C << 1, 0;
  const Matrix u = Matrix::Ones(10, 1), y = Matrix::Zero(10, 1);
  CHECK_NOTHROW(run_augmented_ekf(model, u, y, o));
  EkfOptions bad = o;
  bad.T = 0;
  CHECK_THROWS_WITH(run_augmented_ekf(model, u, y, bad), "the sampling time T must be a positive number of seconds, got 0");
  bad = o;
  bad.R = -Matrix::Identity(1, 1);
  CHECK_THROWS_WITH(run_augmented_ekf(model, u, y, bad), "R must be positive definite (smallest eigenvalue -1)");
  bad = o;
  bad.theta_init = Vector::Zero(2);
  CHECK_THROWS_WITH(run_augmented_ekf(model, u, y, bad), "theta_init must have 1 finite entries, got 2");
  bad = o;
  bad.C = Matrix::Identity(2, 2);
  CHECK_THROWS_WITH(run_augmented_ekf(model, u, y, bad), "the measurement matrix C must be 1x2, got 2x2");
  CHECK_THROWS_WITH(run_augmented_ekf(model, u, Matrix::Zero(9, 1), o), "inputs have 10 samples but measurements 9");
  Matrix nan = y;
  nan(4, 0) = NAN;
  CHECK_THROWS_WITH(run_augmented_ekf(model, u, nan, o), "the measurements have a non-finite sample");
  CHECK_THROWS_WITH(run_augmented_ekf(model, u, y, o, Matrix::Zero(10, 2)), "the true states must be 10x3, got 10x2");
}
