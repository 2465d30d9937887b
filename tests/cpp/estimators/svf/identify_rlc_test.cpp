// identify_rlc (src/estimators/svf/identify_rlc.cpp): 1/RC and 1/LC of the circuit from its exact response,
// at fixed poles and by a small pole search, and the size checks.
#include <catch2/catch.hpp>

#include "core/input_error.hpp"
#include "estimators/svf/identify_rlc.hpp"

using namespace mechid;

TEST_CASE("identify_rlc recovers 1/RC = 10 and 1/LC = 2.5e7 at fixed poles and with a pole grid", "[svf]") {
  const double h = 1e-5;
  const RlcCircuit truth;
  const SampledResponse d = sinusoid_response(rlc_state_space(truth), rlc_seed_input(), Vector::Zero(2), h, 20001);
  RlcIdentifyOptions o;
  o.p1 = 370;
  o.p2 = 380;
  const RlcIdentification fixed = identify_rlc(d.u, d.y, h, o);
  REQUIRE(fixed.search.fit.status == Status::ok);
  CHECK_FALSE(fixed.search.searched);
  CHECK(fixed.circuit.inv_rc == Approx(truth.inv_rc).epsilon(1e-3));
  CHECK(fixed.circuit.inv_lc == Approx(truth.inv_lc).epsilon(1e-5));
  o.grid = pole_grid(300, 400, 50);
  const RlcIdentification searched = identify_rlc(d.u, d.y, h, o);
  CHECK(searched.search.searched);
  CHECK(searched.search.search.evaluated == 6);  // pairs p1 <= p2 of 3 values
  CHECK(searched.circuit.inv_lc == Approx(truth.inv_lc).epsilon(1e-5));
}

TEST_CASE("identify_rlc names the sizes and the intersample rule it rejects", "[svf]") {
  const Matrix u = Matrix::Ones(100, 2), y = Matrix::Ones(100, 1);
  CHECK_THROWS_WITH(identify_rlc(Matrix::Ones(100, 1), y, 1e-5, {}), "the RLC circuit has 2 inputs (u1, u2), the data have 1");
  CHECK_THROWS_WITH(identify_rlc(u, Matrix::Ones(100, 2), 1e-5, {}), "the RLC circuit has 1 output (V_C), the data have 2");
  RlcIdentifyOptions o;
  o.intersample = Intersample::hold;
  CHECK_THROWS_WITH(identify_rlc(u, y, 1e-5, o), "the intersample rule of V_C must be cubic or linear");
}
