// Issue 56: requests that crashed or were answered with a misleading message are refused before
// any work, naming what is wrong: a simulation larger than the memory (std::bad_alloc), a channel
// that recorded nothing ("outputs not rich enough", "raise max_order"), a band beyond the Nyquist
// frequency (accepted), a segment length with the local polynomial method (ignored).
#include <catch2/catch.hpp>

#include "analysis/frf_estimate.hpp"
#include "refusal.hpp"
#include "identify/dataset.hpp"
#include "model/presets.hpp"
#include "simulate/simulation.hpp"

using namespace mechid;
using mechid::testing::refusal;

TEST_CASE("simulate refuses a request above the memory limit before allocating, naming the sizes and the bytes") {
  const Eigen::Index n = 300;
  MechanicalSystem s;
  s.M = Matrix::Identity(n, n);
  s.D = 0.1 * Matrix::Identity(n, n);
  s.K = 2 * Matrix::Identity(n, n);
  s.L = Matrix::Identity(n, n);
  SimulationOptions o;
  o.h = 0.01;
  o.n = 2'000'000;
  // 8 bytes × 2e6 samples × (7·300 + 2·300 + 1) = 43.2 GB
  const auto [code, message] = refusal([&] { simulate(s, o); });
  CHECK(code == "n");
  CHECK_THAT(message, Catch::Contains("n = 2000000 samples of a 300-DOF system with 300 input(s) need about 43.2 GB") &&
                          Catch::Contains("at most 69418 samples"));
  o.n = 500;  // the same system, small enough
  CHECK(simulate(s, o).q.rows() == 500);
}

TEST_CASE("a constant or all-zero output channel is named by the identification's data check") {
  SimulationOptions o;
  o.h = 0.05;
  o.n = 300;
  o.seed = 1;
  const SimulatedData sim = simulate(preset("3dof"), o);
  Dataset d;
  d.h = sim.h;
  d.u = sim.u;
  d.y = sim.q;
  d.y.col(1).setZero();
  CHECK(refusal([&] { validate(d, 12); }).second.rfind("output q2 is zero in every sample: its sensor recorded no motion", 0) == 0);
  d.y.col(1).setConstant(0.25);
  CHECK(refusal([&] { validate(d, 12); }).second.rfind("output q2 is constant (every sample is 0.25)", 0) == 0);
}

TEST_CASE("frf refuses a band beyond the Nyquist frequency, a segment with the LPM and a constant channel") {
  SimulationOptions o;
  o.h = 0.05;
  o.n = 2048;
  o.seed = 3;
  const SimulatedData sim = simulate(preset("3dof"), o);
  FrfOptions f;
  f.band_hi_hz = 10.5;  // Nyquist: 10 Hz
  auto r = refusal([&] { estimate_frf(sim.u, sim.q, 0.05, f); });
  CHECK(r.first == "band");
  CHECK_THAT(r.second, Catch::Contains("the band ends at 10.5 Hz, above the Nyquist frequency 10 Hz"));
  f.band_hi_hz = 10;  // at Nyquist: taken
  CHECK(refusal([&] { estimate_frf(sim.u, sim.q, 0.05, f); }).first.empty());
  f = FrfOptions{};
  f.method = FrfMethod::local_polynomial;
  f.segment = 256;
  r = refusal([&] { estimate_frf(sim.u, sim.q, 0.05, f); });
  CHECK(r.first == "segment");
  CHECK_THAT(r.second, Catch::Contains("applies to Welch's method only"));
  Matrix flat = sim.q;
  flat.col(0).setConstant(0.5);
  r = refusal([&] { estimate_frf(sim.u, flat, 0.05, FrfOptions{}); });
  CHECK(r.first == "data");
  CHECK_THAT(r.second, Catch::Contains("frf: output 1 is constant (every sample is 0.5)"));
}
