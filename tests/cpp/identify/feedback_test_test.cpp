// The feedback test (identify/feedback_test.hpp: Granger's test from the output errors to the force)
// and its advice closed_loop: on series built so that the answer is known (a residual that a later
// input copies; a residual that depends on past inputs only, which must not read as feedback; a
// pure sine), and on a two-cart chain identified from a record taken under a PD position
// controller against the same chain in open loop.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "../advice_checks.hpp"
#include "core/rng.hpp"
#include "discretize/zoh.hpp"
#include "fixtures.hpp"
#include "identify/feedback_test.hpp"
#include "identify/methods.hpp"

using namespace mechid;

namespace {

using test::advice_codes;
using test::has_advice;

// An AR(1) input u(t) = 0.95 u(t−1) + w(t) (strongly coloured) and a residual e(t) = Σ_k 0.9^k
// u(t−1−k) + white noise: what a model's misfit of the past inputs leaves, correlated with later
// inputs through u's colour, but independent of their innovations.
struct MisfitSeries {
  Matrix u, e;
};
MisfitSeries misfit_series(Eigen::Index N, std::uint64_t seed) {
  Random rng(seed);
  MisfitSeries s{Matrix(N, 1), Matrix(N, 1)};
  double u = 0.0, filtered = 0.0;
  for (Eigen::Index t = 0; t < N; ++t) {
    s.e(t, 0) = filtered + 0.3 * rng.normal();
    u = 0.95 * u + rng.normal();
    s.u(t, 0) = u;
    filtered = 0.9 * filtered + u;
  }
  return s;
}

}  // namespace

TEST_CASE("feedback test: a misfit of past inputs is not feedback, a residual a later input copies is") {
  const Eigen::Index N = 20000;
  const MisfitSeries s = misfit_series(N, 3);
  const Vector nrmse = Vector::Ones(1);
  const FeedbackTest misfit = feedback_test(s.e, nrmse, s.u);
  INFO("misfit: p " << misfit.p_value << " explained " << misfit.explained);
  CHECK(misfit.tested);
  CHECK_FALSE(misfit.feedback);
  CHECK(misfit.p_value > 0.01);
  // Feedback: a white input w with unit variance that carries, 2 samples later, −0.5 × a white
  // residual: u's own lags then predict nothing of u(t), and the residual's two lags explain
  // 0.25/(1 + 0.25) = 20 % of it.
  Random rng(4);
  Matrix white(N, 1), fed(N, 1);
  for (Eigen::Index t = 0; t < N; ++t) {
    white(t, 0) = rng.normal();
    fed(t, 0) = rng.normal();
  }
  for (Eigen::Index t = 2; t < N; ++t) fed(t, 0) -= 0.5 * white(t - 2, 0);
  const FeedbackTest found = feedback_test(white, nrmse, fed);
  CHECK(found.feedback);
  CHECK(found.p_value < 1e-100);
  CHECK(found.explained == Approx(0.2).margin(0.02));  // at 2 or at 3 lags: the same 20 %
  CHECK_FALSE(feedback_test(white, nrmse, s.u).feedback);
  CHECK(closed_loop_advice(found).has_value());
  CHECK_FALSE(closed_loop_advice(misfit).has_value());
}

TEST_CASE("feedback test: under no feedback the 0.5 % bound holds over independent records") {
  // Independent white residuals and AR(1) inputs: the test's false alarms over 400 records stay
  // near its 1 % (at most 10 of 400: the binomial 99.9 % point for p = 0.01 is 11).
  int alarms = 0;
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    Random rng(seed);
    const Eigen::Index N = 2000;
    Matrix u(N, 2), e(N, 2);
    double a = 0.0, b = 0.0;
    for (Eigen::Index t = 0; t < N; ++t) {
      a = 0.8 * a + rng.normal();
      b = -0.5 * b + rng.normal();
      u(t, 0) = a;
      u(t, 1) = b;
      e(t, 0) = rng.normal();
      e(t, 1) = rng.normal();
    }
    alarms += feedback_test(e, Vector::Ones(2), u).feedback ? 1 : 0;  // each record: 2 inputs, 2 outputs, 2 lags
  }
  CHECK(alarms <= 10);
}

TEST_CASE("feedback test: rounding-sized residuals, constant inputs and a pure sine are not tested") {
  const MisfitSeries s = misfit_series(2000, 5);
  CHECK_FALSE(feedback_test(s.e, Vector::Constant(1, 1e-14), s.u, 1e-12).tested);
  CHECK_FALSE(feedback_test(s.e, Vector::Ones(1), Matrix::Constant(2000, 1, 3.0)).tested);
  // sin(ωt) = 2 cos ω sin(ω(t−1)) − sin(ω(t−2)): its own two lags predict it to rounding.
  Matrix sine(2000, 1);
  for (Eigen::Index t = 0; t < 2000; ++t) sine(t, 0) = std::sin(0.3 * static_cast<double>(t));
  CHECK_FALSE(feedback_test(s.e, Vector::Ones(1), sine).tested);
}

TEST_CASE("closed_loop: the two-cart chain under a PD position controller, against the same chain in open loop") {
  // The ECP 210 set-up (issue 50): the force on cart 1 is a PD law on cart 1's measured position
  // against a held random reference, u_t = kp (r_t − y_t) − kd (y_t − y_{t−1})/h; the encoder noise
  // enters the force through the law. Simulated exactly (ZOH: the force is held between samples).
  const MechanicalSystem chain = fixtures::two_cart_chain();
  const double h = 0.05, kp = 4.0, kd = 1.0, noise = 0.002;
  const Eigen::Index N = 4000;
  const DiscreteModel plant = c2d_zoh(to_state_space(chain), h);
  Random rng(11);
  Matrix u(N, 1), y(N, 2);
  Vector x = Vector::Zero(4);
  double reference = 0.0, previous = 0.0;
  for (Eigen::Index t = 0; t < N; ++t) {
    if (t % 20 == 0) reference = rng.bit() ? 0.5 : -0.5;
    y.row(t) = (plant.H * x).transpose();
    for (Eigen::Index c = 0; c < 2; ++c) y(t, c) += noise * rng.normal();
    u(t, 0) = kp * (reference - y(t, 0)) - kd * (y(t, 0) - previous) / h;
    previous = y(t, 0);
    x = plant.F * x + plant.G * u.row(t).transpose();
  }
  IdentifyOptions options;
  options.force_dofs = {1};
  const Identification closed = identify("auto", Dataset{h, u, y, InputSampling::hold}, options);
  INFO(closed.message << "\n" << advice_codes(closed));
  CHECK(has_advice(closed, AdviceCode::closed_loop));
  CHECK(closed.status == Status::warning);

  for (std::uint64_t seed : {1, 2, 3}) {
    const Identification open = identify("auto", fixtures::simulated(chain, h, N, 40.0, seed), options);
    INFO("open loop, seed " << seed << ": " << open.message << "\n" << advice_codes(open));
    CHECK_FALSE(has_advice(open, AdviceCode::closed_loop));
  }
}
