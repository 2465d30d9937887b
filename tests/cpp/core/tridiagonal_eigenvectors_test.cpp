// core/tridiagonal_eigenvectors against QR iteration (Eigen's SelfAdjointEigenSolver) on a random
// tridiagonal matrix, on one with a double eigenvalue, and on Wilkinson's W21+, whose largest
// eigenvalues come in pairs that agree to 1e-14 (Wilkinson 1965, "The Algebraic Eigenvalue
// Problem", sec. 5.45): the classic case where inverse iteration alone returns the same vector twice.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include <Eigen/Eigenvalues>

#include "core/tridiagonal_eigenvectors.hpp"

using namespace mechid;

namespace {

Matrix tridiagonal(const Vector& d, const Vector& e) {
  Matrix T = d.asDiagonal();
  for (Eigen::Index i = 0; i + 1 < d.size(); ++i) T(i + 1, i) = T(i, i + 1) = e(i);
  return T;
}

// The leading w eigenvalues (decreasing) and vectors of T by QR iteration.
struct Reference {
  Vector values;
  Matrix vectors;
};
Reference leading(const Vector& d, const Vector& e, Eigen::Index w) {
  Eigen::SelfAdjointEigenSolver<Matrix> qr;
  qr.computeFromTridiagonal(d, e, Eigen::ComputeEigenvectors);
  return {qr.eigenvalues().reverse().head(w), qr.eigenvectors().rowwise().reverse().leftCols(w)};
}

// Residuals ‖T v − λ v‖ and orthonormality, the two properties the function promises.
void check_vectors(const Matrix& T, const Matrix& V, const Vector& lambda) {
  const double eps = std::numeric_limits<double>::epsilon(), norm = T.cwiseAbs().colwise().sum().maxCoeff();
  const double m = static_cast<double>(T.rows());
  for (Eigen::Index j = 0; j < V.cols(); ++j) {
    INFO("vector " << j);
    CHECK((T * V.col(j) - lambda(j) * V.col(j)).norm() <= 10 * m * eps * norm);
  }
  CHECK((V.transpose() * V - Matrix::Identity(V.cols(), V.cols())).cwiseAbs().maxCoeff() <= 10 * m * eps);
}

}  // namespace

TEST_CASE("tridiagonal_eigenvectors: the leading 12 of a random 300 x 300 tridiagonal matrix equal QR iteration's") {
  std::srand(7);
  const Eigen::Index m = 300, w = 12;
  const Vector d = Vector::Random(m), e = Vector::Random(m - 1);
  const Reference qr = leading(d, e, w);
  const std::optional<Matrix> V = tridiagonal_eigenvectors(d, e, qr.values);
  REQUIRE(V);
  check_vectors(tridiagonal(d, e), *V, qr.values);
  // Each vector equals QR iteration's up to sign, to within rounding over the gap to its neighbours.
  for (Eigen::Index j = 0; j < w; ++j) CHECK(std::abs(V->col(j).dot(qr.vectors.col(j))) == Approx(1.0).epsilon(1e-10));
}

TEST_CASE("tridiagonal_eigenvectors: a double eigenvalue gets two orthonormal vectors spanning its eigenspace") {
  // T = diag(B, B) with a zero subdiagonal entry between the two copies of B: every eigenvalue of B twice.
  const Eigen::Index half = 20;
  Vector d(2 * half), e(2 * half - 1);
  for (Eigen::Index i = 0; i < half; ++i) d(i) = d(half + i) = 2.0 + std::sin(static_cast<double>(i));
  for (Eigen::Index i = 0; i + 1 < half; ++i) e(i) = e(half + i) = 1.0;
  e(half - 1) = 0.0;
  const Reference qr = leading(d, e, 4);
  REQUIRE(qr.values(0) == Approx(qr.values(1)).epsilon(1e-14));
  const std::optional<Matrix> V = tridiagonal_eigenvectors(d, e, qr.values);
  REQUIRE(V);
  check_vectors(tridiagonal(d, e), *V, qr.values);
  // The first two span the same plane as QR iteration's first two.
  const Matrix P = qr.vectors.leftCols(2);
  CHECK((V->leftCols(2) - P * (P.transpose() * V->leftCols(2))).norm() < 1e-12);
}

TEST_CASE("tridiagonal_eigenvectors: Wilkinson's W21+, pairs of eigenvalues 1e-14 apart") {
  const Eigen::Index m = 21;
  Vector d(m);
  for (Eigen::Index i = 0; i < m; ++i) d(i) = std::abs(10.0 - static_cast<double>(i));
  const Vector e = Vector::Ones(m - 1);
  const Reference qr = leading(d, e, 6);
  REQUIRE(qr.values(0) - qr.values(1) < 1e-12);
  const std::optional<Matrix> V = tridiagonal_eigenvectors(d, e, qr.values);
  REQUIRE(V);
  check_vectors(tridiagonal(d, e), *V, qr.values);
}

TEST_CASE("tridiagonal_eigenvectors: a zero matrix or a non-finite entry gives none") {
  CHECK_FALSE(tridiagonal_eigenvectors(Vector::Zero(5), Vector::Zero(4), Vector::Zero(2)));
  Vector d = Vector::Ones(5);
  d(2) = NAN;
  CHECK_FALSE(tridiagonal_eigenvectors(d, Vector::Ones(4), Vector::Ones(1)));
}
