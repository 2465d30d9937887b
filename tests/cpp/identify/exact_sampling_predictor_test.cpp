#include <catch2/catch.hpp>

#include <unsupported/Eigen/MatrixFunctions>

#include "discretize/sampling_sensitivity.hpp"
#include "identify/exact_sampling_predictor.hpp"
#include "fixtures.hpp"
#include "model/presets.hpp"
#include "simulate/simulation.hpp"

using namespace mechid;
using fixtures::simulated;

TEST_CASE("Van Loan's Fréchet derivative of the exponential matches central differences") {
  const Matrix X = 0.7 * Matrix::Random(6, 6), E = Matrix::Random(6, 6);
  const ExponentialDerivatives d = exponential_derivatives(X, {E});
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
    for (Eigen::Index p = 0; p < theta.size(); ++p) {
      const double step = 1e-6 * std::max(1.0, std::abs(theta(p)));
      Vector plus = theta, minus = theta, r_plus, r_minus;
      plus(p) += step;
      minus(p) -= step;
      REQUIRE(model.residuals(plus, r_plus, nullptr));
      REQUIRE(model.residuals(minus, r_minus, nullptr));
      const Vector numeric = (r_plus - r_minus) / (2 * step);
      worst = std::max(worst, (numeric - Jt.row(p).transpose()).norm() / std::max(Jt.row(p).norm(), 1e-12));
    }
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
