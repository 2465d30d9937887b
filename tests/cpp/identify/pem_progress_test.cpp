// The PEM's stop when its steps no longer gain anything the noise can tell while its local model
// still promises it (PemOptions::progress_tolerance, TerminationType::no_progress).
#include <catch2/catch.hpp>

#include "fixtures.hpp"
#include "identify/identification.hpp"
#include "identify/methods.hpp"
#include "identify/pem.hpp"
#include "model/presets.hpp"
#include "simulate/simulation.hpp"

using namespace mechid;

TEST_CASE("a PEM creeping towards a minimum at infinity stops once 5 steps gain less than the noise can tell") {
  // Every method with a subspace start refuses this record (output_response.hpp); from the
  // equation-error start, which has no subspace model to test the outputs with, the PEM still creeps.
  const Dataset d = fixtures::noise_only_last_output();
  IdentifyOptions from_equation_error;
  from_equation_error.init = "equation-error";
  const Identification r = identify("variational", d, from_equation_error);
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
  IdentifyOptions off = from_equation_error;
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
