#include <catch2/catch.hpp>

#include <cmath>

#include "core/interval95.hpp"

using namespace mechid;

TEST_CASE("half_width95 is z95 sd with Φ(z95) = 0.975 (the two-sided 95 % normal interval)") {
  // Φ(z) = (1 + erf(z/√2))/2, independent of the constant the core stores.
  const double z = half_width95(1.0);
  CHECK(0.5 * (1.0 + std::erf(z / std::sqrt(2.0))) == Approx(0.975).epsilon(1e-14));
  CHECK(z == Approx(1.96).epsilon(1e-4));
  Matrix sd(2, 2);
  sd << 0.5, 0.0, 2.0, 1e-3;
  const Matrix half = half_width95(sd);
  for (Eigen::Index i = 0; i < 4; ++i) CHECK(half(i) == Approx(z * sd(i)).epsilon(1e-15));
  CHECK(half(0, 1) == 0.0);  // an entry the structure fixes keeps no interval
  const std::vector<double> list = half_width95(std::vector<double>{0.25, 4.0});
  CHECK(list[0] == Approx(0.25 * z).epsilon(1e-15));
  CHECK(list[1] == Approx(4.0 * z).epsilon(1e-15));
  CHECK(std::isnan(half_width95(NAN)));
}
