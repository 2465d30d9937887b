// core/robust_svd: the matrix on which Eigen 3.4.0's BDCSVD trapped in WebAssembly (issue 20, item 1;
// tests/data/bdcsvd-trap-36x72.txt, hex floats, column by column), and data scaled by 1e±300.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/robust_svd.hpp"

using namespace mechid;

namespace {
Matrix read_fixture() {
  FILE* f = std::fopen(MECHID_TEST_DATA "/bdcsvd-trap-36x72.txt", "r");
  REQUIRE(f != nullptr);
  int rows = 0, cols = 0;
  REQUIRE(std::fscanf(f, "%d %d", &rows, &cols) == 2);
  Matrix O(rows, cols);
  char text[64];
  for (int j = 0; j < cols; ++j)
    for (int i = 0; i < rows; ++i) {
      REQUIRE(std::fscanf(f, "%63s", text) == 1);
      O(i, j) = std::strtod(text, nullptr);
    }
  std::fclose(f);
  return O;
}
}  // namespace

TEST_CASE("robust_svd: the projection BDCSVD trapped on, checked against the eigenvalues of O O'") {
  const Matrix O = read_fixture();
  const RobustSvd svd = robust_svd(O, Eigen::ComputeThinU);
  REQUIRE(svd.ok);
  const Vector lambda = Eigen::SelfAdjointEigenSolver<Matrix>(O * O.transpose()).eigenvalues().reverse();
  for (Eigen::Index i = 0; i < 6; ++i) CHECK(svd.singular_values(i) * svd.singular_values(i) == Approx(lambda(i)).epsilon(1e-10));
  CHECK((svd.U * svd.singular_values.asDiagonal() * svd.singular_values.asDiagonal() * svd.U.transpose() - O * O.transpose())
            .norm() < 1e-12 * lambda(0));
}

TEST_CASE("robust_svd: data scaled by 1e-300 or 1e300 keep their singular values and a NaN gives ok = false") {
  const Matrix O = read_fixture();
  const Vector s = robust_svd(O).singular_values;
  for (const double scale : {1e-300, 1e300, 1e-310}) {
    INFO(scale);
    const RobustSvd scaled = robust_svd(O * scale);
    REQUIRE(scaled.ok);
    REQUIRE(scaled.singular_values.allFinite());
    CHECK(scaled.singular_values(0) == Approx(s(0) * scale).epsilon(scale < 1e-300 ? 1e-6 : 1e-12));
  }
  Matrix bad = O;
  bad(3, 4) = NAN;
  CHECK_FALSE(robust_svd(bad).ok);
}
