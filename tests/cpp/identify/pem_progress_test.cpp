// The PEM's stop when its steps no longer gain anything the noise can tell while its local model
// still promises it (PemOptions::progress_tolerance, TerminationType::no_progress).
#include <catch2/catch.hpp>

#include <cstdint>

#include "../analysis/uniform_chain.hpp"
#include "fixtures.hpp"
#include "identify/identification.hpp"
#include "identify/methods.hpp"
#include "identify/pem.hpp"
#include "model/presets.hpp"
#include "simulate/simulation.hpp"

using namespace mechid;

namespace {

// The degenerate record of bench/guard.mjs: the work guard's chain of 3 masses (one force each),
// h = 0.02, 20000 samples, 30 dB, whose last output is replaced by noise alone (uniform, 1e-3 wide,
// from the bench's Lehmer generator, seed 7). The model cannot make q3 vanish under the force on
// mass 3 except with M33 → ∞, and its PEM creeps that way: it ran to its iteration limit of 100.
// (Other noise draws creep with gains of 0.1-0.5 σ̂² per step, which the rule lets go on.)
Dataset noise_only_last_output() {
  SimulationOptions o;
  o.h = 0.02;
  o.n = 20000;
  o.snr_db = 30;
  o.seed = 1;
  const SimulatedData sim = simulate(uniform_chain(3), o);
  Dataset d{o.h, sim.u, sim.q, InputSampling::hold};
  std::int64_t seed = 7;
  for (Eigen::Index t = 0; t < d.y.rows(); ++t) {
    seed = seed * 16807 % 2147483647;
    d.y(t, 2) = 1e-3 * (static_cast<double>(seed) / 2147483647 - 0.5);
  }
  return d;
}

}  // namespace

TEST_CASE("a PEM creeping towards a minimum at infinity stops once 5 steps gain less than the noise can tell") {
  const Dataset d = noise_only_last_output();
  const Identification r = identify("variational", d, IdentifyOptions());
  INFO(r.message);
  REQUIRE(r.diagnostics.stop_reason);
  REQUIRE(*r.diagnostics.stop_reason == TerminationType::no_progress);
  CHECK(r.status == Status::warning);
  const auto said = [](const Identification& x, const std::string& text) {
    for (const std::string& w : x.warnings)
      if (w.find(text) != std::string::npos) return true;
    return false;
  };
  CHECK(said(r, "improved the fit by less than the noise can tell"));
  REQUIRE(r.diagnostics.iterations);
  CHECK(*r.diagnostics.iterations < 60);  // it ran to the iteration limit of 100 before
  REQUIRE(r.diagnostics.cost);

  // progress_tolerance 0 turns the rule off: the creep goes on to the iteration limit, and what it
  // gains there is less than fitting the model's parameters once more to pure noise would
  // (½σ̂² per parameter, σ̂² = 2·cost/(residuals − parameters)): nothing the data can tell.
  IdentifyOptions off;
  off.pem.progress_tolerance = 0;
  const Identification creep = identify("variational", d, off);
  REQUIRE(creep.diagnostics.stop_reason);
  CHECK(*creep.diagnostics.stop_reason == TerminationType::iteration_limit);
  REQUIRE(creep.diagnostics.cost);
  const double parameters = 3 * 6;  // the upper triangles of M, D and K
  const double half_sigma2 = *r.diagnostics.cost / (static_cast<double>(d.y.size()) - parameters);
  CHECK(*creep.diagnostics.cost < *r.diagnostics.cost);
  CHECK(*r.diagnostics.cost - *creep.diagnostics.cost < parameters * half_sigma2);
}

TEST_CASE("on noise-free data the PEM is not stopped for lack of progress at its rounding floor") {
  // Data of the variational model itself: the PEM reaches the rounding floor, where σ̂² is rounding
  // and steps gain nothing measurable. With the noise-free level (kNoiseFreeResidual) set to 0 in
  // levenberg_marquardt, this test fails: runs stop with no_progress.
  const MechanicalSystem s = preset("3dof");
  for (const Eigen::Index N : {1500, 6000}) {
    const Dataset d = fixtures::variational_data(s, 0.1, N);
    for (const char* init : {"n4sid", "equation-error"}) {
      IdentifyOptions o;
      o.L = s.L;
      o.init = init;
      const Identification r = identify("variational", d, o);
      INFO(N << " samples, init " << init << ": " << r.message);
      REQUIRE(r.diagnostics.stop_reason);
      CHECK(reached_stationary_point(*r.diagnostics.stop_reason));
      fixtures::check_recovers(r, s, 1e-6);
    }
  }
}
