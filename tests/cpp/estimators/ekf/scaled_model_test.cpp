// run_scaled_ekf (src/estimators/ekf/scaled_model.cpp): estimating ϑ = θ/s with covariances in the units of ϑ
// is the same filter as estimating θ with those covariances times s² (a linear change of
// variables), so both give the same θ trajectories and standard deviations.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/input_error.hpp"
#include "estimators/ekf/scaled_model.hpp"
#include "oscillator_experiment.hpp"

using namespace mechid;

TEST_CASE("run_scaled_ekf equals the unscaled filter with the parameter covariances times scale²", "[ekf]") {
  const LinearOscillator model(1.0, 0.4, 4.0, {"b", "k"});
  const double T = 0.01, s = 250.0;
  const Eigen::Index N = 1500;
  const test::OscillatorRecord d = test::square_wave_record(model, T, N, 11);
  const EkfOptions plain = test::oscillator_ekf_options(T);  // covariances in the units of θ
  EkfOptions scaled = plain;                                 // and in those of ϑ = θ/s: divided by s²
  scaled.Theta_init /= s * s;
  scaled.Q_theta /= s * s;
  const EkfResult a = run_scaled_ekf(model, d.u, d.y, scaled, s);
  const EkfResult b = run_augmented_ekf(model, d.u, d.y, plain);
  REQUIRE(a.status == Status::ok);
  REQUIRE(b.status == Status::ok);
  CHECK(a.parameters(0, 1) == Approx(2.0).epsilon(1e-15));  // the trajectory starts at θ_init, in θ's units
  CHECK((a.parameters - b.parameters).cwiseAbs().maxCoeff() < 1e-8 * b.parameters.cwiseAbs().maxCoeff());
  CHECK((a.parameter_std - b.parameter_std).cwiseAbs().maxCoeff() < 1e-8 * b.parameter_std.cwiseAbs().maxCoeff());
  CHECK(std::abs(a.parameters(N - 1, 1) - 4.0) < 0.01);
  CHECK_THROWS_WITH(run_scaled_ekf(model, d.u, d.y, scaled, 0.0), "the parameter scale must be positive, got 0");
}
