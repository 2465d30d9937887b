#include "model/mechanical_system.hpp"

#include <cmath>
#include <utility>

#include "core/input_error.hpp"

namespace mechid {

std::string first_non_finite(const std::string& name, const Matrix& X) {
  for (Eigen::Index j = 0; j < X.cols(); ++j)
    for (Eigen::Index i = 0; i < X.rows(); ++i)
      if (!std::isfinite(X(i, j)))
        return name + "(" + std::to_string(i + 1) + "," + std::to_string(j + 1) + ") = " +
               format_number(X(i, j));
  return "";
}

namespace {

// "" when X is symmetric within kSymmetryTolerance, else the worst offending pair.
std::string symmetry_violation(const std::string& name, const Matrix& X) {
  const double scale = X.cwiseAbs().maxCoeff();
  Eigen::Index wi = 0, wj = 0;
  const double worst = (X - X.transpose()).cwiseAbs().maxCoeff(&wi, &wj);
  if (worst <= kSymmetryTolerance * scale) return "";
  if (wi > wj) std::swap(wi, wj);  // report the upper-triangle entry first
  auto entry = [&](Eigen::Index i, Eigen::Index j) {
    return name + "(" + std::to_string(i + 1) + "," + std::to_string(j + 1) + ") = " +
           format_number(X(i, j));
  };
  return name + " is not symmetric: " + entry(wi, wj) + " but " + entry(wj, wi);
}

}  // namespace

bool is_symmetric(const Matrix& X) {
  return X.rows() == X.cols() && (X.size() == 0 || symmetry_violation("", X).empty());
}

double smallest_eigenvalue(const Matrix& X) {
  Eigen::SelfAdjointEigenSolver<Matrix> eig(0.5 * (X + X.transpose()), Eigen::EigenvaluesOnly);
  return eig.eigenvalues().minCoeff();
}

std::vector<std::string> check(const MechanicalSystem& s) {
  std::vector<std::string> errors;
  const Eigen::Index n = s.M.rows();
  // Sizes.
  if (n == 0) errors.push_back("M is empty: a system needs at least one degree of freedom");
  if (s.M.rows() != s.M.cols()) errors.push_back("M is not square: it is " + size_text(s.M));
  for (const auto& [name, X] : {std::pair<const char*, const Matrix&>{"D", s.D}, {"K", s.K}})
    if (X.rows() != n || X.cols() != n)
      errors.push_back(std::string(name) + " is " + size_text(X) + " but M is " + size_text(s.M) +
                       ": M, D and K must be square and of the same size");
  if (s.L.rows() != n || s.L.cols() == 0)
    errors.push_back("L is " + size_text(s.L) + " but must have " + std::to_string(n) +
                     " rows (one per degree of freedom) and at least one column");
  if (!errors.empty()) return errors;

  // Finiteness, then symmetry, then definiteness (each only when the previous holds).
  const std::pair<const char*, const Matrix*> matrices[] = {{"M", &s.M}, {"D", &s.D}, {"K", &s.K}, {"L", &s.L}};
  for (const auto& [name, X] : matrices) {
    const std::string bad = first_non_finite(name, *X);
    if (!bad.empty()) errors.push_back(std::string(name) + " has a non-finite entry: " + bad);
  }
  if (!errors.empty()) return errors;
  bool symmetric = true;
  for (int i = 0; i < 3; ++i) {
    const std::string violation = symmetry_violation(matrices[i].first, *matrices[i].second);
    if (!violation.empty()) {
      errors.push_back(violation);
      symmetric = false;
    }
  }
  if (symmetric) {
    const double m_min = smallest_eigenvalue(s.M), k_min = smallest_eigenvalue(s.K);
    const double d_min = smallest_eigenvalue(s.D);
    const double d_scale = s.D.cwiseAbs().maxCoeff();
    if (!(m_min > 0.0))
      errors.push_back("M is not positive definite: its smallest eigenvalue is " + format_number(m_min));
    if (!(k_min > 0.0))
      errors.push_back("K is not positive definite: its smallest eigenvalue is " + format_number(k_min));
    if (d_min < -1e-12 * d_scale * static_cast<double>(n))
      errors.push_back("D is not positive semidefinite: its smallest eigenvalue is " + format_number(d_min));
  }
  Eigen::ColPivHouseholderQR<Matrix> qr(s.L);
  if (qr.rank() < s.L.cols())
    errors.push_back("L does not have full column rank: rank " + std::to_string(qr.rank()) + " with " +
                     std::to_string(s.L.cols()) + " columns");
  return errors;
}

void validate(const MechanicalSystem& system) {
  const auto errors = check(system);
  if (!errors.empty()) throw InputError(errors.front());
}

StateSpaceModel to_state_space(const MechanicalSystem& s) {
  validate(s);
  return state_space_of(s);
}

StateSpaceModel state_space_of(const MechanicalSystem& s) {
  const Eigen::Index n = s.dof();
  const Eigen::LLT<Matrix> mass(s.M);
  StateSpaceModel ss;
  ss.A = Matrix::Zero(2 * n, 2 * n);
  ss.A.topRightCorner(n, n).setIdentity();
  ss.A.bottomLeftCorner(n, n) = -mass.solve(s.K);
  ss.A.bottomRightCorner(n, n) = -mass.solve(s.D);
  ss.B = Matrix::Zero(2 * n, s.inputs());
  ss.B.bottomRows(n) = mass.solve(s.L);
  ss.C = Matrix::Zero(n, 2 * n);
  ss.C.leftCols(n).setIdentity();
  ss.D = Matrix::Zero(n, s.inputs());
  return ss;
}

double fastest_rate_bound(const MechanicalSystem& system) {
  const Eigen::LLT<Matrix> mass(system.M);
  if (mass.info() != Eigen::Success) return std::nan("");
  const auto norm1 = [](const Matrix& X) { return X.size() ? X.cwiseAbs().colwise().sum().maxCoeff() : 0.0; };
  const double d = norm1(mass.solve(system.D)), k = norm1(mass.solve(system.K));
  return 0.5 * (d + std::sqrt(d * d + 4.0 * k));
}

}  // namespace mechid
