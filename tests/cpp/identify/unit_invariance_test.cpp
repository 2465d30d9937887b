// Issue 15's property: the same physics in other units gives the same answer. With q → α q,
// u → β u and t → c t, the true matrices become (β/α)(c² M, c D, K) with the same L; every
// method must then return the same status and the same relative errors as at unit scale.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/rng.hpp"
#include "fixtures.hpp"
#include "identify/methods.hpp"
#include "model/presets.hpp"
#include "unit_scaling.hpp"

using namespace mechid;
using fixtures::rescaled;
using fixtures::Units;

namespace {

// Factors drawn log-uniformly from [1e-9, 1e9], each of u, y and t independently.
std::vector<Units> random_units(std::uint64_t seed, int count) {
  Random random(seed);
  const auto factor = [&] { return std::pow(10.0, std::round(18.0 * random.uniform() - 9.0)); };
  std::vector<Units> out;
  for (int i = 0; i < count; ++i) out.push_back({factor(), factor(), factor()});
  return out;
}

void check_invariant(const std::string& method, const MechanicalSystem& truth, const Dataset& data,
                     const std::vector<Units>& units) {
  IdentifyOptions o;
  o.L = truth.L;
  const Identification unit = identify(method, data, o);
  const RelativeErrors reference = relative_errors(unit.system, truth);
  for (const Units& s : units) {
    const Identification r = identify(method, rescaled(data, s), o);
    const RelativeErrors e = relative_errors(r.system, rescaled(truth, s));
    INFO(method << " at y × " << s.a << ", u × " << s.b << ", t × " << s.c << ": M " << e.M << " vs "
                << reference.M << ", D " << e.D << " vs " << reference.D << ", K " << e.K << " vs " << reference.K
                << "; " << r.message);
    CHECK(r.status == unit.status);
    CHECK(std::abs(e.M - reference.M) < 1e-6);
    CHECK(std::abs(e.D - reference.D) < 1e-6);
    CHECK(std::abs(e.K - reference.K) < 1e-6);
  }
}

}  // namespace

TEST_CASE("every method gives the same status and relative errors whatever the units of u, y and t (3dof)") {
  const MechanicalSystem s = preset("3dof");
  const Dataset d = fixtures::simulated(s, 0.05, 3000, 40.0, 2);
  std::vector<Units> units = random_units(15, 4);
  units.push_back({1e-9, 1e9, 1e-9});  // the corners of the range
  units.push_back({1e9, 1e-9, 1e9});
  for (const std::string method : {"auto", "variational", "variational-zoh", "n4sid-d2c"})
    check_invariant(method, s, d, units);
}

TEST_CASE("every method gives the same status and relative errors whatever the units of u, y and t (8dof)", "[repeats]") {
  const MechanicalSystem s = preset("8dof");
  const Dataset d = fixtures::simulated(s, 0.01, 2000, 30.0, 3);
  const std::vector<Units> units = random_units(16, 1);
  for (const std::string method : {"auto", "variational", "variational-zoh", "n4sid-d2c"})
    check_invariant(method, s, d, units);
}

TEST_CASE("the issue's nm case: outputs in metres at nm scale give auto's unit-scale errors") {
  const MechanicalSystem s = preset("3dof");
  const Dataset d = fixtures::simulated(s, 0.05, 3000, 40.0, 2);
  const std::vector<Units> units = {{1e-9, 1, 1}, {1e-6, 1, 1}, {1e6, 1, 1}};
  for (const std::string method : {"auto", "variational", "variational-zoh", "n4sid-d2c"})
    check_invariant(method, s, d, units);
}
