#include <catch2/catch.hpp>

#include <cstdlib>

#include "identify/symmetric_parameters.hpp"

using namespace mechid;

TEST_CASE("unpack_symmetric inverts pack_symmetric and reads the upper triangles column by column") {
  const Eigen::Index n = 3;
  auto symmetric = [&](int seed) {
    std::srand(static_cast<unsigned>(seed));
    const Matrix r = Matrix::Random(n, n);
    return Matrix(r + r.transpose());
  };
  const Matrix a = symmetric(1), b = symmetric(2), c = symmetric(3);
  Vector theta = Vector::Constant(3 * n * (n + 1) / 2 + 2, 7.0);  // two trailing entries stay
  pack_symmetric(a, b, c, theta);
  CHECK(theta(0) == a(0, 0));
  CHECK(theta(1) == a(0, 1));
  CHECK(theta(2) == a(1, 1));
  CHECK(theta(6) == b(0, 0));
  CHECK(theta.tail(2) == Vector::Constant(2, 7.0));
  Matrix a2, b2, c2;
  unpack_symmetric(theta, n, a2, b2, c2);
  CHECK(a2 == a);
  CHECK(b2 == b);
  CHECK(c2 == c);
}
