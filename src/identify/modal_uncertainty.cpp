#include "identify/modal_uncertainty.hpp"

#include <cmath>

namespace mechid {

void modal_uncertainty(const std::function<MechanicalSystem(const Vector&)>& system, const Vector& theta,
                       const Matrix& covariance, const ModalResult& modal, Uncertainty& u) {
  const std::size_t modes = modal.modes.size();
  const Eigen::Index P = theta.size();
  if (P == 0) return;
  Matrix g_omega = Matrix::Zero(modes, P), g_zeta = Matrix::Zero(modes, P);
  for (Eigen::Index p = 0; p < P; ++p) {
    const double step = 1e-6 * std::max(std::abs(theta(p)), theta.cwiseAbs().maxCoeff() * 1e-3);
    Vector plus = theta, minus = theta;
    plus(p) += step;
    minus(p) -= step;
    const ModalResult a = modal_analysis(system(plus)), b = modal_analysis(system(minus));
    if (a.modes.size() != modes || b.modes.size() != modes) return;  // a mode changes kind nearby: no linearisation
    for (std::size_t i = 0; i < modes; ++i) {
      g_omega(i, p) = (a.modes[i].omega_n - b.modes[i].omega_n) / (2 * step);
      g_zeta(i, p) = (a.modes[i].zeta - b.modes[i].zeta) / (2 * step);
    }
  }
  for (std::size_t i = 0; i < modes; ++i) {
    u.omega_n.push_back(std::sqrt(std::max(0.0, (g_omega.row(i) * covariance * g_omega.row(i).transpose()).value())));
    u.zeta.push_back(std::sqrt(std::max(0.0, (g_zeta.row(i) * covariance * g_zeta.row(i).transpose()).value())));
  }
}

}  // namespace mechid
