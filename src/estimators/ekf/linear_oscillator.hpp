// The linear mass-spring-damper m s'' + b s' + k s = u (the SVF report's system; the linear 1-DOF model
// of the EKF consistency test) in the position/velocity form of Beckmann et al. 2016 eq. 20, with any subset
// of {b, k} as the parameters θ an augmented EKF estimates.
#pragma once

#include "estimators/ekf/second_order_model.hpp"

namespace mechid {

class LinearOscillator : public SecondOrderModel {
 public:
  // `estimated`: names among "b", "k" (in that order in θ); throws InputError on an unknown name,
  // a repeated one, or m, b, k not positive and finite (b may be 0).
  LinearOscillator(double m, double b, double k, std::vector<std::string> estimated = {});
  Eigen::Index dof() const override { return 1; }
  Eigen::Index inputs() const override { return 1; }
  std::vector<std::string> parameter_names() const override { return estimated_; }
  Acceleration acceleration(const Vector& s, const Vector& v, const Vector& theta, const Vector& u,
                            bool jacobians) const override;
  Vector true_theta() const;

 private:
  double m_, b_, k_;
  std::vector<std::string> estimated_;
};

}  // namespace mechid
