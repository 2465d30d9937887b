#include "estimators/ekf/scaled_model.hpp"

#include <cmath>

#include "core/input_error.hpp"

namespace mechid {

ScaledModel::ScaledModel(const SecondOrderModel& base, Vector scale) : base_(base), scale_(std::move(scale)) {
  require(scale_.size() == base.parameters(), "the parameter scale needs " + std::to_string(base.parameters()) +
                                                  " entries, got " + std::to_string(scale_.size()));
  require(scale_.allFinite() && (scale_.array() > 0).all(), "every parameter scale must be positive and finite");
}

Acceleration ScaledModel::acceleration(const Vector& s, const Vector& v, const Vector& theta, const Vector& u,
                                       bool jacobians) const {
  Acceleration a = base_.acceleration(s, v, scale_.cwiseProduct(theta), u, jacobians);
  if (jacobians) a.dtheta = a.dtheta * scale_.asDiagonal();
  return a;
}

EkfResult run_scaled_ekf(const SecondOrderModel& model, const Matrix& u, const Matrix& y, EkfOptions options,
                         double scale) {
  require(std::isfinite(scale) && scale > 0, "the parameter scale must be positive, got " + format_number(scale));
  const ScaledModel scaled(model, Vector::Constant(model.parameters(), scale));
  options.theta_init /= scale;
  EkfResult r = run_augmented_ekf(scaled, u, y, options);
  r.parameters *= scale;
  r.parameter_std *= scale;
  return r;
}

}  // namespace mechid
