#include "analysis/passivity.hpp"

#include "core/input_error.hpp"
#include "discretize/cayley.hpp"
#include "discretize/euler.hpp"
#include "discretize/zoh.hpp"

namespace mechid {
namespace {

// The verdict on the block matrix [top_left, top_right; bottom_left, bottom_right] <= 0, judged
// on its symmetric part: largest eigenvalue against the largest entry.
PassivityCheck verdict(const Matrix& top_left, const Matrix& top_right, const Matrix& bottom_left,
                       const Matrix& bottom_right) {
  Matrix lmi(top_left.rows() + bottom_left.rows(), top_left.cols() + top_right.cols());
  lmi << top_left, top_right, bottom_left, bottom_right;
  const Matrix symmetric = 0.5 * (lmi + lmi.transpose());
  PassivityCheck check;
  check.largest_eigenvalue = Eigen::SelfAdjointEigenSolver<Matrix>(symmetric, Eigen::EigenvaluesOnly).eigenvalues().maxCoeff();
  check.scale = std::max(symmetric.cwiseAbs().maxCoeff(), 1e-300);
  check.passive = check.largest_eigenvalue <= 1e-9 * check.scale;
  return check;
}

// P must be states x states, and the model square (as many outputs as inputs).
void require_passivity_sizes(const Matrix& P, Eigen::Index states, Eigen::Index outputs, Eigen::Index inputs) {
  require(P.rows() == states && P.cols() == states,
          "energy matrix P must be " + std::to_string(states) + "x" + std::to_string(states));
  require(outputs == inputs, "passivity needs as many outputs as inputs");
}

}  // namespace

PassivityCheck check_lmi(const StateSpaceModel& m, const Matrix& P) {
  validate_shapes(m);
  require_passivity_sizes(P, m.A.rows(), m.C.rows(), m.B.cols());
  return verdict(m.A.transpose() * P + P * m.A, P * m.B - m.C.transpose(),
                 m.B.transpose() * P - m.C, -(m.D + m.D.transpose()));
}

PassivityCheck check_dlmi(const DiscreteModel& d, const Matrix& P) {
  validate_shapes(d);
  require_passivity_sizes(P, d.F.rows(), d.H.rows(), d.G.cols());
  return verdict(d.F.transpose() * P * d.F - P, d.F.transpose() * P * d.G - d.H.transpose(),
                 d.G.transpose() * P * d.F - d.H, d.G.transpose() * P * d.G - (d.J + d.J.transpose()));
}

StateSpaceModel velocity_output_model(const MechanicalSystem& s) {
  StateSpaceModel m = to_state_space(s);
  const Eigen::Index n = s.dof();
  m.C = Matrix::Zero(s.inputs(), 2 * n);
  m.C.rightCols(n) = s.L.transpose();
  m.D = Matrix::Zero(s.inputs(), s.inputs());
  return m;
}

Matrix mechanical_energy_matrix(const MechanicalSystem& s) {
  const Eigen::Index n = s.dof();
  Matrix P = Matrix::Zero(2 * n, 2 * n);
  P.topLeftCorner(n, n) = s.K;
  P.bottomRightCorner(n, n) = s.M;
  return P;
}

PassivityReport passivity_report(const MechanicalSystem& s, double h) {
  const StateSpaceModel m = velocity_output_model(s);
  const Matrix P = mechanical_energy_matrix(s);
  return {check_lmi(m, P), check_dlmi(c2d_tustin(m, h), P / h), check_dlmi(c2d_zoh(m, h), P),
          check_dlmi(c2d_euler(m, h), P)};
}

}  // namespace mechid
