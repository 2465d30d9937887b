// core/gram_svd against matrices of known singular values (A = U diag(s) V' with random orthogonal
// U, V) and against robust_svd (one-sided Jacobi) on the fixture BDCSVD trapped on.
#include <catch2/catch.hpp>

#include <cmath>

#include <Eigen/QR>

#include "core/gram_svd.hpp"

using namespace mechid;

namespace {
Matrix random_orthogonal(Eigen::Index n, unsigned seed) {
  std::srand(seed);
  return Eigen::HouseholderQR<Matrix>(Matrix::Random(n, n)).householderQ() * Matrix::Identity(n, n);
}

// The largest principal angle's sine between the column spaces of two matrices with orthonormal columns.
double subspace_sine(const Matrix& X, const Matrix& Y) { return (Y - X * (X.transpose() * Y)).norm(); }
}  // namespace

TEST_CASE("gram_svd: singular values of a 60 x 150 matrix from 1 down to 1e-14 and its leading vectors") {
  const Eigen::Index m = 60, n = 150, wanted = 12;
  const Matrix U = random_orthogonal(m, 1), V = random_orthogonal(n, 2).leftCols(m);
  Vector s(m);
  for (Eigen::Index i = 0; i < m; ++i) s(i) = std::pow(10.0, -14.0 * static_cast<double>(i) / static_cast<double>(m - 1));
  const Matrix A = U * s.asDiagonal() * V.transpose();
  const RobustSvd svd = gram_svd(A, wanted);
  REQUIRE(svd.ok);
  REQUIRE(svd.U.cols() == wanted);
  // The leading ones, row norms of U_w'A: to about ε s_1 (absolute). The rest, √λ: to about
  // (m + n) ε s_1² / (2 s) (1e-10 at 1e-3, 1e-7 at 1e-6); below the floor √((m + n) ε) s_1 = 2.1e-7
  // they are reported at the floor (the rounding of A A' mixes those vectors).
  const double eps = std::numeric_limits<double>::epsilon(), floor = std::sqrt(static_cast<double>(m + n) * eps);
  for (Eigen::Index i = 0; i < m; ++i) {
    INFO("singular value " << i << " = " << s(i) << ", computed " << svd.singular_values(i));
    const double expected = std::max(s(i), floor);
    if (i < wanted) {
      CHECK(std::abs(svd.singular_values(i) - expected) < 100 * eps);
    } else if (s(i) > 10 * floor) {
      CHECK(std::abs(svd.singular_values(i) - expected) < static_cast<double>(m + n) * eps / s(i));
    } else {
      CHECK(svd.singular_values(i) >= floor);
      CHECK(svd.singular_values(i) < 12 * floor);
    }
  }
  CHECK(subspace_sine(U.leftCols(wanted), svd.U) < 1e-9);
  CHECK((svd.U.transpose() * svd.U - Matrix::Identity(wanted, wanted)).norm() < 1e-12);
}

TEST_CASE("gram_svd: equal to robust_svd where the leading gap is too small for the Gram matrix") {
  // s_12 = 1e-7 s_1 and s_13 = 0: the rounding of A A' (m ε s_1²) is about 1e-13 of s_12², so the
  // 1e-8 bound fails and nothing beyond the order moves the vectors more: robust_svd decides.
  const Eigen::Index m = 40, n = 90, wanted = 12;
  const Matrix U = random_orthogonal(m, 3), V = random_orthogonal(n, 4).leftCols(m);
  Vector s = Vector::Zero(m);
  for (Eigen::Index i = 0; i < wanted; ++i) s(i) = std::pow(10.0, -7.0 * static_cast<double>(i) / static_cast<double>(wanted - 1));
  const Matrix A = U * s.asDiagonal() * V.transpose();
  const RobustSvd gram = gram_svd(A, wanted), jacobi = robust_svd(A, Eigen::ComputeThinU);
  REQUIRE(gram.ok);
  CHECK(gram.singular_values == jacobi.singular_values);
  CHECK(gram.U == jacobi.U);
  CHECK(subspace_sine(U.leftCols(wanted), gram.U.leftCols(wanted)) < 1e-7);
}

TEST_CASE("gram_svd: data scaled by 1e-300 or 1e300 keep their singular values and a NaN gives ok = false") {
  const Matrix A = random_orthogonal(30, 5).leftCols(20).transpose() * 3.0;  // 20 x 30, all s = 3
  Matrix B = A;
  B.row(0) *= 10.0;  // s_1 = 30, the rest 3: a clear gap after 1
  for (const double scale : {1.0, 1e-300, 1e300}) {
    INFO(scale);
    const RobustSvd svd = gram_svd(B * scale, 1);
    REQUIRE(svd.ok);
    CHECK(svd.singular_values(0) == Approx(30.0 * scale).epsilon(1e-12));
    CHECK(svd.singular_values(19) == Approx(3.0 * scale).epsilon(1e-12));
  }
  Matrix bad = B;
  bad(3, 4) = NAN;
  CHECK_FALSE(gram_svd(bad, 1).ok);
}

TEST_CASE("gram_svd: a zero matrix, a tall one and wanted outside 1 … m − 1") {
  const RobustSvd zero = gram_svd(Matrix::Zero(4, 9), 2);
  REQUIRE(zero.ok);
  CHECK(zero.singular_values.isZero(0.0));
  const Matrix A = random_orthogonal(9, 6).leftCols(4) * Vector::LinSpaced(4, 4.0, 1.0).asDiagonal();  // 9 x 4, s = 4, 3, 2, 1
  const Matrix wide = A.transpose();
  for (const Eigen::Index wanted : {Eigen::Index{0}, Eigen::Index{4}}) {  // robust_svd's result
    const RobustSvd svd = gram_svd(wide, wanted);
    REQUIRE(svd.ok);
    CHECK(svd.singular_values.isApprox(Vector::LinSpaced(4, 4.0, 1.0), 1e-14));
  }
  const RobustSvd tall = gram_svd(A, 2);
  REQUIRE(tall.ok);
  CHECK(tall.U.cols() == 4);
  CHECK(tall.singular_values.isApprox(Vector::LinSpaced(4, 4.0, 1.0), 1e-14));
}
