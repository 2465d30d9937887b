// The covariance of the IRLS (median-regression) estimate, lad_covariance.hpp: against the closed
// form of the least-absolute-deviation estimator with independent normal errors (Koenker 2005,
// sec. 3.2: Cov = (1 / (4 f(0)²)) (EᵀE)⁻¹ = (π/2) σ² (EᵀE)⁻¹), an exact fit, and the normal quantile.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/normal_quantile.hpp"
#include "core/rng.hpp"
#include "estimators/nonlinear/irls.hpp"
#include "estimators/nonlinear/lad_covariance.hpp"

using namespace mechid;
using namespace mechid::nonlinear;

TEST_CASE("normal_quantile inverts the normal distribution", "[nonlinear][lad]") {
  CHECK(normal_quantile(0.975) == Approx(kZ95).epsilon(1e-12));
  CHECK(normal_quantile(0.5) == Approx(0.0).margin(1e-15));
  CHECK(normal_quantile(0.01) == Approx(-2.3263478740408408).epsilon(1e-12));
  CHECK(std::isnan(normal_quantile(0.0)));
}

TEST_CASE("lad_covariance: the sd of a median regression with normal errors is sqrt(pi/2) times least squares'", "[nonlinear][lad]") {
  const Eigen::Index n = 4000;
  const double sigma = 0.3;
  Random rng(11);
  Matrix E(n, 2);
  Vector y(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    const double t = static_cast<double>(i) / static_cast<double>(n) - 0.5;
    E(i, 0) = 1.0;
    E(i, 1) = t;
    y(i) = 1.0 + 2.0 * t + sigma * rng.normal();
  }
  const IrlsResult fit = irls(E, y, IrlsOptions{});
  REQUIRE(fit.converged);
  const LadCovariance c = lad_covariance(E, fit.residual);
  REQUIRE(c.covariance.rows() == 2);
  const Matrix closed = (3.14159265358979323846 / 2) * sigma * sigma * (E.transpose() * E).inverse();
  for (int k = 0; k < 2; ++k) CHECK(std::sqrt(c.covariance(k, k)) == Approx(std::sqrt(closed(k, k))).epsilon(0.12));
  CHECK(c.max_lag <= 3);  // white errors: few lags
}

TEST_CASE("lad_covariance: 95 % intervals of a median regression cover 90-99 % over 100 noise draws", "[nonlinear][lad]") {
  int covered = 0;
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    Random rng(seed);
    const Eigen::Index n = 400;
    Matrix E(n, 2);
    Vector y(n);
    for (Eigen::Index i = 0; i < n; ++i) {
      E(i, 0) = 1.0;
      E(i, 1) = std::sin(0.05 * static_cast<double>(i));
      // Student's t with 5 degrees of freedom (heavier tails than normal, a smooth density at 0)
      double chi2 = 0;
      for (int k = 0; k < 5; ++k) chi2 += std::pow(rng.normal(), 2);
      y(i) = 0.5 - 1.5 * E(i, 1) + 0.2 * rng.normal() / std::sqrt(chi2 / 5);
    }
    const IrlsResult fit = irls(E, y, IrlsOptions{});
    const LadCovariance c = lad_covariance(E, fit.residual);
    covered += std::abs(fit.h(1) + 1.5) <= kZ95 * std::sqrt(c.covariance(1, 1));
  }
  INFO("covered " << covered << " of 100");
  CHECK(covered >= 90);
  CHECK(covered <= 99);
}

TEST_CASE("lad_covariance: an exact fit has covariance zero", "[nonlinear][lad]") {
  Matrix E(50, 2);
  for (Eigen::Index i = 0; i < 50; ++i) E.row(i) << 1.0, static_cast<double>(i);
  const LadCovariance c = lad_covariance(E, Vector::Zero(50));
  REQUIRE(c.covariance.rows() == 2);
  CHECK(c.covariance.norm() == 0.0);
}
