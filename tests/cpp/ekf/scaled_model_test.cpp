// run_scaled_ekf (src/ekf/scaled_model.cpp): estimating ϑ = θ/s with covariances in the units of ϑ
// is the same filter as estimating θ with those covariances times s² (a linear change of
// variables), so both give the same θ trajectories and standard deviations.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/input_error.hpp"
#include "core/rng.hpp"
#include "ekf/linear_oscillator.hpp"
#include "ekf/scaled_model.hpp"

using namespace mechid;

TEST_CASE("run_scaled_ekf equals the unscaled filter with the parameter covariances times scale²", "[ekf]") {
  const LinearOscillator model(1.0, 0.4, 4.0, {"b", "k"});
  const double T = 0.01, s = 250.0;
  const Eigen::Index N = 1500;
  Random rng(11);
  Matrix u(N, 1), y(N, 2);
  Vector x = Vector::Zero(2);
  for (Eigen::Index k = 0; k < N; ++k) {
    u(k, 0) = (k / 50) % 2 ? 1.0 : -1.0;
    if (k > 0) {
      const Vector held = u.row(k - 1).transpose();
      x = discrete_step(model, Discretization::rk4, x, model.true_theta(), {held, held, held}, T, false).x;
    }
    y(k, 0) = x(0) + 1e-3 * rng.normal();
    y(k, 1) = x(1) + 1e-2 * rng.normal();
  }
  EkfOptions scaled;
  scaled.method = Discretization::rk4;
  scaled.T = T;
  scaled.x_init = Vector::Zero(2);
  scaled.theta_init = Eigen::Vector2d(1.0, 2.0);   // units of θ
  scaled.P_init = 1e-6 * Matrix::Identity(2, 2);
  scaled.Theta_init = Eigen::Vector2d(1.0 / (s * s), 4.0 / (s * s)).asDiagonal();  // units of ϑ
  scaled.Q_x = 1e-12 * Matrix::Identity(2, 2);
  scaled.Q_theta = 1e-12 * Matrix::Identity(2, 2) / (s * s);
  scaled.R = Eigen::Vector2d(1e-6, 1e-4).asDiagonal();
  scaled.C = Matrix::Identity(2, 2);
  EkfOptions plain = scaled;
  plain.Theta_init *= s * s;
  plain.Q_theta *= s * s;
  const EkfResult a = run_scaled_ekf(model, u, y, scaled, s);
  const EkfResult b = run_augmented_ekf(model, u, y, plain);
  REQUIRE(a.status == Status::ok);
  REQUIRE(b.status == Status::ok);
  CHECK(a.parameters(0, 1) == Approx(2.0).epsilon(1e-15));  // the trajectory starts at θ_init, in θ's units
  CHECK((a.parameters - b.parameters).cwiseAbs().maxCoeff() < 1e-8 * b.parameters.cwiseAbs().maxCoeff());
  CHECK((a.parameter_std - b.parameter_std).cwiseAbs().maxCoeff() < 1e-8 * b.parameter_std.cwiseAbs().maxCoeff());
  CHECK(std::abs(a.parameters(N - 1, 1) - 4.0) < 0.01);
  CHECK_THROWS_WITH(run_scaled_ekf(model, u, y, scaled, 0.0), "the parameter scale must be positive, got 0");
}
