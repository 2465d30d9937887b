// A model whose parameters are scaled, θ = diag(scale) ϑ: the EKF then estimates ϑ, and its
// covariances (Θ_init, Q_θ of eqs. 13-14) are in the units of ϑ. Used to read eq. 32 of Beckmann et al. 2016
// with the parameters in kN and kN s/m, or relative to their initial values (docs/results.md).
#pragma once

#include "estimators/ekf/augmented_ekf.hpp"
#include "estimators/ekf/second_order_model.hpp"

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

// The augmented EKF on ϑ = θ/scale (the same scale for every parameter): options.theta_init is in
// the units of θ, the covariances Θ_init and Q_θ in those of ϑ. The parameter trajectories and
// their standard deviations come back in the units of θ. Throws InputError unless scale > 0.
EkfResult run_scaled_ekf(const SecondOrderModel& model, const Matrix& u, const Matrix& y, EkfOptions options,
                         double scale);

}  // namespace mechid
