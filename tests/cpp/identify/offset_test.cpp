#include <catch2/catch.hpp>

#include <cmath>

#include "identify/exact_sampling_predictor.hpp"
#include "identify/methods.hpp"
#include "identify/record_validation.hpp"
#include "identify/subspace_start.hpp"
#include "core/rng.hpp"
#include "fixtures.hpp"
#include "friction_simulation.hpp"

using namespace mechid;

namespace {

// The ECP rig's layout (a 2-DOF chain pushed at cart 1) with a constant force per DOF that
// differs between runs, as when the carts rest against different stiction points.
fixtures::FrictionModel chain_with_offset(double a, double b) {
  fixtures::FrictionModel f;
  f.system = fixtures::two_cart_chain();
  f.coulomb = Vector::Zero(2);
  f.offset = Eigen::Vector2d(a, b);
  return f;
}

Dataset held_run(const fixtures::FrictionModel& f, double phase, std::uint64_t seed) {
  const fixtures::ForceLaw multisine = [phase](Eigen::Index, double t, const Vector&, const Vector&) {
    double u = 0.0;
    for (int j = 1; j <= 5; ++j) u += std::sin(2 * M_PI * 0.1 * j * t + phase * j * j);
    return Vector(Vector::Constant(1, u));
  };
  return fixtures::simulate_friction(f, 0.1, 1200, multisine, 1e-3, 0.0, seed);
}

}  // namespace

TEST_CASE("the exact-sampling predictor with offsets: Jacobian matches central differences (ZOH, FOH)") {
  const fixtures::FrictionModel truth = chain_with_offset(0.3, -0.2);
  std::vector<Dataset> runs{held_run(truth, 0.0, 1), held_run(truth, 1.0, 2)};
  for (const InputSampling sampling : {InputSampling::hold, InputSampling::point}) {
    for (Dataset& d : runs) d.input_sampling = sampling;
    const ExactSamplingPredictor model(runs, truth.system.L, full_structure(2), Eigen::Vector2d(1.0, 0.5), true);
    REQUIRE(model.parameter_count() == 9 + 2 * 4 + 2 * 2);
    Vector theta = model.pack(truth.system, model.initial_states_guess());
    theta.tail(4) << 0.2, -0.1, 0.4, 0.3;
    CHECK(model.offsets(theta)(1, 0) == 0.4);
    CHECK(fixtures::largest_jacobian_error(model, theta) < 1e-6);
  }
}

TEST_CASE("auto --offset: a chain with a different constant force in each of 3 runs, within the intervals") {
  const double offsets[3][2] = {{0.3, -0.2}, {-0.1, 0.25}, {0.0, 0.1}};
  std::vector<Dataset> runs;
  for (int i = 0; i < 3; ++i) runs.push_back(held_run(chain_with_offset(offsets[i][0], offsets[i][1]), 0.8 * i, 5 + i));
  IdentifyOptions o;
  o.force_dofs = {1};
  o.offset = true;
  o.structure.M.pattern = MatrixPattern::diagonal;
  o.structure.D.pattern = MatrixPattern::diagonal;
  const Identification r = identify("auto", runs, o);
  INFO(r.message);
  REQUIRE(r.status != Status::failed);
  CHECK(r.diagnostics.choice == std::string("variational-zoh"));
  REQUIRE(r.forces.offset.rows() == 3);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 2; ++j) {
      INFO("run " << i + 1 << " DOF " << j + 1 << ": " << r.forces.offset(i, j) << " ± " << r.forces.offset_sd(i, j));
      CHECK(std::abs(r.forces.offset(i, j) - offsets[i][j]) <= 3 * r.forces.offset_sd(i, j));
    }
  const MechanicalSystem truth = fixtures::two_cart_chain();
  fixtures::check_recovers(r, truth, 0.01);
  // Its own validation includes the first run's offset: the free run fits.
  CHECK(r.validation.fit_percent.minCoeff() > 99.0);
  // Without the offset the same data fit worse: the offsets are there.
  o.offset = false;
  const Identification plain = identify("auto", runs, o);
  CHECK(plain.validation.fit_percent.minCoeff() < r.validation.fit_percent.minCoeff());
}

// These runs' force, 5 sines below 0.05 cycles a sample, leaves the subspace step's future-input
// Gram block singular to working accuracy (rcond 3e-16 at 8 block rows): the projection takes the
// pseudo-inverse over the rows the input spans (n4sid.cpp, remove_future_inputs). A change in the
// last bits of the data (relative 1e-14, independent per entry) then moves the subspace model's F
// by rounding only (7e-11 measured); the pivoted LDLT used before moved F by up to 4e-6 (its pilot's
// slowest period 6.503 s became 6.494 s), and its pilots' periods (12.48, 9.66, 6.50 s) spread
// more than those of now (7.89, 8.27, 8.03 s) over the three runs of one system.
TEST_CASE("the subspace step on a smooth multisine: the last bits of the data move F by rounding only") {
  const double offsets[3][2] = {{0.3, -0.2}, {-0.1, 0.25}, {0.0, 0.1}};
  for (int i = 0; i < 3; ++i) {
    const Dataset d = held_run(chain_with_offset(offsets[i][0], offsets[i][1]), 0.8 * i, 5 + i);
    Dataset nudged = d;
    Random rng(3);
    for (Eigen::Index t = 0; t < nudged.y.rows(); ++t)
      for (Eigen::Index c = 0; c < nudged.y.cols(); ++c) nudged.y(t, c) *= 1.0 + 1e-14 * rng.normal();
    const IdentifyOptions o;
    const SubspaceModel a = subspace_with_rule(d, o, kStartHorizonFraction), b = subspace_with_rule(nudged, o, kStartHorizonFraction);
    REQUIRE(a.status != Status::failed);
    REQUIRE(b.status != Status::failed);
    INFO("run " << i + 1 << ": block rows " << a.block_rows << " and " << b.block_rows << ", F moved by " << (a.F - b.F).norm());
    CHECK(a.block_rows == b.block_rows);
    CHECK((a.F - b.F).norm() < 1e-9 * a.F.norm());
  }
}
