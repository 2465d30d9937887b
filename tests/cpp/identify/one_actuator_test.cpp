#include <catch2/catch.hpp>

#include "identify/methods.hpp"
#include "model/mechanical_system.hpp"
#include "simulate/simulation.hpp"

using namespace mechid;

namespace {

// A 2-DOF chain (carts m1, m2; springs k1 to ground and k2 between them; dashpots to ground)
// pushed at cart 1 only, as on the ECP 210 rig (issue 16): L = [1; 0].
MechanicalSystem two_cart_chain() {
  MechanicalSystem s;
  s.M = Eigen::Vector2d(2.0, 1.5).asDiagonal();
  s.D = Eigen::Vector2d(0.4, 0.1).asDiagonal();
  s.K.resize(2, 2);
  s.K << 3.0 + 2.0, -2.0, -2.0, 2.0;
  s.L = Matrix::Zero(2, 1);
  s.L(0, 0) = 1.0;
  return s;
}

}  // namespace

TEST_CASE("one actuator on a 2-DOF chain: every M, D, K method recovers the system (L 2 x 1)") {
  const MechanicalSystem truth = two_cart_chain();
  SimulationOptions o;
  o.h = 0.05;
  o.n = 4000;
  o.snr_db = 40;
  o.seed = 3;
  const SimulatedData d = simulate(truth, o);
  const Dataset data{o.h, d.u, d.q, InputSampling::hold};
  IdentifyOptions options;
  options.L = truth.L;
  for (const std::string method : {"n4sid-d2c", "variational", "variational-zoh", "auto"}) {
    const Identification r = identify(method, data, options);
    INFO(method << ": " << r.message);
    REQUIRE(r.status != Status::failed);
    const RelativeErrors e = relative_errors(r.system, truth);
    INFO("M " << e.M << " D " << e.D << " K " << e.K);
    const double tolerance = method == "variational" ? 0.05 : 0.02;  // the midpoint model's O(h²) at h ω = 0.1
    CHECK(e.M < tolerance);
    CHECK(e.K < tolerance);
    CHECK(e.D < 2 * tolerance);
  }
}
