// simulate_experiment (src/estimators/nonlinear/experiment.cpp): the preset's motion, the accelerometer
// signal of eq. 24 (noise of the stated sd, reproducible by seed), the true regions and the curve.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/input_error.hpp"
#include "estimators/nonlinear/experiment.hpp"
#include "estimators/nonlinear/presets.hpp"

using namespace mechid;
using namespace mechid::nonlinear;

TEST_CASE("a nonlinear experiment: motion of the preset, eq. 24's accelerometer, regions, force curve", "[nonlinear]") {
  ExperimentOptions o;
  o.n = 4000;
  o.sigma = 2.0;
  o.a0 = 0.5;
  o.seed = 9;
  const Experiment e = simulate_experiment("lin-ewins", o);
  REQUIRE(e.motion.x.size() == 4000);
  CHECK(e.system.name == lin_ewins().name);
  // a_i = a(t_i) + σ z_i + a0: the residual has mean a0 and sd σ (4000 samples: within 5 %).
  const Vector noise = e.measured - e.motion.a;
  CHECK(noise.mean() == Approx(0.5).margin(5 * 2.0 / std::sqrt(4000.0)));
  const double sd = std::sqrt((noise.array() - noise.mean()).square().sum() / 3999.0);
  CHECK(sd == Approx(2.0).epsilon(0.05));
  CHECK(simulate_experiment("lin-ewins", o).measured == e.measured);
  // Regions of eq. 20, x in (lower, upper]: 0 (x <= -x0), 1 (inside), 2 (x > x0), x0 = 5e-3.
  for (Eigen::Index i = 0; i < e.motion.x.size(); i += 37) {
    const double x = e.motion.x(i);
    const int expected = x <= -5e-3 ? 0 : x <= 5e-3 ? 1 : 2;
    CHECK(e.true_region[static_cast<std::size_t>(i)] == expected);
  }
  CHECK(e.force_curve.x(200) == Approx(1.1 * e.motion.x.cwiseAbs().maxCoeff()));
  CHECK_THROWS_AS(simulate_experiment("pendulum", o), InputError);
}
