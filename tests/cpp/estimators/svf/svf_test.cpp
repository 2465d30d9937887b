// State-variable-filter least squares (src/estimators/svf/): exact recovery on noise-free closed-form data,
// the SVF report's 1-DOF case (golden, with its pole search), the RLC circuit, the outlier
// demonstration and the robust fit, the MIMO form, and bad input.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/input_error.hpp"
#include "core/rng.hpp"
#include "model/presets.hpp"
#include "simulate/simulation.hpp"
#include "simulate/sinusoid_response.hpp"
#include "estimators/svf/identify_svf.hpp"
#include "estimators/svf/rlc.hpp"
#include "estimators/svf/svf_mimo.hpp"

using namespace mechid;

namespace {

// The SVF report, sec. 2.3: u = 5 sin(2t) + 10.5 on msd (m 15, b 0.2, k 2) from rest, closed form.
SampledResponse seed_msd_data(double h, double duration) {
  const Eigen::Index N = static_cast<Eigen::Index>(std::llround(duration / h)) + 1;
  return sinusoid_response(to_state_space(preset("msd")), msd_seed_input(), Vector::Zero(2), h, N);
}

// The SVF report's error measure: |Δm/m| + |Δb/b| + |Δk/k|.
double total_error(const MassSpringDamper& e) {
  return std::abs(e.m - 15.0) / 15.0 + std::abs(e.b - 0.2) / 0.2 + std::abs(e.k - 2.0) / 2.0;
}

MassSpringDamper fit_msd(const SampledResponse& d, double h, double p1, double p2, Intersample rule) {
  SvfOptions o;
  o.p1 = p1;
  o.p2 = p2;
  o.input_rule = o.output_rule = rule;
  const SvfFit fit = svf_fit(d.u, d.y.col(0), h, o);
  REQUIRE(fit.status == Status::ok);
  return mass_spring_damper(fit);
}

}  // namespace

TEST_CASE("SVF least squares recovers m, b, k to 1e-6 on noise-free exact data", "[svf]") {
  const double h = 0.01;
  const SampledResponse d = seed_msd_data(h, 10.0);
  for (auto [p1, p2] : {std::pair{0.1, 0.5}, {1.0, 2.0}, {3.0, 3.0}}) {
    const MassSpringDamper e = fit_msd(d, h, p1, p2, Intersample::cubic);
    CHECK(std::abs(e.m / 15.0 - 1) < 1e-6);
    CHECK(std::abs(e.b / 0.2 - 1) < 1e-6);
    CHECK(std::abs(e.k / 2.0 - 1) < 1e-6);
  }
  // θ_λ is eq. 5: [b/m - (p1 + p2), k/m - p1 p2, 1/m].
  SvfOptions o;
  o.p1 = 1.0;
  o.p2 = 2.0;
  const SvfFit fit = svf_fit(d.u, d.y.col(0), h, o);
  CHECK(fit.theta(0) == Approx(0.2 / 15 - 3.0).epsilon(1e-7));
  CHECK(fit.theta(1) == Approx(2.0 / 15 - 2.0).epsilon(1e-7));
  CHECK(fit.theta(2) == Approx(1.0 / 15).epsilon(1e-7));
}

TEST_CASE("the SVF report sec. 2.3: h = 0.1 over 10 s, pole grid 0.1..4.9 step 0.2", "[svf]") {
  const double h = 0.1;
  const SampledResponse d = seed_msd_data(h, 10.0);
  const Vector grid = pole_grid(0.1, 4.9, 0.2);
  REQUIRE(grid.size() == 25);
  auto search = [&](Intersample rule) {
    return search_poles(grid, [&](double p1, double p2) { return total_error(fit_msd(d, h, p1, p2, rule)); });
  };
  // With the linear (first-order-hold) realisation the seed's choice comes out: p1 = 0.1, p2 = 0.5,
  // m̂ = 14.9950, b̂ = 0.2002, k̂ = 1.9996 (seed: 14.9950, 0.2002, 1.9997; e = 0.13 %, here 0.152 %).
  const PoleSearch linear = search(Intersample::linear);
  CHECK(linear.p1 == Approx(0.1));
  CHECK(linear.p2 == Approx(0.5));
  CHECK(linear.best == Approx(1.519e-3).epsilon(1e-3));
  const MassSpringDamper e = fit_msd(d, h, 0.1, 0.5, Intersample::linear);
  CHECK(e.m == Approx(14.9950).margin(5e-5));
  CHECK(e.b == Approx(0.2002).margin(5e-5));
  // The cubic realisation (O(h⁴)) is 16 times better at the seed's poles and 770 times at its best pair.
  const PoleSearch cubic = search(Intersample::cubic);
  CHECK(cubic.best < 1e-5);
  CHECK(cubic.surface(0, 2) < 1e-4);
  CHECK(cubic.evaluated == 25 * 26 / 2);
  CHECK((cubic.surface - cubic.surface.transpose()).cwiseAbs().maxCoeff() == 0.0);
  // The data-only criterion (output error, seed sec. 3.2) also lands below 0.13 %.
  SvfOptions o;
  const SvfSisoSearch s = svf_siso_search(d.u, d.y.col(0), h, o, grid);
  CHECK(total_error(mass_spring_damper(s.fit)) < 1.3e-3);
  CHECK(s.output_error == Approx(s.search.best));
}

TEST_CASE("RLC circuit (the SVF report sec. 3): 1/RC and 1/LC from V_C and two inputs", "[svf]") {
  const double h = 1e-5;
  const SampledResponse d = sinusoid_response(rlc_state_space({}), rlc_seed_input(), Vector::Zero(2), h, 50001);
  const SvfFit fit = svf_fit(d.u, d.y.col(0), h, rlc_svf_options(370, 380));
  REQUIRE(fit.status == Status::ok);
  REQUIRE(fit.theta.size() == 6);
  const RlcCircuit c = rlc_from_fit(fit);
  CHECK(c.inv_rc == Approx(10.0).epsilon(1e-4));
  CHECK(c.inv_lc == Approx(2.5e7).epsilon(1e-6));
  // The numerator of eq. 11: b_11 = 1/RC, b_10 = 0, b_21 = 1/RC, b_20 = 1/LC.
  CHECK(fit.ode.b(0, 0) == Approx(10.0).epsilon(1e-3));
  CHECK(std::abs(fit.ode.b(0, 1)) < 1e-3);
  CHECK(fit.ode.b(1, 1) == Approx(2.5e7).epsilon(1e-6));
}

TEST_CASE("three corrupted samples ruin least squares, the robust fit withstands them", "[svf]") {
  const double h = 1e-5;
  const SampledResponse d = sinusoid_response(rlc_state_space({}), rlc_seed_input(), Vector::Zero(2), h, 50001);
  Vector y = d.y.col(0);
  Random rng(8);
  for (int j = 0; j < 3; ++j) y(1000 + static_cast<Eigen::Index>(rng.uniform() * 48000)) += 20.0;
  SvfOptions o = rlc_svf_options(370, 380);
  const RlcCircuit plain = rlc_from_fit(svf_fit(d.u, y, h, o));
  CHECK(std::abs(plain.inv_lc / 2.5e7 - 1) > 0.5);  // the seed saw 81 % on 1/LC
  o.robust.robust = true;
  const SvfFit robust = svf_fit(d.u, y, h, o);
  REQUIRE(robust.status == Status::ok);
  const RlcCircuit c = rlc_from_fit(robust);
  CHECK(c.inv_rc == Approx(10.0).epsilon(1e-4));
  CHECK(c.inv_lc == Approx(2.5e7).epsilon(1e-6));
  CHECK((robust.solution.weights.array() < 0.01).count() == 3);  // exactly the corrupted samples
}

// Noise-free data leave the SVF estimate a deterministic misfit far below any sensor's noise (under
// 1e-6 of the signal in the two cases below): the result is ok with the note noise_free and no
// residual test (numerics review e622506, problem 6: the tests used to fire on that misfit).
static void check_noise_free_ok(const Identification& r) {
  REQUIRE(r.status == Status::ok);
  CHECK(r.warnings.empty());
  CHECK(r.validation.nrmse.maxCoeff() < 1e-6);
  REQUIRE(r.advice.size() == 1);
  CHECK(r.advice[0].code == AdviceCode::noise_free);
  CHECK(r.advice[0].level == AdviceLevel::note);
}

TEST_CASE("the MIMO form recovers M, D, K of 3dof with known L, robust withstands outliers in q", "[svf]") {
  const MechanicalSystem s = preset("3dof");
  SimulationOptions so;
  so.h = 0.01;
  so.n = 3000;
  const SimulatedData sim = simulate(s, so);  // PRBS, held
  Dataset data{so.h, sim.u, sim.q, InputSampling::hold};
  SvfIdentifyOptions o;
  o.p1 = 2.0;
  o.p2 = 5.0;
  SvfIdentification r = identify_svf(data, o);
  REQUIRE(r.form == "mimo");
  check_noise_free_ok(r.result);
  RelativeErrors e = relative_errors(r.result.system, s);
  CHECK(e.M < 1e-6);
  CHECK(e.D < 1e-6);
  CHECK(e.K < 1e-6);
  // Three corrupted displacement samples.
  data.y(500, 0) += 1.0;
  data.y(1500, 1) -= 1.0;
  data.y(2500, 2) += 1.0;
  e = relative_errors(identify_svf(data, o).result.system, s);
  CHECK(e.K > 1e-3);
  o.robust = true;
  r = identify_svf(data, o);
  e = relative_errors(r.result.system, s);
  CHECK(e.M < 1e-5);
  CHECK(e.D < 1e-5);
  CHECK(e.K < 1e-5);
}

TEST_CASE("identify_svf on one degree of freedom uses eq. 4 and searches the poles by output error", "[svf]") {
  const double h = 0.1;
  const SampledResponse d = seed_msd_data(h, 10.0);
  SvfIdentifyOptions o;
  o.grid = pole_grid(0.1, 4.9, 0.2);
  const SvfIdentification r = identify_svf({h, d.u, d.y, InputSampling::point}, o);
  REQUIRE(r.form == "siso");
  REQUIRE(r.searched);
  REQUIRE(r.theta.size() == 3);
  check_noise_free_ok(r.result);
  CHECK(relative_errors(r.result.system, preset("msd")).D < 2e-4);
  CHECK(r.result.M_pd);
}

TEST_CASE("SVF bad input is a clear error", "[svf]") {
  const SampledResponse d = seed_msd_data(0.1, 10.0);
  SvfOptions o;
  CHECK_THROWS_WITH(svf_fit(d.u, d.y.col(0).head(50), 0.1, o), "inputs have 101 samples but the output 50");
  CHECK_THROWS_WITH(svf_fit(d.u, d.y.col(0), 0.0, o), "h must be a positive number of seconds, got 0");
  o.p1 = -1;
  CHECK_THROWS_WITH(svf_fit(d.u, d.y.col(0), 0.1, o), "filter pole p1 must be a positive number (a stable filter), got -1");
  o.p1 = 1;
  o.input_derivative = {true, false};
  CHECK_THROWS_WITH(svf_fit(d.u, d.y.col(0), 0.1, o), "the model structure names 2 inputs but the data have 1");
  o.input_derivative.clear();
  CHECK_THROWS_WITH(svf_fit(d.u.topRows(4), d.y.col(0).head(4), 0.1, o), "too few samples: 4, need at least 6 for 3 parameters");
  CHECK_THROWS_WITH(pole_grid(0.0, 5.0, 0.2), "the pole grid must start at a positive value, got 0");
  CHECK_THROWS_WITH(pole_grid(1.0, 5.0, 0.0), "the pole grid step must be positive, got 0");
  CHECK_THROWS_WITH(pole_grid(0.001, 5.0, 0.001), "the pole grid has 5000 values; at most 400 are allowed");
  SvfIdentifyOptions io;
  io.form = "siso";
  const SimulatedData sim = simulate(preset("3dof"), [] {
    SimulationOptions so;
    so.h = 0.05;
    so.n = 100;
    return so;
  }());
  CHECK_THROWS_WITH(identify_svf({0.05, sim.u, sim.q, InputSampling::hold}, io),
                    "the siso form needs one output and one input, the data have 3 and 3");
  io.form = "auto";
  Dataset negative_cutoff{0.05, sim.u, sim.q, InputSampling::hold};
  negative_cutoff.acceleration_cutoff_hz = -1;
  CHECK_THROWS_WITH(identify_svf(negative_cutoff, io), "the acceleration high-pass cut-off (Hz) must be >= 0 (0: automatic), got -1");
  io.L = Matrix::Identity(2, 3);
  CHECK_THROWS_WITH(identify_svf({0.05, sim.u, sim.q, InputSampling::hold}, io),
                    "L must be 3x3 (outputs x inputs of the data), got 2x3");
  io.L.resize(0, 0);
  io.form = "both";
  CHECK_THROWS_WITH(identify_svf({0.05, sim.u, sim.q, InputSampling::hold}, io), "form must be auto, siso or mimo, got 'both'");
}

TEST_CASE("SvfIdentifyOptions::validate: the poles positive, form and intersample among their names, each named", "[svf]") {
  auto code = [](const SvfIdentifyOptions& o) {
    try {
      o.validate();
    } catch (const InputError& e) {
      return std::string(e.option()) + ": " + e.what();
    }
    return std::string("accepted");
  };
  SvfIdentifyOptions o;
  CHECK(code(o) == "accepted");
  o.p1 = -1;
  CHECK(code(o) == "p1: filter pole p1 must be a positive number (a stable filter), or 0: from the data, got -1");
  o.p1 = 0;
  o.p2 = 1.0;  // one pole from the data, one given: refused
  CHECK(code(o) == "p1: filter poles p1 and p2 must be both positive, or both 0 (from the data)");
  o.p1 = 0.5;
  o.p2 = NAN;
  CHECK(code(o).rfind("p2: filter pole p2 must be a positive number", 0) == 0);
  o.p2 = 1.0;
  o.form = "both";
  CHECK(code(o) == "form: form must be auto, siso or mimo, got 'both'");
  o.form = "mimo";
  o.smooth = Intersample::hold;
  CHECK(code(o) == "intersample: the intersample rule of displacements must be cubic or linear (they are continuous)");
  o.smooth = Intersample::linear;
  o.grid = Vector::Constant(2, -1.0);  // a grid's poles are checked where it is made (pole_grid), not here
  CHECK(code(o) == "accepted");
}
