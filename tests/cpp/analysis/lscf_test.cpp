#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <vector>

#include "analysis/lscf.hpp"
#include "core/math_constants.hpp"

using namespace mechid;

namespace {

using Complex = std::complex<double>;

// Two modes λ = −σ + iω_d (0.8 Hz, ζ = 0.02 and 1.9 Hz, ζ = 0.05), each as the conjugate pair of
// a discrete-time model in z = e^{iωΔt}: H_c(z) = Σ_r [A_cr/(z − z_r) + conj(A_cr)/(z − conj z_r)],
// z_r = e^{λ_r Δt}. A rational function of z of order 4 with numerator degree 3: LSCF's common-
// denominator model of order 4 contains it, so its poles are these, whatever the weights.
struct TwoModeRecord {
  std::vector<Complex> poles;
  FrfChannels frf;
};

TwoModeRecord discrete_two_mode_frf(const Vector& freq_hz, double dt) {
  TwoModeRecord r;
  for (const auto& [f, zeta] : {std::pair{0.8, 0.02}, std::pair{1.9, 0.05}}) {
    const double w = kTwoPi * f;
    r.poles.emplace_back(-zeta * w, w * std::sqrt(1.0 - zeta * zeta));
  }
  const Complex residues[3][2] = {{{1.0, 0.2}, {-0.5, 0.1}}, {{0.3, -0.4}, {0.8, 0.0}}, {{-0.7, 0.05}, {0.2, 0.6}}};
  const Eigen::Index F = freq_hz.size();
  r.frf = FrfChannels{freq_hz, Eigen::MatrixXcd::Zero(F, 3), Matrix::Ones(F, 3)};
  for (Eigen::Index k = 0; k < F; ++k) {
    const Complex z = std::exp(Complex(0.0, kTwoPi * freq_hz(k) * dt));
    for (Eigen::Index c = 0; c < 3; ++c)
      for (std::size_t m = 0; m < 2; ++m) {
        const Complex zr = std::exp(r.poles[m] * dt);
        r.frf.H(k, c) += residues[c][m] / (z - zr) + std::conj(residues[c][m]) / (z - std::conj(zr));
      }
  }
  return r;
}

// The poles with Im > 0, by frequency.
std::vector<Complex> upper_half(std::vector<Complex> poles) {
  poles.erase(std::remove_if(poles.begin(), poles.end(), [](Complex p) { return p.imag() <= 0.0; }), poles.end());
  std::sort(poles.begin(), poles.end(), [](Complex a, Complex b) { return a.imag() < b.imag(); });
  return poles;
}

}  // namespace

TEST_CASE("lscf_time_step maps the band's top frequency to the Nyquist angle: Δt = 1/(2 f_max)") {
  CHECK(lscf_time_step(Vector::LinSpaced(50, 0.2, 4.0)) == Approx(1.0 / 8.0).epsilon(1e-15));
}

TEST_CASE("LSCF poles of an exactly synthesized 2-mode FRF (3 channels) equal the true poles to 1e-8") {
  const Vector freq = Vector::LinSpaced(200, 0.2, 3.0);
  const double dt = lscf_time_step(freq);
  TwoModeRecord record = discrete_two_mode_frf(freq, dt);
  for (const int iterations : {0, 3}) {
    const std::vector<Complex> poles = lscf_poles(record.frf, 4, dt, iterations);
    REQUIRE(poles.size() == 4);
    const std::vector<Complex> found = upper_half(poles);
    REQUIRE(found.size() == 2);
    for (std::size_t r = 0; r < 2; ++r) {
      INFO("Sanathanan-Koerner reweightings " << iterations << ", mode " << r << ": " << found[r] << " against " << record.poles[r]);
      CHECK(std::abs(found[r] - record.poles[r]) < 1e-8 * std::abs(record.poles[r]));
    }
  }
  // Other positive weights per entry change the least-squares problem but not its exact solution.
  for (Eigen::Index k = 0; k < freq.size(); ++k)
    for (Eigen::Index c = 0; c < 3; ++c) record.frf.weight(k, c) = 1.0 + 0.5 * std::sin(double(7 * k + 3 * c));
  const std::vector<Complex> weighted = upper_half(lscf_poles(record.frf, 4, dt));
  REQUIRE(weighted.size() == 2);
  for (std::size_t r = 0; r < 2; ++r) CHECK(std::abs(weighted[r] - record.poles[r]) < 1e-8 * std::abs(record.poles[r]));
}
