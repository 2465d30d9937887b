#include "identify/variational_predictor.hpp"

namespace mechid {

Matrix symmetric_regressor(const Vector& a, const Vector& b, const Vector& c) {
  const Eigen::Index n = a.size();
  Matrix phi = Matrix::Zero(n, 3 * n * (n + 1) / 2);
  Eigen::Index p = 0;
  for (const Vector* v : {&a, &b, &c})
    for (Eigen::Index j = 0; j < n; ++j)
      for (Eigen::Index i = 0; i <= j; ++i, ++p) {
        phi(i, p) += (*v)(j);
        if (i != j) phi(j, p) += (*v)(i);
      }
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

bool VariationalPredictor::residuals(const Vector& theta, Vector& r, Matrix* J) const {
  const DiscreteVariationalModel m = unpack(theta);
  const Eigen::Index N = data_.y.rows(), n = n_, P = parameter_count();
  const Eigen::Index first = estimate_initial_ ? 0 : 2;
  const Eigen::LDLT<Matrix> mass(m.Md);
  if (mass.info() != Eigen::Success || !(mass.vectorD().cwiseAbs().minCoeff() > 0)) return false;
  r.resize((N - first) * n);
  if (J) J->resize((N - first) * n, P);

  Vector q_prev2 = estimate_initial_ ? Vector(theta.segment(3 * triangle_, n)) : Vector(data_.y.row(0).transpose());
  Vector q_prev1 = estimate_initial_ ? Vector(theta.segment(3 * triangle_ + n, n)) : Vector(data_.y.row(1).transpose());
  Matrix S_prev2 = Matrix::Zero(n, P), S_prev1 = Matrix::Zero(n, P);
  if (estimate_initial_) {
    S_prev2.middleCols(3 * triangle_, n).setIdentity();
    S_prev1.middleCols(3 * triangle_ + n, n).setIdentity();
  }
  auto store = [&](Eigen::Index k, const Vector& q, const Matrix& S) {
    r.segment((k - first) * n, n) = data_.y.row(k).transpose() - q;
    if (J) J->middleRows((k - first) * n, n) = -S;
  };
  if (estimate_initial_) {
    store(0, q_prev2, S_prev2);
    store(1, q_prev1, S_prev1);
  }
  for (Eigen::Index k = 2; k < N; ++k) {
    const Vector q = mass.solve(force_.row(k - 2).transpose() - m.Dd * q_prev1 - m.Kd * q_prev2);
    if (!q.allFinite() || q.cwiseAbs().maxCoeff() > limit_) return false;
    Matrix S;
    if (J) {
      Matrix forcing = Matrix::Zero(n, P);
      forcing.leftCols(3 * triangle_) = symmetric_regressor(q, q_prev1, q_prev2);
      S = -mass.solve(forcing + m.Dd * S_prev1 + m.Kd * S_prev2);
      S_prev2 = std::move(S_prev1);
      S_prev1 = S;
    }
    store(k, q, S);
    q_prev2 = q_prev1;
    q_prev1 = q;
  }
  return true;
}

}  // namespace mechid
