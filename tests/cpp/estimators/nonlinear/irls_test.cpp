// IRLS with ℓ1 regularisation (Karimov et al. 2021, Algorithm 1): robust to gross outliers, sparse with λ.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/input_error.hpp"
#include "core/rng.hpp"
#include "estimators/nonlinear/irls.hpp"

using namespace mechid;
using namespace mechid::nonlinear;

namespace {

struct SparseProblem {
  Matrix E;
  Vector y, h;
  std::vector<bool> outlier;
};

// n x 8 Gaussian regressors, h with 3 non-zeros, noise 1e-3, 10 % of y replaced by gross outliers.
SparseProblem sparse_problem(std::uint64_t seed, Eigen::Index n = 400) {
  Random rng(seed);
  SparseProblem p;
  p.E.resize(n, 8);
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index k = 0; k < 8; ++k) p.E(i, k) = rng.normal();
  p.h = Vector::Zero(8);
  p.h(0) = 2.0;
  p.h(3) = -1.5;
  p.h(6) = 0.5;
  p.y = p.E * p.h;
  p.outlier.assign(static_cast<std::size_t>(n), false);
  for (Eigen::Index i = 0; i < n; ++i) {
    p.y(i) += 1e-3 * rng.normal();
    if (i % 10 == 3) {  // every tenth sample: an outlier of 20-60 in magnitude
      p.y(i) += (rng.bit() ? 1 : -1) * (20 + 40 * rng.uniform());
      p.outlier[static_cast<std::size_t>(i)] = true;
    }
  }
  return p;
}

}  // namespace

TEST_CASE("IRLS recovers a sparse regression despite 10 % gross outliers, where least squares fails", "[nonlinear][irls]") {
  for (const std::uint64_t seed : {1u, 2u, 3u}) {
    const SparseProblem p = sparse_problem(seed);
    const Vector ls = p.E.colPivHouseholderQr().solve(p.y);
    IrlsOptions o;
    o.tolerance = 1e-10;
    o.delta = 1e-8;
    o.max_iterations = 500;
    const IrlsResult r = irls(p.E, p.y, o);
    INFO("seed " << seed << ": LS error " << (ls - p.h).norm() << ", IRLS error " << (r.h - p.h).norm());
    REQUIRE(r.status == Status::ok);
    CHECK(r.converged);
    CHECK((ls - p.h).norm() > 0.2);        // the outliers ruin ordinary least squares
    CHECK((r.h - p.h).norm() < 1e-3);      // ... but not the ℓ1 fit
    // The outliers end with the smallest weights.
    double outlier_weight = 0, inlier_weight = INFINITY;
    for (Eigen::Index i = 0; i < p.y.size(); ++i) {
      if (p.outlier[static_cast<std::size_t>(i)]) outlier_weight = std::max(outlier_weight, r.weights(i));
      else inlier_weight = std::min(inlier_weight, r.weights(i));
    }
    CHECK(outlier_weight < inlier_weight);
  }
}

TEST_CASE("the l1 penalty lambda sets the zero coefficients to zero", "[nonlinear][irls]") {
  const SparseProblem p = sparse_problem(4);
  IrlsOptions o;
  o.tolerance = 1e-10;
  o.delta = 1e-10;
  o.max_iterations = 1000;
  const IrlsResult plain = irls(p.E, p.y, o);
  // LAD-lasso: a coefficient is zero when |Σ sign(r_i) E_ik| <= λ, i.e. λ of order sqrt(n).
  o.lambda = 50;
  const IrlsResult sparse = irls(p.E, p.y, o);
  INFO("plain " << plain.h.transpose() << "\nsparse " << sparse.h.transpose());
  for (const Eigen::Index k : {1, 2, 4, 5, 7}) {
    CHECK(std::abs(sparse.h(k)) < 1e-8);
    CHECK(std::abs(plain.h(k)) > 1e-6);
  }
  CHECK((sparse.h - p.h).norm() < 1e-2);
}

TEST_CASE("IRLS without outliers agrees with least squares on Gaussian noise", "[nonlinear][irls]") {
  Random rng(9);
  Matrix E(300, 3);
  Vector y(300);
  for (Eigen::Index i = 0; i < 300; ++i) {
    for (Eigen::Index k = 0; k < 3; ++k) E(i, k) = rng.normal();
    y(i) = E(i, 0) - 2 * E(i, 1) + 0.1 * rng.normal();
  }
  const Vector ls = E.colPivHouseholderQr().solve(y);
  const IrlsResult r = irls(E, y, {});
  // The ℓ1 fit is less efficient than LS but both are within a few standard errors (0.1/sqrt(300)).
  CHECK((r.h - ls).norm() < 0.03);
}

TEST_CASE("IRLS reports a rank-deficient regressor matrix as a failed status and bad input as InputError", "[nonlinear][irls]") {
  Matrix E(20, 2);
  E.col(0).setLinSpaced(20, 0, 1);
  E.col(1) = 2 * E.col(0);
  const IrlsResult r = irls(E, Vector::Ones(20), {});
  CHECK(r.status == Status::failed);
  CHECK_THAT(r.message, Catch::Contains("rank-deficient"));
  CHECK_THROWS_WITH(irls(E, Vector::Ones(19), {}), Catch::Contains("rows but y has 19"));
  IrlsOptions bad;
  bad.delta = 0;
  CHECK_THROWS_WITH(irls(E.leftCols(1), Vector::Ones(20), bad), Catch::Contains("delta"));
  Vector y = Vector::Ones(20);
  y(3) = NAN;
  CHECK_THROWS_WITH(irls(E.leftCols(1), y, {}), Catch::Contains("non-finite"));
}
