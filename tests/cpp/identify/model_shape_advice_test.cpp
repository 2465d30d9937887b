// Advice from an estimate's modes about the experiment (model_shape_advice.hpp; issue 50): a free
// body (K with a zero or negative eigenvalue against M) and a record shorter than two periods of the
// slowest mode, on closed forms and on the 3-DOF preset sampled at h = 0.001 s (2 s of a 5.4 s mode)
// against the same preset at h = 0.05 s (100 s).
#include <catch2/catch.hpp>

#include <algorithm>

#include "identify/methods.hpp"
#include "core/math_constants.hpp"
#include "identify/model_shape_advice.hpp"
#include "model/presets.hpp"
#include "simulate/simulation.hpp"

using namespace mechid;

namespace {

MechanicalSystem system_of(Matrix M, Matrix K) {
  MechanicalSystem s;
  s.D = Matrix::Zero(M.rows(), M.cols());
  s.M = std::move(M);
  s.K = std::move(K);
  s.L = Matrix::Identity(s.M.rows(), s.M.rows());
  return s;
}

bool has(const Identification& r, AdviceCode code) {
  return std::any_of(r.advice.begin(), r.advice.end(), [&](const Advice& a) { return a.code == code; });
}

}  // namespace

TEST_CASE("free body: a negative or zero stiffness (K = -25.7 as EMPS gives, a free two-mass chain) is said, a grounded chain and K fixed at zero are not") {
  const auto one = free_body_advice(system_of(Matrix::Constant(1, 1, 95.1), Matrix::Constant(1, 1, -25.7)));
  REQUIRE(one);
  CHECK(one->code == AdviceCode::free_body);
  CHECK(one->level == AdviceLevel::note);
  CHECK_THAT(one->detail, Catch::Contains("K = -25.7"));
  CHECK_THAT(one->action, Catch::Contains("give the structure K = 0"));
  REQUIRE(one->options.size() == 1);  // the same action as an option the page can apply
  CHECK(one->options[0].name == "structure");
  CHECK(one->options[0].value == "{\"K\":\"zero\"}");
  Matrix free_chain(2, 2), grounded(2, 2);
  free_chain << 1, -1, -1, 1;  // eigenvalues 0 and 2
  grounded << 2, -1, -1, 1;    // eigenvalues (3 ± √5)/2 > 0
  CHECK(free_body_advice(system_of(Matrix::Identity(2, 2), free_chain)));
  CHECK_FALSE(free_body_advice(system_of(Matrix::Identity(2, 2), grounded)));
  CHECK_FALSE(free_body_advice(system_of(Matrix::Constant(1, 1, 95.1), Matrix::Zero(1, 1))));
  CHECK_FALSE(free_body_advice(system_of(Matrix::Constant(1, 1, -1.0), Matrix::Constant(1, 1, 1.0))));  // M not definite: its own warning
}

TEST_CASE("record too short: under two periods of the slowest underdamped mode, with the numbers, and the 3-DOF preset at h = 0.001 and 0.05") {
  ModalResult modal;
  Mode slow;
  slow.omega_n = 1.0;
  slow.zeta = 0.6;  // ω_d = 0.8: period 2π/0.8 = 7.854 s
  slow.freq_hz = 1.0 / kTwoPi;
  modal.modes = {slow};
  const auto short_record = record_length_advice(modal, 10.0);
  REQUIRE(short_record);
  CHECK(short_record->level == AdviceLevel::warning);
  CHECK_THAT(short_record->detail, Catch::Contains("period of 7.854 s: 1.27 periods"));
  CHECK_FALSE(record_length_advice(modal, 15.8));
  modal.modes[0].zeta = 1.5;  // overdamped: no period to count
  CHECK_FALSE(record_length_advice(modal, 1.0));

  const auto run = [](double h, Eigen::Index N) {
    SimulationOptions o;
    o.h = h;
    o.n = N;
    o.snr_db = 40;
    o.seed = 3;
    const SimulatedData sim = simulate(preset("3dof"), o);
    return identify("auto", Dataset{h, sim.u, sim.q, InputSampling::hold}, IdentifyOptions{});
  };
  const Identification too_short = run(0.001, 2000);
  CHECK(has(too_short, AdviceCode::record_too_short));
  CHECK(too_short.status != Status::ok);
  const Identification long_enough = run(0.05, 2000);
  CHECK_FALSE(has(long_enough, AdviceCode::record_too_short));
  CHECK_FALSE(has(long_enough, AdviceCode::free_body));
}
