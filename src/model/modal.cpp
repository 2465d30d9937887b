#include "model/modal.hpp"

#include <algorithm>
#include <cmath>

#include "core/input_error.hpp"

namespace mechid {
namespace {

constexpr double kTwoPi = 6.283185307179586476925286766559;

}  // namespace

ModalResult modal_analysis(const MechanicalSystem& s) {
  const Eigen::Index n = s.M.rows();
  require(n > 0 && s.M.cols() == n && s.D.rows() == n && s.D.cols() == n && s.K.rows() == n && s.K.cols() == n,
          "modal analysis needs square M, D and K of the same size");
  require(s.M.allFinite() && s.D.allFinite() && s.K.allFinite(), "modal analysis needs finite M, D and K");
  ModalResult result;
  const Eigen::FullPivLU<Matrix> mass(s.M);
  if (!mass.isInvertible()) {
    result.fail("M is singular: the quadratic eigenproblem has infinite roots");
    return result;
  }
  // First-order form of eq. 1.5 (the A of eq. 1.4 without L).
  Matrix A = Matrix::Zero(2 * n, 2 * n);
  A.topRightCorner(n, n).setIdentity();
  A.bottomLeftCorner(n, n) = -mass.solve(s.K);
  A.bottomRightCorner(n, n) = -mass.solve(s.D);
  const Eigen::EigenSolver<Matrix> eig(A);
  const double scale = eig.eigenvalues().cwiseAbs().maxCoeff();
  int unstable = 0, real_roots = 0;
  for (Eigen::Index j = 0; j < 2 * n; ++j) {
    const std::complex<double> lambda = eig.eigenvalues()(j);
    const bool is_real = std::abs(lambda.imag()) <= 1e-12 * std::max(scale, 1e-300);
    if (!is_real && lambda.imag() < 0) continue;  // keep one of each conjugate pair
    Mode mode;
    mode.eigenvalue = is_real ? std::complex<double>(lambda.real(), 0.0) : lambda;
    mode.omega_n = std::abs(lambda);
    mode.freq_hz = mode.omega_n / kTwoPi;
    mode.zeta = mode.omega_n > 0 ? -lambda.real() / mode.omega_n : 0.0;
    Eigen::VectorXcd phi = eig.eigenvectors().col(j).head(n);
    Eigen::Index largest = 0;
    phi.cwiseAbs().maxCoeff(&largest);
    phi *= std::polar(1.0, -std::arg(phi(largest)));
    mode.complexity = phi.imag().squaredNorm() / std::max(phi.squaredNorm(), 1e-300);
    mode.shape = phi.real();
    const double modal_mass = mode.shape.dot(s.M * mode.shape);
    if (modal_mass > 0) mode.shape /= std::sqrt(modal_mass);
    unstable += lambda.real() > 1e-12 * scale;
    real_roots += is_real;
    result.modes.push_back(mode);
  }
  std::sort(result.modes.begin(), result.modes.end(), [](const Mode& a, const Mode& b) { return a.omega_n < b.omega_n; });
  if (unstable > 0 || real_roots > 0) {
    result.add_warning(unstable > 0 ? std::to_string(unstable) + " unstable root(s) (Re s > 0)"
                                    : std::to_string(real_roots) + " real root(s): overdamped, non-oscillatory motion");
  }
  return result;
}

Matrix modal_assurance(const Matrix& a, const Matrix& b) {
  require(a.rows() == b.rows(), "MAC needs shapes of the same length");
  Matrix mac(a.cols(), b.cols());
  for (Eigen::Index i = 0; i < a.cols(); ++i)
    for (Eigen::Index j = 0; j < b.cols(); ++j) {
      const double cross = a.col(i).dot(b.col(j));
      mac(i, j) = cross * cross / (a.col(i).squaredNorm() * b.col(j).squaredNorm());
    }
  return mac;
}

}  // namespace mechid
