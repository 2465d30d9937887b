#include <catch2/catch.hpp>

#include <cmath>

#include "core/clamped_count.hpp"
#include "core/input_error.hpp"
#include "core/rng.hpp"
#include "identify/acceleration_outputs.hpp"
#include "identify/methods.hpp"
#include "model/presets.hpp"
#include "simulate/simulation.hpp"

using namespace mechid;

namespace {

// q(t) = (1 - cos ωt)² sin(0.7 ωt), which starts at rest (q(0) = q'(0) = 0), and its q''.
struct SmoothSignal {
  double w = 2.0;
  double q(double t) const { return std::pow(1 - std::cos(w * t), 2) * std::sin(0.7 * w * t); }
  double a(double t, double dt = 1e-4) const { return (q(t + dt) - 2 * q(t) + q(t - dt)) / (dt * dt); }
};

// The largest |H q - (s²/B) q''| over the kept samples, relative to max |H q|: data.u holds q
// (filtered by H), data.y holds q'' (filtered by s²/B).
double prefilter_mismatch(double h, double cutoff_hz) {
  const SmoothSignal s;
  const Eigen::Index n = static_cast<Eigen::Index>(std::round(60.0 / h));
  Dataset d;
  d.h = h;
  d.u.resize(n, 1);
  d.y.resize(n, 1);
  for (Eigen::Index i = 0; i < n; ++i) {
    d.u(i, 0) = s.q(i * h);
    d.y(i, 0) = s.a(i * h);
  }
  const Dataset out = displacement_equivalent(d, cutoff_hz, nullptr);
  return (out.u - out.y).cwiseAbs().maxCoeff() / out.u.cwiseAbs().maxCoeff();
}

Dataset acceleration_data(const MechanicalSystem& s, double h, Eigen::Index n, double snr_db, std::uint64_t seed) {
  SimulationOptions o;
  o.h = h;
  o.n = n;
  o.seed = seed;
  o.input.kind = InputKind::multisine;
  o.input.freq2_hz = 0.6;
  const SimulatedData sim = simulate(s, o);
  Dataset d{h, sim.u, sim.a, InputSampling::point};
  d.outputs = OutputKind::acceleration;
  if (std::isfinite(snr_db)) {
    Random noise(seed + 1000);
    for (Eigen::Index j = 0; j < d.y.cols(); ++j) {
      const double sd = std::sqrt(d.y.col(j).squaredNorm() / n / std::pow(10.0, snr_db / 10));
      for (Eigen::Index i = 0; i < n; ++i) d.y(i, j) += sd * noise.normal();
    }
  }
  return d;
}

}  // namespace

TEST_CASE("the acceleration prefilter: (s²/B) q'' equals H q, with the error of first-order hold (order 2 in h)") {
  const double coarse = prefilter_mismatch(0.02, 0.2), fine = prefilter_mismatch(0.01, 0.2);
  INFO("mismatch " << coarse << " at h = 0.02, " << fine << " at h = 0.01");
  CHECK(fine < 2e-4);
  CHECK(std::log2(coarse / fine) == Approx(2.0).margin(0.3));
}

TEST_CASE("the acceleration prefilter removes an accelerometer offset once it has settled") {
  const double h = 0.01, fc = 0.1, a0 = 5.0;
  const Eigen::Index n = 20000;
  Dataset d;
  d.h = h;
  d.u = Matrix::Ones(n, 1);
  d.y = Matrix::Constant(n, 1, a0);
  AccelerationPrefilter info;
  const Dataset out = displacement_equivalent(d, fc, &info);
  CHECK(info.discarded == prefilter_settling_samples(fc, h));
  CHECK(info.discarded == static_cast<Eigen::Index>(std::ceil(20.0 / (2 * M_PI * fc * h))));
  const double wc = 2 * M_PI * fc;
  // The offset's displacement-equivalent a0/ω_c² decays with the filter's slowest pole, e^{-0.38·20}.
  CHECK(out.y.cwiseAbs().maxCoeff() < 1e-3 * a0 / (wc * wc));
  CHECK(out.u.cwiseAbs().maxCoeff() < 1e-3);  // a constant force likewise
}

TEST_CASE("the acceleration prefilter refuses held inputs, a cut-off above Nyquist and a record too short") {
  Dataset d{0.1, Matrix::Ones(100, 1), Matrix::Ones(100, 1), InputSampling::hold};
  CHECK_THROWS_WITH(displacement_equivalent(d, 0.1, nullptr), Catch::Contains("held (ZOH) forces jump"));
  d.input_sampling = InputSampling::point;
  CHECK_THROWS_WITH(displacement_equivalent(d, 5.0, nullptr), Catch::Contains("below the Nyquist frequency 5 Hz"));
  CHECK_THROWS_WITH(displacement_equivalent(d, 0.5, nullptr), Catch::Contains("needs its first 64 samples to settle; only 36 of 100"));
  CHECK_THROWS_WITH(displacement_equivalent(d, 1e-300, nullptr), Catch::Contains("longer to settle"));
  CHECK(prefilter_settling_samples(1e-300, 0.1) > 0);  // no overflow for a tiny cut-off
  // The count is clamped in double to what a 32-bit Index holds (WebAssembly): 1e-12 Hz said
  // "-2147483648 samples" there (issue 20, item 6); numerical_robustness.test.mjs checks the WASM text.
  CHECK(prefilter_settling_samples(1e-12, 0.05) == kCountBeyondAnyRecord);
  CHECK(prefilter_settling_samples(NAN, 0.05) == kCountBeyondAnyRecord);
  Dataset record{0.05, Matrix::Random(300, 1), Matrix::Random(300, 1), InputSampling::point};
  CHECK_THROWS_WITH(displacement_equivalent(record, 1e-12, nullptr),
                    "the acceleration high-pass at 1e-12 Hz needs longer to settle (3.1831e+12 s) than the record (15 s) "
                    "(raise the cut-off or record longer)");
}

TEST_CASE("3dof from accelerations (multisine, point-sampled forces): auto recovers M, D, K like from displacements") {
  const MechanicalSystem truth = preset("3dof");
  for (const double snr : {static_cast<double>(INFINITY), 30.0}) {
    const Dataset accel = acceleration_data(truth, 0.05, 6000, snr, 3);
    const Identification r = identify("auto", accel, IdentifyOptions{});
    REQUIRE(r.status != Status::failed);
    const RelativeErrors e = relative_errors(r.system, truth);
    INFO("SNR " << snr << ": M " << e.M << ", D " << e.D << ", K " << e.K << "; " << r.message);
    r.diagnostics.for_each([](const std::string& k, const auto& v) { INFO(k << ": " << v); });
    CHECK(e.M < 0.01);
    CHECK(e.K < 0.01);
    CHECK(e.D < 0.03);
    REQUIRE(r.diagnostics.outputs);
    CHECK(r.diagnostics.outputs->find("high-passed at") != std::string::npos);
    // The prefilter colours the noise: intervals, when the chosen estimate has them, are the sandwich's.
    if (r.uncertainty.available) CHECK(r.diagnostics.covariance == std::string("sandwich"));
  }
}
