#include <catch2/catch.hpp>

#include <complex>

#include "analysis/mac.hpp"
#include "core/input_error.hpp"

using namespace mechid;
using Complex = std::complex<double>;

TEST_CASE("mac_matrix: a shape against itself (or a complex multiple of it) is 1, orthogonal shapes 0") {
  Eigen::MatrixXcd a(3, 2);
  a.col(0) << Complex(1, 0.5), Complex(-2, 0), Complex(0.3, -1);
  // A second shape orthogonal to the first in the Hermitian inner product: a0ᴴ a1 = 0.
  a.col(1) << Complex(2, 0), Complex(1, 0), Complex(0, 0);
  a.col(1) -= (a.col(0).dot(a.col(1)) / a.col(0).squaredNorm()) * a.col(0);
  REQUIRE(std::abs(a.col(0).dot(a.col(1))) < 1e-14);
  Eigen::MatrixXcd b(3, 3);
  b.col(0) = a.col(0);
  b.col(1) = Complex(-0.7, 2.1) * a.col(0);  // the same mode, scaled and turned
  b.col(2) = a.col(1);
  const Matrix mac = mac_matrix(a, b);
  REQUIRE(mac.rows() == 2);
  REQUIRE(mac.cols() == 3);
  CHECK(mac(0, 0) == Approx(1.0).epsilon(1e-14));
  CHECK(mac(0, 1) == Approx(1.0).epsilon(1e-14));
  CHECK(mac(0, 2) == Approx(0.0).margin(1e-14));
  CHECK(mac(1, 0) == Approx(0.0).margin(1e-14));
  CHECK(mac(1, 2) == Approx(1.0).epsilon(1e-14));
}

TEST_CASE("mac_matrix: real shapes at 45 degrees have MAC cos² = 1/2, shapes of different lengths are refused") {
  Eigen::MatrixXcd a(2, 1), b(2, 1);
  a << Complex(1, 0), Complex(0, 0);
  b << Complex(1, 0), Complex(1, 0);
  CHECK(mac_matrix(a, b)(0, 0) == Approx(0.5).epsilon(1e-15));
  const Eigen::MatrixXcd c = Eigen::MatrixXcd::Ones(3, 1);
  try {
    mac_matrix(a, c);
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(e.option() == "shapes");
  }
}
