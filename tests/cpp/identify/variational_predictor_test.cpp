// The variational predictor in θ = (M, D, K) (+ the initial state): the same predictions as the
// thesis's recursion in (Md, Dd, Kd), a Jacobian that matches finite differences, the PEM's
// return to the truth, and the conditioning that the re-parametrisation buys (issue 15, D2).
#include <catch2/catch.hpp>

#include <cmath>

#include "fixtures.hpp"
#include "identify/symmetric_parameters.hpp"
#include "identify/variational_predictor.hpp"
#include "model/presets.hpp"

using namespace mechid;

namespace {

// cond(J'J) after scaling J's columns to unit norm (the Jacobi scaling, invariant to the units of
// each parameter), from R of J: column norms and singular values of J are those of R.
double scaled_condition(Matrix R) {
  for (Eigen::Index p = 0; p < R.cols(); ++p) R.col(p) /= R.col(p).norm();
  const Vector s = Eigen::JacobiSVD<Matrix>(R).singularValues();
  return std::pow(s(0) / s(s.size() - 1), 2);
}

// G = ∂θ/∂θ_d of the predictor's θ against the thesis's upper triangles of (Md, Dd, Kd), column by
// column from pack (linear in the matrices; without estimated initial conditions).
Matrix thesis_parameter_map(const VariationalPredictor& model, Eigen::Index n, double h) {
  const Eigen::Index P = model.parameter_count();
  DiscreteVariationalModel zero{Matrix::Zero(n, n), Matrix::Zero(n, n), Matrix::Zero(n, n), Matrix::Identity(n, n), h};
  Matrix G(P, P);
  for (Eigen::Index p = 0; p < P; ++p) {
    DiscreteVariationalModel unit = zero;
    unpack_symmetric(Vector::Unit(P, p), n, unit.Md, unit.Dd, unit.Kd);
    G.col(p) = model.pack(unit) - model.pack(zero);
  }
  return G;
}

}  // namespace

TEST_CASE("θ = (M, D, K) predicts what the thesis's recursion in (Md, Dd, Kd) predicts") {
  const MechanicalSystem s = preset("3dof");
  const Dataset d = fixtures::variational_data(s, 0.05, 400);
  for (bool estimate_initial : {false, true}) {
    VariationalPredictor model(d, s.L, estimate_initial);
    model.rescale(s);
    const Vector theta = model.pack(s);
    const MechanicalSystem back = model.unpack_system(theta);
    CHECK((back.M - s.M).norm() < 1e-14 * s.M.norm());
    CHECK((back.D - s.D).norm() < 1e-14 * s.D.norm());
    CHECK((back.K - s.K).norm() < 1e-14 * s.K.norm());
    const DiscreteVariationalModel truth = to_discrete(s, 0.05), discrete = model.unpack(model.pack(truth));
    CHECK((discrete.Dd - truth.Dd).norm() < 1e-13 * truth.Dd.norm());
    // The data are the recursion's own output from rest: the residuals vanish to rounding.
    Vector r;
    REQUIRE(model.residuals(theta, r, nullptr));
    INFO("estimate_initial " << estimate_initial);
    CHECK(r.cwiseAbs().maxCoeff() < 1e-10 * d.y.cwiseAbs().maxCoeff());
  }
}

TEST_CASE("the Jacobian in scaled (M, D, K) and initial state matches fourth-order finite differences to 1e-6") {
  const MechanicalSystem s = preset("3dof");
  const Dataset d = fixtures::variational_data(s, 0.05, 300);
  MechanicalSystem start = s;
  start.D(0, 1) = start.D(1, 0) += 0.05;  // away from the optimum: residuals are not zero
  start.K(2, 2) *= 1.01;
  for (bool estimate_initial : {false, true}) {
    VariationalPredictor model(d, s.L, estimate_initial);
    model.rescale(start);
    Vector theta = model.pack(start);
    if (estimate_initial) theta.tail(6) << 0.1, -0.2, 0.3, 0.05, 0.1, -0.1;
    Vector r;
    Matrix Jt;
    REQUIRE(model.residuals(theta, r, &Jt));
    auto shifted = [&](Eigen::Index p, double offset) {
      Vector t = theta, out;
      t(p) += offset;
      REQUIRE(model.residuals(t, out, nullptr));
      return out;
    };
    // θ is O(1) after rescale: one step for all; its truncation error ~ step⁴ is ~1e-12, its
    // rounding ~ 1e-16 ‖r‖ / step well below 1e-6 of the smallest column.
    const double step = 1e-3;
    double worst = 0;
    for (Eigen::Index p = 0; p < theta.size(); ++p) {
      const Vector numeric = (8 * (shifted(p, step) - shifted(p, -step)) - (shifted(p, 2 * step) - shifted(p, -2 * step))) /
                             (12 * step);
      worst = std::max(worst, (numeric - Jt.row(p).transpose()).norm() / Jt.row(p).norm());
    }
    INFO("estimate_initial " << estimate_initial);
    CHECK(worst < 1e-6);
  }
}

TEST_CASE("on noise-free data of the recursion the PEM returns from a perturbed (M, D, K) to the truth") {
  const MechanicalSystem s = preset("3dof");
  const Dataset d = fixtures::variational_data(s, 0.05, 600);
  MechanicalSystem start = s;
  start.M *= 1.02;
  start.D(0, 2) = start.D(2, 0) += 0.02;
  start.K *= 0.99;
  for (bool estimate_initial : {false, true}) {
    VariationalPredictor model(d, s.L, estimate_initial);
    model.rescale(start);
    Vector theta = model.pack(start);
    PemOptions o;
    o.variance_tolerance = 0;  // noise-free: iterate to the floor
    o.cost_tolerance = 1e-14;
    const PemReport report = levenberg_marquardt(model, theta, o);
    INFO("estimate_initial " << estimate_initial);
    CHECK(reached_stationary_point(report.termination));
    CHECK(report.cost < 1e-16 * report.initial_cost);
    const MechanicalSystem estimate = model.unpack_system(theta);
    CHECK((estimate.M - s.M).norm() < 1e-7 * s.M.norm());
    CHECK((estimate.D - s.D).norm() < 1e-7 * s.D.norm());
    CHECK((estimate.K - s.K).norm() < 1e-7 * s.K.norm());
  }
}

TEST_CASE("at h = 0.005 the scaled information in (M, D, K) is well conditioned, in (Md, Dd, Kd) it is not") {
  // (Md, Dd, Kd) of an entry of (M/s_M, D/s_D, K/s_K) (eq. 2.22, the predictor's scales, ω² =
  // s_K/s_M) are (s_M/h) times (1, -2, 1), (ωh/2)(1, 0, -1) and ((ωh)²/4)(1, 2, 1): orthogonal
  // columns, so this map T has cond(T) = 4/(ωh)² exactly (thesis sec. 3.2: κ ~ 1/h²). J in
  // (Md, Dd, Kd) is J in θ times T⁻¹: its cond(J'J) carries a factor up to cond(T)², 3e9 here.
  // The Jacobi scaling makes that an order of magnitude, not an identity: within 10× either way.
  const MechanicalSystem s = preset("3dof");
  const double h = 0.005;
  const Dataset d = fixtures::simulated(s, h, 2000, INFINITY);
  for (bool estimate_initial : {false, true}) {
    VariationalPredictor model(d, s.L, estimate_initial);
    model.rescale(s);
    Vector r;
    TriangularFactor factor;
    REQUIRE(model.triangular_factor(model.pack(s), r, factor));
    const double physical = scaled_condition(factor.R);
    INFO("estimate_initial " << estimate_initial << ": scaled cond(J'J) " << physical);
    CHECK(physical < 1e8);
    if (!estimate_initial) {
      const double thesis = scaled_condition(factor.R * thesis_parameter_map(model, s.dof(), h));
      const double omega = std::sqrt(s.K.norm() / s.M.norm()), cond_T = 4.0 / std::pow(omega * h, 2);
      INFO("in (Md, Dd, Kd) " << thesis << ", cond(T)² " << cond_T * cond_T);
      CHECK(thesis > 0.1 * cond_T * cond_T * physical);
      CHECK(thesis < 10 * cond_T * cond_T * physical);
    }
  }
}
