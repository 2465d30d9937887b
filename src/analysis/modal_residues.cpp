#include "analysis/modal_residues.hpp"

#include "core/math_constants.hpp"

namespace mechid {
namespace {

using Complex = std::complex<double>;

// The F × (2R + 2) complex regressors of one channel's real unknowns [Re A_r, Im A_r …, L, U]:
// A/(iω − λ) + Ā/(iω − λ̄) = Re A (a + b) + Im A · i(a − b) with a = 1/(iω − λ), b = 1/(iω − λ̄).
Eigen::MatrixXcd regressors(const std::vector<Complex>& poles, const Vector& freq_hz) {
  const auto R = Eigen::Index(poles.size());
  const Eigen::Index F = freq_hz.size();
  Eigen::MatrixXcd X(F, 2 * R + 2);
  for (Eigen::Index f = 0; f < F; ++f) {
    const Complex s(0.0, kTwoPi * freq_hz(f));
    for (Eigen::Index r = 0; r < R; ++r) {
      const Complex a = 1.0 / (s - poles[std::size_t(r)]), b = 1.0 / (s - std::conj(poles[std::size_t(r)]));
      X(f, 2 * r) = a + b;
      X(f, 2 * r + 1) = Complex(0.0, 1.0) * (a - b);
    }
    X(f, 2 * R) = 1.0 / (s * s);
    X(f, 2 * R + 1) = 1.0;
  }
  return X;
}

}  // namespace

std::pair<Matrix, Vector> weighted_channel_equations(const Eigen::MatrixXcd& X, const FrfChannels& frf, Eigen::Index c) {
  const Eigen::Index F = X.rows();
  Matrix A(2 * F, X.cols());
  Vector b(2 * F);
  const Eigen::MatrixXcd WX = frf.weight.col(c).cast<Complex>().asDiagonal() * X;
  const Eigen::VectorXcd Wh = frf.weight.col(c).cast<Complex>().cwiseProduct(frf.H.col(c));
  A << WX.real(), WX.imag();
  b << Wh.real(), Wh.imag();
  return {A, b};
}

ModalFit fit_residues(const FrfChannels& frf, const std::vector<Complex>& poles) {
  const auto R = Eigen::Index(poles.size());
  const Eigen::Index C = frf.H.cols();
  const Eigen::MatrixXcd X = regressors(poles, frf.freq_hz);
  ModalFit fit{poles, Eigen::MatrixXcd(C, R), Vector(C), Vector(C)};
  for (Eigen::Index c = 0; c < C; ++c) {
    const auto [A, b] = weighted_channel_equations(X, frf, c);
    const Vector theta = A.colPivHouseholderQr().solve(b);
    for (Eigen::Index r = 0; r < R; ++r) fit.residues(c, r) = Complex(theta(2 * r), theta(2 * r + 1));
    fit.lower(c) = theta(2 * R);
    fit.upper(c) = theta(2 * R + 1);
  }
  return fit;
}

Eigen::MatrixXcd synthesize(const ModalFit& fit, const Vector& freq_hz) {
  const auto R = Eigen::Index(fit.poles.size());
  const Eigen::MatrixXcd X = regressors(fit.poles, freq_hz);
  Eigen::MatrixXcd theta(X.cols(), fit.residues.rows());
  for (Eigen::Index c = 0; c < fit.residues.rows(); ++c) {
    for (Eigen::Index r = 0; r < R; ++r) {
      theta(2 * r, c) = fit.residues(c, r).real();
      theta(2 * r + 1, c) = fit.residues(c, r).imag();
    }
    theta(2 * R, c) = fit.lower(c);
    theta(2 * R + 1, c) = fit.upper(c);
  }
  return X * theta;
}

}  // namespace mechid
