#include "identify/positive_parametrization.hpp"

#include <cmath>

#include "core/input_error.hpp"

namespace mechid {
namespace {

// The three factors in φ: 0 = M (log diagonal), 1 = D (plain), 2 = K (log diagonal).
bool log_diagonal(int block) { return block != 1; }

// L (lower) from its φ block: entry (j, i), i <= j, in the order of the upper triangle (i, j).
Matrix factor_of(const Vector& phi, Eigen::Index offset, Eigen::Index n, bool log_diag) {
  Matrix L = Matrix::Zero(n, n);
  Eigen::Index p = offset;
  for (Eigen::Index j = 0; j < n; ++j)
    for (Eigen::Index i = 0; i <= j; ++i, ++p) L(j, i) = (i == j && log_diag) ? std::exp(phi(p)) : phi(p);
  return L;
}

// ∂ upper-triangle(L L') / ∂ φ-block: t x t, t = n(n+1)/2.
Matrix factor_jacobian(const Matrix& L, bool log_diag) {
  const Eigen::Index n = L.rows(), t = n * (n + 1) / 2;
  Matrix T = Matrix::Zero(t, t);
  Eigen::Index column = 0;
  for (Eigen::Index a_col = 0; a_col < n; ++a_col)  // φ entry ↔ L(a, b), a = a_col, b <= a
    for (Eigen::Index b = 0; b <= a_col; ++b, ++column) {
      const Eigen::Index a = a_col;
      const double chain = (a == b && log_diag) ? L(a, a) : 1.0;
      Eigen::Index row = 0;
      for (Eigen::Index j = 0; j < n; ++j)
        for (Eigen::Index i = 0; i <= j; ++i, ++row) {
          // X_ij = Σ_k L_ik L_jk: ∂/∂L_ab = δ_ia L_jb + L_ib δ_ja
          double d = 0.0;
          if (i == a) d += L(j, b);
          if (j == a) d += L(i, b);
          T(row, column) = chain * d;
        }
    }
  return T;
}

// Lower Cholesky factor of the symmetric X with its eigenvalues raised to at least `floor`.
Matrix projected_factor(const Matrix& X, double floor) {
  const Eigen::SelfAdjointEigenSolver<Matrix> eig(0.5 * (X + X.transpose()));
  const Vector lambda = eig.eigenvalues().cwiseMax(floor);
  const Matrix projected = eig.eigenvectors() * lambda.asDiagonal() * eig.eigenvectors().transpose();
  return Eigen::LLT<Matrix>(0.5 * (projected + projected.transpose())).matrixL();
}

}  // namespace

PositiveParametrization::PositiveParametrization(const PredictorModel& inner, Eigen::Index dof)
    : n_(dof), triangle_(dof * (dof + 1) / 2), inner_(inner) {
  require(inner.parameter_count() >= 3 * triangle_, "the positive parametrisation needs θ to start with M, D and K");
}

Vector PositiveParametrization::to_theta(const Vector& phi) const {
  Vector theta = phi;
  for (int block = 0; block < 3; ++block) {
    const Matrix L = factor_of(phi, block * triangle_, n_, log_diagonal(block));
    const Matrix X = L * L.transpose();
    Eigen::Index p = block * triangle_;
    for (Eigen::Index j = 0; j < n_; ++j)
      for (Eigen::Index i = 0; i <= j; ++i) theta(p++) = X(i, j);
  }
  return theta;
}

Vector PositiveParametrization::from_theta(const Vector& theta) const {
  Vector phi = theta;
  for (int block = 0; block < 3; ++block) {
    Matrix X(n_, n_);
    Eigen::Index p = block * triangle_;
    for (Eigen::Index j = 0; j < n_; ++j)
      for (Eigen::Index i = 0; i <= j; ++i, ++p) X(i, j) = X(j, i) = theta(p);
    const double largest = Eigen::SelfAdjointEigenSolver<Matrix>(X, Eigen::EigenvaluesOnly).eigenvalues().cwiseAbs().maxCoeff();
    const Matrix L = projected_factor(X, (block == 1 ? 1e-12 : 1e-8) * std::max(largest, 1e-300));
    p = block * triangle_;
    for (Eigen::Index j = 0; j < n_; ++j)
      for (Eigen::Index i = 0; i <= j; ++i, ++p) phi(p) = (i == j && log_diagonal(block)) ? std::log(L(j, j)) : L(j, i);
  }
  return phi;
}

bool PositiveParametrization::evaluate(const Vector& phi, Vector& r, const JacobianSink* sink) const {
  const Vector theta = to_theta(phi);
  if (!sink) return inner_.evaluate(theta, r, nullptr);
  Matrix T[3];
  for (int block = 0; block < 3; ++block)
    T[block] = factor_jacobian(factor_of(phi, block * triangle_, n_, log_diagonal(block)), log_diagonal(block));
  Matrix Jt_phi;
  const JacobianSink chain = [&](const JacobianColumns& Jt_theta) {
    Jt_phi = Jt_theta;  // the parameters after M, D, K are unchanged
    for (int block = 0; block < 3; ++block)
      Jt_phi.middleRows(block * triangle_, triangle_).noalias() =
          T[block].transpose() * Jt_theta.middleRows(block * triangle_, triangle_);
    (*sink)(Jt_phi);
  };
  return inner_.evaluate(theta, r, &chain);
}

PemReport structured_pem(const PredictorModel& model, Vector& theta, Eigen::Index dof, bool positive, const PemOptions& options,
                         const StepObserver& stop_after_step) {
  if (!positive) return levenberg_marquardt(model, theta, options, stop_after_step);
  const PositiveParametrization factors(model, dof);
  Vector phi = factors.from_theta(theta);
  // The observer sees θ in entries, as without the factors.
  const StepObserver in_entries = [&](const Vector& at, const Vector& r) { return stop_after_step(factors.to_theta(at), r); };
  PemReport report = levenberg_marquardt(factors, phi, options, stop_after_step ? in_entries : StepObserver());
  theta = factors.to_theta(phi);
  report.final_factor = TriangularFactor();  // a factor in the factors' parameters φ, not in θ
  return report;
}

}  // namespace mechid
