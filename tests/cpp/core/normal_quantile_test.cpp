#include <catch2/catch.hpp>

#include <cmath>

#include "core/normal_quantile.hpp"

using namespace mechid;

TEST_CASE("z95 is the 97.5 % quantile of the standard normal: Φ(z95) = 0.975") {
  // Φ(z) = erfc(-z/√2)/2; the double nearest the quantile gives 0.975 to rounding.
  const auto phi = [](double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); };
  CHECK(phi(kZ95) == Approx(0.975).epsilon(1e-15));
  // Two-sided: 95 % of the mass within ± z95.
  CHECK(phi(kZ95) - phi(-kZ95) == Approx(0.95).epsilon(1e-15));
  // Φ' = φ ≈ 0.058 there, so one ulp-scale error in z95 is far below the tolerance above; a wrong
  // digit would not be: 1.96 gives Φ = 0.97500211.
  CHECK(std::abs(phi(1.96) - 0.975) > 1e-6);
}
