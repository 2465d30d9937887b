#include <catch2/catch.hpp>

#include <cmath>
#include <complex>

#include "analysis/oma/mean_phase_deviation.hpp"
#include "analysis/oma/pole_clustering.hpp"
#include "core/math_constants.hpp"

using namespace mechid;
using Complex = std::complex<double>;

TEST_CASE("stable poles of two modes 1.6 % apart with different shapes form two clusters, a stray pole its own", "[oma]") {
  // 10 orders of a 5.000 Hz and a 5.080 Hz mode (1.6 % apart) with orthogonal shapes, each pole's
  // frequency jittered by ±0.05 %; d within a mode <= 0.001 + (1 − MAC ≈ 0), across modes >= 1.
  std::vector<CandidatePole> poles;
  const auto pole_at = [](double f_hz) { return std::polar(kTwoPi * f_hz, kPi / 2 + 0.02); };
  Eigen::VectorXcd a(3), b(3);
  a << 1.0, 1.0, 0.0;
  b << 1.0, -1.0, 0.0;
  for (Eigen::Index n = 10; n < 30; n += 2) {
    const double jitter = 1.0 + 0.0005 * std::sin(double(n));
    poles.push_back({n, pole_at(5.000 * jitter), a});
    poles.push_back({n, pole_at(5.080 / jitter), b});
  }
  Eigen::VectorXcd c(3);
  c << 0.0, 0.0, 1.0;
  poles.push_back({20, pole_at(5.04), c});
  const auto clusters = cluster_poles(poles, 0.02);
  REQUIRE(clusters.size() == 3);
  CHECK(clusters[0].size() == 10);
  CHECK(clusters[1].size() == 1);
  CHECK(clusters[2].size() == 10);
  for (std::size_t i : clusters[0]) CHECK(std::abs(std::abs(poles[i].pole) / kTwoPi - 5.0) < 0.01);
  // With the same shape the two frequencies are 1.6 % apart, below the cut of 0.02: one cluster.
  for (auto& p : poles) p.shape = a;
  CHECK(cluster_poles(poles, 0.02).size() == 1);
  CHECK(cluster_poles(poles, 0.01).size() == 2);  // a cut below 1.6 % separates them again (the stray one joins a side)
}

TEST_CASE("mean phase deviation: 0 for a real shape, the weighted angle to the mean phase line otherwise", "[oma]") {
  Eigen::VectorXcd real(3);
  real << 1.0, -2.0, 0.5;
  CHECK(mean_phase_deviation_deg(real * std::polar(1.0, 0.7)) == Approx(0.0).margin(1e-9));
  // [2, i]: the mean phase line is the real axis (the larger singular direction); the components
  // deviate by 0° and 90°, weighted 2 and 1: 30°.
  Eigen::VectorXcd shape(2);
  shape << 2.0, Complex(0.0, 1.0);
  CHECK(mean_phase_deviation_deg(shape) == Approx(30.0).epsilon(1e-12));
}
