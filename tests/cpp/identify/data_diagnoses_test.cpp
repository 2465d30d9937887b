// The numerics review of e622506, problem 9: diagnoses that name their cause, on the review's
// record (3dof, h = 0.05, N = 3000, SNR 30 dB, seed 7, held PRBS forces at every DOF), each
// asserted by its advice code and the channel it names, and silent on clean records.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "../advice_checks.hpp"
#include "fixtures.hpp"
#include "identify/data_diagnoses.hpp"
#include "identify/methods.hpp"
#include "model/presets.hpp"

using namespace mechid;

namespace {

const Dataset& review_record() {
  static const Dataset d = fixtures::simulated(preset("3dof"), 0.05, 3000, 30.0, 7);
  return d;
}

using test::advice_codes;
using test::find_advice;

double output_rms(const Dataset& d, Eigen::Index c) { return std::sqrt(d.y.col(c).squaredNorm() / static_cast<double>(d.y.rows())); }

}  // namespace

TEST_CASE("data diagnoses: one output with the wrong sign is named, with the flip that fixes it") {
  Dataset d = review_record();
  d.y.col(1) *= -1.0;  // the review's --scale q2=-1
  const Identification r = identify("auto", d, IdentifyOptions{});
  INFO(advice_codes(r));
  CHECK(r.status == Status::warning);
  CHECK_FALSE(r.sign_reversed);
  const Advice* a = find_advice(r, AdviceCode::sign_flipped);
  REQUIRE(a);
  CHECK(a->level == AdviceLevel::warning);
  CHECK_THAT(a->message, Catch::StartsWith("Output q2 seems to have the wrong sign"));
  CHECK_THAT(a->action, Catch::Contains("the factor q2=-1"));
  CHECK_FALSE(find_advice(r, AdviceCode::aliasing));
}

TEST_CASE("data diagnoses: outputs in mixed units are named with their RMS ratios and factors") {
  Dataset d = review_record();
  d.y.col(1) *= 1e3;  // the review's --scale q2=1e3,q3=1e6
  d.y.col(2) *= 1e6;
  const Identification r = identify("auto", d, IdentifyOptions{});
  INFO(advice_codes(r));
  const Advice* a = find_advice(r, AdviceCode::mixed_units);
  REQUIRE(a);
  CHECK_THAT(a->message, Catch::Contains("different units") && Catch::Contains("q2") && Catch::Contains("q3"));
  CHECK_THAT(a->action, Catch::Contains("the factors q2=1e-3,q3=1e-6"));
  CHECK_FALSE(find_advice(r, AdviceCode::sign_flipped));
}

TEST_CASE("data diagnoses: mixed units that the model absorbs (one force, at DOF 1) give no advice and the truth") {
  // With L = e1 the outputs q2, q3 in other units are the system T M T, T D T, T K T with the same
  // L: the estimate is right in those units, and no diagnosis may fire.
  MechanicalSystem one = preset("3dof");
  one.L = Matrix::Identity(3, 3).leftCols(1);
  Dataset scaled = fixtures::simulated(one, 0.05, 3000, 30.0, 7);
  const Vector T = (Vector(3) << 1.0, 1e3, 1e6).finished();
  scaled.y = scaled.y * T.asDiagonal();
  IdentifyOptions options;
  options.force_dofs = {1};
  const Identification r = identify("auto", scaled, options);
  INFO(r.message << "\n" << advice_codes(r));
  CHECK(r.advice.empty());
  MechanicalSystem in_units = one;
  const Matrix Ti = T.cwiseInverse().asDiagonal();
  in_units.M = Ti * one.M * Ti;
  in_units.D = Ti * one.D * Ti;
  in_units.K = Ti * one.K * Ti;
  const RelativeErrors e = relative_errors(r.system, in_units);
  CHECK(e.M < 0.05);
  CHECK(e.K < 0.05);
}

TEST_CASE("data diagnoses: a constant offset in q1 and q2 suggests --offset, which recovers the clean estimate") {
  Dataset d = review_record();
  for (Eigen::Index c : {0, 1}) d.y.col(c).array() += 0.1 * output_rms(review_record(), c);
  const Identification r = identify("auto", d, IdentifyOptions{});
  INFO(advice_codes(r));
  const Advice* a = find_advice(r, AdviceCode::offset);
  REQUIRE(a);
  CHECK_THAT(a->message, Catch::StartsWith("Outputs q1 and q2 seem to carry a constant offset"));
  CHECK_THAT(a->action, Catch::Contains("with a force offset in the model"));
  CHECK_FALSE(find_advice(r, AdviceCode::drift));
  IdentifyOptions with_offset;
  with_offset.offset = true;
  const Identification fixed = identify("auto", d, with_offset);
  INFO(advice_codes(fixed));
  CHECK(fixed.advice.empty());
  const RelativeErrors e = relative_errors(fixed.system, preset("3dof"));
  CHECK(e.M < 0.005);
  CHECK(e.K < 0.005);
}

TEST_CASE("data diagnoses: a linear drift in q1 is named as drift, with detrending as the remedy") {
  Dataset d = review_record();
  d.y.col(0) += 0.1 * output_rms(review_record(), 0) * Vector::LinSpaced(d.y.rows(), 0.0, 1.0);
  const Identification r = identify("auto", d, IdentifyOptions{});
  INFO(advice_codes(r));
  const Advice* a = find_advice(r, AdviceCode::drift);
  REQUIRE(a);
  CHECK_THAT(a->message, Catch::StartsWith("Output q1 seems to drift"));
  CHECK_THAT(a->action, Catch::Contains("remove the trend"));
  CHECK_FALSE(find_advice(r, AdviceCode::offset));
}

TEST_CASE("data diagnoses: h = 2 puts modes 2 and 3 beyond the Nyquist frequency and the result says aliasing") {
  const Dataset d = fixtures::simulated(preset("3dof"), 2.0, 3000, 30.0, 7);
  const Identification r = identify("auto", d, IdentifyOptions{});
  INFO(advice_codes(r));
  const Advice* a = find_advice(r, AdviceCode::aliasing);
  REQUIRE(a);
  CHECK_THAT(a->message, Catch::Contains("π/h = 1.571 rad/s"));
  CHECK_THAT(a->action, Catch::Contains("sample faster") && Catch::Contains("anti-alias"));
}

TEST_CASE("data diagnoses: an identified mode beyond the Nyquist frequency is named as aliasing") {
  // The review's e622506 result at h = 2: a mode at 11 556 rad/s (ζ 4310).
  const MechanicalSystem s = preset("3dof");
  ModalResult modal;
  Mode fast;
  fast.omega_n = 11556.0;
  fast.zeta = 4310.0;
  modal.modes = {fast};
  const ValidationReport fits;  // residuals white: no other diagnosis
  const std::vector<Advice> advice = diagnose_data({s, true, true, false, false, false, modal, fits}, review_record());
  REQUIRE(advice.size() == 1);  // h = 0.05 here: π/h = 62.83 rad/s
  CHECK(advice.front().code == AdviceCode::aliasing);
  CHECK_THAT(advice.front().message, Catch::StartsWith("A mode at 1.156e+04 rad/s lies beyond the Nyquist frequency π/h = 62.83 rad/s"));
}

TEST_CASE("data diagnoses: all-negative M, D, K get sign advice only when the estimate fits") {
  ValidationReport fits;
  fits.fit_percent = Vector::Constant(2, 96.0);
  CHECK_FALSE(fits_poorly(fits));
  const Advice flip = reversed_sign_advice(fits);
  CHECK(flip.code == AdviceCode::sign_flipped);
  CHECK_THAT(flip.message, Catch::Contains("flip the sign of the input columns"));
  ValidationReport garbage;
  garbage.fit_percent = (Vector(2) << 12.0, -40.0).finished();
  garbage.residuals_white = false;
  CHECK(fits_poorly(garbage));
  const Advice poor = reversed_sign_advice(garbage);
  CHECK(poor.code == AdviceCode::poor_fit);
  CHECK(poor.level == AdviceLevel::warning);
  CHECK_THAT(poor.message + poor.detail + poor.action, !Catch::Contains("flip the sign of the input"));
  // At low SNR a correct model fits poorly with white residuals: the sign advice stands.
  ValidationReport noisy;
  noisy.fit_percent = Vector::Constant(2, 30.0);
  CHECK_FALSE(fits_poorly(noisy));
  CHECK(reversed_sign_advice(noisy).code == AdviceCode::sign_flipped);
}

TEST_CASE("data diagnoses stay silent on clean records of several presets, SNRs and inputs") {
  struct Case {
    const char* system;
    double h, snr;
    Eigen::Index n;
    std::uint64_t seed;
    InputKind input;
  };
  const Case cases[] = {{"3dof", 0.05, 30.0, 3000, 7, InputKind::prbs},     {"3dof", 0.05, 10.0, 3000, 3, InputKind::prbs},
                        {"3dof", 0.05, INFINITY, 3000, 1, InputKind::prbs}, {"3dof", 0.6, 40.0, 3000, 1, InputKind::multisine},
                        {"3dof", 0.2, 20.0, 2000, 5, InputKind::multisine}, {"8dof", 0.02, 30.0, 3000, 2, InputKind::prbs},
                        {"msd", 0.05, 30.0, 2000, 4, InputKind::prbs}};
  for (const Case& c : cases) {
    const Dataset d = fixtures::simulated(preset(c.system), c.h, c.n, c.snr, c.seed, c.input);
    const Identification r = identify("auto", d, IdentifyOptions{});
    INFO(c.system << " h " << c.h << " SNR " << c.snr << " seed " << c.seed << ": " << r.message << "\n" << advice_codes(r));
    CHECK_FALSE(find_advice(r, AdviceCode::sign_flipped));
    CHECK_FALSE(find_advice(r, AdviceCode::mixed_units));
    CHECK_FALSE(find_advice(r, AdviceCode::offset));
    CHECK_FALSE(find_advice(r, AdviceCode::drift));
    CHECK_FALSE(find_advice(r, AdviceCode::aliasing));
    CHECK_FALSE(find_advice(r, AdviceCode::poor_fit));
    CHECK_FALSE(find_advice(r, AdviceCode::friction));
  }
}
