// Modes close together in output-only modal analysis, end to end: two modes 1.6 % apart separated
// at the defaults; and output_only_modes' second analysis when the automatic block rows leave peaks
// of the spectrum without a mode (output_only_modes.cpp, with_longer_lags): seven lightly damped
// modes in the band 2–15 Hz (two of them 0.3 Hz apart) seen by 3 of 15 DOF beside eight stronger
// modes above the band, as the F-16 GVT record's accelerations show them (docs/results.md,
// "Output-only modal analysis"): the default lags (half a period of 2 Hz) and orders to 60 find at
// most two of them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>

#include <Eigen/QR>

#include "../../advice_checks.hpp"
#include "analysis/oma/oma_cost.hpp"
#include "analysis/oma/output_only_modes.hpp"
#include "core/math_constants.hpp"
#include "core/rng.hpp"
#include "shear_frame.hpp"

using namespace mechid;
using test::has_advice;

namespace {

// M = I and shapes Φ orthonormal (the Q of a QR of a Gaussian matrix, seed 3), every mode with
// ζ = 0.5 %: K = Φ diag(ω²) Φᵀ, D = Φ diag(2ζω) Φᵀ.
test::ShearFrame modal_system(const Vector& freq_hz, double zeta = 0.005) {
  const Eigen::Index n = freq_hz.size();
  test::ShearFrame f;
  f.freq_hz = freq_hz;
  Random rng(3);
  Matrix gaussian(n, n);
  for (Eigen::Index i = 0; i < gaussian.size(); ++i) gaussian.data()[i] = rng.normal();
  f.shapes = Eigen::HouseholderQR<Matrix>(gaussian).householderQ() * Matrix::Identity(n, n);
  const Vector omega = kTwoPi * freq_hz;
  MechanicalSystem& s = f.system;
  s.name = "modal system";
  s.M = Matrix::Identity(n, n);
  s.K = f.shapes * omega.cwiseAbs2().asDiagonal() * f.shapes.transpose();
  s.D = f.shapes * (2.0 * zeta * omega).asDiagonal() * f.shapes.transpose();
  s.L = Matrix::Identity(n, n);
  return f;
}

// The exact frequencies in the band matched by a mode within 0.5 %.
Eigen::Index found_in_band(const OmaResult& r, const Vector& exact, double hi) {
  return Eigen::Index(std::count_if(exact.begin(), exact.end(), [&](double f) {
    return f <= hi && std::any_of(r.modes.begin(), r.modes.end(), [&](const OmaMode& m) { return std::abs(m.freq_hz - f) <= 0.005 * f; });
  }));
}

}  // namespace

TEST_CASE("oma separates two modes 1.6 % apart in an ambient record at the defaults", "[oma]") {
  // 5.00 and 5.08 Hz, ζ = 1 %, both DOF measured (shapes orthogonal), 300 s at 100 Hz, 5 % noise.
  Vector freq_hz(2);
  freq_hz << 5.0, 5.08;
  const test::ShearFrame f = modal_system(freq_hz, 0.01);
  const double h = 0.01;
  const Matrix y = test::ambient_accelerations(f, 30000, h, 0.05, 11);
  OmaOptions o;
  o.band_lo_hz = 2.0;
  o.band_hi_hz = 15.0;
  const OmaResult r = output_only_modes(y, h, o);
  std::string found;
  for (const OmaMode& m : r.modes) found += std::to_string(m.freq_hz) + " Hz (zeta " + std::to_string(m.zeta) + ") ";
  INFO("found " << found << "\n" << test::advice_codes(r));
  REQUIRE(r.modes.size() == 2);
  for (Eigen::Index j = 0; j < 2; ++j) {
    const OmaMode& mode = r.modes[std::size_t(j)];
    CHECK(std::abs(mode.freq_hz - freq_hz(j)) <= 0.005 * freq_hz(j));  // each within 0.5 %, far inside the 1.6 % gap
    CHECK(std::abs(mode.zeta - 0.01) <= 3.2498 / 2.2622 * mode.zeta_half95);  // inside its 99 % interval
    // its shape is the exact one (MAC of real shapes)
    const Vector exact = f.shapes.col(j);
    const double mac = std::pow(mode.shape.dot(exact), 2) / (mode.shape.squaredNorm() * exact.squaredNorm());
    CHECK(mac >= 0.99);
  }
  CHECK(r.status == Status::ok);
}

TEST_CASE("oma redoes an analysis with longer lags and higher orders when spectrum peaks in the band have no mode", "[oma]") {
  Vector freq_hz(15);
  freq_hz << 3, 5, 5.3, 6, 7, 9, 12, 20, 25, 30, 35, 40, 45, 48, 49;
  const test::ShearFrame f = modal_system(freq_hz);
  const double h = 0.01;
  const Matrix y = test::ambient_accelerations(f, 30000, h, 0.05, 7).leftCols(3);
  OmaOptions o;
  o.band_lo_hz = 2.0;
  o.band_hi_hz = 15.0;
  const Eigen::Index automatic = oma_block_rows(o, h, 3, 3);

  // The defaults: a second analysis with lags spanning 1/Δf of the closest modes and peaks
  // (0.3 Hz: ⌈(1/(0.3 · 0.01) + 1)/2⌉ = 167 block rows, or so for the spacing the first analysis
  // saw) and orders to 120 finds all seven, and says so in a note; no peak is left.
  const OmaResult r = output_only_modes(y, h, o);
  std::string found;
  for (const OmaMode& m : r.modes) found += std::to_string(m.freq_hz) + " Hz ";
  INFO("found " << found << "with " << r.block_rows << " block rows, orders to " << r.max_order << "\n" << test::advice_codes(r));
  CHECK(found_in_band(r, freq_hz, 15.0) == 7);
  CHECK(r.modes.size() == 7);
  CHECK(r.block_rows >= 140);
  CHECK(r.max_order == 120);
  CHECK(has_advice(r, AdviceCode::longer_lags));
  CHECK_FALSE(has_advice(r, AdviceCode::undetermined));
  CHECK(r.status == Status::ok);  // a note leaves the status alone

  // The first analysis alone (the automatic block rows given, or a work limit that leaves no room
  // for the second): at most two of the seven, and a warning.
  OmaOptions given = o;
  given.block_rows = automatic;
  OmaOptions limited = o;
  limited.max_work = 1.01 * oma_work(y, h, o).flops;
  for (const OmaOptions& first : {given, limited}) {
    const OmaResult one = output_only_modes(y, h, first);
    INFO(test::advice_codes(one));
    CHECK(one.block_rows == automatic);
    CHECK(found_in_band(one, freq_hz, 15.0) <= 2);
    CHECK_FALSE(has_advice(one, AdviceCode::longer_lags));
    CHECK(has_advice(one, AdviceCode::undetermined));
    CHECK(one.status == Status::warning);
  }
}
