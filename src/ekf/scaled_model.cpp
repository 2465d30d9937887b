#include "ekf/scaled_model.hpp"

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

}  // namespace mechid
