// Lin-Ewins and beam presets (Karimov et al. 2021 secs. 3-4) and the DIA / IDA pipeline from acceleration.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/input_error.hpp"
#include "estimators/nonlinear/differentiate.hpp"
#include "estimators/nonlinear/identify.hpp"
#include "estimators/nonlinear/presets.hpp"

using namespace mechid;
using namespace mechid::nonlinear;

namespace {

PiecewiseOptions lin_ewins_options(Form method, ReconstructionOptions reconstruction) {
  PiecewiseOptions o;
  o.method = method;
  o.regions = threshold_regions(5e-3);
  o.mass = 1.0;
  o.damping = 4.0;
  o.reconstruction = reconstruction;
  o.swap.enabled = method == Form::ida;  // the seed's Algorithms 2 and 3
  o.irls.max_iterations = 500;
  return o;
}

double outer(const PiecewiseIdentification& r) { return r.stiffness.at(0).k; }
double inner(const PiecewiseIdentification& r) { return r.stiffness.at(1).k; }

}  // namespace

TEST_CASE("the RK4 simulation of Lin-Ewins has converged at 50 substeps per millisecond", "[nonlinear][identify]") {
  const PiecewiseOscillator le = lin_ewins();
  const Motion a = simulate(le, 1e-3, 2001, 50), b = simulate(le, 1e-3, 2001, 100), c = simulate(le, 1e-3, 2001, 400);
  // Chaos amplifies differences over time; over the first 2 s the step sizes agree closely and
  // the difference shrinks like dt^4.
  const double scale = a.x.cwiseAbs().maxCoeff();
  const double e50 = (a.x - c.x).cwiseAbs().maxCoeff(), e100 = (b.x - c.x).cwiseAbs().maxCoeff();
  INFO("max |dx| " << e50 << " (50 substeps), " << e100 << " (100) of " << scale);
  CHECK(e50 < 1e-5 * scale);
  CHECK(e50 / e100 > 8);
  CHECK(scale > 5e-3);  // it does reach the outer springs
  // The sampled jerk is the derivative of the sampled acceleration (checked at 20 kHz).
  const Motion fine = simulate(le, 5e-5, 20001, 2);
  const Vector d = differentiate4(fine.a, 5e-5);
  CHECK((d - fine.j).segment(2, 19997).norm() < 1e-3 * fine.j.norm());
}

TEST_CASE("the sigmoid spring force approaches the piecewise-linear force of eq. 20", "[nonlinear][identify]") {
  const PiecewiseOscillator le = lin_ewins();
  for (const double x : {-0.012, -0.0052, -0.003, 0.0, 0.004, 0.0051, 0.009}) {
    // Outside the backlash the sigmoid misses k2 d e^{-s d} at a distance d from the threshold.
    const double d = std::abs(std::abs(x) - 5e-3);
    CHECK(spring_force(le, x) == Approx(exact_spring_force(le, x)).margin(40000 * (d + 1e-4) * std::exp(-1e4 * d)));
  }
  CHECK(exact_spring_force(le, 0.009) == Approx(40000 * 0.004));
  CHECK(exact_spring_force(le, -0.009) == Approx(-40000 * 0.004));
  CHECK(exact_spring_force(le, 0.003) == 0.0);
}

TEST_CASE("noise-free Lin-Ewins at 1 kHz: IDA with swapping finds k2 = 40000 and k1 = 0", "[nonlinear][identify]") {
  const Motion m = simulate(lin_ewins(), 1e-3, 20000, 50);
  const AccelerationData data{1e-3, m.a, m.f};
  for (const ReconstructionOptions rec : {ReconstructionOptions{20, 0.0, true}, ReconstructionOptions{20, 2.0, true}}) {
    const PiecewiseIdentification r = identify_piecewise(data, lin_ewins_options(Form::ida, rec));
    INFO("segments 20, high-pass " << rec.highpass_hz << ": outer " << outer(r) << ", inner " << inner(r));
    CHECK(r.status == Status::ok);
    CHECK(std::abs(outer(r) / 40000 - 1) < 3e-3);
    CHECK(std::abs(inner(r)) < 1.0);
    CHECK(r.changed > 0);  // the reconstructed x misplaces samples; swapping moves them
    CHECK(r.stiffness[0].name == "outer");
  }
}

TEST_CASE("noise-free Lin-Ewins: the DIA is exact once the sampling resolves the sigmoid (10 kHz)", "[nonlinear][identify]") {
  // At 1 kHz a sigmoid crossing (~1 ms) falls within one sample and the quadrature error of
  // each crossing makes v drift (docs/results.md); at 10 kHz double integration from zero works.
  const Motion m = simulate(lin_ewins(), 1e-4, 100000, 5);
  const PiecewiseIdentification dia = identify_piecewise({1e-4, m.a, m.f}, lin_ewins_options(Form::dia, {}));
  INFO("DIA outer " << outer(dia) << ", inner " << inner(dia));
  CHECK(std::abs(outer(dia) / 40000 - 1) < 1e-3);
  CHECK(std::abs(inner(dia)) < 5.0);
  // Mass and damping estimated with the stiffness (the force is known).
  PiecewiseOptions o = lin_ewins_options(Form::dia, {});
  o.mass.reset();
  o.damping.reset();
  const PiecewiseIdentification all = identify_piecewise({1e-4, m.a, m.f}, o);
  INFO("m " << all.mass << ", c " << all.damping << ", outer " << outer(all));
  CHECK(all.mass_estimated);
  CHECK(all.mass == Approx(1.0).epsilon(1e-3));
  CHECK(all.damping == Approx(4.0).epsilon(1e-2));
  CHECK(std::abs(outer(all) / 40000 - 1) < 2e-3);
}

TEST_CASE("the DIA regression on the exact displacement and velocity has no model error at 1 kHz", "[nonlinear][identify]") {
  const Motion m = simulate(lin_ewins(), 1e-3, 20000, 50);
  PiecewiseRegression p;
  p.form = Form::dia;
  p.regions = threshold_regions(5e-3);
  p.x = m.x;
  p.v = m.v;
  p.y = m.a - m.f + 8.0 * m.v;  // eq. 23 with m = 1, 2c = 8
  p.fixed.resize(m.a.size(), 0);
  const SwapResult r = irls_with_swapping(p, classify(p.regions, m.x), {}, SwapOptions{false, 1.0, 0});
  CHECK(-r.fit.h(0) == Approx(40000).epsilon(1e-5));
  CHECK(std::abs(r.fit.h(1)) < 0.1);
}

TEST_CASE("the beam in free vibration: IDA by the sign of theta recovers both stiffnesses, DIA does not", "[nonlinear][identify]") {
  // Released from θ(0) = 0.02 rad: integrated from zero, θ must be detrended, which also removes
  // its true mean (the soft side holds more of the motion) and shifts the classification by sign.
  // Swapping repairs most of it in the IDA; the DIA underestimates k1 as in the seed's Table 2.
  const PiecewiseOscillator beam = aluminium_beam();
  const Motion m = simulate(beam, 1e-3, 1500, 50);
  PiecewiseOptions o;
  o.method = Form::ida;
  o.regions = sign_regions();
  o.mass = beam.mass;
  o.damping = beam.damping;
  o.reconstruction = {1, 0.0, true};
  const PiecewiseIdentification ida = identify_piecewise({1e-3, m.a, Vector()}, o);
  o.method = Form::dia;
  o.swap.enabled = false;
  const PiecewiseIdentification dia = identify_piecewise({1e-3, m.a, Vector()}, o);
  INFO("IDA " << ida.stiffness[0].k << ", " << ida.stiffness[1].k << "; DIA " << dia.stiffness[0].k << ", " << dia.stiffness[1].k);
  CHECK(ida.stiffness[0].name == "negative");
  CHECK(ida.stiffness[0].k == Approx(608.3).epsilon(0.03));
  CHECK(ida.stiffness[1].k == Approx(123.2).epsilon(0.03));
  CHECK(dia.stiffness[0].k < 0.5 * 608.3);
  // Free vibration: the mass cannot be estimated.
  o.mass.reset();
  CHECK_THROWS_WITH(identify_piecewise({1e-3, m.a, Vector()}, o), Catch::Contains("give the mass"));
}

TEST_CASE("bad acceleration input gets a clear InputError", "[nonlinear][identify]") {
  const Motion m = simulate(lin_ewins(), 1e-3, 3000, 20);
  const PiecewiseOptions o = lin_ewins_options(Form::ida, {});
  CHECK_THROWS_WITH(identify_piecewise({1e-3, Vector(), Vector()}, o), Catch::Contains("acceleration column"));
  CHECK_THROWS_WITH(identify_piecewise({1e-3, m.a.head(20), m.f.head(20)}, o), Catch::Contains("too short"));
  Vector a = m.a;
  a(41) = INFINITY;
  CHECK_THROWS_WITH(identify_piecewise({1e-3, a, m.f}, o), Catch::Contains("acceleration sample 42"));
  CHECK_THROWS_WITH(identify_piecewise({1e-3, m.a, m.f.head(100)}, o), Catch::Contains("the force has 100 samples"));
  CHECK_THROWS_WITH(identify_piecewise({-1.0, m.a, m.f}, o), Catch::Contains("sampling period"));
  // Thresholds beyond the motion leave the outer class empty.
  PiecewiseOptions wide = o;
  wide.regions = threshold_regions(1.0);
  CHECK_THROWS_WITH(identify_piecewise({1e-3, m.a, m.f}, wide),
                    Catch::Contains("stiffness 'outer'") && Catch::Contains("x <= -1 or x > 1"));
  PiecewiseOptions negative_mass = o;
  negative_mass.mass = -1.0;
  CHECK_THROWS_WITH(identify_piecewise({1e-3, m.a, m.f}, negative_mass), Catch::Contains("mass must be a positive"));
  // Counts: at least one segment and one IRLS iteration (the converter only makes them whole).
  PiecewiseOptions no_segments = o;
  no_segments.reconstruction.segments = 0;
  CHECK_THROWS_AS(identify_piecewise({1e-3, m.a, m.f}, no_segments), InputError);
  CHECK_THROWS_WITH(identify_piecewise({1e-3, m.a, m.f}, no_segments), "the number of segments must be at least 1, got 0");
  PiecewiseOptions no_iterations = o;
  no_iterations.irls.max_iterations = 0;
  CHECK_THROWS_WITH(identify_piecewise({1e-3, m.a, m.f}, no_iterations),
                    "the IRLS iteration limit must be between 1 and 100000, got 0");
  CHECK_THROWS_WITH(threshold_regions(0.0), Catch::Contains("threshold x0"));
  CHECK_THROWS_WITH(breakpoint_regions({0.1, 0.0}), Catch::Contains("increasing"));
  // The message names the two breakpoints out of order; it used to be built for i = 0 too and read
  // breakpoints[-1] (ASan heap-buffer-overflow, issue 20 item 2).
  CHECK_THROWS_WITH(breakpoint_regions({-1.0, 0.25, 0.125}), "breakpoints must be increasing, got 0.25 then 0.125");
  CHECK(breakpoint_regions({-0.005, 0.005}).regions.size() == 3);
  CHECK_THROWS_WITH(oscillator("duffing"), Catch::Contains("unknown nonlinear system 'duffing'"));
}

TEST_CASE("user breakpoints: the DIA estimates each region's offset, the IDA needs none", "[nonlinear][identify]") {
  // Breakpoints at ±x0 with an intercept per region reproduce the backlash: offsets ≈ ∓x0.
  const Motion m = simulate(lin_ewins(), 1e-4, 100000, 5);
  PiecewiseOptions o = lin_ewins_options(Form::dia, {});
  o.regions = breakpoint_regions({-5e-3, 5e-3});
  const PiecewiseIdentification r = identify_piecewise({1e-4, m.a, m.f}, o);
  REQUIRE(r.stiffness.size() == 3);
  CHECK(r.stiffness[0].k == Approx(40000).epsilon(2e-3));
  CHECK(r.stiffness[2].k == Approx(40000).epsilon(2e-3));
  CHECK(std::abs(r.stiffness[1].k) < 20);
  CHECK(r.stiffness[0].offset == Approx(-5e-3).epsilon(1e-2));
  CHECK(r.stiffness[2].offset == Approx(5e-3).epsilon(1e-2));
}

TEST_CASE("the accelerometer model adds sigma z + a0 with a reproducible seed", "[nonlinear][identify]") {
  const Vector a = Vector::Zero(20000);
  const Vector n1 = accelerometer(a, 10.0, 5.0, 7), n2 = accelerometer(a, 10.0, 5.0, 7), n3 = accelerometer(a, 10.0, 5.0, 8);
  CHECK(n1 == n2);
  CHECK(n1 != n3);
  CHECK(n1.mean() == Approx(5.0).margin(0.25));
  CHECK(std::sqrt((n1.array() - n1.mean()).square().mean()) == Approx(10.0).epsilon(0.03));
  CHECK_THROWS_WITH(accelerometer(a, -1.0, 0.0, 1), Catch::Contains("sigma"));
}

TEST_CASE("the estimated force curve uses the region offsets, or continuity where they are unknown", "[nonlinear][identify]") {
  PiecewiseIdentification r;
  r.regions = threshold_regions(5e-3);
  r.stiffness = {{"outer", 40000.0, NAN, 10}, {"inner", 0.0, NAN, 10}};
  const Vector x = (Vector(4) << -0.009, 0.0, 0.003, 0.009).finished();
  const Vector F = estimated_force(r, x);
  CHECK(F(0) == Approx(-160.0));
  CHECK(F(1) == 0.0);
  CHECK(F(2) == 0.0);
  CHECK(F(3) == Approx(160.0));
  // Breakpoints, IDA (no offsets): continuous through F(0) = 0 with slopes 3, 1, 2.
  r.regions = breakpoint_regions({-1.0, 1.0});
  r.stiffness = {{"k1", 3.0, NAN, 10}, {"k2", 1.0, NAN, 10}, {"k3", 2.0, NAN, 10}};
  const Vector F2 = estimated_force(r, (Vector(3) << -2.0, 0.5, 2.0).finished());
  CHECK(F2(0) == Approx(-4.0));
  CHECK(F2(1) == Approx(0.5));
  CHECK(F2(2) == Approx(3.0));
  // DIA with estimated offsets: k (x - offset) in each region.
  r.stiffness[2].offset = 0.5;
  CHECK(estimated_force(r, (Vector(1) << 2.0).finished())(0) == Approx(3.0));
}
