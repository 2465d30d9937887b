#include <catch2/catch.hpp>

#include "fixtures.hpp"
#include "identify/methods.hpp"
#include "identify/validation.hpp"
#include "model/presets.hpp"

using namespace mechid;
using fixtures::simulated;

TEST_CASE("variational-zoh recovers M, D, K to 1e-8 from noise-free ZOH data at h = 0.6") {
  const MechanicalSystem s = preset("3dof");
  const Dataset d = simulated(s, 0.6, 2000, INFINITY, 5);
  IdentifyOptions o;
  o.L = s.L;
  o.pem.variance_tolerance = 0;  // noise-free: iterate to the floor
  o.pem.cost_tolerance = 1e-14;
  const Identification r = identify("variational-zoh", d, o);
  REQUIRE(r.status != Status::failed);
  const RelativeErrors e = relative_errors(r.system, s);
  INFO("M " << e.M << " D " << e.D << " K " << e.K);
  CHECK(e.M < 1e-8);
  CHECK(e.D < 1e-8);
  CHECK(e.K < 1e-8);
  // The thesis's midpoint model, from which it started, errs by O(h²) there.
  const Identification midpoint = identify("variational", d, o);
  CHECK(relative_errors(midpoint.system, s).M > 1e-2);
}

TEST_CASE("the exact-sampling PEM refuses a failed start or one without a positive definite M, and says which") {
  const MechanicalSystem s = preset("msd");
  const Dataset d = simulated(s, 0.1, 500, 30.0);
  Identification start;
  start.method = "n4sid-d2c";
  start.fail("d2c: no logarithm");
  Identification r = refine_exact_sampling({d}, IdentifyOptions{}, start);
  CHECK(r.status == Status::failed);
  CHECK(r.message == "n4sid-d2c start unusable: d2c: no logarithm");
  CHECK(r.diagnostics.start == "n4sid-d2c");
  start = identify("equation-error", d, IdentifyOptions{});
  start.M_pd = false;
  r = refine_exact_sampling({d}, IdentifyOptions{}, start);
  CHECK(r.status == Status::failed);
  CHECK(r.message == "equation-error start unusable: M is not positive definite");
}

TEST_CASE("variational-zoh names its sampling model and reports an iteration limit by type and as a warning") {
  const MechanicalSystem s = preset("3dof");
  IdentifyOptions o;
  o.L = s.L;
  const Identification held = identify("variational-zoh", simulated(s, 0.2, 1500, 30.0, 2), o);
  CHECK(held.diagnostics.sampling_model == "zoh");
  CHECK(held.diagnostics.start == "variational");
  const Identification point = identify("variational-zoh", simulated(s, 0.05, 1500, 30.0, 2, InputKind::multisine), o);
  CHECK(point.diagnostics.sampling_model == "band-limited");
  Dataset prbs_points = simulated(s, 0.05, 1500, 30.0, 2);
  prbs_points.input_sampling = InputSampling::point;  // white samples: not band-limited
  CHECK(identify("variational-zoh", prbs_points, o).diagnostics.sampling_model == "foh");
  o.pem.max_iterations = 1;
  o.pem.variance_tolerance = 0;  // the start is so close that one step would pass the noise-level test
  o.pem.cost_tolerance = 0;
  const Identification limited = identify("variational-zoh", simulated(s, 0.2, 1500, 20.0, 4), o);
  REQUIRE(limited.diagnostics.stop_reason);
  CHECK(*limited.diagnostics.stop_reason == TerminationType::iteration_limit);
  CHECK(limited.status == Status::warning);
  CHECK(limited.message == "the PEM did not converge in 1 iterations");
  // Each pass is one iteration at most: the sum is the passes.
  CHECK(limited.diagnostics.iterations == limited.diagnostics.weighting_passes);
}

// The refinement starts from the initial state the start's validation fitted: from the true model
// of noise-free data leaving a state away from rest, its first cost is that of the truth (rounding
// only), where the state read off the first samples, [y_0; (y_1 - y_0)/h], misses the velocity by
// O(h) of the acceleration.
TEST_CASE("the exact-sampling PEM starts from the initial state the start's validation fitted") {
  const MechanicalSystem s = preset("3dof");
  const Dataset d = fixtures::simulated_from(s, 0.1, 800, Vector::LinSpaced(3, 0.5, -0.2), Vector::LinSpaced(3, 1.0, -2.0));
  IdentifyOptions options;
  options.L = s.L;
  Identification start;
  start.method = "truth";
  start.system = s;
  start.M_pd = true;
  start.validation = validate_model(s, d);
  const Identification fitted = refine_exact_sampling({d}, options, start);
  start.validation = ValidationReport();  // no fitted state: the first samples' guess
  const Identification guessed = refine_exact_sampling({d}, options, start);
  REQUIRE(fitted.diagnostics.initial_cost);
  REQUIRE(guessed.diagnostics.initial_cost);
  const double scale = 0.5 * d.y.squaredNorm();
  INFO("initial cost, fitted x0 " << *fitted.diagnostics.initial_cost << ", guessed " << *guessed.diagnostics.initial_cost
                                  << ", ½‖y‖² " << scale);
  CHECK(*fitted.diagnostics.initial_cost < 1e-20 * scale);
  CHECK(*guessed.diagnostics.initial_cost > 1e-6 * scale);
  CHECK(relative_errors(fitted.system, s).K < 1e-8);
}
