#include "identify/variational_predictor.hpp"

#include <cmath>

#include "identify/symmetric_parameters.hpp"

namespace mechid {

Matrix symmetric_regressor(const Vector& a, const Vector& b, const Vector& c) {
  const Eigen::Index n = a.size();
  Matrix out = Matrix::Zero(n, 3 * n * (n + 1) / 2);
  Eigen::Index p = 0;
  for (const Vector* v : {&a, &b, &c})
    for (Eigen::Index j = 0; j < n; ++j)
      for (Eigen::Index i = 0; i <= j; ++i, ++p) {
        out(i, p) = (*v)(j);
        if (i != j) out(j, p) = (*v)(i);
      }
  return out;
}

VariationalPredictor::VariationalPredictor(const Dataset& data, const Matrix& L, bool estimate_initial)
    : data_(data),
      L_(L),
      force_(discrete_force(data.u, L, data.h, data.input_sampling)),
      n_(data.y.cols()),
      triangle_(n_ * (n_ + 1) / 2),
      estimate_initial_(estimate_initial),
      limit_(1e6 * (data.y.cwiseAbs().maxCoeff() + 1e-300)),
      scale_q_(std::sqrt(data.y.squaredNorm() / std::max<double>(1.0, static_cast<double>(data.y.size())))) {
  if (!(scale_q_ > 0 && std::isfinite(scale_q_))) scale_q_ = 1.0;
}

Eigen::Index VariationalPredictor::parameter_count() const { return 3 * triangle_ + (estimate_initial_ ? 2 * n_ : 0); }

void VariationalPredictor::rescale(const MechanicalSystem& reference) {
  const double root_n = std::sqrt(static_cast<double>(n_));
  const double m = reference.M.norm() / root_n, k = reference.K.norm() / root_n;
  if (!(std::isfinite(m) && std::isfinite(k) && m > 0 && k > 0)) return;
  scale_M_ = m;
  scale_K_ = k;
  scale_D_ = std::sqrt(m * k);
  half_step_ = data_.h * std::sqrt(k / m) / 2.0;
}

Vector VariationalPredictor::pack(const MechanicalSystem& system) const {
  Vector theta(parameter_count());
  pack_symmetric(system.M / scale_M_, system.D / scale_D_, system.K / scale_K_, theta);
  if (estimate_initial_)
    theta.tail(2 * n_) << (data_.y.row(0) + data_.y.row(1)).transpose() / (2.0 * scale_q_),
        (data_.y.row(1) - data_.y.row(0)).transpose() / (2.0 * half_step_ * scale_q_);
  return theta;
}

Vector VariationalPredictor::pack(const DiscreteVariationalModel& model) const { return pack(to_continuous(model)); }

MechanicalSystem VariationalPredictor::unpack_system(const Vector& theta) const {
  MechanicalSystem s;
  unpack_symmetric(theta, n_, s.M, s.D, s.K);
  s.M *= scale_M_;
  s.D *= scale_D_;
  s.K *= scale_K_;
  s.L = L_;
  return s;
}

DiscreteVariationalModel VariationalPredictor::unpack(const Vector& theta) const {
  return to_discrete_unchecked(unpack_system(theta), data_.h);
}

// The recursion: residuals into r and, with a sink, the transposed Jacobian -S_k' of each stored
// sample (S_k = ∂q_k/∂θ, n x P).
bool VariationalPredictor::evaluate(const Vector& theta, Vector& r, const JacobianSink* sink) const {
  const bool sensitivities = sink != nullptr;
  const DiscreteVariationalModel m = unpack(theta);
  const double h = data_.h;
  const Eigen::Index N = data_.y.rows(), n = n_, P = parameter_count();
  const Eigen::Index first = estimate_initial_ ? 0 : 2;
  const Eigen::LDLT<Matrix> mass(m.Md);
  if (mass.info() != Eigen::Success || !(mass.vectorD().cwiseAbs().minCoeff() > 0)) return false;
  r.resize((N - first) * n);
  // The sensitivity recursion as products with Md⁻¹ (small dense GEMMs, no triangular solves):
  //   S_k = -Md⁻¹ Φ(v_M, v_D, v_K) - (Md⁻¹Dd) S_{k-1} - (Md⁻¹Kd) S_{k-2},
  // v_M, v_D, v_K of the header times the scales s_M, s_D, s_K (∂/∂θ = s ∂/∂(M, D, K)).
  Matrix mass_inverse, damping_step, stiffness_step;
  if (sensitivities) {
    mass_inverse = mass.solve(Matrix::Identity(n, n));
    damping_step = mass_inverse * m.Dd;
    stiffness_step = mass_inverse * m.Kd;
  }

  // Buffers reused over the recursion (this loop is the PEM's hot path).
  Vector q_prev2 = data_.y.row(0).transpose(), q_prev1 = data_.y.row(1).transpose();
  Vector q(n), v_M(n), v_D(n), v_K(n);
  Matrix S_prev2 = Matrix::Zero(n, P), S_prev1 = Matrix::Zero(n, P), S = Matrix::Zero(n, P);
  if (estimate_initial_) {  // q_0, q_1 = s_q (c ∓ (hω/2) w)
    const auto c = theta.segment(3 * triangle_, n), w = theta.segment(3 * triangle_ + n, n);
    const Matrix identity = scale_q_ * Matrix::Identity(n, n);
    q_prev2 = scale_q_ * (c - half_step_ * w);
    q_prev1 = scale_q_ * (c + half_step_ * w);
    S_prev2.middleCols(3 * triangle_, n) = identity;
    S_prev1.middleCols(3 * triangle_, n) = identity;
    S_prev2.middleCols(3 * triangle_ + n, n) = -half_step_ * identity;
    S_prev1.middleCols(3 * triangle_ + n, n) = half_step_ * identity;
  }
  Matrix Jt_sample(P, n);
  auto store = [&](Eigen::Index k, const Vector& qk, const Matrix& Sk) {
    r.segment((k - first) * n, n) = data_.y.row(k).transpose() - qk;
    if (sensitivities) {
      Jt_sample.noalias() = -Sk.transpose();  // r = y - q: ∂r/∂θ = -S_k
      (*sink)(Jt_sample);
    }
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
    if (sensitivities) {
      v_M = (scale_M_ / h) * (q - 2.0 * q_prev1 + q_prev2);
      v_D = (scale_D_ / 2.0) * (q - q_prev2);
      v_K = (scale_K_ * h / 4.0) * (q + 2.0 * q_prev1 + q_prev2);
      // Md S_k = -(E_p v + Dd S_{k-1} + Kd S_{k-2}), column p of Md⁻¹ E_p v being
      // Md⁻¹_i v_j + Md⁻¹_j v_i for p = (i, j).
      Eigen::Index p = 0;
      for (const Vector* v : {&v_M, &v_D, &v_K})
        for (Eigen::Index j = 0; j < n; ++j)
          for (Eigen::Index i = 0; i <= j; ++i, ++p) {
            S.col(p) = -(*v)(j) * mass_inverse.col(i);
            if (i != j) S.col(p) -= (*v)(i) * mass_inverse.col(j);
          }
      S.rightCols(P - 3 * triangle_).setZero();
      S.noalias() -= damping_step * S_prev1;
      S.noalias() -= stiffness_step * S_prev2;
      S_prev2.swap(S_prev1);
      S_prev1.swap(S);  // S_prev1 = S_k; S now holds S_{k-2}, overwritten next step
    }
    store(k, q, S_prev1);
    q_prev2.swap(q_prev1);
    q_prev1 = q;
  }
  return true;
}

}  // namespace mechid
