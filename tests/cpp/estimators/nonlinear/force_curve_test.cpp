// Force curves (src/estimators/nonlinear/force_curve.cpp): the grid over the motion and the exact and
// identified F(x) on it against the closed forms of eqs. 20 and 27.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/input_error.hpp"
#include "estimators/nonlinear/force_curve.hpp"
#include "estimators/nonlinear/presets.hpp"

using namespace mechid;
using namespace mechid::nonlinear;

TEST_CASE("the force-curve grid: 201 even points over ± 1.1 max|x|", "[nonlinear]") {
  const Vector grid = force_curve_grid(Eigen::Vector3d(0.3, -2.0, 1.0));
  REQUIRE(grid.size() == 201);
  CHECK(grid(0) == Approx(-2.2).epsilon(1e-15));
  CHECK(grid(200) == Approx(2.2).epsilon(1e-15));
  CHECK(std::abs(grid(100)) < 1e-15);
  for (Eigen::Index i = 1; i < grid.size(); ++i) CHECK(grid(i) - grid(i - 1) == Approx(4.4 / 200).epsilon(1e-12));
  CHECK_THROWS_AS(force_curve_grid(Vector()), InputError);
}

TEST_CASE("the exact curve of Lin-Ewins is eq. 20: zero in the backlash, k2 (|x| - x0) sign x beyond", "[nonlinear]") {
  const ForceCurve c = exact_force_curve(lin_ewins(), Eigen::Vector2d(-0.004, 0.01));
  REQUIRE(c.x.size() == 201);
  CHECK(c.x(200) == Approx(0.011));
  for (Eigen::Index i = 0; i < c.x.size(); ++i) {
    const double x = c.x(i), beyond = std::max(std::abs(x) - 5e-3, 0.0);
    CHECK(c.F(i) == Approx(std::copysign(40000 * beyond, x)).margin(1e-9));
  }
}

TEST_CASE("the identified curve on the grid over the reconstructed displacement: k_j x for sign regions", "[nonlinear]") {
  PiecewiseIdentification r;
  r.regions = sign_regions();
  r.stiffness = {{"negative", 608.3, NAN, 10}, {"positive", 123.2, NAN, 10}};
  r.signals.x = Eigen::Vector3d(-0.02, 0.01, 0.015);
  const ForceCurve c = estimated_force_curve(r);
  REQUIRE(c.x.size() == 201);
  CHECK(c.x(0) == Approx(-0.022));
  for (Eigen::Index i = 0; i < c.x.size(); ++i)
    CHECK(c.F(i) == Approx((c.x(i) <= 0 ? 608.3 : 123.2) * c.x(i)).margin(1e-12));
}
