// Nonlinear distortion at the unexcited lines of a periodic force (nonlinear_distortion.hpp; issue
// 50's `nonlinear`): a Duffing oscillator m q'' + d q' + k q + k3 q³ = u (the Silverbox's model,
// Wigren & Schoukens 2013) driven by a random-odd multisine with one odd line in three left out
// (Pintelon & Schoukens 2012, sec. 3.4) shows power at the left-out lines above the period-to-period
// scatter; the same oscillator with k3 = 0, the same multisine with noise, says nothing, and neither
// does a full multisine (no unexcited lines to look at) or a noise-free linear record.
#include <catch2/catch.hpp>

#include <cmath>

#include "analysis/frf_estimate.hpp"
#include "analysis/nonlinear_distortion.hpp"
#include "core/math_constants.hpp"
#include "core/rng.hpp"

using namespace mechid;

namespace {

constexpr double kH = 0.05;          // s
constexpr Eigen::Index kPeriod = 1024;  // samples: lines every 1/(P h) = 0.0195 Hz
constexpr Eigen::Index kPeriods = 6;

// One period of a multisine of unit RMS at the odd lines 1, 3, … below 4 Hz, random phases; with
// `detection`, one odd line of each group of three left out at random.
Vector multisine(bool detection, std::uint64_t seed) {
  Random rng(seed);
  Vector u = Vector::Zero(kPeriod);
  const auto top = Eigen::Index(4.0 * kPeriod * kH);
  Eigen::Index skipped = 0;
  for (Eigen::Index line = 1, odd = 0; line <= top; line += 2, ++odd) {
    const Eigen::Index group = odd % 3;
    if (group == 0) skipped = Eigen::Index(rng.uniform() * 3.0);
    if (detection && group == skipped) continue;
    const double phase = 2 * kPi * rng.uniform();
    for (Eigen::Index t = 0; t < kPeriod; ++t) u(t) += std::cos(2 * kPi * double(line * t) / double(kPeriod) + phase);
  }
  return u / std::sqrt(u.squaredNorm() / double(kPeriod));
}

// q of m q'' + d q' + k q + k3 q³ = u, u held over each sample (RK4, 20 steps per sample), with
// white noise of `noise` times q's RMS added.
Vector duffing(const Vector& period, double k3, double noise, std::uint64_t seed) {
  const double m = 1.0, k = std::pow(2 * kPi * 1.0, 2), d = 2 * 0.05 * std::sqrt(k * m);
  const Eigen::Index N = kPeriod * kPeriods, steps = 20;
  Vector q(N);
  double x = 0.0, v = 0.0;
  const double dt = kH / double(steps);
  for (Eigen::Index t = 0; t < N; ++t) {
    q(t) = x;
    const double u = period(t % kPeriod);
    auto a = [&](double x_, double v_) { return (u - d * v_ - k * x_ - k3 * x_ * x_ * x_) / m; };
    for (Eigen::Index s = 0; s < steps; ++s) {
      const double k1x = v, k1v = a(x, v);
      const double k2x = v + dt / 2 * k1v, k2v = a(x + dt / 2 * k1x, v + dt / 2 * k1v);
      const double k3x = v + dt / 2 * k2v, k3v = a(x + dt / 2 * k2x, v + dt / 2 * k2v);
      const double k4x = v + dt * k3v, k4v = a(x + dt * k3x, v + dt * k3v);
      x += dt / 6 * (k1x + 2 * k2x + 2 * k3x + k4x);
      v += dt / 6 * (k1v + 2 * k2v + 2 * k3v + k4v);
    }
  }
  Random rng(seed);
  const double rms = std::sqrt(q.squaredNorm() / double(N));
  for (Eigen::Index t = 0; t < N; ++t) q(t) += noise * rms * rng.normal();
  return q;
}

FrfEstimate frf_of(const Vector& period, const Vector& q) {
  Matrix u(q.size(), 1);
  for (Eigen::Index t = 0; t < q.size(); ++t) u(t, 0) = period(t % kPeriod);
  FrfOptions o;  // periods found from the force (the default)
  return estimate_frf(u, q, kH, o);
}

const Advice* find(const FrfEstimate& r, AdviceCode code) {
  for (const Advice& a : r.advice)
    if (a.code == code) return &a;
  return nullptr;
}

}  // namespace

TEST_CASE("nonlinear distortion: a Duffing oscillator under a random-odd multisine is said nonlinear, its linear twin is not") {
  const Vector u = multisine(true, 7);
  // k3 q³ about 10 % of k q at the response's RMS (q_rms ~ 0.05 near resonance)
  const FrfEstimate nonlinear = frf_of(u, duffing(u, 1500.0, 1e-3, 1));
  REQUIRE(nonlinear.periods == kPeriods);
  const Advice* a = find(nonlinear, AdviceCode::nonlinear);
  REQUIRE(a);
  CHECK(a->level == AdviceLevel::warning);
  CHECK(nonlinear.status == Status::warning);
  CHECK_THAT(a->message, Catch::StartsWith("The system responds at frequencies the force does not contain"));
  CHECK_THAT(a->detail, Catch::Contains("unexcited lines between the excited ones"));

  for (std::uint64_t seed = 1; seed <= 5; ++seed) {  // the same test on noise alone: silent (false alarms ~1e-3 per line)
    const FrfEstimate linear = frf_of(u, duffing(u, 0.0, 1e-2, seed));
    CHECK_FALSE(find(linear, AdviceCode::nonlinear));
  }
  CHECK_FALSE(find(frf_of(u, duffing(u, 0.0, 0.0, 1)), AdviceCode::nonlinear));  // noise-free and linear: rounding only
}

TEST_CASE("nonlinear distortion: the per-line statistic and its threshold, and no verdict without unexcited lines") {
  // P(F(2, 2(P-1)) > x) = (1 + x/(P-1))^-(P-1): at P = 5 periods and 1e-3, x = 4 (1000^(1/4) - 1) = 18.49
  const Eigen::Index F = 40;
  Eigen::MatrixXcd sum = Eigen::MatrixXcd::Zero(F, 1);
  Matrix power = Matrix::Zero(F, 1);
  std::vector<bool> excited(std::size_t(F), true);
  Vector freq = Vector::LinSpaced(F, 1.0, double(F));
  for (Eigen::Index i = 0; i < F; ++i) {
    sum(i, 0) = 5.0;  // |Y| = 1 in every period: no scatter
    power(i, 0) = 5.0;
  }
  for (Eigen::Index i = 2; i < F - 2; i += 4) {  // 9 unexcited lines, each with Ȳ = 0.1 and scatter s² = 0.1
    excited[std::size_t(i)] = false;
    sum(i, 0) = 0.5;
    power(i, 0) = 5 * 0.01 + 4 * 0.1;  // Σ|Y_p|² = P|Ȳ|² + (P−1)s²
  }
  auto d = nonlinear_distortion(sum, power, excited, freq, 5);
  REQUIRE(d);
  CHECK(d->threshold == Approx(4.0 * (std::pow(1000.0, 0.25) - 1.0)).epsilon(1e-12));
  CHECK(d->detection_lines == 9);
  CHECK(d->distorted_lines == 0);  // ρ = 5·0.01/0.1 = 0.5
  for (Eigen::Index i = 2; i < F - 2; i += 4) power(i, 0) = 5 * 0.01 + 4 * 0.0001;  // s² = 1e-4: ρ = 500
  d = nonlinear_distortion(sum, power, excited, freq, 5);
  REQUIRE(d);
  CHECK(d->distorted_lines == 9);
  CHECK(d->nonlinear());
  CHECK(d->level_db == Approx(-20.0).margin(1e-9));  // |Ȳ|² = 0.01 against the excited lines' 1
  std::fill(excited.begin(), excited.end(), true);
  CHECK_FALSE(nonlinear_distortion(sum, power, excited, freq, 5));  // a full multisine: nothing to test
}
