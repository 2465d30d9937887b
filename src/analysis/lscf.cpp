#include "analysis/lscf.hpp"

#include <cmath>

#include "core/input_error.hpp"
#include "core/math_constants.hpp"

namespace mechid {

using Complex = std::complex<double>;

double lscf_time_step(const Vector& freq_hz) { return 0.5 / freq_hz.maxCoeff(); }

std::vector<Complex> lscf_poles(const FrfChannels& frf, Eigen::Index order, double dt, int iterations) {
  const Eigen::Index F = frf.freq_hz.size(), C = frf.H.cols(), p = order + 1;
  require(order >= 1 && F >= p, "modes: order " + std::to_string(order) + " needs at least " + std::to_string(p) +
                                    " frequencies in the band (it has " + std::to_string(F) + ")", "max_order");
  // Ω_f^j for every frequency and power.
  Eigen::MatrixXcd basis(F, p);
  for (Eigen::Index f = 0; f < F; ++f) {
    const Complex step = std::polar(1.0, kTwoPi * frf.freq_hz(f) * dt);
    Complex power = 1.0;
    for (Eigen::Index j = 0; j < p; ++j, power *= step) basis(f, j) = power;
  }
  // Sanathanan–Koerner iterations: each divides the weights by |A(Ω_f)| of the previous
  // denominator, so that the linearised cost |N − H A|² approaches the output error |N/A − H|²
  // (Sanathanan & Koerner, IEEE Trans. Autom. Control 8, 1963, p. 56; Pintelon & Schoukens 2012,
  // sec. 9.8): the plain LSCF's noise bias on the damping goes (measured in modes_in_band_test).
  Vector alpha;
  Vector sk = Vector::Ones(F);
  for (int iteration = 0; iteration <= iterations; ++iteration) {
    Matrix M = Matrix::Zero(p, p);
    for (Eigen::Index c = 0; c < C; ++c) {
      // X_c = diag(w) Ω, Y_c = −diag(w H_c) Ω (Peeters et al. 2004, eq. 5).
      const Vector w = frf.weight.col(c).cwiseProduct(sk);
      const Eigen::MatrixXcd X = w.cast<Complex>().asDiagonal() * basis;
      const Eigen::VectorXcd wH = w.cast<Complex>().cwiseProduct(frf.H.col(c));
      const Eigen::MatrixXcd Y = -(wH.asDiagonal() * basis);
      const Matrix R = (X.adjoint() * X).real(), S = (X.adjoint() * Y).real(), T = (Y.adjoint() * Y).real();
      M += T - S.transpose() * R.ldlt().solve(S);
    }
    // α with α_order = 1: M[0:n, 0:n] α[0:n] = −M[0:n, n] (Peeters et al. 2004, eq. 8).
    alpha = M.topLeftCorner(order, order).ldlt().solve(-M.topRightCorner(order, 1));
    Vector full(p);
    full << alpha, 1.0;
    const Eigen::VectorXcd A = basis * full.cast<Complex>();
    const Vector magnitude = A.cwiseAbs();
    // Weights 1/|A| capped at 100 times their smallest value: on exact data the zeros of |A| at
    // lightly damped poles otherwise leave a few frequencies to carry the whole fit (measured: the
    // leakage-free 8-DOF test then finds 2 of its 8 modes instead of 8).
    const double floor = magnitude.maxCoeff() * 1e-2;
    sk = magnitude.cwiseMax(floor).cwiseInverse() * floor;
  }
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
