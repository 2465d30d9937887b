#include <catch2/catch.hpp>

#include "fixtures.hpp"
#include "identify/methods.hpp"
#include "model/presets.hpp"

using namespace mechid;
using fixtures::simulated;

TEST_CASE("the n4sid-d2c baseline recovers M, D, K to 1e-6 from exact ZOH data") {
  const MechanicalSystem s = preset("3dof");
  const Identification r = identify_n4sid_d2c(simulated(s, 0.05, 3000, INFINITY), IdentifyOptions{});
  REQUIRE(r.status == Status::ok);
  const RelativeErrors e = relative_errors(r.system, s);
  CHECK(e.M < 1e-6);
  CHECK(e.D < 1e-6);
  CHECK(e.K < 1e-6);
  CHECK(r.validation.fit_percent.minCoeff() > 99.9999);
}
