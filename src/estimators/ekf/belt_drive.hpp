// The belt drive of Beckmann et al. 2016, sec. 3: motor angle φ and load position z (eqs. 23-26),
//   (I_m + I_l) φ'' = τ_m - r1 F_d - r1 F_c,   m z'' = F_d + F_c - F_f           (eq. 29)
//   F_d = d (r1 φ' - z'),  F_c = c_eff(z) (r1 φ - z),  F_f = μ_v z' + μ_c tanh(k z')  (eq. 30)
//   c_eff(z) = c_spec (1 + 1/(z0 + z))                                            (eq. 28)
// with the identified values of Table 1, state x = [φ, z, φ', z'] and measurement y = [φ, φ']
// (eq. 31). The parameters θ of the augmented EKF are [c_spec, d] (sec. 4.2). c_eff has a pole
// at z = -z0 (z0 + z is read as the length of the short belt segment): the model is valid for
// z > -z0 and stiffens sharply as z approaches -z0.
#pragma once

#include "estimators/ekf/second_order_model.hpp"

namespace mechid {

struct BeltDriveParameters {   // Table 1 of Beckmann et al. 2016, SI units
  double inertia = 13.00e-4;   // I_m + I_l: 13.00 kg cm²
  double mass = 12.50;         // m, kg
  double c_spec = 8.94e3;      // N (as printed: kN)
  double d = 97.66;            // belt damping, N s/m
  double mu_v = 13.67;         // viscous friction, N s/m
  double mu_c = 28.13;         // Coulomb friction, N
  double k = 50.00;            // tanh slope of the Coulomb model, s/m
  double z0 = 0.13;            // m
  double r1 = 15.90e-3;        // pulley radius, m
};

class BeltDrive : public SecondOrderModel {
 public:
  explicit BeltDrive(BeltDriveParameters p = {});  // throws InputError on a non-positive or non-finite value
  Eigen::Index dof() const override { return 2; }
  Eigen::Index inputs() const override { return 1; }
  std::vector<std::string> parameter_names() const override { return {"c_spec", "d"}; }
  Acceleration acceleration(const Vector& s, const Vector& v, const Vector& theta, const Vector& u,
                            bool jacobians) const override;
  const BeltDriveParameters& parameters_table() const { return p_; }
  Vector true_theta() const { return Eigen::Vector2d(p_.c_spec, p_.d); }
  // Natural frequency (rad/s) of the belt mode at load position z, motor and load free:
  // ω² = c_eff(z) (r1²/(I_m + I_l) + 1/m).
  double belt_frequency(double z) const;

 private:
  BeltDriveParameters p_;
};

}  // namespace mechid
