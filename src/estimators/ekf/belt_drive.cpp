#include "estimators/ekf/belt_drive.hpp"

#include <cmath>

#include "core/input_error.hpp"

namespace mechid {

BeltDrive::BeltDrive(BeltDriveParameters p) : p_(p) {
  const std::pair<const char*, double> values[] = {{"inertia", p.inertia}, {"mass", p.mass}, {"c_spec", p.c_spec},
                                                   {"d", p.d},             {"mu_v", p.mu_v}, {"mu_c", p.mu_c},
                                                   {"k", p.k},             {"z0", p.z0},     {"r1", p.r1}};
  for (const auto& [name, value] : values)
    require(std::isfinite(value) && value > 0, std::string("belt-drive parameter ") + name +
                                                   " must be a positive number, got " + format_number(value));
}

double BeltDrive::belt_frequency(double z) const {
  return std::sqrt(p_.c_spec * (1.0 + 1.0 / (p_.z0 + z)) * (p_.r1 * p_.r1 / p_.inertia + 1.0 / p_.mass));
}

Acceleration BeltDrive::acceleration(const Vector& s, const Vector& v, const Vector& theta, const Vector& u,
                                     bool jacobians) const {
  const double phi = s(0), z = s(1), dphi = v(0), dz = v(1), c_spec = theta(0), d = theta(1), tau = u(0);
  const double r = p_.r1, J = p_.inertia, m = p_.mass;
  // Eqs. 28 and 30.
  const double shape = 1.0 + 1.0 / (p_.z0 + z);
  const double c_eff = c_spec * shape;
  const double stretch = r * phi - z, slip = r * dphi - dz;
  const double Fd = d * slip, Fc = c_eff * stretch;
  const double th = std::tanh(p_.k * dz);
  const double Ff = p_.mu_v * dz + p_.mu_c * th;
  Acceleration out;
  // Eq. 29.
  out.a = Eigen::Vector2d((tau - r * Fd - r * Fc) / J, (Fd + Fc - Ff) / m);
  if (!jacobians) return out;
  const double dshape_dz = -1.0 / ((p_.z0 + z) * (p_.z0 + z));
  // ∂F_c/∂φ = c_eff r, ∂F_c/∂z = c_spec shape' stretch - c_eff; ∂F_d/∂φ' = d r, ∂F_d/∂z' = -d;
  // ∂F_f/∂z' = μ_v + μ_c k (1 - tanh²).
  const double dFc_dphi = c_eff * r, dFc_dz = c_spec * dshape_dz * stretch - c_eff;
  const double dFd_ddphi = d * r, dFd_ddz = -d;
  const double dFf_ddz = p_.mu_v + p_.mu_c * p_.k * (1.0 - th * th);
  out.ds.resize(2, 2);
  out.ds << -r * dFc_dphi / J, -r * dFc_dz / J, dFc_dphi / m, dFc_dz / m;
  out.dv.resize(2, 2);
  out.dv << -r * dFd_ddphi / J, -r * dFd_ddz / J, dFd_ddphi / m, (dFd_ddz - dFf_ddz) / m;
  // ∂/∂c_spec: F_c/c_spec = shape stretch; ∂/∂d: F_d/d = slip.
  out.dtheta.resize(2, 2);
  out.dtheta << -r * shape * stretch / J, -r * slip / J, shape * stretch / m, slip / m;
  return out;
}

}  // namespace mechid
