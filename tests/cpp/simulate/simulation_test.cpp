#include <catch2/catch.hpp>

#include <cmath>

#include "core/input_error.hpp"
#include "model/presets.hpp"
#include "simulate/noise.hpp"
#include "simulate/simulation.hpp"

using namespace mechid;

namespace {

// Closed forms for m q'' + b q' + k q = u of the underdamped 1-DOF system.
struct OneDof {
  double m, b, k;
  double wn() const { return std::sqrt(k / m); }
  double sigma() const { return b / (2 * m); }
  double wd() const { return std::sqrt(wn() * wn() - sigma() * sigma()); }
  // Unit step from rest.
  double step(double t) const {
    return (1.0 - std::exp(-sigma() * t) * (std::cos(wd() * t) + sigma() / wd() * std::sin(wd() * t))) / k;
  }
  // Unit impulse from rest: q(0+) = 0, q'(0+) = 1/m.
  double impulse(double t) const { return std::exp(-sigma() * t) * std::sin(wd() * t) / (m * wd()); }
  // amp sin(w t) from rest: particular P sin + Q cos, plus the decaying homogeneous part.
  double sine(double amp, double w, double t) const {
    const double a = k - m * w * w, c = b * w, det = a * a + c * c;
    const double P = amp * a / det, Q = -amp * c / det;
    const double C1 = -Q, C2 = (sigma() * C1 - P * w) / wd();
    return P * std::sin(w * t) + Q * std::cos(w * t) +
           std::exp(-sigma() * t) * (C1 * std::cos(wd() * t) + C2 * std::sin(wd() * t));
  }
};

SimulationOptions options(double h, Eigen::Index n, InputKind kind) {
  SimulationOptions o;
  o.h = h;
  o.n = n;
  o.input.kind = kind;
  return o;
}

}  // namespace

TEST_CASE("exact ZOH simulation of the 1-DOF system matches the closed-form step response") {
  const MechanicalSystem msd = preset("msd");
  const OneDof exact{15.0, 0.2, 2.0};
  const SimulatedData d = simulate(msd, options(0.1, 2000, InputKind::step));
  REQUIRE(d.method == "zoh-exact");
  double worst = 0;
  for (Eigen::Index i = 0; i < d.q.rows(); ++i) worst = std::max(worst, std::abs(d.q(i, 0) - exact.step(d.t(i))));
  CHECK(worst < 1e-10 * (1.0 / exact.k));
}

TEST_CASE("exact ZOH simulation from q'(0) = 1/m matches the closed-form impulse response") {
  MechanicalSystem s = preset("msd");
  s.D(0, 0) = 3.0;  // another damping ratio, too
  const OneDof exact{15.0, 3.0, 2.0};
  SimulationOptions o = options(0.05, 4000, InputKind::step);
  o.input.amplitude = 0.0;
  o.v0 = Vector::Constant(1, 1.0 / 15.0);
  const SimulatedData d = simulate(s, o);
  double worst = 0, peak = 0;
  for (Eigen::Index i = 0; i < d.q.rows(); ++i) {
    worst = std::max(worst, std::abs(d.q(i, 0) - exact.impulse(d.t(i))));
    peak = std::max(peak, std::abs(exact.impulse(d.t(i))));
  }
  CHECK(worst < 1e-10 * peak);
  // v and a are consistent with eq. 1.1 at every sample.
  for (Eigen::Index i = 0; i < d.q.rows(); i += 97)
    CHECK(15.0 * d.a(i, 0) + 3.0 * d.v(i, 0) + 2.0 * d.q(i, 0) == Approx(0.0).margin(1e-12));
}

TEST_CASE("the fine-step reference follows the closed-form response to a sine") {
  const MechanicalSystem msd = preset("msd");
  const OneDof exact{15.0, 0.2, 2.0};
  SimulationOptions o = options(0.25, 800, InputKind::sine);
  o.input.freq_hz = 0.4;
  const SimulatedData d = simulate(msd, o);
  REQUIRE(d.method == "fine-step");
  REQUIRE(d.substeps >= 26);
  const double w = 2 * M_PI * 0.4;
  double worst = 0, peak = 0;
  for (Eigen::Index i = 0; i < d.q.rows(); ++i) {
    worst = std::max(worst, std::abs(d.q(i, 0) - exact.sine(1.0, w, d.t(i))));
    peak = std::max(peak, std::abs(exact.sine(1.0, w, d.t(i))));
    REQUIRE(d.u(i, 0) == Approx(std::sin(w * d.t(i))).margin(1e-12));
  }
  CHECK(worst < 1e-7 * peak);  // the cubic hold on the sub-grid: 8.5e-9 of the input at most (FOH erred by 5e-5)
}

TEST_CASE("measurement noise realises the requested SNR within 0.2 dB over 1e5 samples") {
  const MechanicalSystem s = preset("3dof");
  for (double snr : {0.0, 15.0, 40.0}) {
    SimulationOptions o = options(0.05, 100000, InputKind::prbs);
    o.snr_db = snr;
    o.seed = 11;
    const SimulatedData noisy = simulate(s, o);
    o.snr_db = INFINITY;
    const SimulatedData clean = simulate(s, o);
    REQUIRE(clean.noise_std == std::vector<double>(3, 0.0));
    const Vector measured = measured_snr_db(clean.q, noisy.q);
    for (Eigen::Index c = 0; c < 3; ++c) {
      INFO("snr " << snr << " channel " << c);
      CHECK(std::abs(measured(c) - snr) < 0.2);
    }
    REQUIRE(noisy.u == clean.u);  // noise only on q
  }
}

TEST_CASE("a seed fixes the data, another seed changes input and noise") {
  const MechanicalSystem s = preset("3dof");
  SimulationOptions o = options(0.1, 500, InputKind::prbs);
  o.snr_db = 20;
  o.seed = 5;
  const SimulatedData a = simulate(s, o), b = simulate(s, o);
  REQUIRE(a.q == b.q);
  o.seed = 6;
  const SimulatedData c = simulate(s, o);
  CHECK(a.u != c.u);
  CHECK(a.q != c.q);
}

TEST_CASE("input signals: PRBS levels and hold, multisine RMS, chirp start") {
  const Eigen::Index n = 4096;
  InputOptions prbs;
  prbs.amplitude = 2.5;
  prbs.hold = 4;
  const Matrix u = InputSignal(prbs, n, 0.01, 2).sampled();
  REQUIRE(u.cwiseAbs().minCoeff() == 2.5);
  REQUIRE(u.cwiseAbs().maxCoeff() == 2.5);
  for (Eigen::Index i = 0; i < n; ++i)
    if (i % 4 != 0) REQUIRE(u(i, 0) == u(i - 1, 0));
  CHECK(std::abs(u.col(0).mean()) < 0.2);  // both levels occur about equally
  CHECK(u.col(0) != u.col(1));             // channels are independent

  InputOptions multi;
  multi.kind = InputKind::multisine;
  multi.amplitude = 3.0;
  const Matrix m = InputSignal(multi, n, 0.01, 1).sampled();
  // Harmonics of the record's base frequency: exactly periodic, so the RMS is exact.
  CHECK(std::sqrt(m.col(0).squaredNorm() / n) == Approx(3.0 / std::sqrt(2.0)).epsilon(1e-9));

  InputOptions chirp;
  chirp.kind = InputKind::chirp;
  const InputSignal c(chirp, n, 0.01, 1);
  CHECK(c.highest_frequency_hz() == Approx(25.0));
  CHECK(c.sampled()(0, 0) == 0.0);
}

TEST_CASE("the fine-step sub-grid of every kind equals the signal evaluated point by point") {
  // InputGrid tables e^{i2πf s dt} once and turns each sample's phasors with it: the same values as
  // at() (a sine per point) up to the rounding of the argument 2πft + φ (up to 3e3 rad here: 7e-13).
  const Eigen::Index n = 2000, k = 3;
  const double h = 0.01;
  const int steps = 64;
  const double dt = h / steps;
  for (const InputKind kind : {InputKind::sine, InputKind::multisine, InputKind::chirp, InputKind::prbs}) {
    InputOptions o;
    o.kind = kind;
    o.amplitude = 2.0;
    const InputSignal input(o, n, h, k);
    InputGrid grid(input, dt, steps);
    Matrix values(k, steps + 1);
    double worst = 0.0;
    for (const Eigen::Index i : {Eigen::Index{0}, Eigen::Index{1}, Eigen::Index{977}, n - 1}) {
      const double t0 = static_cast<double>(i) * h;
      grid.at(t0, values);
      for (int s = 0; s <= steps; ++s) worst = std::max(worst, (values.col(s) - input.at(t0 + s * dt)).cwiseAbs().maxCoeff());
    }
    INFO(to_string(kind) << ": largest difference " << worst);
    CHECK(worst < 1e-12 * o.amplitude);
  }
}

TEST_CASE("bad simulation options name the option and the value") {
  const MechanicalSystem s = preset("msd");
  CHECK_THROWS_WITH(simulate(s, options(-1, 100, InputKind::prbs)), "h must be a positive number of seconds, got -1");
  CHECK_THROWS_WITH(simulate(s, options(0, 100, InputKind::prbs)), "h must be a positive number of seconds, got 0");
  CHECK_THROWS_WITH(simulate(s, options(0.1, 2, InputKind::prbs)), "n must be at least 3 samples, got 2");
  CHECK_THROWS_WITH(simulate(s, options(0.1, 3'000'000, InputKind::prbs)),
                    "n must be at most 2000000 samples, got 3000000");
  SimulationOptions o = options(0.1, 100, InputKind::sine);
  o.input.freq_hz = 7;
  CHECK_THROWS_WITH(simulate(s, o), "freq must be between 0 and the Nyquist frequency 0.5/h = 5 Hz, got 7");
  o = options(0.1, 100, InputKind::prbs);
  o.q0 = Vector::Zero(3);
  CHECK_THROWS_WITH(simulate(s, o), "q0 must have 1 entries (one per degree of freedom), got 3");
  o = options(0.1, 100, InputKind::prbs);
  o.input.hold = 0;
  CHECK_THROWS_WITH(simulate(s, o), "hold must be a whole number of samples >= 1, got 0");
  o = options(0.1, 100, InputKind::samples);
  o.input.samples = Matrix::Zero(99, 1);
  CHECK_THROWS_WITH(simulate(s, o), "input samples are 99x1 but must be n x k = 100x1");
  CHECK_THROWS_WITH(parse_input_kind("noise"),
                    "unknown input 'noise' (expected prbs, sine, multisine, chirp, step or samples)");
}
