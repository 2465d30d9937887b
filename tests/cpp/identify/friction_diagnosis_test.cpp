// Advice `friction` (issue 50; friction_diagnosis.hpp): Coulomb friction that a linear estimate
// lacks is named with its DOF, and the advice stays silent on linear data and once the friction is
// estimated.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/rng.hpp"
#include "friction_simulation.hpp"
#include "identify/methods.hpp"

using namespace mechid;

namespace {

const Advice* friction_of(const Identification& r) {
  for (const Advice& a : r.advice)
    if (a.code == AdviceCode::friction) return &a;
  return nullptr;
}

// The review chain's record (friction_simulation.hpp) with white noise at 40 dB on each output.
Dataset chain_record(const fixtures::FrictionModel& f, std::uint64_t seed) {
  Dataset d = fixtures::simulate_friction(f, 1e-3, 6000, fixtures::multisine(seed), 0.0, 0.0, seed);
  Random random(500 + seed);
  for (Eigen::Index c = 0; c < d.y.cols(); ++c) {
    const double sd = d.y.col(c).norm() / std::sqrt(double(d.y.rows())) / 100.0;
    for (Eigen::Index k = 0; k < d.y.rows(); ++k) d.y(k, c) += sd * random.normal();
  }
  return d;
}

IdentifyOptions chain_options() {
  IdentifyOptions o;
  o.force_dofs = {1};
  o.structure.M.pattern = MatrixPattern::diagonal;
  o.structure.D.pattern = MatrixPattern::diagonal;
  o.structure.K.pattern = MatrixPattern::tridiagonal;
  return o;
}

}  // namespace

TEST_CASE("friction advice: Coulomb friction at DOF 1 is named, with a positive first guess, and silent once estimated") {
  fixtures::FrictionModel f = fixtures::review_chain();
  f.coulomb(0) = 6.0;  // a third of the force's RMS
  const Dataset d = chain_record(f, 2);
  IdentifyOptions o = chain_options();
  const Identification linear = identify("auto", d, o);
  REQUIRE(linear.status != Status::failed);
  std::string codes;
  for (const Advice& x : linear.advice) codes += std::string(kAdviceCodeNames.name(x.code)) + " ";
  INFO("white " << linear.validation.residuals_white << " fit " << linear.validation.fit_percent.transpose() << " advice " << codes
                << " M " << linear.system.M.diagonal().transpose());
  const Advice* a = friction_of(linear);
  REQUIRE(a);
  CHECK_THAT(a->message, Catch::Contains("DOF 1") && !Catch::Contains("DOF 2"));
  CHECK(a->options.size() == 1);
  CHECK(a->options.front().name == "friction");
  CHECK(a->options.front().value == "coulomb");
  CHECK_THAT(a->detail, Catch::Contains("of the free-run residual's power"));
  // Acting on it: the friction is estimated near its truth and the advice goes.
  o.coulomb_friction = true;
  const Identification with = identify("auto", d, o);
  REQUIRE(with.status != Status::failed);
  CHECK_FALSE(friction_of(with));
  REQUIRE(with.forces.coulomb.size() == 2);
  CHECK(std::abs(with.forces.coulomb(0) - 6.0) < 0.3);
}

TEST_CASE("friction advice: silent on the same chain without friction", "[repeats]") {
  fixtures::FrictionModel f = fixtures::review_chain();
  f.coulomb.setZero();
  for (std::uint64_t seed : {1, 2, 3}) {
    const Identification r = identify("auto", chain_record(f, seed), chain_options());
    INFO("seed " << seed << ": " << r.message);
    REQUIRE(r.status != Status::failed);
    CHECK_FALSE(friction_of(r));
  }
}
