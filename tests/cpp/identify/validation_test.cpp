#include <catch2/catch.hpp>

#include <cmath>

#include "identify/validation.hpp"
#include "model/presets.hpp"
#include "simulate/simulation.hpp"

using namespace mechid;

// The true model's free run reproduces noise-free data: held (PRBS) data exactly through ZOH, and
// a smooth multisine (point samples, ωh ≤ 0.31) to FOH accuracy; the ZOH
// simulation of those point samples, half a sample late on average, fits visibly worse.
TEST_CASE("validation simulates the truth with the sampling of the data: ZOH for held, FOH for point samples") {
  const MechanicalSystem truth = preset("3dof");
  SimulationOptions o;
  o.h = 0.2;
  o.n = 3000;
  const SimulatedData prbs = simulate(truth, o);
  const ValidationReport held = validate_model(truth, Dataset{o.h, prbs.u, prbs.q, InputSampling::hold});
  CHECK(held.fit_percent.minCoeff() > 99.99999);

  o.input.kind = InputKind::multisine;
  o.input.freq2_hz = 0.25;  // ωh ≤ 0.31
  const SimulatedData smooth = simulate(truth, o);
  const ValidationReport point = validate_model(truth, Dataset{o.h, smooth.u, smooth.q, InputSampling::point});
  const ValidationReport as_held = validate_model(truth, Dataset{o.h, smooth.u, smooth.q, InputSampling::hold});
  INFO("FOH fit " << point.fit_percent.transpose() << "; ZOH fit " << as_held.fit_percent.transpose());
  // Linear interpolation of a sine errs by at most (ωh)²/8 of its amplitude: 1.2 % at the top.
  const double omega_h = 2 * M_PI * 0.25 * o.h;
  CHECK(point.fit_percent.minCoeff() > 100.0 * (1 - omega_h * omega_h / 8));
  CHECK(as_held.fit_percent.maxCoeff() < point.fit_percent.minCoeff() - 5.0);
}
