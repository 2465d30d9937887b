#include "identify/exact_sampling_predictor.hpp"

#include <limits>

#include "identify/symmetric_parameters.hpp"

namespace mechid {
namespace {

// E_p = e_i e_j' + e_j e_i' (e_i e_i' on the diagonal): the direction of parameter (i, j).
Matrix unit_symmetric(Eigen::Index n, Eigen::Index i, Eigen::Index j) {
  Matrix E = Matrix::Zero(n, n);
  E(i, j) = E(j, i) = 1.0;
  return E;
}

// Per output channel: a predicted q_c beyond 1e6 max|y_c| means the model diverges (a stable
// model's free run stays within the data's range up to its own error), in the channel's own units.
// Only q is tested: the velocities q' ~ ω|q| are not comparable with |y| (review B5: a 1e6 rad/s
// system was declared unstable). A channel of zeros takes the largest channel's limit; with no
// signal at all only non-finite predictions count.
Vector divergence_limit(const Matrix& y) {
  Vector limit = 1e6 * y.cwiseAbs().colwise().maxCoeff().transpose();
  const double largest = limit.size() ? limit.maxCoeff() : 0.0;
  for (Eigen::Index c = 0; c < limit.size(); ++c)
    if (limit(c) == 0) limit(c) = largest > 0 ? largest : std::numeric_limits<double>::infinity();
  return limit;
}

}  // namespace

Vector initial_state_guess(const Dataset& data) {
  const Eigen::Index n = data.y.cols();
  Vector x0(2 * n);
  x0 << data.y.row(0).transpose(), (data.y.row(1) - data.y.row(0)).transpose() / data.h;
  return x0;
}

ExactSamplingPredictor::ExactSamplingPredictor(const Dataset& data, const Matrix& L, Vector weights)
    : data_(data),
      L_(L),
      intersample_(choose_intersample_model(data.u, data.h, data.input_sampling)),
      w_(intersample_inputs(data.u, intersample_)),
      weights_(weights.size() ? std::move(weights) : Vector::Ones(data.y.cols())),
      n_(data.y.cols()),
      triangle_(n_ * (n_ + 1) / 2),
      limit_(divergence_limit(data.y)) {}

Eigen::Index ExactSamplingPredictor::parameter_count() const { return 3 * triangle_ + 2 * n_; }

Vector ExactSamplingPredictor::pack(const MechanicalSystem& s, const Vector& initial_state) const {
  Vector theta(parameter_count());
  pack_symmetric(s.M, s.D, s.K, theta);
  theta.tail(2 * n_) = initial_state;
  return theta;
}

MechanicalSystem ExactSamplingPredictor::unpack(const Vector& theta) const {
  MechanicalSystem s;
  s.L = L_;
  unpack_symmetric(theta, n_, s.M, s.D, s.K);
  return s;
}

bool ExactSamplingPredictor::evaluate(const Vector& theta, Vector& r, const JacobianSink* sink) const {
  const bool sensitivities = sink != nullptr;
  const MechanicalSystem s = unpack(theta);
  const Eigen::LLT<Matrix> mass(s.M);
  if (mass.info() != Eigen::Success) return false;  // M must stay positive definite
  const Eigen::Index n = n_, N = data_.y.rows(), P = parameter_count(), Ps = 3 * triangle_, m = 2 * n + w_.cols();
  const Matrix Minv = mass.solve(Matrix::Identity(n, n));
  // eq. 1.4: A = [0 I; -M⁻¹K -M⁻¹D], B = [0; M⁻¹L].
  Matrix A = Matrix::Zero(2 * n, 2 * n), B = Matrix::Zero(2 * n, L_.cols());
  A.topRightCorner(n, n).setIdentity();
  A.bottomLeftCorner(n, n) = -Minv * s.K;
  A.bottomRightCorner(n, n) = -Minv * s.D;
  B.bottomRows(n) = Minv * L_;

  std::vector<Matrix> directions;  // [∂A ∂B] per parameter: nonzero in the rows of q'' only
  if (sensitivities) {
    directions.reserve(Ps);
    for (int group = 0; group < 3; ++group)
      for (Eigen::Index j = 0; j < n; ++j)
        for (Eigen::Index i = 0; i <= j; ++i) {
          const Matrix E = unit_symmetric(n, i, j);
          Matrix d = Matrix::Zero(2 * n, 2 * n + L_.cols());
          if (group == 0) {  // ∂M⁻¹ = -M⁻¹ E M⁻¹
            const Matrix dMinv = -Minv * E * Minv;
            d.block(n, 0, n, n) = -dMinv * s.K;
            d.block(n, n, n, n) = -dMinv * s.D;
            d.block(n, 2 * n, n, L_.cols()) = dMinv * L_;
          } else {
            d.block(n, group == 1 ? n : 0, n, n) = -Minv * E;  // D: ∂A22; K: ∂A21
          }
          directions.push_back(std::move(d));
        }
  }
  const SampledModelDerivatives sampled = sampled_model(A, B, data_.h, intersample_, directions);
  const Matrix& Phi = sampled.Phi;
  Matrix dPhi;  // rows 2n p .. 2n p + 2n - 1: ∂Φ/∂θ_p, so that dPhi z stacks the columns (∂Φ/∂θ_p) z
  if (sensitivities) {
    dPhi.resize(2 * n * Ps, m);
    for (Eigen::Index p = 0; p < Ps; ++p) dPhi.middleRows(2 * n * p, 2 * n) = sampled.derivatives[p];
  }
  const auto F = Phi.leftCols(2 * n);

  r.resize(N * n);
  Vector z(m), x_next(2 * n), forcing(2 * n * Ps);
  z.head(2 * n) = theta.tail(2 * n);
  Matrix S = Matrix::Zero(2 * n, P), S_next(2 * n, P), Jt_sample(P, n);
  S.rightCols(2 * n).setIdentity();
  for (Eigen::Index k = 0; k < N; ++k) {
    const auto x = z.head(2 * n);
    if (!x.allFinite() || (x.head(n).cwiseAbs().array() > limit_.array()).any()) return false;
    r.segment(k * n, n) = weights_.cwiseProduct(data_.y.row(k).transpose() - x.head(n));
    if (sensitivities) {
      Jt_sample.noalias() = -(weights_.asDiagonal() * S.topRows(n)).transpose();
      (*sink)(Jt_sample);
    }
    if (k + 1 == N) break;
    z.tail(m - 2 * n) = w_.row(k).transpose();
    x_next.noalias() = Phi * z;
    if (sensitivities) {
      forcing.noalias() = dPhi * z;
      S_next.noalias() = F * S;
      S_next.leftCols(Ps) += Eigen::Map<const Matrix>(forcing.data(), 2 * n, Ps);
      S.swap(S_next);
    }
    z.head(2 * n) = x_next;
  }
  return true;
}

Matrix ExactSamplingPredictor::output_errors(const Vector& theta) const {
  Vector r;
  if (!evaluate(theta, r, nullptr)) return Matrix();
  Matrix e = Eigen::Map<const Matrix>(r.data(), n_, data_.y.rows()).transpose();
  return e * weights_.cwiseInverse().asDiagonal();
}

}  // namespace mechid
