#include "identify/structured_uncertainty.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/parallel_for.hpp"

namespace mechid {
namespace {

void modal_uncertainty(const std::function<MechanicalSystem(const Vector&)>& system, const Vector& theta,
                       const Matrix& covariance, const ModalResult& modal, Uncertainty& u) {
  const std::size_t modes = modal.modes.size();
  const Eigen::Index P = theta.size();
  if (P == 0) return;
  Matrix g_omega = Matrix::Zero(modes, P), g_zeta = Matrix::Zero(modes, P);
  // One parameter a task on the core's threads (two modal analyses each; the 24-DOF chain's 236 took
  // 4 % of its identification on one thread). A mode that changes kind nearby: no linearisation.
  std::vector<char> linear(static_cast<std::size_t>(P), 1);
  parallel_for(P, [&](Eigen::Index p) {
    const double step = 1e-6 * std::max(std::abs(theta(p)), theta.cwiseAbs().maxCoeff() * 1e-3);
    Vector plus = theta, minus = theta;
    plus(p) += step;
    minus(p) -= step;
    const ModalResult a = modal_analysis(system(plus)), b = modal_analysis(system(minus));
    if (a.modes.size() != modes || b.modes.size() != modes) {
      linear[static_cast<std::size_t>(p)] = 0;
      return;
    }
    for (std::size_t i = 0; i < modes; ++i) {
      g_omega(i, p) = (a.modes[i].omega_n - b.modes[i].omega_n) / (2 * step);
      g_zeta(i, p) = (a.modes[i].zeta - b.modes[i].zeta) / (2 * step);
    }
  });
  if (std::find(linear.begin(), linear.end(), 0) != linear.end()) return;
  for (std::size_t i = 0; i < modes; ++i) {
    u.omega_n.push_back(std::sqrt(std::max(0.0, (g_omega.row(i) * covariance * g_omega.row(i).transpose()).value())));
    u.zeta.push_back(std::sqrt(std::max(0.0, (g_zeta.row(i) * covariance * g_zeta.row(i).transpose()).value())));
  }
}

}  // namespace

Uncertainty structured_uncertainty(const StructureMap& map, const MechanicalSystem& estimate, const Vector& theta,
                                   const ParameterCovariance& c, const ModalResult& modal) {
  Uncertainty u;
  const Eigen::Index Ps = map.free_count();
  const Vector sd = c.covariance.diagonal().cwiseMax(0.0).cwiseSqrt();
  MechanicalSystem spread, step;
  map.spread(sd.head(Ps), spread.M, spread.D, spread.K);
  map.spread(c.gauss_newton_step.head(Ps), step.M, step.D, step.K);
  u.M = spread.M;
  u.D = spread.D;
  u.K = spread.K;
  u.residual_variance = c.residual_variance;
  u.covariance = c.kind;
  u.max_lag = c.max_lag;
  u.undetermined = undetermined_entries(estimate, spread, step);
  const auto system = [&](const Vector& phi) {
    MechanicalSystem s = estimate;
    map.unpack(phi, s.M, s.D, s.K);
    return s;
  };
  modal_uncertainty(system, theta.head(Ps), c.covariance.topLeftCorner(Ps, Ps), modal, u);
  u.available = true;
  return u;
}

}  // namespace mechid
