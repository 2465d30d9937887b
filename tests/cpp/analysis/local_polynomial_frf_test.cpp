#include <catch2/catch.hpp>

#include <cmath>

#include "analysis/local_polynomial_frf.hpp"
#include "core/dft.hpp"
#include "core/rng.hpp"

using namespace mechid;
using Complex = std::complex<double>;

namespace {

Matrix white(Eigen::Index N, Eigen::Index columns, double sd, std::uint64_t seed) {
  Random rng(seed);
  Matrix x(N, columns);
  for (Eigen::Index i = 0; i < x.size(); ++i) x.data()[i] = sd * rng.normal();
  return x;
}

FrfOptions lpm_in(double lo, double hi) {
  FrfOptions o;
  o.method = FrfMethod::local_polynomial;
  o.band_lo_hz = lo;
  o.band_hi_hz = hi;
  return o;
}

}  // namespace

TEST_CASE("the LPM's kernel forms its FRF from the output's DFT bins around each line") {
  // One white force, a response with no relation to it: H1 at each line is Σ_r kernel(r) Y(b − R + r).
  const Eigen::Index N = 2000;
  const double h = 0.01;
  const Matrix u = white(N, 1, 1.0, 1), y = white(N, 2, 0.5, 2);
  const FrfEstimate r = local_polynomial_frf(u, y, h, lpm_in(5.0, 20.0));
  const Eigen::MatrixXcd Y = dft_of_columns(y, N / 2 + 1);
  REQUIRE(r.lpm_kernel.size() == std::size_t(r.freq_hz.size()));
  const Eigen::Index window = r.lpm_kernel.front().cols(), R = (window - 1) / 2;
  for (Eigen::Index f = 0; f < r.freq_hz.size(); f += 7) {
    const auto b = Eigen::Index(std::lround(r.freq_hz(f) * double(N) * h));
    for (Eigen::Index o = 0; o < 2; ++o) {
      const Complex formed = (r.lpm_kernel[std::size_t(f)].row(0) * Y.col(o).segment(b - R, window))(0);
      CHECK(std::abs(formed - r.H1[std::size_t(f)](o, 0)) <= 1e-10 * std::abs(r.H1[std::size_t(f)](o, 0)));
    }
  }
}

TEST_CASE("smoothed LPM noise levels: power means over the neighbours, the FRF's standard deviations rescaled with them") {
  const Eigen::Index N = 2000;
  const Matrix u = white(N, 1, 1.0, 3), y = white(N, 1, 0.5, 4);
  const FrfEstimate r = local_polynomial_frf(u, y, 0.01, lpm_in(5.0, 20.0)), s = with_smoothed_noise(r, 5);
  const Eigen::Index F = r.freq_hz.size();
  for (Eigen::Index f : {Eigen::Index(0), Eigen::Index(3), F / 2, F - 1}) {
    const Eigen::Index a = std::max<Eigen::Index>(0, f - 5), b = std::min(F - 1, f + 5);
    CHECK(s.noise_sd(f, 0) == Approx(std::sqrt(r.noise_sd.col(0).segment(a, b - a + 1).squaredNorm() / double(b - a + 1))));
    CHECK(s.h1_sd[std::size_t(f)](0, 0) / s.noise_sd(f, 0) == Approx(r.h1_sd[std::size_t(f)](0, 0) / r.noise_sd(f, 0)));
  }
}

TEST_CASE("the LPM's error covariance matches its errors' scatter over noise records, line by line and lag by lag", "[repeats]") {
  // 400 records of coloured output noise (white noise through 1 + 0.8 z⁻¹: its level changes by a
  // factor 3 across the band) with one white force, the same force each time: the true FRF is 0,
  // so H1 is the error. E[e_f conj e_{f+l}] per line f and lag l = 0 … 3 from the 400 records,
  // against lpm_error_covariance from each record's own smoothed noise levels: their rms
  // difference over the lines within 0.1 of the mean lag-0 value (the scatter of a 400-record mean
  // is 0.05–0.07 of it; a conjugated κ, whose imaginary part reaches 0.4 of lag 0 on single lines,
  // or a shifted noise level would exceed it). Lags beyond the window (9 bins for one input) are 0;
  // so is the covariance between outputs.
  const Eigen::Index N = 4000, runs = 400;
  const double h = 0.01;
  const Matrix u = white(N, 1, 1.0, 5);
  const FrfOptions o = lpm_in(5.0, 45.0);
  constexpr Eigen::Index kLags = 3;
  Eigen::MatrixXcd empirical, predicted;
  Complex cross(0.0, 0.0);
  double power = 0.0;
  for (Eigen::Index run = 0; run < runs; ++run) {
    const Matrix v = white(N + 1, 2, 0.3, 100 + std::uint64_t(run));
    const Matrix noise = v.bottomRows(N) + 0.8 * v.topRows(N);
    const FrfEstimate r = with_smoothed_noise(local_polynomial_frf(u, noise, h, o), 20);
    const FrfErrorCovariance c = lpm_error_covariance(r);
    REQUIRE(c.lags == 8);
    const Eigen::Index F = r.freq_hz.size();
    if (run == 0) empirical = predicted = Eigen::MatrixXcd::Zero(F - kLags, kLags + 1);
    for (Eigen::Index f = 0; f + kLags < F; ++f) {
      const Complex e0 = r.H1[std::size_t(f)](0, 0);
      for (Eigen::Index l = 0; l <= kLags; ++l) {
        empirical(f, l) += e0 * std::conj(r.H1[std::size_t(f + l)](0, 0)) / double(runs);
        predicted(f, l) += c.at(f, f + l, 0, 0) / double(runs);
      }
      cross += e0 * std::conj(r.H1[std::size_t(f)](1, 0));
      power += std::norm(e0);
    }
    if (run == 0) CHECK(std::abs(c.at(F / 2, F / 2 + 8, 0, 0)) > 0.0);  // the widest lag is kept
  }
  const double lag0 = predicted.col(0).real().mean();
  CHECK(empirical.col(0).real().mean() == Approx(lag0).epsilon(0.03));
  for (Eigen::Index l = 0; l <= kLags; ++l) {
    const double rms = std::sqrt((empirical.col(l) - predicted.col(l)).cwiseAbs2().mean());
    INFO("lag " << l << ": rms difference " << rms / lag0 << " of lag 0; largest |Im κ| " << predicted.col(l).imag().cwiseAbs().maxCoeff() / lag0);
    CHECK(rms <= 0.1 * lag0);
  }
  CHECK(std::abs(cross) <= 0.03 * power);
}
