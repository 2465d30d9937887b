#include "model/modal.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/input_error.hpp"
#include "core/math_constants.hpp"
#include "model/pole_frequency.hpp"

namespace mechid {
namespace {

// The q-part of an eigenvector, rotated so that its largest entry is real and positive.
Eigen::VectorXcd rotated_shape(const Eigen::VectorXcd& v) {
  Eigen::VectorXcd phi = v;
  Eigen::Index largest = 0;
  phi.cwiseAbs().maxCoeff(&largest);
  return phi * std::polar(1.0, -std::arg(phi(largest)));
}

// Real shape scaled to shape' M shape = 1 (when that is positive: estimates may be indefinite).
Vector mass_normalised(Vector shape, const Matrix& M) {
  const double modal_mass = shape.dot(M * shape);
  if (modal_mass > 0) shape /= std::sqrt(modal_mass);
  return shape;
}

double mac(const Vector& a, const Vector& b) {
  const double cross = a.dot(b), norms = a.squaredNorm() * b.squaredNorm();
  return norms > 0 ? cross * cross / norms : 0.0;
}

// A real root: its value and the q-part of its (real) eigenvector.
struct RealRoot {
  double lambda;
  Vector shape;
};

// One mode from two real roots λ1, λ2 of one DOF: they are the roots of s² + 2ζω_n s + ω_n², so
// ω_n = √(λ1 λ2) and ζ = −(λ1 + λ2)/(2 ω_n) (≥ 1 for two stable real roots; ζ = 1 at a double
// root, continuous with the complex pairs' −Re s/|s|). λ1 λ2 < 0 (a saddle: K not definite) gives
// ω_n = √|λ1 λ2|; ω_n = 0 (a zero root) gives ζ = 0, as for a zero complex root.
Mode overdamped_mode(const RealRoot& a, const RealRoot& b, const Matrix& M) {
  const RealRoot& slow = std::abs(a.lambda) <= std::abs(b.lambda) ? a : b;
  const RealRoot& fast = &slow == &a ? b : a;
  Mode mode;
  mode.eigenvalue = slow.lambda;
  mode.omega_n = std::sqrt(std::abs(a.lambda)) * std::sqrt(std::abs(b.lambda));  // the product may overflow
  mode.freq_hz = mode.omega_n / kTwoPi;
  mode.zeta = mode.omega_n > 0 ? -(a.lambda + b.lambda) / (2 * mode.omega_n) : 0.0;
  mode.shape = mass_normalised(rotated_shape(slow.shape.cast<std::complex<double>>()).real(), M);
  mode.complexity = 1.0 - mac(slow.shape, fast.shape);
  return mode;
}

// Pairs the real roots into DOFs: repeatedly the two unpaired roots whose shapes agree best
// (largest MAC). With proportional damping the two real roots of a DOF share its undamped shape
// exactly (MAC = 1) and shapes of different DOFs are M-orthogonal, so the pairing is exact there;
// for non-proportional damping it pairs by the closest shapes, which is continuous in M, D, K
// wherever the best MAC is unique. An odd count cannot occur (real M, D, K: complex roots come in
// conjugate pairs among 2n roots); were it to, the last root is left unpaired as its own mode.
std::vector<Mode> pair_real_roots(std::vector<RealRoot> roots, const Matrix& M) {
  std::vector<Mode> modes;
  while (roots.size() >= 2) {
    std::size_t best_i = 0, best_j = 1;
    double best = -1.0;
    for (std::size_t i = 0; i < roots.size(); ++i)
      for (std::size_t j = i + 1; j < roots.size(); ++j)
        if (const double m = mac(roots[i].shape, roots[j].shape); m > best) {
          best = m;
          best_i = i;
          best_j = j;
        }
    modes.push_back(overdamped_mode(roots[best_i], roots[best_j], M));
    roots.erase(roots.begin() + static_cast<std::ptrdiff_t>(best_j));  // best_j > best_i: erase it first
    roots.erase(roots.begin() + static_cast<std::ptrdiff_t>(best_i));
  }
  for (const RealRoot& r : roots) {  // unreachable for real M, D, K (see above)
    Mode mode;
    mode.eigenvalue = r.lambda;
    mode.omega_n = std::abs(r.lambda);
    mode.freq_hz = mode.omega_n / kTwoPi;
    mode.zeta = mode.omega_n > 0 ? -r.lambda / mode.omega_n : 0.0;
    mode.shape = mass_normalised(r.shape, M);
    modes.push_back(mode);
  }
  return modes;
}

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
  // First-order form of eq. 1.5 (the A of eq. 1.4 without L) in the state [q; q'/ω₀], ω₀² = ‖M⁻¹K‖
  // (or ‖M⁻¹D‖² without stiffness): a similarity with the same eigenvalues and q-parts of the
  // eigenvectors whose blocks are of one size whatever the time unit. Unbalanced (ω ~ 1e9 rad/s
  // against the identity block) the computed real parts err by more than small damping is.
  const Matrix stiffness = mass.solve(s.K), damping = mass.solve(s.D);
  // stableNorm: norm() squares the entries, which overflows for entries beyond 1e154.
  const double omega0_squared = stiffness.stableNorm() > 0 ? stiffness.stableNorm() : damping.stableNorm() * damping.stableNorm();
  const double omega0 = omega0_squared > 0 ? std::sqrt(omega0_squared) : 1.0;
  Matrix A = Matrix::Zero(2 * n, 2 * n);
  A.topRightCorner(n, n).setIdentity();
  A.topRightCorner(n, n) *= omega0;
  A.bottomLeftCorner(n, n) = -stiffness / omega0;
  A.bottomRightCorner(n, n) = -damping;
  // A / 2^e with 2^e ~ max |A_ij| (exact: a power of two, as in core/robust_svd): the eigenvalues
  // scale by 2^-e, the eigenvectors not at all. Unscaled, entries ~1e298 (M = 1.5e-299 with D = 0.2)
  // overflow inside the QR iteration's norms and the eigenvalues came out NaN (fuzz system-json-164).
  const double peak = A.cwiseAbs().maxCoeff();
  if (!std::isfinite(peak)) {
    result.fail("M⁻¹K or M⁻¹D overflows double precision (M, D, K span too many orders of magnitude): "
                "express M, D and K in other units");
    return result;
  }
  int e = 0;
  if (peak > 0) std::frexp(peak, &e);
  const Eigen::EigenSolver<Matrix> eig(A.unaryExpr([e](double x) { return std::ldexp(x, -e); }));
  const double scale = std::ldexp(eig.eigenvalues().cwiseAbs().maxCoeff(), e);
  int unstable = 0;
  std::vector<RealRoot> real_roots;
  for (Eigen::Index j = 0; j < 2 * n; ++j) {
    const std::complex<double> lambda = std::ldexp(1.0, e) * eig.eigenvalues()(j);
    unstable += lambda.real() > 1e-12 * scale;
    if (std::abs(lambda.imag()) <= 1e-12 * std::max(scale, 1e-300)) {
      real_roots.push_back({lambda.real(), eig.eigenvectors().col(j).head(n).real()});
      continue;
    }
    if (lambda.imag() < 0) continue;  // keep one of each conjugate pair
    Mode mode;
    mode.eigenvalue = lambda;
    const PoleFrequency pf = pole_frequency(lambda);
    mode.omega_n = pf.omega_n;
    mode.freq_hz = pf.freq_hz;
    mode.zeta = pf.zeta;
    const Eigen::VectorXcd phi = rotated_shape(eig.eigenvectors().col(j).head(n));
    mode.complexity = phi.imag().squaredNorm() / std::max(phi.squaredNorm(), 1e-300);
    mode.shape = mass_normalised(phi.real(), s.M);
    result.modes.push_back(mode);
  }
  const std::size_t overdamped = real_roots.size() / 2;
  for (Mode& mode : pair_real_roots(std::move(real_roots), s.M)) result.modes.push_back(std::move(mode));
  std::sort(result.modes.begin(), result.modes.end(), [](const Mode& a, const Mode& b) { return a.omega_n < b.omega_n; });
  // Never a non-finite mode as a result (a root beyond double range, a shape whose M-norm overflows).
  for (const Mode& mode : result.modes)
    if (!std::isfinite(std::abs(mode.eigenvalue)) || !std::isfinite(mode.omega_n) || !std::isfinite(mode.zeta) ||
        !mode.shape.allFinite()) {
      result.modes.clear();
      result.fail("a mode's eigenvalue or shape is not finite in double precision (M, D, K span too many orders of "
                  "magnitude): express M, D and K in other units");
      return result;
    }
  // Roots below the solve's resolution (backward error ~ ε max|s| per root, Golub & Van Loan 2013,
  // sec. 7.5.6) while K is non-singular (so no root is really 0): e.g. m = 1.5e-299, d = 0.2 puts the
  // slow root -k/d = -10 next to -d/m ~ -1e298; it comes out as noise, so it is said, not hidden.
  const double resolution = 2.0 * static_cast<double>(n) * std::numeric_limits<double>::epsilon() * scale;
  const bool k_regular = Eigen::FullPivLU<Matrix>(s.K).isInvertible();
  int unresolved = 0;
  for (Eigen::Index j = 0; j < 2 * n; ++j) unresolved += k_regular && std::ldexp(std::abs(eig.eigenvalues()(j)), e) <= resolution;
  if (unresolved > 0)
    result.add_warning(std::to_string(unresolved) + " root(s) more than 1/ε below the largest |s|, beyond double precision's resolution: those modes are inaccurate; express M, D and K in units that bring their scales closer");
  if (unstable > 0) result.add_warning(std::to_string(unstable) + " unstable root(s) (Re s > 0)");
  else if (overdamped > 0)  // a property of the system, not a fault of the estimate: a note (status unchanged)
    result.advise({AdviceCode::overdamped, AdviceLevel::note,
                   std::to_string(overdamped) + (overdamped == 1 ? " mode is overdamped: it moves" : " modes are overdamped: they move") +
                       " without oscillating.",
                   std::to_string(overdamped) + " overdamped mode(s) (ζ > 1, a pair of real roots): non-oscillatory motion",
                   ""});
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
