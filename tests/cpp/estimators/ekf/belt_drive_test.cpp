// The belt-drive study of Beckmann et al. 2016 (src/estimators/ekf/trajectory.cpp, belt_drive_experiment.cpp): the
// acceleration-trapezoid moves, the accuracy of the fine-step reference, the instability of Euler
// forward in the stiff region, and the augmented EKF on the belt drive.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/input_error.hpp"
#include "estimators/ekf/belt_drive_experiment.hpp"
#include "estimators/ekf/trajectory.hpp"

using namespace mechid;

TEST_CASE("acceleration-trapezoid moves respect v_max, a_max, j_max and end at rest at the target", "[ekf]") {
  const AtpLimits limits{0.5, 10.0, 2000.0};
  for (const double distance : {0.1, -0.1, 0.02, 0.0005}) {
    INFO(distance);
    const AtpMove move(distance, limits);
    const MotionSample end = move.at(move.duration());
    CHECK(end.p == Approx(distance).margin(1e-12));
    CHECK(std::abs(end.v) < 1e-12);
    CHECK(std::abs(end.a) < 1e-9);
    double vmax = 0, amax = 0, jmax = 0, integration = 0;
    MotionSample previous = move.at(0);
    const double dt = 1e-5;
    for (double t = dt; t <= move.duration(); t += dt) {
      const MotionSample s = move.at(t);
      vmax = std::max(vmax, std::abs(s.v));
      amax = std::max(amax, std::abs(s.a));
      jmax = std::max(jmax, std::abs(s.a - previous.a) / dt);
      integration = std::max(integration, std::abs((s.p - previous.p) / dt - 0.5 * (s.v + previous.v)));  // p' = v
      previous = s;
    }
    CHECK(integration < 1e-6);
    CHECK(vmax <= 0.5 + 1e-9);
    CHECK(amax <= 10.0 + 1e-9);
    CHECK(jmax <= 2000.0 * (1 + 1e-6));
  }
  // The long move reaches v_max with a cruise phase; jerk time t_j = a_max/j_max = 5 ms.
  const AtpMove move(0.1, limits);
  CHECK(move.at(0.5 * (move.cruise_start() + move.cruise_end())).v == Approx(0.5));
  CHECK(move.duration() == Approx(0.1 / 0.5 + 0.005 + 0.5 / 10.0));
  CHECK_THROWS_WITH(AtpMove(0.1, {0.0, 1.0, 1.0}), "v_max must be positive, got 0");
}

TEST_CASE("belt-drive study: reference accuracy, detail windows, Euler forward unstable where the belt is stiff", "[ekf]") {
  const BeltDrive model;
  BeltExperimentOptions o;
  o.duration = 3.0;
  const BeltExperimentData d = simulate_belt_drive(model, o);
  CHECK(d.reference_error < 1e-9);
  REQUIRE(d.windows.size() == 2);
  CHECK(d.x.col(1).minCoeff() == Approx(-0.1).margin(2e-3));  // the load reaches the stiff end
  CHECK(model.belt_frequency(-0.1) * o.T > 0.28);           // ω T there
  const auto rows = compare_discretizations(model, d);
  REQUIRE(rows.size() == 6);
  CHECK(rows[0].spectral_radius > 1.01);  // EF: growth per step
  for (std::size_t i = 1; i < rows.size(); ++i) {
    INFO(rows[i].method);
    CHECK(rows[i].spectral_radius < 1.0001);
  }
  // Higher order, closer to the reference: RK4 < RK3 < {Heun, LP} < SE in both windows.
  CHECK(rows[5].nrmse1 < rows[4].nrmse1);
  CHECK(rows[4].nrmse1 < std::min(rows[2].nrmse1, rows[3].nrmse1));
  CHECK(std::max(rows[2].nrmse1, rows[3].nrmse1) < rows[1].nrmse1);
  CHECK(rows[0].nrmse1 > 1.0);
  CHECK_THROWS_WITH([&] {
    BeltExperimentOptions bad;
    bad.targets = {-0.2};
    simulate_belt_drive(model, bad);
  }(), "every target must lie above -z0 = -0.13 m (c_eff has a pole there), got -0.2");
}

TEST_CASE("augmented EKF on the belt drive: eq. 32 in kN recovers c_spec with RK4", "[ekf]") {
  const BeltDrive model;
  BeltExperimentOptions o;
  o.duration = 8.0;
  const BeltExperimentData d = simulate_belt_drive(model, o);
  const EstimationRow printed = estimate_belt_drive(model, d, Discretization::rk4);
  REQUIRE(printed.ekf.status == Status::ok);
  CHECK(printed.e1 > 0.5);  // as printed, the covariances keep c_spec near its initial 0.2 c_spec
  const EstimationRow kilo = estimate_belt_drive(model, d, Discretization::rk4, {1e3, 1e-6});
  REQUIRE(kilo.ekf.status == Status::ok);
  CHECK(kilo.e1 < 0.02);
  CHECK(kilo.ekf.parameters(0, 0) == Approx(0.2 * 8.94e3));  // trajectories in N and N s/m
  CHECK(kilo.ekf.parameters.rows() == d.u.rows());
}
