#include <catch2/catch.hpp>

#include <cmath>

#include "core/input_error.hpp"
#include "model/mode_visibility.hpp"

using namespace mechid;

namespace {

// Three equal masses between two walls, springs 1, damping 0.01 K: the modes are (1, √2, 1)/2,
// (1, 0, −1)/√2 and (1, −√2, 1)/2 at ω² = 2 − √2, 2, 2 + √2 (a closed form), so the middle DOF
// is the second mode's node.
MechanicalSystem chain() {
  MechanicalSystem s;
  s.M = Matrix::Identity(3, 3);
  s.K = Matrix(3, 3);
  s.K << 2, -1, 0, -1, 2, -1, 0, -1, 2;
  s.D = 0.01 * s.K;
  s.L = Matrix::Identity(3, 3);
  return s;
}

Matrix force_on(Eigen::Index dof) {
  Matrix L = Matrix::Zero(3, 1);
  L(dof, 0) = 1.0;
  return L;
}

}  // namespace

TEST_CASE("a force at a mode's node leaves that mode not observable, named in a warning") {
  ModalResult r = modal_analysis(chain());
  REQUIRE(r.status == Status::ok);
  const auto v = assess_test_setup(r, force_on(1), {0, 2}, 0);
  CHECK(v[1].participation_percent < 1e-10);
  CHECK_FALSE(v[1].observable);
  CHECK(v[0].observable);
  CHECK(v[2].observable);
  REQUIRE(r.warnings.size() == 1);
  CHECK(r.warnings[0].find(format_digits(r.modes[1].freq_hz, 4) + " Hz") != std::string::npos);
  CHECK(r.status == Status::warning);
}

TEST_CASE("participation is each mode's FRF peak: the closed form of the symmetric chain") {
  // Force and sensor at DOF 1, displacements: peak_r = φ_1r² / (2 ζ_r ω_r²) with ζ_r ω_r = 0.005 ω_r²,
  // so peak_r = φ_1r² / (0.01 ω_r³): 1/4, 1/2, 1/4 over (2 − √2)^1.5, 2^1.5, (2 + √2)^1.5.
  ModalResult r = modal_analysis(chain());
  const auto v = assess_test_setup(r, force_on(0), {0}, 0);
  const double s2 = std::sqrt(2.0);
  const double peaks[3] = {0.25 / std::pow(2 - s2, 1.5), 0.5 / std::pow(2.0, 1.5), 0.25 / std::pow(2 + s2, 1.5)};
  for (int i = 0; i < 3; ++i) CHECK(v[std::size_t(i)].participation_percent == Approx(100.0 * peaks[i] / peaks[0]).epsilon(1e-9));
  CHECK(r.warnings.empty());
  // Accelerations weigh each peak by ω_r²: the highest mode becomes the largest relative to the first.
  ModalResult a = modal_analysis(chain());
  const auto va = assess_test_setup(a, force_on(0), {0}, 2);
  CHECK(va[2].participation_percent / va[0].participation_percent ==
        Approx((peaks[2] * (2 + s2)) / (peaks[0] * (2 - s2))).epsilon(1e-9));
}

TEST_CASE("a test set-up out of range is refused naming what is wrong") {
  ModalResult r = modal_analysis(chain());
  CHECK_THROWS_AS(assess_test_setup(r, force_on(0), {3}, 0), InputError);
  CHECK_THROWS_AS(assess_test_setup(r, Matrix::Zero(2, 1), {0}, 0), InputError);
  CHECK_THROWS_AS(assess_test_setup(r, force_on(0), {}, 0), InputError);
}
