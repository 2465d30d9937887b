// The estimator scenarios (src/estimators/scenarios.cpp): their sampling, data that agree with an
// independent RK4 integration of the same model and input, the noise level, the belt drive's
// measurement, and the checks.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/input_error.hpp"
#include "estimators/scenarios.hpp"
#include "model/presets.hpp"
#include "estimators/svf/rlc.hpp"
#include "estimators/svf/svf_siso.hpp"

using namespace mechid;

namespace {

// x' = A x + B u(t) from rest by classical RK4 with `sub` steps per sample; the first output.
Vector rk4_output(const StateSpaceModel& m, const SineSum& input, double h, Eigen::Index n, int sub) {
  Vector x = Vector::Zero(m.A.rows()), y(n);
  const double dt = h / sub;
  auto f = [&](double t, const Vector& s) -> Vector { return m.A * s + m.B * input.at(t); };
  for (Eigen::Index i = 0; i < n; ++i) {
    y(i) = (m.C * x)(0);
    for (int j = 0; j < sub; ++j) {
      const double t = i * h + j * dt;
      const Vector k1 = f(t, x), k2 = f(t + dt / 2, x + dt / 2 * k1), k3 = f(t + dt / 2, x + dt / 2 * k2),
                   k4 = f(t + dt, x + dt * k3);
      x += dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
    }
  }
  return y;
}

}  // namespace

TEST_CASE("scenario sampling: rlc 1e-5 s x 50001, msd-sine 0.1 s x 101, belt-drive 1e-3 s x 20001") {
  CHECK(scenario_names() == std::vector<std::string>{"rlc", "belt-drive", "msd-sine"});
  const ScenarioOptions rlc = scenario_defaults("rlc"), msd = scenario_defaults("msd-sine"), belt = scenario_defaults("belt-drive");
  // docs/results.md: RLC over 0.5 s, msd over 10 s (the SVF report), the belt drive over 20 s (Beckmann et al. 2016).
  CHECK(rlc.h * static_cast<double>(rlc.n - 1) == Approx(0.5).epsilon(1e-12));
  CHECK(msd.h * static_cast<double>(msd.n - 1) == Approx(10.0).epsilon(1e-12));
  CHECK(belt.h * static_cast<double>(belt.n - 1) == Approx(20.0).epsilon(1e-12));
  CHECK(rlc.h == 1e-5);
  CHECK(msd.h == 0.1);
  CHECK(belt.h == 1e-3);
  for (const auto& o : {rlc, msd, belt}) {
    CHECK(o.seed == 1);
    CHECK(o.snr_db == INFINITY);
  }
  CHECK_THROWS_MATCHES(scenario_defaults("rlc2"), InputError,
                       Catch::Message("unknown system 'rlc2' (expected rlc, msd-sine or belt-drive)"));
}

TEST_CASE("msd-sine and rlc: the exact response agrees with an RK4 integration of the same model") {
  const ScenarioOptions msd = scenario_defaults("msd-sine");
  const ScenarioData m = simulate_scenario("msd-sine", msd);
  REQUIRE(m.q.rows() == 101);
  CHECK(m.name == "msd-sine");
  CHECK(m.u(0, 0) == Approx(10.5));  // u = 5 sin 2t + 10.5
  CHECK(m.t(100) == Approx(10.0));
  const Vector reference = rk4_output(to_state_space(preset("msd")), msd_seed_input(), msd.h, msd.n, 100);
  CHECK((m.q.col(0) - reference).cwiseAbs().maxCoeff() < 1e-9 * reference.cwiseAbs().maxCoeff());
  CHECK(m.noise_std == std::vector<double>{0.0});

  ScenarioOptions rlc = scenario_defaults("rlc");
  rlc.n = 2001;  // 0.02 s: a hundred periods of the 5000 rad/s mode
  const ScenarioData r = simulate_scenario("rlc", rlc);
  REQUIRE(r.u.cols() == 2);
  const Vector v_c = rk4_output(rlc_state_space({}), rlc_seed_input(), rlc.h, rlc.n, 50);
  // 10⁵ RK4 steps on the lightly damped 5000 rad/s mode: rounding leaves about 1e-8.
  CHECK((r.q.col(0) - v_c).cwiseAbs().maxCoeff() < 1e-7 * v_c.cwiseAbs().maxCoeff());
}

TEST_CASE("scenario noise: variance = signal variance / 10^(snr/10), reproducible by seed") {
  ScenarioOptions o = scenario_defaults("msd-sine");
  const ScenarioData clean = simulate_scenario("msd-sine", o);
  o.snr_db = 20;
  o.seed = 5;
  const ScenarioData noisy = simulate_scenario("msd-sine", o);
  const Vector q = clean.q.col(0);
  const double variance = (q.array() - q.mean()).square().sum() / static_cast<double>(q.size());
  REQUIRE(noisy.noise_std.size() == 1);
  CHECK(noisy.noise_std[0] == Approx(std::sqrt(variance / 100)).epsilon(1e-12));
  CHECK((noisy.q - clean.q).norm() > 0);
  CHECK(simulate_scenario("msd-sine", o).q == noisy.q);
}

TEST_CASE("belt-drive scenario: y is the measured (φ, φ') of the true motion, noise-free at snr inf") {
  ScenarioOptions o = scenario_defaults("belt-drive");
  o.n = 501;
  const ScenarioData d = simulate_scenario("belt-drive", o);
  REQUIRE(d.t.size() == 501);
  CHECK(d.t(500) == Approx(0.5));
  CHECK(d.q.cols() == 2);
  CHECK(d.v.cols() == 2);
  CHECK(d.setpoint.cols() == 3);
  CHECK(d.y.col(0) == d.q.col(0));
  CHECK(d.y.col(1) == d.v.col(0));
  CHECK(d.true_theta == Eigen::Vector2d(8.94e3, 97.66));
  o.snr_db = 0;  // any finite value: eq. 32's measurement noise, variances 1e-9 and 1e-2
  const ScenarioData noisy = simulate_scenario("belt-drive", o);
  const Vector e = noisy.y.col(1) - noisy.v.col(0);
  CHECK(std::sqrt(e.squaredNorm() / static_cast<double>(e.size())) == Approx(0.1).epsilon(0.15));
}

TEST_CASE("scenario options are checked by name") {
  ScenarioOptions o = scenario_defaults("rlc");
  o.h = 0;
  CHECK_THROWS_WITH(simulate_scenario("rlc", o), "h must be a positive number of seconds, got 0");
  o = scenario_defaults("rlc");
  o.n = 2;
  CHECK_THROWS_WITH(simulate_scenario("rlc", o), "n must be a whole number of samples between 3 and 2000000, got 2");
  o.n = 10;
  o.snr_db = NAN;
  CHECK_THROWS_AS(simulate_scenario("rlc", o), InputError);
  CHECK_THROWS_AS(simulate_scenario("nope", scenario_defaults("rlc")), InputError);
}
