#include <catch2/catch.hpp>

#include <cmath>

#include <algorithm>

#include "core/rng.hpp"
#include "fixtures.hpp"
#include "identify/methods.hpp"
#include "identify/residual_advice.hpp"
#include "identify/start_comparison.hpp"
#include "identify/validation.hpp"
#include "model/presets.hpp"
#include "simulate/simulation.hpp"

using namespace mechid;

// The true model's free run reproduces noise-free data: held (PRBS) data exactly through ZOH, and
// a smooth multisine (point samples, ωh ≤ 0.31) to FOH accuracy; the ZOH
// simulation of those point samples, half a sample late on average, fits visibly worse.
TEST_CASE("validation simulates the truth with the sampling of the data: ZOH for held, FOH for point samples") {
  const MechanicalSystem truth = preset("3dof");
  SimulationOptions o;
  o.h = 0.2;
  o.n = 3000;
  const SimulatedData prbs = simulate(truth, o);
  const ValidationReport held = validate_model(truth, Dataset{o.h, prbs.u, prbs.q, InputSampling::hold});
  CHECK(held.fit_percent.minCoeff() > 99.99999);

  o.input.kind = InputKind::multisine;
  o.input.freq2_hz = 0.25;  // ωh ≤ 0.31
  const SimulatedData smooth = simulate(truth, o);
  const ValidationReport point = validate_model(truth, Dataset{o.h, smooth.u, smooth.q, InputSampling::point});
  const ValidationReport as_held = validate_model(truth, Dataset{o.h, smooth.u, smooth.q, InputSampling::hold});
  INFO("FOH fit " << point.fit_percent.transpose() << "; ZOH fit " << as_held.fit_percent.transpose());
  // Linear interpolation of a sine errs by at most (ωh)²/8 of its amplitude: 1.2 % at the top.
  const double omega_h = 2 * M_PI * 0.25 * o.h;
  CHECK(point.fit_percent.minCoeff() > 100.0 * (1 - omega_h * omega_h / 8));
  CHECK(as_held.fit_percent.maxCoeff() < point.fit_percent.minCoeff() - 5.0);
}

// Noise-free data from a state away from rest: the least-squares initial state of the true model's
// free run is that state (the normal equations are exact for exact data).
TEST_CASE("validation fits the initial state of the data: the true one for the true model on noise-free data") {
  const MechanicalSystem truth = preset("3dof");
  const Vector q0 = Vector::LinSpaced(3, 0.02, -0.01), v0 = Vector::LinSpaced(3, -0.3, 0.1);
  const ValidationReport v = validate_model(truth, fixtures::simulated_from(truth, 0.05, 600, q0, v0));
  REQUIRE(v.initial_state.size() == 6);
  Vector x0(6);
  x0 << q0, v0;
  CHECK((v.initial_state - x0).norm() < 1e-9 * x0.norm());
}

// The residual the page plots is the measured minus the simulated outputs, and its norm over the
// spread gives the nrmse reported beside it.
TEST_CASE("validation's residual is y - simulated, entry by entry, and its channel norms give the nrmse") {
  const MechanicalSystem truth = preset("3dof");
  MechanicalSystem off = truth;
  off.K *= 1.05;  // a model a little off, so that the residual is not at rounding level
  const Dataset d = fixtures::simulated_from(truth, 0.05, 400, Vector::LinSpaced(3, 0.01, 0.0), Vector::Zero(3));
  const ValidationReport v = validate_model(off, d);
  REQUIRE(v.residual.rows() == d.y.rows());
  REQUIRE(v.residual.cols() == 3);
  CHECK((v.residual - (d.y - v.simulated)).cwiseAbs().maxCoeff() == 0.0);
  for (Eigen::Index c = 0; c < 3; ++c) {
    const double spread = (d.y.col(c).array() - d.y.col(c).mean()).matrix().norm();
    CHECK(v.residual.col(c).norm() / spread == Approx(v.nrmse(c)).epsilon(1e-12));
  }
}

// validate_model is public: a record whose forces and outputs differ in length (a Dataset built
// by hand, without validate()) is a failed report that says so, not a run past the shorter one.
TEST_CASE("validation of a record with more rows of forces than of outputs fails and names both counts") {
  const MechanicalSystem truth = preset("3dof");
  Dataset d = fixtures::simulated_from(truth, 0.05, 200, Vector::Zero(3), Vector::Zero(3));
  d.u.conservativeResize(d.u.rows() + 5, Eigen::NoChange);
  d.u.bottomRows(5).setZero();
  const ValidationReport v = validate_model(truth, d);
  CHECK(v.failed());
  CHECK(v.message.find("205 rows of forces and 200 of outputs") != std::string::npos);
}

namespace {

Dataset noisy_data(const MechanicalSystem& s, InputKind kind, double h, Eigen::Index n, double snr_db, std::uint64_t seed) {
  SimulationOptions o;
  o.h = h;
  o.n = n;
  o.snr_db = snr_db;
  o.seed = seed;
  o.input.kind = kind;
  const SimulatedData d = simulate(s, o);
  return Dataset{h, d.u, d.q, kind == InputKind::prbs ? InputSampling::hold : InputSampling::point};
}

}  // namespace

// The residual tests' false-alarm rate, counted: the true model on 200 data sets with white
// measurement noise warns on 1 % of them in expectation (P(more than 6 of 200) ≈ 0.5 %).
TEST_CASE("residual tests on the true model with white noise: about 1 % false alarms (B10)") {
  const MechanicalSystem truth = preset("3dof");
  int alarms = 0;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    const Dataset d = noisy_data(truth, InputKind::prbs, 0.05, 400, 30.0, seed);
    const ValidationReport v = validate_model(truth, d);
    alarms += !v.residuals_white || !v.residuals_independent_of_input;
    CHECK(residual_test_advice(v, d).has_value() == !(v.residuals_white && v.residuals_independent_of_input));
  }
  CHECK(alarms <= 6);
}

TEST_CASE("a wrong model (K 3 % off) leaves correlated residuals: typed verdict and a warning that says what to do (B10)") {
  const MechanicalSystem truth = preset("3dof");
  const Dataset d = noisy_data(truth, InputKind::prbs, 0.05, 3000, 40.0, 7);
  MechanicalSystem wrong = truth;
  wrong.K *= 1.03;
  const ValidationReport v = validate_model(wrong, d);
  CHECK_FALSE(v.residuals_white);
  CHECK(v.whiteness_statistic > v.whiteness_threshold);
  CHECK(v.residual_whiteness_p < 0.005);
  const std::optional<Advice> advice = residual_test_advice(v, d);
  REQUIRE(advice.has_value());
  CHECK(advice->code == AdviceCode::correlated_residuals);
  CHECK(advice->level == AdviceLevel::warning);
  CHECK_THAT(advice->message, Catch::Contains("correlated over time"));
  CHECK_THAT(advice->detail, Catch::Contains("correlated over time") && Catch::Contains("misses dynamics"));
  // The held forces' cause names where "held" came from: said by the user, or read off the data.
  CHECK_THAT(advice->detail, Catch::Contains("held over each period as stated"));
  // What to do, typed: the other input sampling (each host words it: --input-sampling point, the page's Forces).
  REQUIRE(advice->options.size() == 1);
  CHECK(advice->options[0].name == "input-sampling");
  CHECK(advice->options[0].value == "point");
  CHECK(advice->action.find("--") == std::string::npos);
  Dataset read_off = d;
  read_off.input_sampling.from_data = true;
  CHECK_THAT(residual_test_advice(v, read_off)->detail, Catch::Contains("held over each period as read off the data"));
  // Accelerations are prefiltered into coloured noise by design: the same verdict, no warning.
  Dataset acceleration = d;
  acceleration.outputs = OutputKind::acceleration;
  CHECK_FALSE(residual_test_advice(v, acceleration).has_value());
  // The right model on the same data passes, and its statistics are unit-free: outputs in nm.
  const ValidationReport right = validate_model(truth, d);
  CHECK(right.residuals_white);
  Dataset nm = d;
  nm.y *= 1e-9;
  MechanicalSystem scaled = truth;
  scaled.L *= 1e-9;
  const ValidationReport right_nm = validate_model(scaled, nm);
  CHECK(right_nm.whiteness_statistic == Approx(right.whiteness_statistic).epsilon(1e-6));
  CHECK(right_nm.max_crosscorrelation == Approx(right.max_crosscorrelation).epsilon(1e-6));
}

// B5's pattern in validation: the divergence test compared the whole state [q; q̇] with max|y|,
// and q̇ ~ ω|q| exceeds 1e8|q| once ω > 1e8 rad/s. The 3-DOF system with time scaled by 1e-9
// (ω × 1e9, h × 1e-9: the same h·ω) validates as well as the original.
TEST_CASE("validation of a fast system (ω ~ 1e9 rad/s) does not call it divergent (B5 pattern)") {
  const MechanicalSystem slow = preset("3dof");
  MechanicalSystem fast = slow;
  fast.D *= 1e9;
  fast.K *= 1e18;
  fast.L *= 1e18;  // the same static deflection per unit force
  SimulationOptions o;
  o.h = 0.05e-9;
  o.n = 600;
  const SimulatedData d = simulate(fast, o);
  const ValidationReport v = validate_model(fast, Dataset{o.h, d.u, d.q, InputSampling::hold});
  REQUIRE(v.status == Status::ok);
  CHECK(v.fit_percent.minCoeff() > 99.999);
}

// The review's case (B10): 3 DOF, point-sampled multisine up to 0.25/h at h = 0.4, SNR 40. FOH's
// intersample assumption biased auto's estimate by 5 % (65 of its own sd) with a residual
// autocorrelation of 0.45 and nothing said so. The band-limited intersample model removes the
// bias: the residuals pass the tests and the estimate is within 3 of its sd.
TEST_CASE("auto on a point-sampled multisine at h = 0.4 is band-limited, white and within its intervals (B10)") {
  const MechanicalSystem truth = preset("3dof");
  const Dataset d = noisy_data(truth, InputKind::multisine, 0.4, 3000, 40.0, 1);
  const Identification r = identify("auto", d, IdentifyOptions{});
  REQUIRE(r.status != Status::failed);
  CHECK(r.diagnostics.sampling_model == "band-limited");
  CHECK(r.validation.residuals_white);
  REQUIRE(r.uncertainty.available);
  const Uncertainty& u = r.uncertainty;
  CHECK((r.system.M - truth.M).norm() <= 3 * u.M.norm());
  CHECK((r.system.D - truth.D).norm() <= 3 * u.D.norm());
  CHECK((r.system.K - truth.K).norm() <= 3 * u.K.norm());
}

// B10's warning where no intersample model fits: held PRBS forces declared point samples. They
// are not band-limited, so FOH is used, and it is wrong for steps; the residuals show it.
TEST_CASE("auto on held forces declared point samples warns that the residuals are correlated (B10)") {
  Dataset d = noisy_data(preset("3dof"), InputKind::prbs, 0.4, 3000, 40.0, 1);
  d.input_sampling = InputSampling::point;
  const Identification r = identify("auto", d, IdentifyOptions{});
  REQUIRE(r.status != Status::failed);
  CHECK(r.status == Status::warning);
  CHECK_FALSE(r.validation.residuals_white);
  CHECK(std::any_of(r.warnings.begin(), r.warnings.end(),
                    [](const std::string& w) { return w.find("correlated over time") != std::string::npos; }));
  // Declared point samples, fitted as linear between samples: the advice says so and offers hold.
  const auto a = std::find_if(r.advice.begin(), r.advice.end(), [](const Advice& x) { return x.code == AdviceCode::correlated_residuals; });
  REQUIRE(a != r.advice.end());
  REQUIRE(a->options.size() == 1);
  CHECK(a->options[0].value == "hold");
}

// Series set aside (issue 56 item 7): drop_series frees them and keeps the numbers; restore_series
// makes the same series again, bit for bit, and free_run_fit still takes the report's own fit.
TEST_CASE("validation series set aside and made again: the same bits, the same fit") {
  const MechanicalSystem truth = preset("3dof");
  MechanicalSystem wrong = truth;
  wrong.K *= 1.1;
  const Dataset d = noisy_data(truth, InputKind::prbs, 0.1, 2001, 30.0, 4);
  Identification e;
  e.system = wrong;
  e.validation = validate_model(wrong, d);
  const ValidationReport full = e.validation;
  drop_series(e.validation);
  CHECK(e.validation.simulated.size() == 0);
  CHECK(e.validation.residual.size() == 0);
  CHECK(e.validation.dropped_rows == 2001);
  CHECK(free_run_fit(e, d) == full.fit_percent.mean());
  restore_series(e.validation, wrong, d);
  CHECK(e.validation.dropped_rows == 0);
  REQUIRE(e.validation.simulated.rows() == 2001);
  CHECK((e.validation.simulated.array() == full.simulated.array()).all());
  CHECK((e.validation.residual.array() == full.residual.array()).all());
  CHECK(full.fit_percent.maxCoeff() < 95.0);  // a residual well above rounding
}

// auto's choice by likelihood (point samples not band-limited) sets its refinement's series aside
// while the variational estimate is made: the result still carries them, the residual y − simulated
// whose channel norms give the fit it reports.
TEST_CASE("auto choosing by likelihood returns its estimate's series: y - simulated, giving its nrmse") {
  Dataset d = noisy_data(preset("3dof"), InputKind::prbs, 0.4, 3000, 40.0, 1);
  d.input_sampling = InputSampling::point;
  const Identification r = identify("auto", d, IdentifyOptions{});
  REQUIRE(r.status != Status::failed);
  REQUIRE(r.diagnostics.reason);
  REQUIRE(r.diagnostics.reason->find("the likelihood ratio decides") != std::string::npos);
  CHECK(r.validation.dropped_rows == 0);
  REQUIRE(r.validation.simulated.rows() == 3000);
  REQUIRE(r.validation.residual.rows() == 3000);
  const double scale = d.y.cwiseAbs().maxCoeff();
  CHECK((r.validation.residual - (d.y - r.validation.simulated)).cwiseAbs().maxCoeff() < 1e-12 * scale);
  CHECK(r.validation.residual.cwiseAbs().maxCoeff() > 1e-3 * scale);  // noise of 40 dB, not rounding
  for (Eigen::Index c = 0; c < 3; ++c) {
    const double spread = (d.y.col(c).array() - d.y.col(c).mean()).matrix().norm();
    CHECK(r.validation.residual.col(c).norm() / spread == Approx(r.validation.nrmse(c)).epsilon(1e-9));
  }
}

// The fit of a start compared with another's (start_comparison.hpp) runs without the N x n series:
// its fit, nrmse and initial state equal those of the full validation, for held (ZOH) and point
// (FOH, inputs a block at a time) samples, on a wrong model (a fit well below 100 %).
TEST_CASE("validation without its series gives the full validation's fit, and without its tests the same series") {
  const MechanicalSystem truth = preset("3dof");
  MechanicalSystem wrong = truth;
  wrong.K *= 1.1;
  SimulationOptions o;
  o.h = 0.1;
  o.n = 2001;  // not a multiple of the free run's 64-sample blocks
  o.snr_db = 30;
  const SimulatedData sim = simulate(truth, o);
  for (const InputSampling sampling : {InputSampling::hold, InputSampling::point}) {
    const Dataset d{o.h, sim.u, sim.q, sampling};
    const ValidationReport full = validate_model(wrong, d), fit_only = validate_model(wrong, d, 25, Series::fit_only);
    INFO("fit " << full.fit_percent.transpose() << " against " << fit_only.fit_percent.transpose());
    CHECK(full.fit_percent.maxCoeff() < 95.0);
    CHECK((full.fit_percent - fit_only.fit_percent).cwiseAbs().maxCoeff() < 1e-9);
    CHECK((full.initial_state - fit_only.initial_state).norm() <= 1e-12 * full.initial_state.norm());
    CHECK(fit_only.simulated.size() == 0);
    CHECK(fit_only.residual.size() == 0);
    CHECK(full.simulated.rows() == o.n);
    // Series::untested: the same series, without the residual tests (their statistics left at rest).
    const ValidationReport untested = validate_model(wrong, d, 25, Series::untested);
    CHECK(untested.simulated == full.simulated);
    CHECK(untested.residual == full.residual);
    CHECK(full.whiteness_statistic > 0);
    CHECK(untested.whiteness_statistic == 0.0);
    CHECK(untested.max_lag == 0);
  }
}

// The benchmarks' rule (issue 52, item 2): the initial state from the first W samples only, the rest
// scored. Noise-free data of the true model from a state away from rest: 50 samples give the
// initial state exactly, and the scored rest is the data to rounding; with measurement noise of
// standard deviation σ on every output, the true model's rmse over the scored samples is σ within
// its sampling error (≈ σ/√(2(N − W)) for the sample sd; checked to 5 %), and fit, nrmse and rmse
// agree with their definitions over samples W..N-1 computed here from the series.
TEST_CASE("validation with an initial window: the initial state from the first W samples, fit and rmse over the rest") {
  const MechanicalSystem truth = preset("3dof");
  const Vector q0 = Vector::LinSpaced(3, 0.02, -0.01), v0 = Vector::LinSpaced(3, -0.3, 0.1);
  Dataset d = fixtures::simulated_from(truth, 0.05, 3000, q0, v0);
  const ValidationReport exact = validate_model(truth, d, 25, Series::kept, 50);
  REQUIRE_FALSE(exact.failed());
  CHECK(exact.scored_from == 50);
  Vector x0(6);
  x0 << q0, v0;
  CHECK((exact.initial_state - x0).norm() < 1e-9 * x0.norm());
  CHECK(exact.rmse.maxCoeff() < 1e-10 * d.y.cwiseAbs().maxCoeff());

  const double sigma = 1e-3;
  Random rng(9);
  for (Eigen::Index i = 0; i < d.y.rows(); ++i)
    for (Eigen::Index c = 0; c < 3; ++c) d.y(i, c) += sigma * rng.normal();
  const Eigen::Index W = 50, scored = d.y.rows() - W;
  const ValidationReport noisy = validate_model(truth, d, 25, Series::kept, W);
  REQUIRE_FALSE(noisy.failed());
  for (Eigen::Index c = 0; c < 3; ++c) {
    CHECK(noisy.rmse(c) == Approx(sigma).epsilon(0.05));
    const Vector e = d.y.col(c).tail(scored) - noisy.simulated.col(c).tail(scored);
    CHECK(noisy.rmse(c) == Approx(std::sqrt(e.squaredNorm() / static_cast<double>(scored))).epsilon(1e-12));
    const Vector y = d.y.col(c).tail(scored);
    const double spread = (y.array() - y.mean()).matrix().norm();
    CHECK(noisy.nrmse(c) == Approx(e.norm() / spread).epsilon(1e-12));
    CHECK(noisy.fit_percent(c) == Approx(100.0 * (1.0 - e.norm() / spread)).epsilon(1e-12));
  }
  // Without the window every sample is scored and the initial state uses them all.
  const ValidationReport whole = validate_model(truth, d);
  CHECK(whole.scored_from == 0);
  CHECK(whole.rmse(0) == Approx(std::sqrt((d.y.col(0) - whole.simulated.col(0)).squaredNorm() / static_cast<double>(d.y.rows()))).epsilon(1e-12));
  // A window that leaves nothing to score is a failed report that says so.
  const ValidationReport none = validate_model(truth, d, 25, Series::kept, d.y.rows());
  CHECK(none.failed());
  CHECK_THAT(none.message, Catch::Contains("leaves none of the record's 3000 samples to score"));
  const ValidationReport one = validate_model(truth, d, 25, Series::kept, 1);
  CHECK(one.failed());
  CHECK_THAT(one.message, Catch::Contains("give at least 2 samples"));
  // Two samples already determine the 6 positions and velocities of the noise-free record.
  const ValidationReport two = validate_model(truth, fixtures::simulated_from(truth, 0.05, 3000, q0, v0), 25, Series::kept, 2);
  CHECK((two.initial_state - x0).norm() < 1e-6 * x0.norm());
}

// identify's held-out records take the window (IdentifyOptions::initial_window): the result's
// validation_records are validate_model's with it.
TEST_CASE("identify's held-out records are scored after the initial window") {
  const MechanicalSystem truth = preset("3dof");
  const Dataset train = fixtures::simulated(truth, 0.05, 3000, 40.0, 1);
  Dataset held = fixtures::simulated(truth, 0.05, 2000, 40.0, 2);
  held.name = "held.csv";
  IdentifyOptions options;
  options.initial_window = 50;
  const Identification r = identify("auto", std::vector<Dataset>{train}, options, std::vector<Dataset>{held});
  REQUIRE(r.validation_records.size() == 1);
  const ValidationReport& v = r.validation_records[0].report;
  REQUIRE_FALSE(v.failed());
  CHECK(v.scored_from == 50);
  const ValidationReport direct = validate_model(r.system, held, 25, Series::kept, 50);
  CHECK((v.rmse - direct.rmse).cwiseAbs().maxCoeff() <= 1e-12 * direct.rmse.maxCoeff());
}
