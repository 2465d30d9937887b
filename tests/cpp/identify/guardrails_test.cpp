#include <catch2/catch.hpp>

#include <algorithm>
#include <complex>
#include <cstdint>
#include <cstdlib>

#include "../core/thread_count.hpp"
#include "identify/guardrails.hpp"
#include "identify/methods.hpp"
#include "model/presets.hpp"
#include "simulate/simulation.hpp"

using namespace mechid;

namespace {

bool mentions(const std::vector<std::string>& warnings, const std::string& text) {
  return std::any_of(warnings.begin(), warnings.end(), [&](const std::string& w) { return w.find(text) != std::string::npos; });
}

Dataset data_of(const MechanicalSystem& s, InputKind kind, double h, Eigen::Index N) {
  SimulationOptions o;
  o.h = h;
  o.n = N;
  o.snr_db = 30;
  o.input.kind = kind;
  const SimulatedData sim = simulate(s, o);
  return {h, sim.u, sim.q, kind == InputKind::prbs ? InputSampling::hold : InputSampling::point};
}

}  // namespace

TEST_CASE("excitation order: a sine has order 2, PRBS every order asked, band power is ~1 for PRBS") {
  const Eigen::Index N = 4000;
  const double h = 0.05;
  Matrix sine(N, 1), two(N, 1);
  for (Eigen::Index t = 0; t < N; ++t) sine(t, 0) = std::sin(1.3 * t * h + 0.2);
  CHECK(excitation_order(sine, 8) == 2);
  for (Eigen::Index t = 0; t < N; ++t) two(t, 0) = std::sin(1.3 * t * h) + std::sin(2.9 * t * h);
  CHECK(excitation_order(two, 8) == 4);  // a sum of two sines: order 4 (Ljung 1999, example 13.1)
  // Finely sampled, slow sines (ωh = 0.013 and 0.029): still order 4, and five sines between
  // 0.5 and 2.9 rad/s (ωh <= 0.15) order 10, though consecutive samples are nearly equal.
  Matrix slow(N, 1), five(N, 1);
  for (Eigen::Index t = 0; t < N; ++t) slow(t, 0) = std::sin(0.26 * t * h) + std::sin(0.58 * t * h);
  CHECK(excitation_order(slow, 8) == 4);
  for (Eigen::Index t = 0; t < N; ++t) {
    five(t, 0) = 0.0;
    for (int j = 0; j < 5; ++j) five(t, 0) += std::sin((0.5 + 0.6 * j) * t * h + j);
  }
  CHECK(excitation_order(five, 12) == 10);
  const Dataset prbs = data_of(preset("3dof"), InputKind::prbs, h, N);
  CHECK(excitation_order(prbs.u, 12) == 12);
  // A PRBS of one sample per bit is white: the band power relative to the average is ≈ 1.
  const double power = relative_input_power(prbs.u, h, 20.0, 2.0);
  CHECK(power > 0.5);
  CHECK(power < 2.0);
  CHECK(relative_input_power(sine, h, 20.0, 2.0) < 1e-3);  // far from the sine's 1.3 rad/s
}

// Several inputs (the covariance larger than one panel of the Cholesky factor, by blocks on the
// core's threads): 8 independent white inputs are exciting of every order asked (12: 96 x 96);
// with the eighth the sum of two others, the lagged covariance is singular at every order (in
// units of each input's RMS, as the check scales them, its null vector is (rms₀, rms₁, 0, …, −rms₇)
// in the first block), so the order is 0. On 1 and 3 threads alike.
TEST_CASE("excitation order of several inputs: white ones every order, one the sum of two others none, on 1 and 3 threads") {
  std::srand(7);
  Matrix white = Matrix::Random(3000, 8);
  Matrix dependent = white;
  dependent.col(7) = white.col(0) + white.col(1);
  for (const int threads : {1, 3}) {
    INFO(threads << " threads");
    const testing::ThreadCount use(threads);
    CHECK(excitation_order(white, 12) == 12);
    CHECK(excitation_order(dependent, 12) == 0);
  }
}

namespace {

// The order by its definition: the eigenvalues of the sample covariance of the explicit regressor
// [u_t; u_{t-1}; …; u_{t-ℓ+1}] (lag stride 1: a white input), every ℓ, channels at unit RMS.
Eigen::Index order_by_eigenvalues(const Matrix& input, Eigen::Index max_order) {
  const Eigen::Index N = input.rows(), k = input.cols();
  Matrix u = input;
  for (Eigen::Index c = 0; c < k; ++c) u.col(c) /= u.col(c).norm() / std::sqrt(double(N));
  Eigen::Index order = 0;
  for (Eigen::Index l = 1; l <= max_order; ++l) {
    Matrix regressor(N - (max_order - 1), k * l);
    for (Eigen::Index lag = 0; lag < l; ++lag) regressor.middleCols(lag * k, k) = u.middleRows(max_order - 1 - lag, N - (max_order - 1));
    const Vector lambda = Eigen::SelfAdjointEigenSolver<Matrix>(regressor.transpose() * regressor, Eigen::EigenvaluesOnly).eigenvalues();
    if (!(lambda.minCoeff() > 1e-9 * lambda.maxCoeff())) break;
    order = l;
  }
  return order;
}

}  // namespace

TEST_CASE("excitation order of several inputs equals the eigenvalues' of the explicit lagged regressor (bisection, updated blocks)") {
  // Three white inputs, the third the first delayed by 3 samples: [u_t; …; u_{t-ℓ+1}] holds u1_{t-3}
  // twice from ℓ = 4 on, so the order is 3; without the third, every order asked.
  const Eigen::Index N = 3000;
  Matrix u(N, 3);
  std::uint32_t state = 12345;
  const auto next = [&] { state = state * 1664525u + 1013904223u; return (state >> 31) ? 1.0 : -1.0; };
  for (Eigen::Index t = 0; t < N; ++t) u(t, 0) = next(), u(t, 1) = 0.3 * next() + 0.7 * u(std::max<Eigen::Index>(t - 1, 0), 0);
  for (Eigen::Index t = 0; t < N; ++t) u(t, 2) = u(std::max<Eigen::Index>(t - 3, 0), 0);
  for (const Eigen::Index max_order : {2, 6, 9}) {
    CHECK(excitation_order(u, max_order) == order_by_eigenvalues(u, max_order));
    CHECK(excitation_order(u.leftCols(2), max_order) == order_by_eigenvalues(u.leftCols(2), max_order));
  }
  CHECK(excitation_order(u, 9) == 3);
  CHECK(excitation_order(u.leftCols(2), 9) == 9);
}

TEST_CASE("guardrail warnings fire on a single-sine input and stay silent on PRBS") {
  MechanicalSystem s = preset("3dof");
  s.L = Matrix::Zero(3, 1);
  s.L(0, 0) = 1.0;  // one force on the first mass
  IdentifyOptions o;
  o.L = s.L;
  const Identification sine = identify("variational", data_of(s, InputKind::sine, 0.05, 3000), o);
  CHECK(mentions(sine.warnings, "persistently exciting of order 2 only"));
  const Identification prbs = identify("variational", data_of(s, InputKind::prbs, 0.05, 3000), o);
  INFO(prbs.message);
  CHECK_FALSE(mentions(prbs.warnings, "persistently exciting"));
  CHECK_FALSE(mentions(prbs.warnings, "barely excited"));
  CHECK_FALSE(mentions(prbs.warnings, "suggest"));
}

TEST_CASE("suggested DOF from a clear gap in the singular values") {
  Vector sv(10);
  sv << 50, 40, 30, 20, 10, 8, 1e-3, 9e-4, 8e-4, 7e-4;
  CHECK(suggested_dof(sv) == 3);
  sv << 50, 40, 30, 20, 10, 8, 6, 5, 4, 3;  // no gap stands out
  CHECK(suggested_dof(sv) == 0);
  // Rounding-level and exactly zero values (noise-free data, a pseudo-inverse floor) are no gap.
  sv << 50, 40, 30, 20, 10, 8, 3e-14, 1e-15, 0, 0;
  CHECK(suggested_dof(sv) == 3);
}

namespace {

// The mean periodogram over the DFT bins of [low, high] relative to the mean over (0, Nyquist],
// per channel, by the direct sum Σ u_t e^{−iωt} at every bin (independent of the FFT and padding).
double direct_relative_power(const Vector& u, double h, double low, double high) {
  const Eigen::Index N = u.size();
  const Vector x = u.array() - u.mean();
  const double per_bin = 2 * M_PI / (N * h), total = x.squaredNorm() * N / (N / 2);  // Parseval: Σ_{1..N/2}|U|² ≈ N Σx²/2
  double band = 0.0;
  int bins = 0;
  for (Eigen::Index b = std::max<Eigen::Index>(1, std::ceil(low / per_bin)); b <= std::min<Eigen::Index>(N / 2, std::floor(high / per_bin)); ++b, ++bins) {
    std::complex<double> sum = 0.0;
    for (Eigen::Index t = 0; t < N; ++t) sum += x(t) * std::polar(1.0, -2 * M_PI * b * t / N);
    band += std::norm(sum);
  }
  return bins ? band / bins / (total / 2) : 0.0;
}

}  // namespace

TEST_CASE("band power of a sparse multisine sums every bin of the mode's half-power band (B6)") {
  // The review's case: 3 DOF, the default multisine (sparse lines up to 0.25/h) at h = 0.2. The
  // strided sum gave 1.6e-26 for mode 2 ("barely excited"); every bin gives ~2.
  const MechanicalSystem s = preset("3dof");
  const Dataset d = data_of(s, InputKind::multisine, 0.2, 3000);
  const ModalResult modal = modal_analysis(s);
  const InputSpectrum spectrum(d.u, d.h);
  for (const Mode& mode : modal.modes) {
    const double width = half_power_half_width(mode, spectrum.resolution());
    const double power = spectrum.relative_power(mode.omega_n - width, mode.omega_n + width);
    double direct = 0.0;
    for (Eigen::Index c = 0; c < d.u.cols(); ++c) direct += direct_relative_power(d.u.col(c), d.h, mode.omega_n - width, mode.omega_n + width);
    direct /= d.u.cols();
    INFO("ω_n " << mode.omega_n << ": FFT " << power << ", direct " << direct);
    CHECK(power > 0.1);
    CHECK(power == Approx(direct).epsilon(1e-3));
  }
  CHECK(band_warnings(d, modal).empty());
  // Unit-free: a channel in other units (× 1e6) leaves the relative power unchanged.
  Matrix scaled = d.u;
  scaled.col(1) *= 1e6;
  CHECK(InputSpectrum(scaled, d.h).relative_power(1.0, 2.0) == Approx(spectrum.relative_power(1.0, 2.0)).epsilon(1e-9));
  CHECK(excitation_order(scaled, 12) == excitation_order(d.u, 12));
}

TEST_CASE("an overdamped mode (ζ = 2) under a multisine is not barely excited: its band spans (0, 3ω_n) (B6)") {
  MechanicalSystem s = preset("msd");
  s.M(0, 0) = 1.0;
  s.K(0, 0) = 1.0;
  s.D(0, 0) = 4.0;
  const Dataset d = data_of(s, InputKind::multisine, 0.1, 3000);
  CHECK(band_warnings(d, modal_analysis(s)).empty());
}

TEST_CASE("a mode outside the input's band warns, unless its intervals show the data determine it (B6, D8)") {
  // A multisine up to 0.31 rad/s, below all three modes: their bands have (almost) no input power.
  const MechanicalSystem s = preset("3dof");
  SimulationOptions o;
  o.h = 0.05;
  o.n = 4000;
  o.input.kind = InputKind::multisine;
  o.input.freq2_hz = 0.05;  // 0.31 rad/s, below every mode
  const SimulatedData sim = simulate(s, o);
  const Dataset d{o.h, sim.u, sim.q, InputSampling::point};
  const ModalResult modal = modal_analysis(s);
  const std::size_t n = modal.modes.size();
  CHECK(band_warnings(d, modal).size() == n);  // no intervals: every mode warns
  std::vector<double> tight_omega(n), tight_zeta(n), wide_zeta(n);
  for (std::size_t i = 0; i < n; ++i) {
    tight_omega[i] = 1e-5 * modal.modes[i].omega_n;
    tight_zeta[i] = 1e-3 * modal.modes[i].zeta;
    wide_zeta[i] = modal.modes[i].zeta;  // ζ not told from 0
  }
  CHECK(band_warnings(d, modal, tight_omega, tight_zeta).empty());
  CHECK(band_warnings(d, modal, tight_omega, wide_zeta).size() == n);
}

TEST_CASE("auto on an overdamped 1-DOF (ζ = 2): one mode, ω_n ≈ 1 and ζ ≈ 2 within their intervals, not barely excited (B6, B9)") {
  MechanicalSystem s = preset("msd");
  s.M(0, 0) = 1.0;
  s.K(0, 0) = 1.0;
  s.D(0, 0) = 4.0;
  IdentifyOptions o;
  o.L = s.L;
  const Identification r = identify("auto", data_of(s, InputKind::multisine, 0.1, 3000), o);
  REQUIRE(r.status != Status::failed);
  REQUIRE(r.modal.modes.size() == 1);
  const Mode& mode = r.modal.modes[0];
  REQUIRE(r.uncertainty.available);
  INFO("ω_n " << mode.omega_n << " ± " << r.uncertainty.omega_n[0] << ", ζ " << mode.zeta << " ± " << r.uncertainty.zeta[0]);
  CHECK(std::abs(mode.omega_n - 1.0) < 4 * r.uncertainty.omega_n[0] + 1e-3);
  CHECK(std::abs(mode.zeta - 2.0) < 4 * r.uncertainty.zeta[0] + 2e-3);
  CHECK(r.uncertainty.zeta[0] > 0);  // the pair's ζ varies with M, D, K (each real root's was stuck at 1)
  CHECK(*r.diagnostics.h_omega_max == Approx(mode.omega_n * 0.1));
  CHECK_FALSE(mentions(r.warnings, "barely excited"));
}
