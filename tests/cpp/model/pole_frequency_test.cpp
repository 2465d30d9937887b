#include <catch2/catch.hpp>

#include <cmath>

#include "core/math_constants.hpp"
#include "model/pole_frequency.hpp"

using namespace mechid;

TEST_CASE("pole_frequency: the pole of a 3 Hz mode with 5 % damping gives them back", "[pole_frequency]") {
  const double w = kTwoPi * 3.0, zeta = 0.05;
  const PoleFrequency p = pole_frequency({-zeta * w, w * std::sqrt(1 - zeta * zeta)});
  CHECK(p.omega_n == Approx(w).epsilon(1e-15));
  CHECK(p.freq_hz == Approx(3.0).epsilon(1e-15));
  CHECK(p.zeta == Approx(zeta).epsilon(1e-14));
  // The conjugate has the same frequency and damping; a real negative pole is critically damped.
  CHECK(pole_frequency({-zeta * w, -w * std::sqrt(1 - zeta * zeta)}).zeta == Approx(zeta).epsilon(1e-14));
  CHECK(pole_frequency({-2.0, 0.0}).zeta == 1.0);
  CHECK(pole_frequency({-2.0, 0.0}).freq_hz == Approx(2.0 / kTwoPi).epsilon(1e-15));
  const PoleFrequency zero = pole_frequency({0.0, 0.0});
  CHECK(zero.freq_hz == 0.0);
  CHECK(zero.zeta == 0.0);
}
