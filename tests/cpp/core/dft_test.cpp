#include <catch2/catch.hpp>

#include <cmath>

#include "core/dft.hpp"

using namespace mechid;

TEST_CASE("the DFT equals the defining sum for any length (Bluestein, or direct when 5-smooth), and inverse undoes it") {
  for (const std::size_t N : {1u, 2u, 7u, 12u, 97u, 360u, 1000u, 1001u}) {
    ComplexVector x(N);
    for (std::size_t t = 0; t < N; ++t) x[t] = {std::sin(1.3 * t + 0.2), std::cos(0.7 * t * t)};
    const Dft dft(N);
    const ComplexVector X = dft.forward(x);
    double worst = 0, size = 0;
    for (std::size_t b = 0; b < N; ++b) {
      std::complex<double> sum = 0;
      for (std::size_t t = 0; t < N; ++t) sum += x[t] * std::polar(1.0, -2 * M_PI * double(b * t % N) / double(N));
      worst = std::max(worst, std::abs(sum - X[b]));
      size = std::max(size, std::abs(sum));
    }
    INFO("N = " << N);
    CHECK(worst < 1e-12 * size);
    const ComplexVector back = dft.inverse(X);
    for (std::size_t t = 0; t < N; ++t) CHECK(std::abs(back[t] - x[t]) < 1e-12 * size);
  }
}

TEST_CASE("the half spectrum of real data equals the defining sum at bins 0 to N/2 (real FFT when 5-smooth and N divisible by 4)") {
  for (const std::size_t N : {1u, 2u, 6u, 7u, 12u, 97u, 360u, 1000u, 1001u}) {
    std::vector<double> x(N);
    for (std::size_t t = 0; t < N; ++t) x[t] = std::sin(1.3 * t + 0.2) + std::cos(0.7 * t * t);
    const ComplexVector X = Dft(N).half_spectrum(x);
    INFO("N = " << N);
    REQUIRE(X.size() == N / 2 + 1);
    double worst = 0, size = 0;
    for (std::size_t b = 0; b <= N / 2; ++b) {
      std::complex<double> sum = 0;
      for (std::size_t t = 0; t < N; ++t) sum += x[t] * std::polar(1.0, -2 * M_PI * double(b * t % N) / double(N));
      worst = std::max(worst, std::abs(sum - X[b]));
      size = std::max(size, std::abs(sum));
    }
    CHECK(worst < 1e-12 * size);
  }
}
