// A model whose parameters are scaled, θ = diag(scale) ϑ: the EKF then estimates ϑ, and its
// covariances (Θ_init, Q_θ of eqs. 13-14) are in the units of ϑ. Used to read eq. 32 of seed 004
// with the parameters in kN and kN s/m, or relative to their initial values (docs/results.md).
#pragma once

#include "ekf/second_order_model.hpp"

namespace mechid {

class ScaledModel : public SecondOrderModel {
 public:
  // Throws InputError unless scale has one positive finite entry per parameter of `base`.
  ScaledModel(const SecondOrderModel& base, Vector scale);
  Eigen::Index dof() const override { return base_.dof(); }
  Eigen::Index inputs() const override { return base_.inputs(); }
  std::vector<std::string> parameter_names() const override { return base_.parameter_names(); }
  Acceleration acceleration(const Vector& s, const Vector& v, const Vector& theta, const Vector& u,
                            bool jacobians) const override;
  const Vector& scale() const { return scale_; }

 private:
  const SecondOrderModel& base_;
  Vector scale_;
};

}  // namespace mechid
