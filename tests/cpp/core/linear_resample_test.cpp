#include <catch2/catch.hpp>

#include "core/input_error.hpp"
#include "core/linear_resample.hpp"

using namespace mechid;

TEST_CASE("resample_linear: exact on a line, hand-computed between samples, refuses sizes", "[linear_resample]") {
  Vector times(4), at(4);
  times << 0.0, 0.13, 0.19, 0.3;
  at << 0.0, 0.1, 0.2, 0.3;
  // x = 2 + 5t is linear: every resampled value is the line's.
  const Vector line = (2.0 + 5.0 * times.array()).matrix();
  const Vector r = resample_linear(times, line, at);
  for (Eigen::Index k = 0; k < at.size(); ++k) CHECK(r(k) == Approx(2.0 + 5.0 * at(k)).epsilon(1e-15));
  // Values 0, 1, 0, 1: at 0.1, w = 0.1/0.13 between 0 and 1; at 0.2, w = 0.01/0.11 between 0 and 1.
  Vector zigzag(4);
  zigzag << 0.0, 1.0, 0.0, 1.0;
  const Vector z = resample_linear(times, zigzag, at);
  CHECK(z(0) == 0.0);
  CHECK(z(1) == Approx(0.1 / 0.13).epsilon(1e-15));
  CHECK(z(2) == Approx(0.01 / 0.11).epsilon(1e-14));
  CHECK(z(3) == 1.0);
  CHECK_THROWS_AS(resample_linear(times, Vector::Zero(3), at), InputError);
  CHECK_THROWS_AS(resample_linear(Vector::Zero(1), Vector::Zero(1), at), InputError);
}
