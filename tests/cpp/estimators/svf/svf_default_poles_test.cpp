// The SVF filter's default poles come from the data (numerics review e622506, problem 9): on an
// oscillator at ω_n = 50 rad/s the SVF report's poles 0.5 and 1 rad/s gave D < 0 and no fit.
#include <catch2/catch.hpp>

#include "estimators/svf/data_poles.hpp"
#include "estimators/svf/identify_svf.hpp"
#include "model/presets.hpp"
#include "simulate/simulation.hpp"

using namespace mechid;

TEST_CASE("svf without poles finds a fast oscillator's M, D, K (poles from the data)", "[svf][review-e622506]") {
  MechanicalSystem s;
  s.M = Matrix::Constant(1, 1, 1.0);
  s.D = Matrix::Constant(1, 1, 2.0);  // ζ = 0.02
  s.K = Matrix::Constant(1, 1, 2500.0);  // ω_n = 50 rad/s
  s.L = Matrix::Identity(1, 1);
  SimulationOptions so;
  so.h = 0.005;
  so.n = 4000;
  so.snr_db = 40.0;
  so.seed = 1;
  const SimulatedData sim = simulate(s, so);  // PRBS, held
  const Dataset data{so.h, sim.u, sim.q, InputSampling::hold};
  const double omega = dominant_angular_frequency(data.y, data.h);
  CHECK(omega > 40.0);
  CHECK(omega < 60.0);
  const SvfIdentification r = identify_svf(data, SvfIdentifyOptions());
  REQUIRE(r.result.status != Status::failed);
  CHECK(r.searched);
  CHECK(r.result.system.D(0, 0) > 0);
  CHECK(r.result.system.M(0, 0) == Approx(1.0).epsilon(0.05));
  CHECK(r.result.system.D(0, 0) == Approx(2.0).epsilon(0.05));
  CHECK(r.result.system.K(0, 0) == Approx(2500.0).epsilon(0.05));
}
