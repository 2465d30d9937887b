#include <catch2/catch.hpp>

#include "fixtures.hpp"
#include "identify/methods.hpp"
#include "model/presets.hpp"

using namespace mechid;
using fixtures::simulated;

TEST_CASE("equation error is exact on data of the variational model itself") {
  const MechanicalSystem s = preset("3dof");
  const DiscreteVariationalModel truth = to_discrete(s, 0.05);
  const Dataset base = simulated(s, 0.05, 500, INFINITY);
  const Dataset d{0.05, base.u, simulate_del(truth, base.u, Vector::Zero(3), Vector::Zero(3), InputSampling::hold),
                  InputSampling::hold};
  const EquationErrorFit fit = equation_error_fit(d, s.L);
  REQUIRE(fit.status == Status::ok);
  CHECK((fit.model.Md - truth.Md).norm() < 1e-8 * truth.Md.norm());
  CHECK((fit.model.Kd - truth.Kd).norm() < 1e-8 * truth.Kd.norm());
}

TEST_CASE("equation-error returns M, D, K of eq. 2.26 exactly on data of the variational model") {
  for (const char* name : {"msd", "3dof"}) {
    const MechanicalSystem s = preset(name);
    IdentifyOptions o;
    o.L = s.L;
    const Identification r = identify("equation-error", fixtures::variational_data(s, 0.1, 600), o);
    INFO(name);
    fixtures::check_recovers(r, s, 1e-8);
    CHECK(r.has_discrete);
  }
}

// Outputs that never move: the fit's normal equations are singular (a failed status); identify
// refuses them before any work, naming the output (issue 56: it said "outputs not rich enough").
TEST_CASE("equation error on outputs that never move: singular normal equations, refused by identify naming the output") {
  const MechanicalSystem s = preset("msd");
  Dataset d = simulated(s, 0.1, 300, INFINITY);
  d.y.setZero();
  const EquationErrorFit fit = equation_error_fit(d, s.L);
  CHECK(fit.failed());
  CHECK_THAT(fit.message, Catch::Contains("singular"));
  CHECK_THROWS_WITH(identify("equation-error", d, IdentifyOptions{}), Catch::StartsWith("output q1 is zero in every sample"));
}
