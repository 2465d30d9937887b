// auto against its own starts, and honest termination of a bounded run (numerics review e622506,
// problem 10): two modes 1:100 apart (1 and 100 rad/s, ζ 0.01, shapes rotated by 30°), h = 0.003,
// N = 20000, SNR 40 dB, seed 1. Before: auto returned M 13 times off (its refinement from the
// n4sid-d2c start ran to its iteration limit at a free-run fit of 1.2 %), and with the log-Cholesky
// parametrization it reported "converged_cost" with M 3.5e5 times off; then (the retry from the
// best-fitting start) M 14-24 % off at its iteration limit, where n4sid-d2c gives 4.5 %.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/input_error.hpp"
#include "fixtures.hpp"
#include "identify/growing_horizon.hpp"
#include "identify/methods.hpp"
#include "identify/pem.hpp"

using namespace mechid;
using fixtures::simulated;

namespace {

MechanicalSystem separated_modes_system() {
  MechanicalSystem s;
  s.name = "sep";
  const double c = std::cos(M_PI / 6), si = std::sin(M_PI / 6);
  Matrix R(2, 2);
  R << c, -si, si, c;
  s.M = Matrix::Identity(2, 2);
  s.K = R * Eigen::Vector2d(1.0, 1e4).asDiagonal() * R.transpose();
  s.D = R * Eigen::Vector2d(0.02, 2.0).asDiagonal() * R.transpose();
  s.L = Matrix::Identity(2, 2);
  return s;
}

double mass_error(const Identification& r, const MechanicalSystem& truth) {
  return (r.system.M - truth.M).norm() / truth.M.norm();
}

}  // namespace

TEST_CASE("auto on modes 1:100 apart does not end far below its starts", "[auto][review-e622506]") {
  const MechanicalSystem s = separated_modes_system();
  const Dataset d = simulated(s, 0.003, 20000, 40.0, 1);
  IdentifyOptions o;
  const Identification r = identify("auto", d, o);
  INFO(r.diagnostics.reason.value_or(""));
  CHECK(mass_error(r, s) < 0.5);  // was 13.3
  // Converged to the optimum: before, the retry from the best-fitting start ran to its iteration
  // limit with M 14-24 % off and no interval. Now M is within 3 of its own reported sd (about 2 %)
  // entry by entry, and at most twice as far off as the n4sid-d2c estimate of the same data
  // (4.5 %), a second method. (With one amplitude factor for both outputs this took the growing
  // horizon, tested on its own below; with a factor per output the retry converges directly.)
  REQUIRE(r.diagnostics.stop_reason);
  CHECK(reached_stationary_point(*r.diagnostics.stop_reason));
  REQUIRE(r.uncertainty.available);
  for (Eigen::Index i = 0; i < 2; ++i)
    for (Eigen::Index j = 0; j < 2; ++j) {
      INFO("M(" << i << "," << j << ") = " << r.system.M(i, j) << ", sd " << r.uncertainty.M(i, j));
      CHECK(r.uncertainty.M(i, j) > 0);
      CHECK(std::abs(r.system.M(i, j) - s.M(i, j)) < 3 * r.uncertainty.M(i, j));
    }
  const double baseline = mass_error(identify("n4sid-d2c", d, o), s);
  CHECK(mass_error(r, s) < 2 * baseline);

  // The log-Cholesky run: no convergence reported far from the optimum, and an unconverged end
  // said as a warning. Its path is fragile: with the subspace step's output changed by 1e-11
  // (relative; its Schur complements by Cholesky instead of LDLT solves) the refinements from the
  // decimated starts stop with "no progress" or an unstable prediction in the stages of a growing
  // horizon, and auto ends unconverged at M 17.7 % off with that warning, where before it ended at 7.7 %.
  o.positive = true;
  const Identification p = identify("auto", d, o);
  INFO(p.diagnostics.reason.value_or(""));
  const bool converged = p.diagnostics.stop_reason && reached_stationary_point(*p.diagnostics.stop_reason);
  CHECK((!converged || mass_error(p, s) < 0.1));  // was converged_cost at 3.5e5
  CHECK((converged || p.status == Status::warning));
  CHECK(mass_error(p, s) < 0.5);
}

// The growing horizon (growing_horizon.hpp) on its own: from the n4sid-d2c estimate of these data
// (auto's refinement from it over the whole record stalled at a free-run fit of about 1 % when one
// amplitude factor served both outputs), the refinement over one period of the slow mode, then
// twice as many samples, ... converges to the optimum.
TEST_CASE("the refinement over a growing horizon converges where the whole record stalls", "[auto][review-e622506]") {
  const MechanicalSystem s = separated_modes_system();
  const Dataset d = simulated(s, 0.003, 20000, 40.0, 1);
  IdentifyOptions o;
  const Identification start = identify("n4sid-d2c", d, o);
  REQUIRE(start.status != Status::failed);
  const std::optional<Identification> grown = refine_over_growing_horizon({d}, o, start);
  REQUIRE(grown);
  REQUIRE(grown->diagnostics.stop_reason);
  CHECK(reached_stationary_point(*grown->diagnostics.stop_reason));
  CHECK(mass_error(*grown, s) < 2 * mass_error(start, s));
  REQUIRE(grown->validation.fit_percent.size() == 2);
  CHECK(grown->validation.fit_percent.minCoeff() > 90.0);
}

TEST_CASE("positive is refused by methods that cannot honour it, naming the option", "[auto][review-e622506]") {
  const MechanicalSystem s = separated_modes_system();
  const Dataset d = simulated(s, 0.01, 600, 40.0, 1);
  IdentifyOptions o;
  o.positive = true;
  for (const std::string method : {"n4sid-d2c", "equation-error", "inverse-dynamic"}) {
    INFO(method);
    try {
      identify(method, d, o);
      FAIL("no refusal");
    } catch (const InputError& e) {
      CHECK(e.option() == "positive");
      CHECK(std::string(e.what()).find("method " + method + " cannot honour positive") == 0);
    }
  }
}
