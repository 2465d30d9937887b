// IRLS with swapping (Karimov et al. 2021, Algorithm 3): planted misclassifications are repaired.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/input_error.hpp"
#include "core/math_constants.hpp"
#include "core/rng.hpp"
#include "estimators/nonlinear/swapping.hpp"

using namespace mechid;
using namespace mechid::nonlinear;

namespace {

constexpr double kX0 = 5e-3;

// A displacement crossing ±x0 often, its velocity, and the eq. 16 (IDA) or eq. 14 (DIA) data of
// a backlash with outer stiffness 40000 and inner 0 (per unit mass), noise `sigma` on y.
struct Planted {
  PiecewiseRegression p;
  std::vector<int> truth, planted;
  std::vector<Eigen::Index> moved;
};

Planted planted_problem(Form form, double sigma, double fraction, std::uint64_t seed) {
  const Eigen::Index n = 4000;
  const double h = 1e-3;
  Random rng(seed);
  Planted d;
  d.p.form = form;
  d.p.regions = threshold_regions(kX0);
  d.p.x.resize(n);
  d.p.v.resize(n);
  d.p.y.resize(n);
  d.p.fixed.resize(n, 0);
  for (Eigen::Index i = 0; i < n; ++i) {
    const double t = static_cast<double>(i) * h;
    d.p.x(i) = 0.011 * std::sin(2 * kPi * 1.3 * t) + 0.004 * std::sin(2 * kPi * 4.1 * t + 1.0);
    d.p.v(i) = 0.011 * 2 * kPi * 1.3 * std::cos(2 * kPi * 1.3 * t) + 0.004 * 2 * kPi * 4.1 * std::cos(2 * kPi * 4.1 * t + 1.0);
  }
  d.truth = classify(d.p.regions, d.p.x);
  const Vector beta = (Vector(2) << -40000.0, 0.0).finished();
  for (Eigen::Index i = 0; i < n; ++i) {
    const Region& g = d.p.regions.regions[static_cast<std::size_t>(d.truth[static_cast<std::size_t>(i)])];
    const double slope = form == Form::ida ? d.p.v(i) : d.p.x(i) - g.offset;
    d.p.y(i) = beta(g.stiffness) * slope + sigma * rng.normal();
  }
  // Plant: move a fraction of the samples whose classes are distinguishable to the neighbouring
  // region on the other side of the nearest threshold.
  d.planted = d.truth;
  for (Eigen::Index i = 0; i < n; ++i) {
    const double x = d.p.x(i);
    const bool distinguishable = form == Form::ida ? std::abs(d.p.v(i)) > 0.05 : std::abs(std::abs(x) - kX0) < 2e-3 && std::abs(x) > kX0 + 2e-4;
    if (!distinguishable || rng.uniform() >= fraction) continue;
    const int r = d.truth[static_cast<std::size_t>(i)];
    const int moved = r == 1 ? (x > 0 ? 2 : 0) : 1;
    d.planted[static_cast<std::size_t>(i)] = moved;
    d.moved.push_back(i);
  }
  return d;
}

int stiffness_class(const PiecewiseRegression& p, int region) {
  return p.regions.regions[static_cast<std::size_t>(region)].stiffness;
}

}  // namespace

TEST_CASE("swapping repairs planted misclassifications in the IDA regression (eq. 16)", "[nonlinear][swapping]") {
  for (const std::uint64_t seed : {1u, 2u}) {
    const Planted d = planted_problem(Form::ida, 50.0, 0.08, seed);
    REQUIRE(d.moved.size() > 100);
    IrlsOptions o;
    o.max_iterations = 300;
    SwapOptions off;
    off.enabled = false;
    const SwapResult without = irls_with_swapping(d.p, d.planted, o, off);
    const SwapResult with = irls_with_swapping(d.p, d.planted, o, SwapOptions{});
    REQUIRE(with.fit.status == Status::ok);
    Eigen::Index repaired = 0, broken = 0;
    for (Eigen::Index i = 0; i < d.p.y.size(); ++i) {
      const auto k = static_cast<std::size_t>(i);
      const bool right = stiffness_class(d.p, with.region[k]) == stiffness_class(d.p, d.truth[k]);
      const bool was_planted = d.planted[k] != d.truth[k];
      if (was_planted && right) ++repaired;
      if (!was_planted && !right) ++broken;
    }
    const double k_with = -with.fit.h(0), k_without = -without.fit.h(0);
    INFO("seed " << seed << ": planted " << d.moved.size() << ", repaired " << repaired << ", broken " << broken
                 << ", k without " << k_without << ", with " << k_with);
    CHECK(repaired >= static_cast<Eigen::Index>(0.97 * static_cast<double>(d.moved.size())));
    CHECK(broken <= d.p.y.size() / 200);
    CHECK(std::abs(k_with / 40000 - 1) < 1e-3);
    CHECK(std::abs(k_with / 40000 - 1) < std::abs(k_without / 40000 - 1));
    CHECK(std::abs(with.fit.h(1)) < 50);               // inner stiffness stays ~0 (0.1 % of the outer)
  }
}

TEST_CASE("swapping repairs planted misclassifications near the thresholds in the DIA regression (eq. 14)", "[nonlinear][swapping]") {
  const Planted d = planted_problem(Form::dia, 0.05, 0.3, 3);
  REQUIRE(d.moved.size() > 50);
  const SwapResult with = irls_with_swapping(d.p, d.planted, {}, SwapOptions{});
  Eigen::Index repaired = 0;
  for (const Eigen::Index i : d.moved) repaired += with.region[static_cast<std::size_t>(i)] == d.truth[static_cast<std::size_t>(i)];
  INFO("planted " << d.moved.size() << ", repaired " << repaired << ", k " << -with.fit.h(0));
  CHECK(repaired >= static_cast<Eigen::Index>(0.95 * static_cast<double>(d.moved.size())));
  CHECK(-with.fit.h(0) == Approx(40000).epsilon(1e-3));
}

TEST_CASE("the tolerance rule keeps swapping from fitting the noise", "[nonlinear][swapping]") {
  // No misclassification, heavy noise: a large tol swaps (almost) nothing; tol = 0 swaps more.
  const Planted d = planted_problem(Form::ida, 3000.0, 0.0, 5);
  SwapOptions strict, loose;
  strict.tolerance = 4.0;
  loose.tolerance = 0.0;
  const SwapResult a = irls_with_swapping(d.p, d.planted, {}, strict);
  const SwapResult b = irls_with_swapping(d.p, d.planted, {}, loose);
  INFO("swaps with tol 4: " << a.swaps << ", with tol 0: " << b.swaps);
  CHECK(a.swaps < b.swaps);
  CHECK(a.swaps <= d.p.y.size() / 50);
}

TEST_CASE("swapping rejects a region list of the wrong length and a negative tolerance", "[nonlinear][swapping]") {
  const Planted d = planted_problem(Form::ida, 50.0, 0.0, 6);
  std::vector<int> wrong(10, 0);
  CHECK_THROWS_WITH(irls_with_swapping(d.p, wrong, {}, SwapOptions{}), Catch::Contains("one region per sample"));
  SwapOptions bad;
  bad.tolerance = -1;
  CHECK_THROWS_WITH(irls_with_swapping(d.p, d.truth, {}, bad), Catch::Contains("swapping tolerance"));
}

TEST_CASE("an iteration limit is a warning naming the algorithm, recorded in warnings", "[nonlinear][swapping]") {
  const Planted d = planted_problem(Form::ida, 50.0, 0.08, 1);
  IrlsOptions o;
  o.max_iterations = 1;  // convergence needs two solves, so one iteration always hits the limit
  SwapOptions off;
  off.enabled = false;
  const SwapResult with = irls_with_swapping(d.p, d.planted, o, SwapOptions{});
  const SwapResult without = irls_with_swapping(d.p, d.planted, o, off);
  for (const SwapResult* r : {&with, &without}) {
    CHECK(r->fit.status == Status::warning);
    CHECK_FALSE(r->fit.converged);
    REQUIRE(r->fit.warnings.size() == 1);
    CHECK(r->fit.warnings.front() == r->fit.message);
  }
  CHECK(with.fit.message == "IRLS with swapping did not converge in 1 iterations");
  CHECK(without.fit.message == "IRLS did not converge in 1 iterations");
}
