// Records of a sampled mechanical system for the frequency-domain tests (modes_in_band_test,
// reduced_model_test): its exactly sampled model with one force and chosen sensors, and its response.
#pragma once

#include <vector>

#include "discretize/zoh.hpp"
#include "model/mechanical_system.hpp"

namespace mechid::test {

// The sampled model of `system` with one force on DOF `force_dof` and the given DOFs measured as
// displacements or accelerations (y = q, or q'' = −M⁻¹K q − M⁻¹D q' + M⁻¹L u with its
// feedthrough), exactly sampled for a piecewise-constant force (ZOH).
inline DiscreteModel sampled(const MechanicalSystem& system, Eigen::Index force_dof, const std::vector<Eigen::Index>& sensors, bool acceleration,
                      double h) {
  MechanicalSystem s = system;
  s.L = Matrix::Zero(s.dof(), 1);
  s.L(force_dof, 0) = 1.0;
  StateSpaceModel m = to_state_space(s);
  const Eigen::Index n = s.dof();
  Matrix C(Eigen::Index(sensors.size()), 2 * n), D = Matrix::Zero(Eigen::Index(sensors.size()), 1);
  for (std::size_t i = 0; i < sensors.size(); ++i) {
    if (acceleration)
      C.row(Eigen::Index(i)) = m.A.row(n + sensors[i]);
    else
      C.row(Eigen::Index(i)) = Matrix::Identity(2 * n, 2 * n).row(sensors[i]);
    if (acceleration) D(Eigen::Index(i), 0) = m.B(n + sensors[i], 0);
  }
  m.C = C;
  m.D = D;
  return c2d_zoh(m, h);
}

inline Matrix respond(const DiscreteModel& d, const Matrix& u) {
  Matrix y(u.rows(), d.H.rows());
  Vector x = Vector::Zero(d.F.rows());
  for (Eigen::Index t = 0; t < u.rows(); ++t) {
    y.row(t) = (d.H * x + d.J * u.row(t).transpose()).transpose();
    x = d.F * x + d.G * u.row(t).transpose();
  }
  return y;
}

}  // namespace mechid::test
