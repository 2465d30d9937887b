// The run-to-run spread of identify with several runs (identify/run_spread.hpp): noise alone gives a
// spread near the runs' own sd and no advice; runs of two different rigs disagree.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "identify/methods.hpp"
#include "identify/run_spread.hpp"
#include "model/presets.hpp"
#include "simulate/simulation.hpp"

using namespace mechid;

namespace {

Dataset spread_run(const MechanicalSystem& s, std::uint64_t seed) {
  SimulationOptions o;
  o.h = 0.05;
  o.n = 3000;
  o.snr_db = 30;
  o.seed = seed;
  o.input.kind = InputKind::prbs;
  const SimulatedData sim = simulate(s, o);
  return {o.h, sim.u, sim.q, InputSampling::hold};
}

bool advises(const Outcome& r, AdviceCode code) {
  return std::any_of(r.advice.begin(), r.advice.end(), [&](const Advice& a) { return a.code == code; });
}

}  // namespace

TEST_CASE("run spread: the sample sd of the runs' own estimates, against their own sd") {
  MechanicalSystem a = preset("3dof"), b = a;
  b.M *= 1.3;  // a second rig: every mass 30 % heavier
  // Identity: the spread of two estimates is |x1 - x2| / √2.
  Identification ra, rb;
  ra.system = a;
  rb.system = b;
  const RunSpread two = run_to_run_spread({ra, rb});
  CHECK(two.runs == 2);
  CHECK(two.M(0, 0) == Approx(0.3 * a.M(0, 0) / std::sqrt(2.0)).epsilon(1e-12));
  CHECK(two.K(0, 0) == Approx(0.0).margin(1e-12));
  CHECK(two.ratio == 0.0);  // no sd: nothing to compare with
  CHECK(run_to_run_spread({ra}).runs == 0);

  IdentifyOptions o;
  const Identification same = identify("auto", std::vector<Dataset>{spread_run(a, 1), spread_run(a, 2), spread_run(a, 3)}, o);
  REQUIRE(same.status != Status::failed);
  REQUIRE(same.uncertainty.available);
  CHECK(same.run_spread.runs == 3);
  CHECK(same.run_spread.ratio > 0.1);
  CAPTURE(same.run_spread.ratio);
  CHECK(same.run_spread.ratio < 4.0);  // noise alone
  CHECK_FALSE(advises(same, AdviceCode::runs_disagree));

  const Identification mixed = identify("auto", std::vector<Dataset>{spread_run(a, 1), spread_run(b, 2)}, o);
  REQUIRE(mixed.status != Status::failed);
  CHECK(mixed.run_spread.runs == 2);
  CAPTURE(mixed.run_spread.ratio);
  CHECK(mixed.run_spread.ratio > 4.0);
  CHECK(advises(mixed, AdviceCode::runs_disagree));
  CHECK(mixed.status == Status::warning);
}
