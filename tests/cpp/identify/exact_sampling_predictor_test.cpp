#include <catch2/catch.hpp>

#include <unsupported/Eigen/MatrixFunctions>

#include "discretize/sampling_sensitivity.hpp"
#include "identify/exact_sampling_predictor.hpp"
#include "fixtures.hpp"
#include "identify/methods.hpp"
#include "identify/parameter_covariance.hpp"
#include "model/presets.hpp"
#include "simulate/simulation.hpp"
#include "unit_scaling.hpp"

using namespace mechid;
using fixtures::simulated;

TEST_CASE("the Fréchet derivative of the exponential (exponential_derivatives) matches central differences") {
  const Matrix X = 0.7 * Matrix::Random(6, 6), E = Matrix::Random(6, 6);
  const ExponentialDerivatives d = exponential_derivatives(X, {{E, Matrix::Identity(6, 6)}});
  const double eps = 1e-6;
  const Matrix numeric = ((X + eps * E).exp() - (X - eps * E).exp()) / (2 * eps);
  CHECK((d.exponential - X.exp()).norm() < 1e-14 * X.exp().norm());
  CHECK((numeric - d.derivatives[0]).norm() < 1e-8 * numeric.norm());
}

TEST_CASE("the exact-sampling predictor's Jacobian matches finite differences (ZOH and FOH)") {
  const MechanicalSystem s = preset("3dof");
  for (const InputKind kind : {InputKind::prbs, InputKind::multisine}) {
    const Dataset d = simulated(s, 0.2, 200, 30, 4, kind);
    const ExactSamplingPredictor model(d, s.L, Vector::LinSpaced(3, 1.0, 2.0));
    MechanicalSystem start = s;
    start.M(0, 1) = start.M(1, 0) = 0.1;  // away from the optimum
    start.D(2, 2) *= 1.3;
    start.K(1, 1) *= 0.97;
    Vector x0(6);
    x0 << 0.01, -0.02, 0.03, 0.1, 0.0, -0.1;
    const Vector theta = model.pack(start, x0);
    Vector r;
    Matrix Jt;
    REQUIRE(model.residuals(theta, r, &Jt));
    double worst = 0;
    for (Eigen::Index p = 0; p < theta.size(); ++p)
      worst = std::max(worst, fixtures::central_difference_error(model, theta, Jt, p, 1e-6 * std::max(1.0, std::abs(theta(p)))));
    INFO("input " << (kind == InputKind::prbs ? "prbs (ZOH)" : "multisine (FOH)"));
    CHECK(worst < 1e-6);
    // The blockwise normal equations equal those of the stored Jacobian.
    NormalEquations normal;
    Vector r2;
    REQUIRE(model.normal_equations(theta, r2, normal, true));
    const Matrix JtJ = Jt * Jt.transpose();
    CHECK((Matrix(normal.JtJ.selfadjointView<Eigen::Lower>()) - JtJ).norm() < 1e-12 * JtJ.norm());
    CHECK((normal.Jtr - Jt * r).norm() < 1e-12 * (Jt * r).norm());
  }
}

// A 16-DOF chain (M diagonal, D and K tridiagonal) at h = 0.002: its balanced generator needs no squaring,
// and 13 Σ r_p (m + 2n) = 13 · 108 · 80 < P · 2n · m = 78 · 32 · 48, so the predictor applies the
// forcings ∂Φ/∂θ_p from the Fréchet derivatives' factors (Forcings::apply), not from dense ∂Φ.
TEST_CASE("a 16-DOF chain's Jacobian, its forcings from the Fréchet derivatives' factors, matches central differences") {
  const MechanicalSystem truth = preset("chain16");
  const Eigen::Index n = 16;
  SystemStructure chain;
  chain.M.pattern = MatrixPattern::diagonal;
  chain.D.pattern = MatrixPattern::tridiagonal;
  chain.K.pattern = MatrixPattern::tridiagonal;
  Matrix A = Matrix::Zero(2 * n, 2 * n), B = Matrix::Zero(2 * n, n);
  A.topRightCorner(n, n).setIdentity();
  A.bottomLeftCorner(n, n) = -truth.M.inverse() * truth.K;
  A.bottomRightCorner(n, n) = -truth.M.inverse() * truth.D;
  B.bottomRows(n) = truth.M.inverse() * truth.L;
  const Matrix X = sampling_generator(A, B, 0.002, InputSampling::hold);
  const LowRankMatrix unit{Matrix::Identity(X.rows(), 1), Matrix::Identity(X.rows(), 1)};
  REQUIRE(exponential_derivatives(X, {unit}, true).factors.size() == 1);  // balanced, no squaring
  for (const InputKind kind : {InputKind::prbs, InputKind::multisine}) {
    INFO("input " << (kind == InputKind::prbs ? "prbs (ZOH)" : "multisine (FOH)"));
    const std::vector<Dataset> runs{simulated(truth, 0.002, 150, 30, 5, kind)};  // the predictor keeps pointers to them
    const ExactSamplingPredictor model(runs, truth.L, StructureMap(resolve(chain, n)), Vector::LinSpaced(n, 1.0, 2.0));
    MechanicalSystem start = truth;
    start.M(5, 5) *= 1.05;
    start.D(3, 4) = start.D(4, 3) = 1.2 * truth.D(3, 4);
    start.K(0, 0) *= 0.97;
    const Vector x0 = 0.01 * Vector::LinSpaced(2 * n, -1.0, 1.0);
    CHECK(fixtures::largest_jacobian_error(model, model.pack(start, x0)) < 1e-6);
  }
}

namespace {

// The largest relative difference between the analytic Jacobian and central differences, each
// parameter stepped by 1e-6 times the size of its group (M, D, K, q_0, q'_0): steps in the
// parameters' own units, so that the check means the same at every scale.
double jacobian_error(const ExactSamplingPredictor& model, const Vector& theta, Eigen::Index n) {
  Vector r;
  Matrix Jt;
  REQUIRE(model.residuals(theta, r, &Jt));
  const Eigen::Index triangle = n * (n + 1) / 2;
  const Eigen::Index starts[] = {0, triangle, 2 * triangle, 3 * triangle, 3 * triangle + n, 3 * triangle + 2 * n};
  double worst = 0;
  for (int group = 0; group < 5; ++group) {
    const auto members = theta.segment(starts[group], starts[group + 1] - starts[group]);
    const double step = 1e-6 * members.cwiseAbs().maxCoeff();
    for (Eigen::Index p = starts[group]; p < starts[group + 1]; ++p)
      worst = std::max(worst, fixtures::central_difference_error(model, theta, Jt, p, step));
  }
  return worst;
}

}  // namespace

// The recursion runs in chunks of at most 256 samples, with the state's size fixed at compile time
// for 2n <= 8 and dynamic above: 700 samples cross two chunk boundaries, at 4 DOF (2n = 8, fixed)
// and at 5 DOF (dynamic); the Jacobian must match central differences there as at 3 DOF.
TEST_CASE("the exact-sampling Jacobian matches finite differences across chunks, at 2n = 8 and 2n = 10") {
  for (const Eigen::Index n : {4, 5}) {
    const MechanicalSystem s = preset("chain" + std::to_string(n));
    const Dataset d = simulated(s, 0.05, 700, 30, 4);
    const ExactSamplingPredictor model(d, s.L);
    MechanicalSystem start = s;
    start.M(0, 1) = start.M(1, 0) = 0.05 * s.M(0, 0);  // away from the optimum
    start.K(1, 1) *= 0.97;
    INFO(n << " DOF");
    CHECK(jacobian_error(model, model.pack(start, initial_state_guess(d)), n) < 1e-6);
  }
}

// Above 2n = 8 the recursion runs by blocks of 32 columns of S, each alternating between S and
// S_next within a chunk. At 8 DOF with full matrices (108 free entries) a chunk holds 75 samples,
// an odd number of steps, after which the newest S lies in S_next: 200 samples cross two such
// chunks (and the 124 columns make four blocks).
TEST_CASE("the exact-sampling Jacobian matches finite differences after chunks of an odd number of samples") {
  const MechanicalSystem s = preset("chain8");
  const Dataset d = simulated(s, 0.05, 200, 30, 4);
  const ExactSamplingPredictor model(d, s.L);
  REQUIRE(model.parameter_count() == 108 + 16);
  MechanicalSystem start = s;
  start.M(0, 1) = start.M(1, 0) = 0.05 * s.M(0, 0);
  start.K(3, 3) *= 0.97;
  CHECK(jacobian_error(model, model.pack(start, initial_state_guess(d)), 8) < 1e-6);
}

TEST_CASE("the exact-sampling Jacobian is as accurate in badly scaled units as at unit scale") {
  using fixtures::Units;
  const MechanicalSystem s = preset("3dof");
  const Dataset base = simulated(s, 0.2, 200, 30, 4);
  MechanicalSystem start = s;
  start.M(0, 1) = start.M(1, 0) = 0.1;  // away from the optimum
  start.K(1, 1) *= 0.97;
  double unit = 0;
  for (const Units& units : {Units{}, Units{1e-6, 1, 1}, Units{1e6, 1, 1}, Units{1, 1, 1e-6}}) {
    const Dataset d = fixtures::rescaled(base, units);
    const ExactSamplingPredictor model(d, s.L);
    const double error = jacobian_error(model, model.pack(fixtures::rescaled(start, units), initial_state_guess(d)), 3);
    if (units.a == 1 && units.c == 1) unit = error;
    INFO("a " << units.a << " c " << units.c << ": " << error << " (unit scale " << unit << ")");
    CHECK(error < 1e-6);
    CHECK(error < 10 * unit);
  }
}

TEST_CASE("a system a million times faster (h = 5e-8) refines like the same one in seconds (B5)") {
  using fixtures::Units;
  const MechanicalSystem s = preset("3dof");
  const Dataset base = simulated(s, 0.05, 1000, 40, 6);
  const Units fast{1, 1, 1e-6};  // ω ~ 1e6 rad/s
  IdentifyOptions options;
  options.L = s.L;
  options.pem.variance_tolerance = 0;  // to the floor: the two runs' starts (each method's own) differ by rounding
  const Identification reference = identify_variational_zoh({base}, options);
  const Identification r = identify_variational_zoh({fixtures::rescaled(base, fast)}, options);
  REQUIRE(reference.status == Status::ok);
  INFO(r.message);
  CHECK(r.status == Status::ok);
  // The two variational starts differ by rounding (~1e-9) and the two minimisations stop on
  // different tests (relative cost decrease, no descent) within 1e-5 of each other: 1 % of a
  // standard deviation of these estimates (~1e-3 relative).
  CHECK(fixtures::unscaled_difference(r.system, fast, reference.system) < 2e-5);
}

TEST_CASE("the exact-sampling PEM's last factor, carried to where it stopped, gives the covariance there within 1 %") {
  // The refinement's covariance starts from PemReport::final_factor instead of a Jacobian of its own:
  // R from the last factored iterate, z + Rδ. Measured here against the factor formed at the end (3dof,
  // N = 3000, 30 dB, P = 24): the Gauss-Newton steps agree to 2e-5 sd and the sd to 1e-5 relative when
  // R was formed at the last step's start; the sd to 9e-4 and 5e-3 relative when R was kept from an
  // iterate 0.5 and 3 standard deviations away. From 6 (beyond min(√P, 4)) R is not handed on.
  const MechanicalSystem s = preset("3dof");
  const Dataset d = simulated(s, 0.05, 3000, 30, 8);
  const ExactSamplingPredictor model(d, s.L);
  MechanicalSystem start = s;
  start.K(1, 1) *= 1.05;
  start.D(0, 0) *= 1.3;
  start.M(0, 1) = start.M(1, 0) = 0.05;
  Vector optimum = model.pack(start, initial_state_guess(d));
  const PemReport first = levenberg_marquardt(model, optimum, PemOptions{});
  REQUIRE(reached_stationary_point(first.termination));
  const ParameterCovariance at_optimum = parameter_covariance(model, optimum);
  REQUIRE(at_optimum.ok);
  // k standard deviations away (C e_0 / √C_00 is one in the covariance's own metric), R kept from
  // there to the end (curvature_reuse_below = 1: no step refactors it unless a trial fails).
  const Matrix& C = at_optimum.covariance;
  const auto away = [&](double k) { return Vector(optimum + k * C.col(0) / std::sqrt(C(0, 0))); };
  PemOptions keep;
  keep.curvature_reuse_below = 1.0;
  struct Run {
    const char* what;
    Vector theta;
    PemOptions options;
    double sd_tolerance;
  };
  for (Run run : {Run{"from the start", model.pack(start, initial_state_guess(d)), PemOptions{}, 1e-3},
                  Run{"R kept from 0.5 sd", away(0.5), keep, 2e-3}, Run{"R kept from 3 sd", away(3), keep, 1e-2}}) {
    INFO(run.what);
    const PemReport report = levenberg_marquardt(model, run.theta, run.options);
    REQUIRE(reached_stationary_point(report.termination));
    REQUIRE(report.final_factor.R.rows() == run.theta.size());
    const ParameterCovariance carried = parameter_covariance(model, run.theta, report.final_factor, model.residual_count());
    const ParameterCovariance fresh = parameter_covariance(model, run.theta);
    REQUIRE(carried.ok);
    REQUIRE(fresh.ok);
    CHECK(carried.residual_variance == Approx(fresh.residual_variance).epsilon(1e-12));
    double sd_change = 0, step_change = 0;
    for (Eigen::Index i = 0; i < run.theta.size(); ++i) {
      const double sd = std::sqrt(fresh.covariance(i, i));
      sd_change = std::max(sd_change, std::abs(std::sqrt(carried.covariance(i, i)) / sd - 1));
      step_change = std::max(step_change, std::abs(carried.gauss_newton_step(i) - fresh.gauss_newton_step(i)) / sd);
    }
    INFO("termination " << termination_code(report.termination) << ", factors " << report.curvature_evaluations
                        << ", largest relative sd change " << sd_change << ", largest step change " << step_change << " sd");
    CHECK(sd_change < run.sd_tolerance);
    CHECK(step_change < 1e-2);
  }
  Vector far = away(6);
  const PemReport report = levenberg_marquardt(model, far, keep);
  INFO("factors " << report.curvature_evaluations);
  CHECK((report.final_factor.R.size() == 0 || report.curvature_evaluations > 1));
}
