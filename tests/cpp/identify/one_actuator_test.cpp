#include <catch2/catch.hpp>

#include <algorithm>

#include "identify/methods.hpp"
#include "model/mechanical_system.hpp"
#include "fixtures.hpp"

using namespace mechid;

TEST_CASE("one actuator on a 2-DOF chain: every M, D, K method recovers the system (L 2 x 1)") {
  const MechanicalSystem truth = fixtures::two_cart_chain();
  const Dataset data = fixtures::simulated(truth, 0.05, 4000, 40, 3);
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

TEST_CASE("force_dofs builds L from the DOF each input pushes, and names a bad entry") {
  const MechanicalSystem truth = fixtures::two_cart_chain();
  const Dataset data = fixtures::simulated(truth, 0.05, 1500, 40);
  IdentifyOptions by_dof;
  by_dof.force_dofs = {1};
  CHECK(input_matrix(data, by_dof) == truth.L);
  IdentifyOptions by_matrix;
  by_matrix.L = truth.L;
  const Identification a = identify("variational-zoh", data, by_dof), b = identify("variational-zoh", data, by_matrix);
  REQUIRE(a.status != Status::failed);
  CHECK(a.system.M == b.system.M);
  CHECK(a.system.L == truth.L);
  IdentifyOptions bad = by_dof;
  bad.force_dofs = {3};
  CHECK_THROWS_WITH(identify("auto", data, bad), "force_dofs entry 1 is 3: the data have DOFs 1 to 2 (one per output column)");
  bad.force_dofs = {1, 2};
  CHECK_THROWS_WITH(identify("auto", data, bad),
                    "force_dofs names 2 DOF(s) but the data have 1 input column(s): give one DOF per input column");
  bad.L = truth.L;
  CHECK_THROWS_WITH(identify("auto", data, bad), "give L or force_dofs (the DOF each input acts on), not both");
  IdentifyOptions zero;
  zero.L = Matrix::Zero(2, 1);
  CHECK_THROWS_WITH(identify("auto", data, zero), "column 1 of L is zero: input 1 would act on no degree of freedom");
}

TEST_CASE("a reversed force sign (a positive force moving the outputs negatively) is named, with the fix") {
  // The ECP rig's convention (issue 16): the same chain with the force column negated. The
  // estimate is −M, −D, −K (the model is linear in L u; up to the PEM's stopping at the noise
  // level); one warning names the cause.
  const MechanicalSystem truth = fixtures::two_cart_chain();
  const Dataset data = fixtures::simulated(truth, 0.05, 3000, 40);
  Dataset flipped = data;
  flipped.u = -data.u;
  IdentifyOptions options;
  options.force_dofs = {1};
  const Identification reversed = identify("auto", flipped, options);
  const Identification right = identify("auto", data, options);
  REQUIRE(reversed.status == Status::warning);
  CHECK(reversed.sign_reversed);
  CHECK_FALSE(right.sign_reversed);
  MechanicalSystem negated = reversed.system;
  negated.M *= -1;
  negated.D *= -1;
  negated.K *= -1;
  const RelativeErrors e = relative_errors(negated, truth);
  CHECK(e.M < 0.01);
  CHECK(e.K < 0.01);
  const auto mentions = [&](const std::string& text) {
    return std::count_if(reversed.warnings.begin(), reversed.warnings.end(),
                         [&](const std::string& w) { return w.find(text) != std::string::npos; });
  };
  CHECK(mentions("a positive force moves the outputs negatively") == 1);
  CHECK(mentions("is not positive") == 0);
}

TEST_CASE("input sampling read off the data: a held command is piecewise constant, a sampled force is not") {
  const Eigen::Index N = 600;
  Matrix step = Matrix::Zero(N, 1);
  step.block(1, 0, N / 2, 1).setConstant(0.5);  // the ECP rig's effort: on at sample 1, off half-way
  CHECK(piecewise_constant(step));
  Matrix with_idle(N, 2);
  with_idle << step, Matrix::Zero(N, 1);  // an idle channel does not decide
  CHECK(piecewise_constant(with_idle));
  CHECK_FALSE(piecewise_constant(Matrix::Zero(N, 1)));  // no change at all: nothing to read
  const auto input = [&](InputKind kind, int hold) {
    InputOptions o;
    o.kind = kind;
    o.hold = hold;
    return InputSignal(o, N, 0.05, 1).sampled();
  };
  CHECK(piecewise_constant(input(InputKind::prbs, 10)));       // a slow PRBS: a held command
  CHECK_FALSE(piecewise_constant(input(InputKind::prbs, 1)));  // switching at every sample: ambiguous, left to point
  CHECK_FALSE(piecewise_constant(input(InputKind::multisine, 1)));
  // 1 change in 8 sample steps is the limit.
  Matrix every8 = Matrix::Zero(8 * 40 + 1, 1), every7 = Matrix::Zero(7 * 40 + 1, 1);
  for (Eigen::Index i = 0; i < every8.rows(); ++i) every8(i, 0) = static_cast<double>(i / 8);
  for (Eigen::Index i = 0; i < every7.rows(); ++i) every7(i, 0) = static_cast<double>(i / 7);
  CHECK(piecewise_constant(every8));
  CHECK_FALSE(piecewise_constant(every7));
}

TEST_CASE("identify with the input sampling read off the data: held PRBS is identified as hold, a multisine as point") {
  const MechanicalSystem truth = fixtures::two_cart_chain();
  SimulationOptions o;
  o.h = 0.05;
  o.n = 3000;
  o.snr_db = 40;
  o.input.hold = 10;  // a PRBS bit held for 10 samples, simulated exactly under ZOH
  const SimulatedData sim = simulate(truth, o);
  IdentifyOptions options;
  options.force_dofs = {1};
  Dataset read_off{o.h, sim.u, sim.q, InputSampling::point};
  read_off.input_sampling.from_data = true;
  const Identification detected = identify("auto", read_off, options);
  const Identification held = identify("auto", Dataset{o.h, sim.u, sim.q, InputSampling::hold}, options);
  REQUIRE(detected.diagnostics.input_sampling);
  CHECK(detected.diagnostics.input_sampling->rfind("hold (read off the data", 0) == 0);
  CHECK(detected.system.M == held.system.M);
  CHECK(detected.system.K == held.system.K);
  fixtures::check_recovers(detected, truth, 0.02);
  CHECK_FALSE(held.diagnostics.input_sampling);  // stated: nothing to say

  o.input.kind = InputKind::multisine;
  const SimulatedData smooth = simulate(truth, o);
  Dataset read_off_smooth{o.h, smooth.u, smooth.q, InputSampling::hold};
  read_off_smooth.input_sampling.from_data = true;
  const Identification point = identify("auto", read_off_smooth, options);
  REQUIRE(point.diagnostics.input_sampling);
  CHECK(point.diagnostics.input_sampling->rfind("point (read off the data", 0) == 0);
  CHECK(point.system.M == identify("auto", Dataset{o.h, smooth.u, smooth.q, InputSampling::point}, options).system.M);

  // Runs of one experiment get one choice: a held run beside a smooth one makes both point.
  std::vector<Dataset> runs{read_off, read_off_smooth};
  resolve_input_sampling(runs);
  CHECK(runs[0].input_sampling == InputSampling::point);
  CHECK(runs[1].input_sampling == InputSampling::point);
}
