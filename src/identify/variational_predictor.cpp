#include "identify/variational_predictor.hpp"

namespace mechid {

void symmetric_regressor(const Vector& a, const Vector& b, const Vector& c, Matrix& out) {
  const Eigen::Index n = a.size();
  out.leftCols(3 * n * (n + 1) / 2).setZero();
  Eigen::Index p = 0;
  for (const Vector* v : {&a, &b, &c})
    for (Eigen::Index j = 0; j < n; ++j)
      for (Eigen::Index i = 0; i <= j; ++i, ++p) {
        out(i, p) = (*v)(j);
        if (i != j) out(j, p) = (*v)(i);
      }
}

Matrix symmetric_regressor(const Vector& a, const Vector& b, const Vector& c) {
  Matrix phi(a.size(), 3 * a.size() * (a.size() + 1) / 2);
  symmetric_regressor(a, b, c, phi);
  return phi;
}

VariationalPredictor::VariationalPredictor(const Dataset& data, const Matrix& L, bool estimate_initial)
    : data_(data),
      L_(L),
      force_(discrete_force(data.u, L, data.h, data.input_sampling)),
      n_(data.y.cols()),
      triangle_(n_ * (n_ + 1) / 2),
      estimate_initial_(estimate_initial),
      limit_(1e6 * (data.y.cwiseAbs().maxCoeff() + 1e-300)) {}

Eigen::Index VariationalPredictor::parameter_count() const { return 3 * triangle_ + (estimate_initial_ ? 2 * n_ : 0); }

Vector VariationalPredictor::pack(const DiscreteVariationalModel& m) const {
  Vector theta(parameter_count());
  Eigen::Index p = 0;
  for (const Matrix* X : {&m.Md, &m.Dd, &m.Kd})
    for (Eigen::Index j = 0; j < n_; ++j)
      for (Eigen::Index i = 0; i <= j; ++i) theta(p++) = (*X)(i, j);
  if (estimate_initial_) theta.tail(2 * n_) << data_.y.row(0).transpose(), data_.y.row(1).transpose();
  return theta;
}

DiscreteVariationalModel VariationalPredictor::unpack(const Vector& theta) const {
  DiscreteVariationalModel m;
  m.h = data_.h;
  m.L = L_;
  Eigen::Index p = 0;
  for (Matrix* X : {&m.Md, &m.Dd, &m.Kd}) {
    X->resize(n_, n_);
    for (Eigen::Index j = 0; j < n_; ++j)
      for (Eigen::Index i = 0; i <= j; ++i) (*X)(i, j) = (*X)(j, i) = theta(p++);
  }
  return m;
}

bool VariationalPredictor::residuals(const Vector& theta, Vector& r, Matrix* Jt) const {
  const DiscreteVariationalModel m = unpack(theta);
  const Eigen::Index N = data_.y.rows(), n = n_, P = parameter_count();
  const Eigen::Index first = estimate_initial_ ? 0 : 2;
  const Eigen::LDLT<Matrix> mass(m.Md);
  if (mass.info() != Eigen::Success || !(mass.vectorD().cwiseAbs().minCoeff() > 0)) return false;
  r.resize((N - first) * n);
  if (Jt) Jt->resize(P, (N - first) * n);

  // Buffers reused over the recursion (this loop is the PEM's hot path).
  Vector q_prev2 = estimate_initial_ ? Vector(theta.segment(3 * triangle_, n)) : Vector(data_.y.row(0).transpose());
  Vector q_prev1 = estimate_initial_ ? Vector(theta.segment(3 * triangle_ + n, n)) : Vector(data_.y.row(1).transpose());
  Vector q(n);
  Matrix S_prev2 = Matrix::Zero(n, P), S_prev1 = Matrix::Zero(n, P), S = Matrix::Zero(n, P);
  if (estimate_initial_) {
    S_prev2.middleCols(3 * triangle_, n).setIdentity();
    S_prev1.middleCols(3 * triangle_ + n, n).setIdentity();
  }
  auto store = [&](Eigen::Index k, const Vector& qk, const Matrix& Sk) {
    r.segment((k - first) * n, n) = data_.y.row(k).transpose() - qk;
    if (Jt) Jt->middleCols((k - first) * n, n) = -Sk.transpose();
  };
  if (estimate_initial_) {
    store(0, q_prev2, S_prev2);
    store(1, q_prev1, S_prev1);
  }
  for (Eigen::Index k = 2; k < N; ++k) {
    q = force_.row(k - 2).transpose();
    q.noalias() -= m.Dd * q_prev1;
    q.noalias() -= m.Kd * q_prev2;
    mass.solveInPlace(q);
    if (!q.allFinite() || q.cwiseAbs().maxCoeff() > limit_) return false;
    if (Jt) {
      // Md S_k = -(E_p q_{k-lag} + Dd S_{k-1} + Kd S_{k-2}); S holds the bracket, then S_k.
      symmetric_regressor(q, q_prev1, q_prev2, S);
      S.rightCols(P - 3 * triangle_).setZero();
      S.noalias() += m.Dd * S_prev1;
      S.noalias() += m.Kd * S_prev2;
      mass.solveInPlace(S);
      S = -S;
      S_prev2.swap(S_prev1);
      S_prev1.swap(S);  // S_prev1 = S_k; S now holds S_{k-2}, overwritten next step
      store(k, q, S_prev1);
    } else {
      store(k, q, S);
    }
    q_prev2.swap(q_prev1);
    q_prev1 = q;
  }
  return true;
}

}  // namespace mechid
