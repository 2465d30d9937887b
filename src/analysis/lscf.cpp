#include "analysis/lscf.hpp"

#include <cmath>

#include "core/input_error.hpp"

namespace mechid {

using Complex = std::complex<double>;

double lscf_time_step(const Vector& freq_hz) { return 0.5 / freq_hz.maxCoeff(); }

std::vector<Complex> lscf_poles(const FrfChannels& frf, Eigen::Index order, double dt) {
  const Eigen::Index F = frf.freq_hz.size(), C = frf.H.cols(), p = order + 1;
  require(order >= 1 && F >= p, "modes: order " + std::to_string(order) + " needs at least " + std::to_string(p) +
                                    " frequencies in the band (it has " + std::to_string(F) + ")", "max_order");
  constexpr double kTwoPi = 6.28318530717958647692;
  // Ω_f^j for every frequency and power.
  Eigen::MatrixXcd basis(F, p);
  for (Eigen::Index f = 0; f < F; ++f) {
    const Complex step = std::polar(1.0, kTwoPi * frf.freq_hz(f) * dt);
    Complex power = 1.0;
    for (Eigen::Index j = 0; j < p; ++j, power *= step) basis(f, j) = power;
  }
  Matrix M = Matrix::Zero(p, p);
  for (Eigen::Index c = 0; c < C; ++c) {
    // X_c = diag(w) Ω, Y_c = −diag(w H_c) Ω (Peeters et al. 2004, eq. 5).
    const Eigen::MatrixXcd X = frf.weight.col(c).cast<Complex>().asDiagonal() * basis;
    const Eigen::VectorXcd wH = frf.weight.col(c).cast<Complex>().cwiseProduct(frf.H.col(c));
    const Eigen::MatrixXcd Y = -(wH.asDiagonal() * basis);
    const Matrix R = (X.adjoint() * X).real(), S = (X.adjoint() * Y).real(), T = (Y.adjoint() * Y).real();
    M += T - S.transpose() * R.ldlt().solve(S);
  }
  // α with α_order = 1: M[0:n, 0:n] α[0:n] = −M[0:n, n] (Peeters et al. 2004, eq. 8).
  const Vector alpha = M.topLeftCorner(order, order).ldlt().solve(-M.topRightCorner(order, 1));
  // Roots of z^n + α_{n−1} z^{n−1} + … + α_0 as the eigenvalues of the companion matrix.
  Matrix companion = Matrix::Zero(order, order);
  companion.row(0) = -alpha.reverse().transpose();
  if (order > 1) companion.bottomLeftCorner(order - 1, order - 1).setIdentity();
  const Eigen::VectorXcd z = Eigen::EigenSolver<Matrix>(companion, false).eigenvalues();
  std::vector<Complex> poles;
  for (Eigen::Index r = 0; r < order; ++r) poles.push_back(std::log(z(r)) / dt);
  return poles;
}

}  // namespace mechid
