// The period of a periodic excitation found from the inputs (input_period.hpp; issue 50's
// `periodic`): exact on repeated white noise, multisines and a sine, with a load cell's noise on the
// force; none on random, smooth (oversampled) random and constant inputs; the FRF and the modes of a
// periodic record analysed over its periods by default, with the note, and as random on request.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "analysis/frf_estimate.hpp"
#include "analysis/input_period.hpp"
#include "analysis/modes_in_band.hpp"
#include "core/math_constants.hpp"
#include "core/rng.hpp"
#include "model/presets.hpp"
#include "sampled_records.hpp"

using namespace mechid;
using namespace mechid::test;

namespace {

Matrix gaussian(Eigen::Index rows, Eigen::Index cols, std::uint64_t seed) {
  Random rng(seed);
  Matrix x(rows, cols);
  for (Eigen::Index c = 0; c < cols; ++c)
    for (Eigen::Index t = 0; t < rows; ++t) x(t, c) = rng.normal();
  return x;
}

Matrix repeated(const Matrix& period, Eigen::Index times) {
  Matrix u(period.rows() * times, period.cols());
  for (Eigen::Index p = 0; p < times; ++p) u.middleRows(p * period.rows(), period.rows()) = period;
  return u;
}

}  // namespace

TEST_CASE("input period: repeated noise, a multisine with 5 % noise on the force and a sine are found, with their period") {
  const auto found = find_input_period(repeated(gaussian(300, 2, 1), 6));
  REQUIRE(found);
  CHECK(found->samples == 300);
  CHECK(found->periods == 6);
  CHECK(found->mismatch < 1e-12);

  Matrix multisine(512, 1);
  for (Eigen::Index t = 0; t < 512; ++t) {
    multisine(t, 0) = 0.0;
    for (int k = 3; k < 40; k += 2) multisine(t, 0) += std::cos(kTwoPi * double(k * t) / 512.0 + 0.1 * k * k);
  }
  Matrix noisy = repeated(multisine, 8);
  const double rms = std::sqrt(multisine.squaredNorm() / 512.0);
  noisy += 0.05 * rms * gaussian(noisy.rows(), 1, 2);
  const auto m = find_input_period(noisy);
  REQUIRE(m);
  CHECK(m->samples == 512);
  CHECK(m->mismatch == Approx(0.05 * 0.05).epsilon(0.2));  // the noise's share of the power: (0.05)² / (1 + 0.05²)

  Matrix sine(1000, 1);
  for (Eigen::Index t = 0; t < 1000; ++t) sine(t, 0) = 2.0 + std::sin(kTwoPi * double(t) / 50.0);  // an offset does not matter
  const auto s = find_input_period(sine);
  REQUIRE(s);
  CHECK(s->samples == 50);
}

TEST_CASE("input period: random, smooth random, constant, non-finite and non-dividing inputs have none") {
  CHECK_FALSE(find_input_period(gaussian(4096, 1, 3)));
  // Random noise smoothed over 40 samples nearly repeats at small lags: ruled out at half the lag.
  const Matrix raw = gaussian(4200, 1, 4);
  Matrix smooth(4096, 1);
  for (Eigen::Index t = 0; t < 4096; ++t) smooth(t, 0) = raw.middleRows(t, 40).sum();
  CHECK_FALSE(find_input_period(smooth));
  CHECK_FALSE(find_input_period(Matrix::Constant(1000, 1, 3.0)));
  Matrix with_nan = repeated(gaussian(100, 1, 5), 5);
  with_nan(7, 0) = std::nan("");
  CHECK_FALSE(find_input_period(with_nan));
  // 4.5 periods: none divides the record, so none is claimed.
  const Matrix four_and_half = repeated(gaussian(100, 1, 6), 5).topRows(450);
  CHECK_FALSE(find_input_period(four_and_half));
}

TEST_CASE("frf and modes analyse a periodic record over its periods by default, say so, and as random with periods 0") {
  const double h = 0.1;
  const DiscreteModel d = sampled(preset("3dof"), 1, {0, 2}, true, h);
  const Matrix u = repeated(gaussian(1024, 1, 7), 6);
  const Matrix y = respond(d, u);
  const FrfEstimate found = estimate_frf(u, y, h, FrfOptions{});
  CHECK(found.periods == 6);
  CHECK(found.averages == 5);  // the first period dropped as the transient
  const auto periodic = std::find_if(found.advice.begin(), found.advice.end(), [](const Advice& a) { return a.code == AdviceCode::periodic; });
  REQUIRE(periodic != found.advice.end());
  CHECK(periodic->level == AdviceLevel::note);
  CHECK_THAT(periodic->message, Catch::Contains("every 102.4 s") && Catch::Contains("6 periods"));
  FrfOptions random;
  random.periods = 0;
  const FrfEstimate welch = estimate_frf(u, y, h, random);
  CHECK(welch.periods == 0);
  CHECK(std::none_of(welch.advice.begin(), welch.advice.end(), [](const Advice& a) { return a.code == AdviceCode::periodic; }));

  ModesOptions o;
  o.frf.band_hi_hz = 1.0;
  const ModesInBand modes = modes_in_band(u, y, h, o);
  CHECK(modes.frf.periods == 6);
  CHECK(std::count_if(modes.advice.begin(), modes.advice.end(), [](const Advice& a) { return a.code == AdviceCode::periodic; }) == 1);
  // Held-out periods of a random record: refused, naming why.
  ModesOptions holdout;
  holdout.frf.band_hi_hz = 1.0;
  holdout.holdout_periods = 1;
  const Matrix noise = gaussian(6144, 1, 8);
  CHECK_THROWS_WITH(modes_in_band(noise, respond(d, noise), h, holdout), Catch::Contains("the inputs do not repeat"));
}
