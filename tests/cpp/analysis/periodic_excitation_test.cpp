// Modes from records whose force leaves lines of the band without power (numerics review e622506,
// problems 7 and 9): an odd random-phase multisine with omitted lines, averaged over periods or
// fitted by the LPM, with and without a load cell's noise on the force; a force at three
// frequencies only. Truth: the simulated system's modes (modal_analysis).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "analysis/excited_lines.hpp"
#include "analysis/modes_in_band.hpp"
#include "core/math_constants.hpp"
#include "core/rng.hpp"
#include "model/modal.hpp"
#include "model/presets.hpp"
#include "sampled_records.hpp"

using namespace mechid;

namespace {

// The review's system: the 3-DOF preset with K × 100 and D × 10 (modes at 1.87, 2.94, 3.75 Hz).
MechanicalSystem stiff_three_dof() {
  MechanicalSystem s = preset("3dof");
  s.K *= 100.0;
  s.D *= 10.0;
  return s;
}

// One period of P samples of an odd random-phase multisine on the lines k/(P h) in lo … hi Hz,
// one odd line of each four left out at random; RMS 1.
Vector odd_multisine_period(Eigen::Index P, double h, double lo, double hi, std::uint64_t seed) {
  Random rng(seed);
  std::vector<Eigen::Index> odd;
  for (auto k = Eigen::Index(std::ceil(lo * double(P) * h)); double(k) / (double(P) * h) <= hi; ++k)
    if (k % 2 == 1) odd.push_back(k);
  Vector period = Vector::Zero(P);
  for (std::size_t g = 0; g < odd.size(); g += 4) {
    const auto out = std::size_t(4.0 * rng.uniform());
    for (std::size_t i = g; i < std::min(g + 4, odd.size()); ++i) {
      if (i - g == out) continue;
      const double phase = kTwoPi * rng.uniform();
      for (Eigen::Index t = 0; t < P; ++t) period(t) += std::cos(kTwoPi * double(odd[i] * t) / double(P) + phase);
    }
  }
  return period / std::sqrt(period.squaredNorm() / double(P));
}

void add_relative_white_noise(Matrix& x, double relative, std::uint64_t seed) {
  Random rng(seed);
  for (Eigen::Index c = 0; c < x.cols(); ++c) {
    const double sd = relative * std::sqrt((x.col(c).array() - x.col(c).mean()).square().mean());
    for (Eigen::Index t = 0; t < x.rows(); ++t) x(t, c) += sd * rng.normal();
  }
}

// The review's record: force on DOF 1 (held over each sample), accelerations at all DOFs with 1 %
// noise, 100 Hz, 3 periods of 4096 from rest; the measured force with white noise of
// `force_noise` times its RMS (the structure feels the exact force).
struct PeriodicRecord {
  Matrix u, y;
  double h = 0.01;
};

PeriodicRecord review_record(double force_noise) {
  PeriodicRecord r;
  const Eigen::Index P = 4096, periods = 3;
  const Vector period = odd_multisine_period(P, r.h, 0.3, 8.0, 7);
  r.u.resize(P * periods, 1);
  for (Eigen::Index p = 0; p < periods; ++p) r.u.col(0).segment(p * P, P) = period;
  r.y = test::respond(test::sampled(stiff_three_dof(), 0, {0, 1, 2}, true, r.h), r.u);
  add_relative_white_noise(r.y, 0.01, 8);
  if (force_noise > 0.0) add_relative_white_noise(r.u, force_noise, 9);
  return r;
}

ModesOptions band_options(Eigen::Index periods) {
  ModesOptions o;
  o.frf.band_lo_hz = 0.5;
  o.frf.band_hi_hz = 6.0;
  o.frf.periods = periods;
  o.outputs.assign(3, Response::acceleration);
  return o;
}

// The three modes, each within 1 % of the truth's frequency and 10 % of its damping ratio, and
// within 4 of its standard deviations when it has one (a mode without one is a warning).
void check_three_modes(const ModesInBand& r) {
  const ModalResult truth = modal_analysis(stiff_three_dof());
  INFO("status " << to_string(r.status) << ": " << r.message);
  REQUIRE(r.status != Status::failed);
  REQUIRE(r.modes.size() == 3);
  for (std::size_t i = 0; i < 3; ++i) {
    const BandMode& m = r.modes[i];
    const Mode& t = truth.modes[i];
    INFO("found " << m.freq_hz << " Hz (sd " << m.freq_hz_sd << "), zeta " << m.zeta << " (sd " << m.zeta_sd << "); truth " << t.freq_hz
                  << " Hz, zeta " << t.zeta);
    CHECK(m.freq_hz == Approx(t.freq_hz).epsilon(0.01));
    CHECK(m.zeta == Approx(t.zeta).epsilon(0.10));
    if (std::isfinite(m.freq_hz_sd)) {
      CHECK(std::abs(m.freq_hz - t.freq_hz) <= 4.0 * m.freq_hz_sd);
      CHECK(std::abs(m.zeta - t.zeta) <= 4.0 * m.zeta_sd);
    } else {
      CHECK(r.status == Status::warning);
    }
  }
}

bool has_advice(const Outcome& r, AdviceCode code, AdviceLevel level) {
  return std::any_of(r.advice.begin(), r.advice.end(), [&](const Advice& a) { return a.code == code && a.level == level; });
}

}  // namespace

TEST_CASE("excited lines: power below 1e-3 of the excited lines' median is unexcited") {
  Vector power = Vector::Constant(10, 1.0);
  power(2) = 2e-3;   // weak but excited
  power(5) = 5e-4;   // below the fraction
  power(7) = 0.0;
  power(8) = 1e-12;  // a load cell's noise on an omitted line
  const std::vector<bool> e = excited_lines(power);
  CHECK(e == std::vector<bool>{true, true, true, true, true, false, true, false, false, true});
  CHECK(excited_power_threshold(power) == Approx(kUnexcitedFraction));
  CHECK(excited_lines(Vector::Zero(4)) == std::vector<bool>(4, false));
}

TEST_CASE("an odd multisine with omitted lines, exact force: periods and LPM find the three modes") {
  const PeriodicRecord rec = review_record(0.0);
  SECTION("averaged over periods (--periods 3)") {
    const ModesInBand r = modes_in_band(rec.u, rec.y, rec.h, band_options(3));
    check_three_modes(r);
    // The omitted and even lines are left out with a note saying so, not a warning.
    CHECK(has_advice(r, AdviceCode::band_not_excited, AdviceLevel::note));
    CHECK_FALSE(has_advice(r, AdviceCode::band_not_excited, AdviceLevel::warning));
  }
  SECTION("the LPM on the whole record (the default)") { check_three_modes(modes_in_band(rec.u, rec.y, rec.h, band_options(0))); }
}

TEST_CASE("an odd multisine with omitted lines, force with a load cell's noise: periods and LPM find the three modes") {
  for (double noise : {1e-4, 1e-3, 1e-2}) {
    INFO("force noise " << noise << " of its RMS");
    const PeriodicRecord rec = review_record(noise);
    const ModesInBand periods = modes_in_band(rec.u, rec.y, rec.h, band_options(3));
    check_three_modes(periods);
    // The unexcited lines are those of the exact force: 3/8 of the period's lines carry power.
    const auto excited = std::count_if(periods.frf.H1.begin(), periods.frf.H1.end(), [](const Eigen::MatrixXcd& H) { return H.allFinite(); });
    CHECK(double(excited) / double(periods.frf.H1.size()) == Approx(3.0 / 8.0).margin(0.03));
    check_three_modes(modes_in_band(rec.u, rec.y, rec.h, band_options(0)));
  }
}

TEST_CASE("a force at three frequencies only: advice band_not_excited before any advice on the model order") {
  // The same system driven by three sines on lines of the record (2, 5 and 9 Hz), the force
  // measured with 1e-3 noise; the band 0.5:20 Hz.
  const double h = 0.01;
  const Eigen::Index N = 8192;
  Matrix u(N, 1);
  for (Eigen::Index t = 0; t < N; ++t) {
    u(t, 0) = 0.0;
    for (double f : {2.0, 5.0, 9.0}) u(t, 0) += std::sin(kTwoPi * std::round(f * double(N) * h) / (double(N) * h) * double(t) * h);
  }
  Matrix y = test::respond(test::sampled(stiff_three_dof(), 0, {0, 1, 2}, true, h), u);
  add_relative_white_noise(y, 0.01, 21);
  add_relative_white_noise(u, 1e-3, 22);
  ModesOptions o = band_options(0);
  o.frf.band_hi_hz = 20.0;
  const ModesInBand r = modes_in_band(u, y, h, o);
  REQUIRE(has_advice(r, AdviceCode::band_not_excited, AdviceLevel::warning));
  const Advice& a = *std::find_if(r.advice.begin(), r.advice.end(), [](const Advice& x) { return x.code == AdviceCode::band_not_excited; });
  INFO(a.message << " | " << a.detail << " | " << a.action);
  CHECK(a.message.find("only 3 frequency lines") != std::string::npos);
  CHECK(a.action.find("broadband") != std::string::npos);
  REQUIRE(!r.warnings.empty());
  CHECK(r.warnings.front().find("max_order") == std::string::npos);
  for (const std::string& w : r.warnings) CHECK(w.find("raise max_order") == std::string::npos);
}

TEST_CASE("a multisine over part of the band: band_not_excited carries the excited span as the option band") {
  // Every line of the record from 2 to 6 Hz (a multisine with Schroeder-like phases), the band
  // 0.5:40 Hz: the advice's action narrows the band, and its option says to what, in full.
  const double h = 0.01;
  const Eigen::Index N = 8192;
  const double df = 1.0 / (double(N) * h);
  const auto first = Eigen::Index(std::ceil(2.0 / df)), last = Eigen::Index(std::floor(6.0 / df));
  Matrix u = Matrix::Zero(N, 1);
  for (Eigen::Index k = first; k <= last; ++k)
    for (Eigen::Index t = 0; t < N; ++t) u(t, 0) += std::cos(kTwoPi * double(k) * df * double(t) * h + kTwoPi * double(k * k) / double(2 * (last - first + 1)));
  Matrix y = test::respond(test::sampled(stiff_three_dof(), 0, {0, 1, 2}, true, h), u);
  add_relative_white_noise(y, 0.01, 23);
  add_relative_white_noise(u, 1e-3, 24);
  ModesOptions o = band_options(0);
  o.frf.band_lo_hz = 0.5;
  o.frf.band_hi_hz = 40.0;
  const ModesInBand r = modes_in_band(u, y, h, o);
  const auto a = std::find_if(r.advice.begin(), r.advice.end(), [](const Advice& x) { return x.code == AdviceCode::band_not_excited; });
  REQUIRE(a != r.advice.end());
  INFO(a->message << " | " << a->action);
  CHECK(a->level == AdviceLevel::warning);
  REQUIRE(a->options.size() == 1);
  CHECK(a->options[0].name == "band");
  const std::string& band = a->options[0].value;
  const std::size_t colon = band.find(':');
  REQUIRE(colon != std::string::npos);
  // The lines the estimate judges excited: the multisine's, and on this random-record estimate (the
  // LPM over the whole record) at most 3 lines of leakage on either side; in full, on its grid.
  const double lo = std::stod(band.substr(0, colon)), hi = std::stod(band.substr(colon + 1));
  CHECK(lo <= double(first) * df);
  CHECK(lo >= double(first - 3) * df);
  CHECK(hi >= double(last) * df);
  CHECK(hi <= double(last + 3) * df);
  CHECK(std::abs(lo / df - std::round(lo / df)) < 1e-9);
}

TEST_CASE("a multisine with a stray line far above it: the option band is the multisine's, not up to the stray line") {
  // As the F-16 ground vibration test's force (a 2–15 Hz multisine with weak lines up to 50 Hz):
  // every line from 2 to 6 Hz and one weak sine at 30 Hz (0.1 of a line's amplitude), band 0.5:40 Hz.
  const double h = 0.01;
  const Eigen::Index N = 8192;
  const double df = 1.0 / (double(N) * h);
  const auto first = Eigen::Index(std::ceil(2.0 / df)), last = Eigen::Index(std::floor(6.0 / df));
  const auto stray = Eigen::Index(std::round(30.0 / df));
  Matrix u = Matrix::Zero(N, 1);
  for (Eigen::Index t = 0; t < N; ++t) {
    for (Eigen::Index k = first; k <= last; ++k)
      u(t, 0) += std::cos(kTwoPi * double(k) * df * double(t) * h + kTwoPi * double(k * k) / double(2 * (last - first + 1)));
    u(t, 0) += 0.1 * std::sin(kTwoPi * double(stray) * df * double(t) * h);
  }
  Matrix y = test::respond(test::sampled(stiff_three_dof(), 0, {0, 1, 2}, true, h), u);
  add_relative_white_noise(y, 0.01, 25);
  add_relative_white_noise(u, 1e-4, 26);
  ModesOptions o = band_options(0);
  o.frf.band_lo_hz = 0.5;
  o.frf.band_hi_hz = 40.0;
  const ModesInBand r = modes_in_band(u, y, h, o);
  const auto a = std::find_if(r.advice.begin(), r.advice.end(), [](const Advice& x) { return x.code == AdviceCode::band_not_excited; });
  REQUIRE(a != r.advice.end());
  INFO(a->detail << " | " << a->action);
  // The stray line is among the excited ones (the detail's span reaches it) but not in the band proposed.
  const std::size_t at = a->detail.find("they span ");
  REQUIRE(at != std::string::npos);
  const std::string span = a->detail.substr(at + 10);
  CHECK(std::stod(span.substr(span.find("\xE2\x80\x93") + 3)) > 29.0);
  REQUIRE(a->options.size() == 1);
  const std::string& band = a->options[0].value;
  const double hi = std::stod(band.substr(band.find(':') + 1));
  CHECK(hi >= double(last) * df);
  CHECK(hi <= double(last + 3) * df);
}

TEST_CASE("a broadband random force: no band_not_excited advice") {
  const double h = 0.01;
  Random rng(31);
  Matrix u(8192, 1);
  for (Eigen::Index t = 0; t < u.rows(); ++t) u(t, 0) = rng.normal();
  Matrix y = test::respond(test::sampled(stiff_three_dof(), 0, {0, 1, 2}, true, h), u);
  add_relative_white_noise(y, 0.01, 32);
  const ModesInBand r = modes_in_band(u, y, h, band_options(0));
  CHECK(r.advice.empty());
  check_three_modes(r);
}
