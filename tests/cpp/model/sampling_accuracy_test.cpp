#include <catch2/catch.hpp>

#include <cmath>

#include "model/sampling_accuracy.hpp"

using namespace mechid;

TEST_CASE("the midpoint frequency error is (ωh)²/12 to leading order, and infinite from ωh = π") {
  for (const double x : {1e-3, 1e-2, 0.05}) CHECK(midpoint_frequency_error(x / 0.1, 0.1) == Approx(x * x / 12).epsilon(1e-3));
  CHECK(std::isinf(midpoint_frequency_error(M_PI / 0.1, 0.1)));
  // In words, never "errs by inf %": a finite error is printed as a percentage, ωh >= π as a sentence.
  CHECK_THAT(midpoint_error_words(0.05 / 0.1, 0.1), Catch::Contains("errs by 0.0208 % in frequency"));
  CHECK_THAT(midpoint_error_words(M_PI / 0.1, 0.1), Catch::Contains("cannot represent this frequency"));
  CHECK_THAT(midpoint_error_words(M_PI / 0.1, 0.1), !Catch::Contains("inf"));
}

TEST_CASE("below_nyquist: every mode's ω_n·h below π, an empty list trivially") {
  std::vector<Mode> modes(2);
  modes[0].omega_n = 1.0;
  modes[1].omega_n = 30.0;
  CHECK(below_nyquist(modes, 0.1));        // 3.0 < π
  CHECK(!below_nyquist(modes, 0.11));      // 3.3 > π
  CHECK(below_nyquist({}, 10.0));
  CHECK(!below_nyquist(modes, M_PI / 30.0));  // at π: the alias of itself, not below
}
