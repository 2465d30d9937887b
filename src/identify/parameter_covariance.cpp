#include "identify/parameter_covariance.hpp"

#include <algorithm>

namespace mechid {

ParameterCovariance parameter_covariance(const PredictorModel& model, const Vector& theta) {
  ParameterCovariance out;
  Vector r;
  NormalEquations normal;
  if (!model.normal_equations(theta, r, normal, true)) return out;
  const Eigen::Index P = theta.size();
  out.residual_variance = r.squaredNorm() / std::max<double>(1.0, static_cast<double>(r.size() - P));
  // Scaled to unit diagonal first (parameters of very different sizes), then inverted.
  const Matrix JtJ = normal.JtJ.selfadjointView<Eigen::Lower>();
  if (!(JtJ.diagonal().minCoeff() > 0)) return out;
  const Vector scale = JtJ.diagonal().cwiseSqrt().cwiseInverse();
  const Eigen::LDLT<Matrix> information(scale.asDiagonal() * JtJ * scale.asDiagonal());
  if (information.info() != Eigen::Success || !(information.vectorD().minCoeff() > 1e-13)) return out;
  out.covariance = out.residual_variance * scale.asDiagonal() * information.solve(Matrix::Identity(P, P)) * scale.asDiagonal();
  out.ok = out.covariance.allFinite();
  return out;
}

}  // namespace mechid
