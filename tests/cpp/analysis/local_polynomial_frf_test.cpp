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
    CHECK(s.H1[std::size_t(f)](0, 0) == r.H1[std::size_t(f)](0, 0));
  }
}

TEST_CASE("the LPM's error covariance matches its errors' scatter over noise records, lag by lag") {
  // 400 records of white output noise (sd 0.3) with one white force, same force each time: the
  // true FRF is 0, so H1 is the error. Its covariance E[e_f conj e_{f+l}] summed over the band's
  // lines, against lpm_error_covariance from each record's own (smoothed) noise levels. At lag 0
  // the estimate's relative standard error is about 1 %, at the others about 2 % of lag 0; the
  // lags beyond the window (9 bins for one input) are zero in both. Between outputs: zero.
  const Eigen::Index N = 4000, runs = 400;
  const double h = 0.01;
  const Matrix u = white(N, 1, 1.0, 5);
  const FrfOptions o = lpm_in(10.0, 15.0);
  constexpr Eigen::Index kLags = 10;
  Eigen::VectorXcd empirical = Eigen::VectorXcd::Zero(kLags + 1), predicted = Eigen::VectorXcd::Zero(kLags + 1);
  Complex cross(0.0, 0.0);
  double power = 0.0;
  for (Eigen::Index run = 0; run < runs; ++run) {
    const FrfEstimate r = with_smoothed_noise(local_polynomial_frf(u, white(N, 2, 0.3, 100 + std::uint64_t(run)), h, o), 20);
    const FrfErrorCovariance c = lpm_error_covariance(r);
    CHECK(c.lags == 8);
    const Eigen::Index F = r.freq_hz.size();
    for (Eigen::Index f = 0; f + kLags < F; ++f) {
      const Complex e0 = r.H1[std::size_t(f)](0, 0);
      for (Eigen::Index l = 0; l <= kLags; ++l) {
        empirical(l) += e0 * std::conj(r.H1[std::size_t(f + l)](0, 0));
        predicted(l) += c.at(f, f + l, 0, 0);
      }
      cross += e0 * std::conj(r.H1[std::size_t(f)](1, 0));
      power += std::norm(e0);
      CHECK(c.at(f, f, 0, 1) == Complex(0.0, 0.0));
    }
  }
  INFO("empirical " << (empirical / empirical(0).real()).transpose() << "\npredicted " << (predicted / predicted(0).real()).transpose());
  CHECK(predicted(0).real() == Approx(empirical(0).real()).epsilon(0.04));
  for (Eigen::Index l = 1; l <= kLags; ++l) CHECK(std::abs(predicted(l) - empirical(l)) <= 0.05 * empirical(0).real());
  CHECK(std::abs(predicted(9)) == 0.0);
  CHECK(std::abs(cross) <= 0.03 * power);
}
