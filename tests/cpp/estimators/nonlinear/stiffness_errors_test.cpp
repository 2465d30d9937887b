#include <catch2/catch.hpp>

#include <cmath>

#include "estimators/nonlinear/stiffness_errors.hpp"

using namespace mechid::nonlinear;

TEST_CASE("stiffness_errors: relative to a non-zero true k, absolute always, by class name") {
  std::vector<StiffnessEstimate> estimates(3);
  estimates[0].name = "inner";
  estimates[0].k = 95.0;
  estimates[1].name = "outer";
  estimates[1].k = 2100.0;
  estimates[2].name = "gap";
  estimates[2].k = -3.5;
  const auto errors = stiffness_errors(estimates, {{"outer", 2000.0}, {"inner", 100.0}, {"gap", 0.0}});
  REQUIRE(errors.size() == 3);
  CHECK(errors[0].name == "inner");
  CHECK(errors[0].relative == Approx(0.05).epsilon(1e-14));  // |95 − 100| / 100
  CHECK(errors[0].absolute == Approx(5.0).epsilon(1e-14));
  CHECK(errors[1].relative == Approx(0.05).epsilon(1e-14));  // |2100 − 2000| / 2000
  CHECK(std::isnan(errors[2].relative));                      // k = 0: no relative error
  CHECK(errors[2].absolute == Approx(3.5).epsilon(1e-14));
  CHECK(errors[2].truth == 0.0);
  CHECK(stiffness_errors(estimates, {{"other", 1.0}}).empty());
}
