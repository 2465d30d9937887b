#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "../sampled_records.hpp"
#include "analysis/impact/hammer_test.hpp"
#include "core/input_error.hpp"
#include "core/math_constants.hpp"
#include "core/rng.hpp"

using namespace mechid;
using test::respond;
using test::sampled;

namespace {

// A tap train on a single-DOF system (m = 1 kg, f_n = 25 Hz, ζ = 0.01), sampled at 2 kHz, force
// on the mass, its acceleration measured: ten half-sine pulses of 5 ms (10 samples) at uneven
// spacings of at least 4000 samples (the hits' automatic length, the shortest spacing of the
// trigger crossings: about 2 s, lines every 0.5 Hz), peaks
// 80…125 N. Hit 4 is a double hit (a second pulse of 40 % 30 ms later); hit 7's force reaches
// 300 N but the force channel clips at 150 N (the structure feels the whole pulse). The response
// has decayed to e^{−ζω·2 s} = 4 % by the next hit, so the exponential window is needed.
struct TapTrain {
  Vector force;  // as recorded (hit 7 clipped)
  Matrix acceleration;
  double h = 0.0005;
  double f_n = 25.0, zeta = 0.01;
};

void half_sine(Vector& f, Eigen::Index first, double peak) {
  for (Eigen::Index k = 0; k < 10; ++k) f(first + k) += peak * std::sin(kPi * (double(k) + 0.5) / 10.0);
}

TapTrain tap_train(double noise) {
  TapTrain t;
  const double w = kTwoPi * t.f_n;
  MechanicalSystem s;
  s.M = Matrix::Constant(1, 1, 1.0);
  s.K = Matrix::Constant(1, 1, w * w);
  s.D = Matrix::Constant(1, 1, 2.0 * t.zeta * w);
  s.L = Matrix::Identity(1, 1);
  const Eigen::Index gaps[] = {4000, 4100, 4300, 4050, 4200, 4000, 4150, 4400, 4020};
  const double peaks[] = {100, 90, 110, 120, 95, 105, 300, 85, 125, 80};
  const Eigen::Index N = 42000;
  Vector f = Vector::Zero(N);
  Eigen::Index at = 300;
  for (int hit = 0; hit < 10; ++hit) {
    half_sine(f, at, peaks[hit]);
    if (hit == 3) half_sine(f, at + 60, 0.4 * peaks[hit]);
    if (hit < 9) at += gaps[hit];
  }
  t.acceleration = respond(sampled(s, 0, {0}, true, t.h), f);
  Random rng(54);
  const double rms = std::sqrt(t.acceleration.squaredNorm() / double(N));
  for (Eigen::Index i = 0; i < N; ++i) t.acceleration(i, 0) += noise * rms * rng.normal();
  t.force = f.cwiseMin(150.0);
  return t;
}

HammerOptions band_options() {
  HammerOptions o;
  o.modes.frf.band_lo_hz = 10.0;
  o.modes.frf.band_hi_hz = 50.0;
  o.modes.max_order = 16;
  o.modes.outputs = {Response::acceleration};
  return o;
}

}  // namespace

TEST_CASE("hammer test: a tap train's double hit and clipped hit are rejected with their reasons and times") {
  const TapTrain t = tap_train(0.001);
  const ImpactHits found = find_impact_hits(t.force, t.acceleration, ImpactHitOptions{});
  // The crossings of the level (15 N) move by a sample or two with the peaks.
  CHECK(found.length >= 3985);
  CHECK(found.length <= 4000);
  CHECK(found.pretrigger == found.length / 32);
  REQUIRE(found.hits.size() == 10);
  for (std::size_t i = 0; i < 10; ++i) {
    INFO("hit " << i + 1);
    const bool bad = i == 3 || i == 6;
    CHECK(found.hits[i].accepted == !bad);
    CHECK(found.hits[i].reason == (i == 3 ? HitRejection::double_hit : i == 6 ? HitRejection::overload : HitRejection::none));
  }
  // The double hit's second pulse starts 60 samples after the first; the clipped samples of hit 7
  // are those of 300 sin(π(k + ½)/10) ≥ 150, from k = 2 (k = 0 triggers: 47 N), on the force channel (0).
  CHECK(found.hits[3].reason_sample - (found.hits[3].trigger - 1) >= 60);
  CHECK(found.hits[3].reason_sample - found.hits[3].trigger <= 62);
  CHECK(found.hits[6].reason_channel == 0);
  CHECK(found.hits[6].reason_sample == found.hits[6].trigger + 2);
}

TEST_CASE("hammer test: the averaged FRF's mode within 1 % and its damping corrected for the exponential window within 10 %") {
  const TapTrain t = tap_train(0.001);
  const HammerTest r = hammer_test(t.force, t.acceleration, t.h, band_options());
  REQUIRE_FALSE(r.failed());
  CHECK(r.averages == 8);
  CHECK(r.status == Status::warning);  // the two rejected hits are named
  const double T = double(r.hits.length) * t.h;
  CHECK(r.tau_s == Approx(T / std::log(100.0)));
  CHECK(r.decay_rate == Approx(std::log(100.0) / T));
  CHECK(r.damping_corrected);
  // The FRF's largest |H| on the lines (about 0.5 Hz apart): the line nearest 25 Hz.
  Eigen::Index peak = 0;
  double largest = 0.0;
  for (std::size_t i = 0; i < r.frf.H1.size(); ++i)
    if (std::abs(r.frf.H1[i](0, 0)) > largest) largest = std::abs(r.frf.H1[i](0, 0)), peak = Eigen::Index(i);
  CHECK(std::abs(r.frf.freq_hz(peak) - t.f_n) <= 0.01 * t.f_n);
  CHECK(r.frf.coherence(peak, 0) > 0.99);
  REQUIRE(r.modes.modes.size() == 1);
  const BandMode& m = r.modes.modes[0];
  CHECK(std::abs(m.freq_hz - t.f_n) <= 0.01 * t.f_n);
  CHECK(std::abs(m.zeta - t.zeta) <= 0.1 * t.zeta);
  // Uncorrected, the window's 1/τ = 2.3 s⁻¹ would add 1/(τ ω_n) = 0.0147 to ζ = 0.01.
  REQUIRE(r.zeta_windowed.size() == 1);
  CHECK(r.zeta_windowed[0] > 2.0 * t.zeta);
  CHECK(r.zeta_windowed[0] - m.zeta == Approx(r.decay_rate / (kTwoPi * t.f_n)).epsilon(0.02));
}

TEST_CASE("hammer test: averaging the double hit and the clipped hit biases the FRF the rejection protects") {
  // The same train with every hit accepted: the clipped force understates the force of hit 7 and
  // the double hit's second pulse is cut by the force window, so H1 at 25 Hz is off by more than
  // the accepted hits' average is.
  const TapTrain t = tap_train(0.001);
  HammerOptions all = band_options();
  all.accept = {4, 7};
  const HammerTest biased = hammer_test(t.force, t.acceleration, t.h, all);
  const HammerTest clean = hammer_test(t.force, t.acceleration, t.h, band_options());
  REQUIRE(biased.averages == 10);
  CHECK(biased.hits.hits[3].reason == HitRejection::double_hit);  // accepted, its fault still named
  Eigen::Index line = 0;  // the line nearest 25 Hz
  (clean.frf.freq_hz.array() - 25.0).abs().minCoeff(&line);
  CHECK(clean.frf.coherence(line, 0) > biased.frf.coherence(line, 0));
}

TEST_CASE("hammer test: the damping correction against its closed form") {
  // A pole λ = ω(−ζ + i√(1 − ζ²)) windowed by e^{−t/τ} is λ − 1/τ: its ζ_w, f_w corrected back.
  const double f = 12.5, zeta = 0.004, decay = 3.0, w = kTwoPi * f;
  const std::complex<double> pole = w * std::complex<double>(-zeta, std::sqrt(1.0 - zeta * zeta)), windowed = pole - decay;
  const double f_w = std::abs(windowed) / kTwoPi, zeta_w = -windowed.real() / std::abs(windowed);
  CHECK(zeta_without_window(f_w, zeta_w, decay) == Approx(zeta).epsilon(1e-10));
  // To first order, ζ = ζ_w − 1/(τ ω_n) (Fladung & Rost 1997).
  CHECK(zeta_w - decay / w == Approx(zeta).epsilon(0.01));
  CHECK(zeta_without_window(f_w, zeta_w, 0.0) == Approx(zeta_w));
}

TEST_CASE("hammer test: bad options and records name the option") {
  const TapTrain t = tap_train(0.0);
  HammerOptions o;
  o.hits.trigger = 1.5;
  CHECK_THROWS_AS(hammer_test(t.force, t.acceleration, t.h, o), InputError);
  o = HammerOptions{};
  o.reject = {11};
  try {
    hammer_test(t.force, t.acceleration, t.h, o);
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(e.option() == "reject");
  }
  o = HammerOptions{};
  o.reject = {1, 2, 3, 5, 6, 8, 9, 10};
  const HammerTest none = hammer_test(t.force, t.acceleration, t.h, o);
  CHECK(none.failed());
  CHECK_THROWS_AS(hammer_test(Vector::Zero(100), Matrix::Zero(100, 1), t.h, HammerOptions{}), InputError);
}

TEST_CASE("hammer test: a quantized smooth peak is not an overload, the same signal clipped is") {
  // A 10 Hz sine of 30000 counts at 44.1 kHz, rounded to whole counts, repeats its top value over
  // about 11 samples (30000 (1 − cos θ) < 0.5 for |θ| < 0.0058 rad) and leaves it by one count; clipped
  // at 24000 counts it enters its rail by a jump of about 20 counts. One force pulse triggers the hit.
  const double h = 1.0 / 44100.0;
  const Eigen::Index N = 9000;
  Vector force = Vector::Zero(N);
  half_sine(force, 200, 1000.0);
  Matrix y(N, 2);
  for (Eigen::Index i = 0; i < N; ++i) {
    y(i, 0) = std::round(30000.0 * std::sin(kTwoPi * 10.0 * double(i) * h));
    y(i, 1) = std::clamp(y(i, 0), -24000.0, 24000.0);
  }
  ImpactHitOptions o;
  o.length = 8000;
  o.pretrigger = 100;
  const ImpactHits smooth = find_impact_hits(force, y.leftCols(1), o);
  REQUIRE(smooth.hits.size() == 1);
  CHECK(smooth.hits[0].accepted);
  const ImpactHits clipped = find_impact_hits(force, y, o);
  REQUIRE(clipped.hits.size() == 1);
  CHECK(clipped.hits[0].reason == HitRejection::overload);
  CHECK(clipped.hits[0].reason_channel == 2);
}
