#include <catch2/catch.hpp>

#include <cmath>

#include "core/input_error.hpp"
#include "fixtures.hpp"
#include "identify/identification.hpp"
#include "model/presets.hpp"

using namespace mechid;

TEST_CASE("relative errors: a uniform scale errs by the scale in M, D, K and not at all in A = (0 I, -M⁻¹K -M⁻¹D)") {
  const MechanicalSystem truth = preset("3dof");
  MechanicalSystem scaled = truth;
  scaled.M *= 1.1;
  scaled.D *= 1.1;
  scaled.K *= 1.1;
  const RelativeErrors e = relative_errors(scaled, truth);
  CHECK(e.M == Approx(0.1).epsilon(1e-12));
  CHECK(e.D == Approx(0.1).epsilon(1e-12));
  CHECK(e.K == Approx(0.1).epsilon(1e-12));
  CHECK(e.A < 1e-14);
  MechanicalSystem singular = truth;
  singular.M.setZero();
  CHECK(std::isnan(relative_errors(singular, truth).A));
  CHECK_THROWS_WITH(relative_errors(preset("msd"), truth), "the true system has 3 degrees of freedom, the estimate 1");
}

TEST_CASE("a true system with a NaN entry is refused naming truth, the matrix and the entry, and so is a NaN in L") {
  MechanicalSystem truth = preset("3dof");
  truth.K(1, 0) = NAN;
  CHECK_THROWS_WITH(validate_truth(truth), Catch::Contains("truth") && Catch::Contains("K(2,1) = "));
  CHECK_THROWS_AS(relative_errors(preset("3dof"), truth), InputError);
  CHECK_NOTHROW(validate_truth(preset("3dof")));
  IdentifyOptions o;
  o.L = Matrix::Identity(3, 3);
  o.L(2, 1) = INFINITY;
  CHECK_THROWS_WITH(o.validate(), Catch::StartsWith("L has a non-finite entry: L(3,2) = "));
}

TEST_CASE("validate refuses a subnormal or absurd sampling period, naming h and the range") {
  Dataset d;
  d.u = Matrix::Random(50, 1);
  d.y = Matrix::Random(50, 1);
  for (const double h : {1e-320, 1e301}) {
    d.h = h;
    CHECK_THROWS_WITH(validate(d, 10), Catch::StartsWith("h must be between 1e-300 and 1e300 seconds, got " + format_number(h)));
  }
  d.h = 0.01;
  CHECK_NOTHROW(validate(d, 10));
}

TEST_CASE("input_matrix: the identity when L is not given and k = n, else L of the data's size") {
  const MechanicalSystem s = preset("3dof");
  const Dataset d = fixtures::simulated(s, 0.1, 100, INFINITY);
  CHECK(input_matrix(d, IdentifyOptions{}) == Matrix::Identity(3, 3));
  IdentifyOptions o;
  o.L = Matrix::Ones(3, 2);
  CHECK_THROWS_WITH(input_matrix(d, o), "L must be 3x3 (outputs x inputs of the data), got 3x2");
}

TEST_CASE("finish: an estimate with an indefinite K is a warning that says so, with its modes and fit") {
  const MechanicalSystem s = preset("3dof");
  const Dataset d = fixtures::simulated(s, 0.1, 2000, INFINITY);
  Identification r;
  r.system = s;
  r.system.K(2, 2) = -1.0;
  finish(r, d);
  CHECK(r.status == Status::warning);
  CHECK(r.M_pd);
  CHECK(!r.K_pd);
  CHECK_THAT(r.message, Catch::StartsWith("estimated K is not positive definite"));
  CHECK(r.modal.modes.size() >= 1);
  Identification exact;
  exact.system = s;
  finish(exact, d);
  CHECK(exact.status == Status::ok);
  CHECK(exact.validation.fit_percent.minCoeff() > 99.9);  // the truth simulates its own noise-free data
  REQUIRE(exact.diagnostics.h_omega_max);
  CHECK(*exact.diagnostics.h_omega_max == Approx(exact.modal.modes.back().omega_n * 0.1));
}

TEST_CASE("finish judges D's semidefiniteness whatever the outputs' units: an indefinite D stays indefinite in nm") {
  const MechanicalSystem truth = preset("3dof");
  const Dataset d = fixtures::simulated(truth, 0.1, 500, 40.0);
  MechanicalSystem indefinite = truth;
  indefinite.D(2, 2) = -0.05;  // a clearly negative damping on the third DOF
  Identification r;
  r.system = indefinite;
  finish(r, d);
  CHECK_FALSE(r.D_psd);
  // The third output in units of 1e-8 (q3 = 1e-8 q3'): M, D, K → T X T, L → T L, y3 → y3/1e-8.
  const Vector t = Eigen::Vector3d(1.0, 1.0, 1e-8);
  Identification scaled;
  scaled.system = indefinite;
  for (Matrix* X : {&scaled.system.M, &scaled.system.D, &scaled.system.K}) *X = t.asDiagonal() * *X * t.asDiagonal();
  scaled.system.L = t.asDiagonal() * indefinite.L;
  Dataset scaled_data = d;
  scaled_data.y.col(2) /= 1e-8;
  finish(scaled, scaled_data);
  CHECK_FALSE(scaled.D_psd);  // max|D|·1e-12 tolerance called it semidefinite
  CHECK(scaled.M_pd == r.M_pd);
  CHECK(scaled.K_pd == r.K_pd);
}
