#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <vector>

#include "fixtures.hpp"
#include "identify/guardrails.hpp"
#include "identify/subspace_start.hpp"
#include "model/mechanical_system.hpp"
#include "model/presets.hpp"

using namespace mechid;
using fixtures::simulated;

TEST_CASE("slowest_period: the longest 2π/ω of the poles λ = exp(s h), from the continuous poles' ω") {
  // Two oscillatory pairs s = −0.1 ± 2i and −0.3 ± 5i, sampled at h = 0.05 as a real 4 × 4 F in
  // rotation blocks: |log λ|/h = |s|, so the slowest period is 2π/|−0.1 + 2i|.
  const double h = 0.05;
  Matrix F = Matrix::Zero(4, 4);
  const auto block = [&](Eigen::Index at, double sigma, double omega) {
    const double r = std::exp(sigma * h), c = std::cos(omega * h), s = std::sin(omega * h);
    F.block(at, at, 2, 2) << r * c, -r * s, r * s, r * c;
  };
  block(0, -0.1, 2.0);
  block(2, -0.3, 5.0);
  CHECK(slowest_period(F, h) == Approx(2 * M_PI / std::abs(std::complex<double>(-0.1, 2.0))).epsilon(1e-12));
  CHECK(slowest_period(Matrix::Identity(2, 2), h) == 0.0);  // λ = 1: no pole with ω > 0
}

TEST_CASE("noise-free 3-DOF and 1-DOF data: the n4sid singular values suggest 3 and 1 DOF, not 5 (B7)") {
  IdentifyOptions o;
  const SubspaceModel three = subspace_with_rule(simulated(preset("3dof"), 0.05, 2000, INFINITY), o);
  REQUIRE(three.status != Status::failed);
  CHECK(suggested_dof(three.singular_values) == 3);
  const SubspaceModel one = subspace_with_rule(simulated(preset("msd"), 0.5, 2000, INFINITY), o);
  REQUIRE(one.status != Status::failed);
  CHECK(suggested_dof(one.singular_values) == 1);
}

TEST_CASE("subspace_with_rule: given block rows are used, otherwise at least the rule's minimum") {
  const MechanicalSystem s = preset("3dof");
  const Dataset d = simulated(s, 0.05, 2000, 40.0);
  IdentifyOptions o;
  o.block_rows = 9;
  CHECK(subspace_with_rule(d, o).block_rows == 9);
  o.block_rows = 0;
  const SubspaceModel ruled = subspace_with_rule(d, o);
  CHECK(ruled.status == Status::ok);
  CHECK(ruled.block_rows >= choose_block_rows(6, 3, 3, 2000, 0.05, 0.0));
}

TEST_CASE("a suggested DOF count that differs from the data's is recorded and warns") {
  SubspaceModel model;
  model.singular_values = Vector(10);
  model.singular_values << 50, 40, 30, 20, 1e-3, 9e-4, 8e-4, 7e-4, 6e-4, 5e-4;  // a gap after 4 = 2 DOF
  Identification r;
  note_suggested_dof(model, 3, r);
  CHECK(r.diagnostics.suggested_dof == 2);
  CHECK(r.status == Status::warning);
  CHECK_THAT(r.message, Catch::Contains("suggest 2 degrees of freedom, the data have 3"));
  Identification agrees;
  note_suggested_dof(model, 2, agrees);
  CHECK(agrees.status == Status::ok);
  CHECK(agrees.warnings.empty());
}

TEST_CASE("beyond 8 outputs the fewer block rows still give the poles: a 10-DOF chain at 32 block rows, not 2 x order = 40") {
  // chain10 (a force and a sensor on every mass), h = 0.002, N = 6000, 20 dB: the start's rule
  // (an eighth of the slowest period: 14 block rows) takes the floor, min_block_rows(20, 10) = 32
  // (the floor of 8 outputs or fewer, 2 x order, would be 40). Each ω_n of F's poles, |log λ|/h,
  // against the truth's |s| (the eigenvalues of A): within 1 % at 32 block rows, as at 40
  // (measured on seeds 1-3: at most 0.33 % and 0.22 %).
  const MechanicalSystem s = preset("chain10");
  const double h = 0.002;
  const Dataset d = simulated(s, h, 6000, 20.0, 1);
  const auto omegas = [h](const Eigen::VectorXcd& poles, bool discrete) {
    std::vector<double> w;
    for (const auto p : poles) w.push_back(discrete ? std::abs(std::log(p)) / h : std::abs(p));
    std::sort(w.begin(), w.end());
    return w;
  };
  const Eigen::VectorXcd continuous = Eigen::EigenSolver<Matrix>(to_state_space(s).A, false).eigenvalues();
  const std::vector<double> truth = omegas(continuous, false);
  const auto worst = [&](const SubspaceModel& m) {
    const Eigen::VectorXcd poles = Eigen::EigenSolver<Matrix>(m.F, false).eigenvalues();
    const std::vector<double> w = omegas(poles, true);
    double e = 0;
    for (std::size_t j = 0; j < truth.size(); ++j) e = std::max(e, std::abs(w[j] / truth[j] - 1));
    return e;
  };
  const SubspaceModel ruled = subspace_with_rule(d, IdentifyOptions(), kStartHorizonFraction);
  REQUIRE(ruled.status == Status::ok);
  CHECK(ruled.block_rows == 32);
  CHECK(worst(ruled) < 0.01);
  SubspaceOptions twice_order;
  twice_order.order = 20;
  twice_order.block_rows = 40;
  twice_order.past_rows = 20;
  const SubspaceModel before = subspace_identify(d, twice_order);
  REQUIRE(before.status == Status::ok);
  CHECK(worst(before) < 0.01);
}
