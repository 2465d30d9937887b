// run_belt_drive_ekf (src/estimators/ekf/belt_drive_ekf.cpp): eq. 32's filter on the belt drive with the
// parameters in kN, its final estimate and relative errors, and the options it checks.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/input_error.hpp"
#include "estimators/ekf/belt_drive_ekf.hpp"
#include "estimators/ekf/belt_drive_experiment.hpp"

using namespace mechid;

TEST_CASE("belt-drive EKF: trajectories in N and N s/m from eq. 32's θ_init, the last row as the estimate", "[ekf]") {
  const BeltDrive model;
  BeltExperimentOptions e;
  e.duration = 1.0;
  const BeltExperimentData d = simulate_belt_drive(model, e);
  const BeltDriveEkf r = run_belt_drive_ekf(d.u, d.y, e.T, {});
  REQUIRE(r.filter.status == Status::ok);
  const Eigen::Index N = d.u.rows();
  CHECK(r.filter.steps == N - 1);
  CHECK(r.parameter_names == std::vector<std::string>{"c_spec", "d"});
  CHECK(r.filter.parameters(0, 0) == Approx(0.2 * 8.94e3).epsilon(1e-14));  // eq. 32: θ_init = [0.2 c_spec, 2 d]
  CHECK(r.filter.parameters(0, 1) == Approx(2 * 97.66).epsilon(1e-14));
  CHECK(r.theta == r.filter.parameters.row(N - 1).transpose());
  CHECK(r.theta_std == r.filter.parameter_std.row(N - 1).transpose());
  CHECK(r.errors.size() == 0);
  // The same run against a truth of half the estimate: every relative error is exactly 1.
  const Vector half = r.theta / 2;
  const BeltDriveEkf again = run_belt_drive_ekf(d.u, d.y, e.T, {}, half);
  REQUIRE(again.errors.size() == 2);
  CHECK(again.errors(0) == Approx(1.0).epsilon(1e-12));
  CHECK(again.errors(1) == Approx(1.0).epsilon(1e-12));
  // θ_init given: the trajectory starts there.
  BeltDriveEkfOptions o;
  o.theta_init = Eigen::Vector2d(5000.0, 120.0);
  o.method = Discretization::heun;
  const BeltDriveEkf given = run_belt_drive_ekf(d.u, d.y, e.T, o);
  CHECK(given.filter.parameters(0, 0) == Approx(5000.0).epsilon(1e-14));
  CHECK(given.filter.parameters(0, 1) == Approx(120.0).epsilon(1e-14));
}

TEST_CASE("belt-drive EKF options are checked by name", "[ekf]") {
  const Matrix u = Matrix::Zero(10, 1), y = Matrix::Zero(10, 2);
  BeltDriveEkfOptions o;
  o.theta_init = Vector::Ones(3);
  CHECK_THROWS_WITH(run_belt_drive_ekf(u, y, 1e-3, o), "theta0 needs 2 values (c_spec, d), got 3");
  o = {};
  o.theta_var = Vector::Ones(1);
  CHECK_THROWS_WITH(run_belt_drive_ekf(u, y, 1e-3, o), "the parameter variances need 2 values (c_spec, d), got 1");
  o = {};
  o.scale = -1;
  CHECK_THROWS_WITH(run_belt_drive_ekf(u, y, 1e-3, o), "the parameter scale must be positive, got -1");
  CHECK_THROWS_WITH(run_belt_drive_ekf(u, y, 1e-3, {}, Vector::Ones(1)), "the true parameters need 2 values, got 1");
  // The data's shapes, named as the belt drive's input and measurements (not the EKF's matrix C).
  CHECK_THROWS_AS(run_belt_drive_ekf(Matrix::Zero(10, 2), y, 1e-3, {}), InputError);
  CHECK_THROWS_WITH(run_belt_drive_ekf(Matrix::Zero(10, 2), y, 1e-3, {}),
                    "the belt drive has one input (motor torque), the data have 2");
  CHECK_THROWS_WITH(run_belt_drive_ekf(u, Matrix::Zero(10, 1), 1e-3, {}),
                    "the belt-drive EKF needs two measured columns (angle, speed), got 1");
  CHECK_THROWS_WITH(run_belt_drive_ekf(u, Matrix::Zero(10, 3), 1e-3, {}),
                    "the belt-drive EKF needs two measured columns (angle, speed), got 3");
}

TEST_CASE("belt-drive EKF: a named reading of eq. 32 is its scale and Θ_init (kn-wide by default), given values win", "[ekf]") {
  const BeltDrive model;
  BeltExperimentOptions e;
  e.duration = 0.3;
  const BeltExperimentData d = simulate_belt_drive(model, e);
  const auto run = [&](const BeltDriveEkfOptions& o) { return run_belt_drive_ekf(d.u, d.y, e.T, o).filter.parameters; };
  // The default equals kn-wide written out (kN: scale 1000, Θ_init = diag(0.1, 1e-3)), and
  // differs from eq. 32's 1e-6 (kn) and from the printed units.
  BeltDriveEkfOptions written;
  written.reading = Eq32ReadingName::printed;  // overridden by both values below
  written.scale = 1e3;
  written.theta_var = Eigen::Vector2d(0.1, 1e-3);
  const Matrix by_default = run({});
  CHECK(by_default == run(written));
  BeltDriveEkfOptions kn, printed;
  kn.reading = Eq32ReadingName::kn;
  printed.reading = Eq32ReadingName::printed;
  written.theta_var = Eigen::Vector2d(0.1, 1e-6);
  CHECK(run(kn) == run(written));
  CHECK((run(kn) - by_default).cwiseAbs().maxCoeff() > 0);
  written.scale = 1.0;
  CHECK(run(printed) == run(written));
  // The names are the facade's.
  CHECK(kEq32ReadingNames.parse("kn-wide") == Eq32ReadingName::kn_wide);
  CHECK_THROWS_WITH(kEq32ReadingNames.parse("mn"), "unknown reading 'mn' (expected kn-wide, kn or printed)");
  BeltDriveEkfOptions bad;
  bad.theta_var = Eigen::Vector2d(0.1, -1.0);
  CHECK_THROWS_WITH(run(bad), "a parameter variance must be positive, got -1");
}
