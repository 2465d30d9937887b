#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <limits>

#include "core/cholesky_by_blocks.hpp"
#include "core/parallel_for.hpp"
#include "thread_count.hpp"

using namespace mechid;
using mechid::testing::ThreadCount;

namespace {

// A symmetric positive definite matrix of size n with eigenvalues from 1 to about 150: 100 B B'/n + I.
Matrix positive_definite(Eigen::Index n) {
  const Matrix B = Matrix::Random(n, n + 3);
  return B * B.transpose() * (100.0 / static_cast<double>(n)) + Matrix::Identity(n, n);
}

}  // namespace

// Against its definition (L L' = A) and Eigen's LLT, for sizes of one panel, a panel and one
// column, and several panels; the strict upper triangle is left as it was.
TEST_CASE("cholesky_by_blocks gives L with L L' = A, Eigen's factor within rounding, the same bits on 1 and 3 threads") {
  std::srand(11);
  for (const Eigen::Index n : {1, 63, 64, 65, 200, 333}) {
    INFO(n << " rows");
    const Matrix A = positive_definite(n);
    Matrix one = A, three = A;
    {
      const ThreadCount use(1);
      REQUIRE(cholesky_by_blocks(one));
    }
    {
      const ThreadCount use(3);
      REQUIRE(cholesky_by_blocks(three));
    }
    CHECK(one == three);
    const Matrix L = one.triangularView<Eigen::Lower>();
    const double scale = A.cwiseAbs().maxCoeff();
    CHECK((L * L.transpose() - A).cwiseAbs().maxCoeff() < 1e-13 * static_cast<double>(n) * scale);
    const Matrix eigen_L = Eigen::LLT<Matrix>(A).matrixL();
    CHECK((L - eigen_L).cwiseAbs().maxCoeff() < 1e-12 * std::sqrt(scale));
    CHECK(Matrix(one.triangularView<Eigen::StrictlyUpper>()) == Matrix(A.triangularView<Eigen::StrictlyUpper>()));
  }
}

// Not positive definite: an eigenvalue of −1 (A − (λ_min + 1) I), a zero pivot in the first
// panel, and a NaN or an infinity below the first panel's diagonal block (they reach the pivots
// of later panels through the panel's solve and the trailing update); each on 1 and 3 threads.
TEST_CASE("cholesky_by_blocks reports an indefinite, a singular, a NaN and an infinite matrix") {
  std::srand(12);
  for (const int threads : {1, 3}) {
    INFO(threads << " threads");
    const ThreadCount use(threads);
    const Matrix A = positive_definite(150);
    const double smallest = Eigen::SelfAdjointEigenSolver<Matrix>(A).eigenvalues()(0);
    Matrix indefinite = A - (smallest + 1.0) * Matrix::Identity(150, 150);
    CHECK_FALSE(cholesky_by_blocks(indefinite));
    Matrix singular = A;
    singular.row(3).setZero();
    singular.col(3).setZero();
    CHECK_FALSE(cholesky_by_blocks(singular));
    for (const double bad : {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()}) {
      Matrix nonfinite = A;
      nonfinite(120, 10) = bad;
      CHECK_FALSE(cholesky_by_blocks(nonfinite));
    }
  }
}
