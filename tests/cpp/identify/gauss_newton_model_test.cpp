#include <catch2/catch.hpp>

#include "identify/gauss_newton_model.hpp"

using namespace mechid;

namespace {

// A dense J (columns of very different size, as parameters in mixed units give) and r.
struct Problem {
  Matrix J;
  Vector r;
  TriangularFactor factor;
};

// R and z = Q'r from a dense QR of J.
void factorize(Problem& p) {
  const Eigen::Index P = p.J.cols();
  const Eigen::HouseholderQR<Matrix> qr(p.J);
  p.factor.R = qr.matrixQR().topRows(P).triangularView<Eigen::Upper>();
  p.factor.z = (qr.householderQ().transpose() * p.r).head(P);
}

Problem problem(Eigen::Index rows, Eigen::Index P) {
  Problem p{Matrix::Random(rows, P), Vector::Random(rows), {}};
  for (Eigen::Index j = 0; j < P; ++j) p.J.col(j) *= std::pow(10.0, 3 * static_cast<double>(j % 4) - 4);
  factorize(p);
  return p;
}

}  // namespace

TEST_CASE("the damped step from (R, √λ d) solves the damped normal equations, and its predicted decrease is exact") {
  const Problem p = problem(60, 7);
  const GaussNewtonModel model(p.factor);
  const Vector d = p.J.colwise().norm().transpose();
  for (double lambda : {1e-9, 1e-2, 1e3}) {
    const DampedStep step = damped_step(model, d, lambda);
    // (J'J + λ diag(d)²) δ = -J'r, solved densely in the scaled variables diag(d) δ (the columns
    // span 1e9: unscaled, the dense solver would drop the small ones as rank deficient).
    const Matrix Js = p.J * d.cwiseInverse().asDiagonal();
    const Matrix A = Js.transpose() * Js + lambda * Matrix::Identity(7, 7);
    const Vector reference = d.cwiseInverse().cwiseProduct(A.ldlt().solve(-Js.transpose() * p.r));
    INFO("lambda " << lambda);
    CHECK((step.delta - reference).cwiseQuotient(reference).cwiseAbs().maxCoeff() < 1e-6);
    const double linear = 0.5 * p.r.squaredNorm() - 0.5 * (p.r + p.J * step.delta).squaredNorm();
    CHECK(step.predicted_decrease == Approx(linear).epsilon(1e-8));
  }
}

TEST_CASE("the Gauss-Newton model's gradient cosine, Newton decrement and reused gradient") {
  const Problem p = problem(50, 5);
  GaussNewtonModel model(p.factor);
  const Vector g = p.J.transpose() * p.r;
  CHECK((model.gradient() - g).norm() < 1e-12 * g.norm());
  double cosine = 0;
  for (Eigen::Index j = 0; j < p.J.cols(); ++j)
    cosine = std::max(cosine, std::abs(p.J.col(j).dot(p.r)) / (p.J.col(j).norm() * p.r.norm()));
  CHECK(model.gradient_cosine(p.r.norm()) == Approx(cosine).epsilon(1e-10));
  // Full rank: ½ g'(J'J)⁻¹g, the decrease of the full Gauss-Newton step.
  const Vector gauss_newton = p.J.colPivHouseholderQr().solve(p.r);
  const double decrement = 0.5 * p.r.squaredNorm() - 0.5 * (p.r - p.J * gauss_newton).squaredNorm();
  CHECK(model.newton_decrement() == Approx(decrement).epsilon(1e-8));
  CHECK(model.scaled_condition() < 1e3);  // column scaling removes the 1e9 spread of the columns
  const Matrix scaled = p.J * p.J.colwise().norm().cwiseInverse().asDiagonal();
  const Vector singular = Eigen::JacobiSVD<Matrix>(scaled).singularValues();
  CHECK(model.scaled_condition() == Approx(singular(0) / singular(singular.size() - 1)).epsilon(1e-10));
  // The same gradient through the reuse path gives back z.
  const Vector z = model.z();
  model.set_gradient(g);
  CHECK((model.z() - z).norm() < 1e-10 * z.norm());
}

TEST_CASE("a column that duplicates another leaves its direction out of the Newton decrement") {
  Problem p = problem(40, 4);
  p.J.col(3) = 1e5 * p.J.col(1);  // rank 3, in other units
  factorize(p);
  const GaussNewtonModel model(p.factor);
  const Matrix reduced = p.J.leftCols(3);
  const Vector step = reduced.colPivHouseholderQr().solve(p.r);
  const double decrement = 0.5 * p.r.squaredNorm() - 0.5 * (p.r - reduced * step).squaredNorm();
  CHECK(model.newton_decrement() == Approx(decrement).epsilon(1e-8));
  CHECK(model.scaled_condition() == std::numeric_limits<double>::infinity());
}

// Both ways to the SVD of the scaled factor (the eigen-decomposition of its Gram matrix up to a
// scaled condition of about 6e4 for these sizes, one-sided Jacobi beyond): the Newton decrement and
// the condition number against a dense QR and a Jacobi SVD of J itself.
TEST_CASE("the Gauss-Newton model is accurate on both sides of its SVD's conditioning switch") {
  for (const double closeness : {1e-2, 1e-7}) {  // scaled condition about 1e2 and 1e7
    Problem p = problem(80, 6);
    p.J.col(5) = 1e4 * (p.J.col(2) / p.J.col(2).norm() + closeness * Vector::Random(80));
    factorize(p);
    const GaussNewtonModel model(p.factor);
    const Matrix scaled = p.J * p.J.colwise().norm().cwiseInverse().asDiagonal();
    const Vector singular = Eigen::JacobiSVD<Matrix>(scaled).singularValues();
    const double condition = singular(0) / singular(5);
    INFO("closeness " << closeness << ", condition " << condition);
    // Each case on its side of the switch, which for P = 6 is at cond = √(1e-4 / (6 ε)) ≈ 2.7e5.
    CHECK((closeness > 1e-4 ? condition < 1e4 : condition > 1e6));
    CHECK(model.scaled_condition() == Approx(condition).epsilon(1e-6));
    const Vector gauss_newton = p.J.colPivHouseholderQr().solve(p.r);
    const double decrement = 0.5 * p.r.squaredNorm() - 0.5 * (p.r - p.J * gauss_newton).squaredNorm();
    CHECK(model.newton_decrement() == Approx(decrement).epsilon(1e-8));
  }
}
