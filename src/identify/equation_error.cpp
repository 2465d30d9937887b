// Equation-error least squares on the variational model (thesis eq. 2.23 with f_d of 2.24).
#include "core/stopwatch.hpp"
#include "identify/methods.hpp"
#include "identify/symmetric_parameters.hpp"
#include "identify/variational_predictor.hpp"

namespace mechid {

EquationErrorFit equation_error_fit(const Dataset& d, const Matrix& L) {
  const Eigen::Index N = d.y.rows(), n = d.y.cols(), P = 3 * n * (n + 1) / 2;
  const Matrix force = discrete_force(d.u, L, d.h, d.input_sampling);
  Matrix normal = Matrix::Zero(P, P);
  Vector rhs = Vector::Zero(P);
  for (Eigen::Index k = 2; k < N; ++k) {
    const Matrix phi = symmetric_regressor(d.y.row(k).transpose(), d.y.row(k - 1).transpose(), d.y.row(k - 2).transpose());
    normal.selfadjointView<Eigen::Lower>().rankUpdate(phi.transpose());
    rhs.noalias() += phi.transpose() * force.row(k - 2).transpose();
  }
  EquationErrorFit fit;
  const Eigen::LDLT<Matrix> ldlt(normal.selfadjointView<Eigen::Lower>());
  const Vector theta = ldlt.solve(rhs);
  if (ldlt.info() != Eigen::Success || !theta.allFinite() || !(ldlt.vectorD().cwiseAbs().minCoeff() > 1e-14 * ldlt.vectorD().cwiseAbs().maxCoeff())) {
    fit.fail("the equation-error normal equations are singular: outputs not rich enough");
    return fit;
  }
  fit.model.h = d.h;
  fit.model.L = L;
  unpack_symmetric(theta, n, fit.model.Md, fit.model.Dd, fit.model.Kd);
  return fit;
}

Identification identify_equation_error(const Dataset& data, const IdentifyOptions& options) {
  const Stopwatch clock;
  Identification r = method_result("equation-error", data);
  const Matrix L = input_matrix(data, options);
  validate(data, 3 * data.y.cols() + 3);
  const EquationErrorFit fit = equation_error_fit(data, L);
  if (fit.failed()) {
    r.fail(fit.message);
  } else {
    r.has_discrete = true;
    r.discrete = fit.model;
    r.system = to_continuous(fit.model);
  }
  finish(r, data);
  r.timing_ms = clock.elapsed_ms();
  return r;
}

}  // namespace mechid
