#include "identify/parameter_covariance.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/parallel_for.hpp"
#include "identify/gauss_newton_model.hpp"

namespace mechid {
namespace {

// The SVD of the column-scaled triangular factor and the inverse information (J'J)⁻¹ from it:
// S⁻¹ V Σ⁻² V' S⁻¹. Householder QR is backward stable (Higham 2002, Thm. 19.4): R is the exact
// factor of J + δJ with ‖δJ‖ ≲ P·eps·‖J‖, so by Weyl's inequality singular values of R S⁻¹ below
// P·eps·σ₁ are rounding, not data; they are raised to that floor so the inverse stays finite (the
// sd along such a direction is then a lower bound, and undetermined_entries flags it).
struct Information {
  Vector scale, singular_values, step;
  Matrix directions, inverse;
  double floor = 0.0;
};

Information information_from(const TriangularFactor& factor) {
  Information info;
  const Eigen::Index P = factor.R.cols();
  info.scale = factor.R.colwise().norm().transpose();
  for (Eigen::Index j = 0; j < P; ++j)
    if (!(info.scale(j) > 0)) info.scale(j) = 1.0;  // a parameter without effect: its column stays 0
  const Matrix scaled = factor.R * info.scale.cwiseInverse().asDiagonal();
  const RobustSvd svd = scaled_factor_svd(scaled);
  info.singular_values = svd.ok ? svd.singular_values : Vector(Vector::Constant(P, NAN));
  info.directions = svd.ok ? svd.V : Matrix(Matrix::Constant(P, P, NAN));
  info.floor = static_cast<double>(P) * std::numeric_limits<double>::epsilon();
  const double smallest = info.floor * std::max(info.singular_values(0), 1e-300);
  const Vector inverse_squares = info.singular_values.cwiseMax(smallest).array().square().inverse();
  const Matrix W = info.scale.cwiseInverse().asDiagonal() * info.directions;  // S⁻¹ V
  info.inverse = W * inverse_squares.asDiagonal() * W.transpose();
  // -R⁻¹z with R = U Σ V' S: -S⁻¹ V Σ⁻¹ U' z.
  info.step = svd.ok ? Vector(-W * (inverse_squares.cwiseSqrt().asDiagonal() * (svd.U.transpose() * factor.z)))
                     : Vector(Vector::Constant(P, NAN));
  return info;
}

void describe(const Information& info, ParameterCovariance& out) {
  out.scale = info.scale;
  out.singular_values = info.singular_values;
  out.directions = info.directions;
  out.singular_floor = info.floor;
  out.gauss_newton_step = info.step;
}

// Lag covariances R̂(τ) = Σ_t r_t r_{t+τ}' / (N - P/n), τ = 0..M, of the residuals (N x n). The
// divisor is the white estimate's degrees-of-freedom correction per sample, so that with n = 1
// R̂(0) = σ̂² = r'r/(N - P) exactly.
std::vector<Matrix> lag_covariances(const Matrix& e, Eigen::Index max_lag, Eigen::Index P) {
  const Eigen::Index N = e.rows(), n = e.cols();
  const double divisor = std::max(1.0, static_cast<double>(N) - static_cast<double>(P) / static_cast<double>(n));
  std::vector<Matrix> R(max_lag + 1);
  for (Eigen::Index tau = 0; tau <= max_lag; ++tau)
    R[tau] = e.topRows(N - tau).transpose() * e.bottomRows(N - tau) / divisor;
  return R;
}

// B = Σ_c J_c' Σ_{|τ|≤M} w_τ R̂(τ) J_{c+τ} (R̂(-τ) = R̂(τ)'), accumulated as the Jacobians stream
// in: the sample c = t - M is complete when sample t arrives. The last samples' J' (P x n each)
// sit side by side in one buffer, so Σ_τ w_τ J'_{c+τ} R̂(τ)' is one matrix product of the window
// (P x (2M+1)n) with the stacked kernel ((2M+1)n x n); the buffer holds 2(2M+1) samples and moves
// its last 2M to the front when full.
class SandwichMeat {
 public:
  SandwichMeat(const std::vector<Matrix>& R, Eigen::Index P)
      : M_(static_cast<Eigen::Index>(R.size()) - 1), n_(R[0].rows()), capacity_(2 * (2 * M_ + 1)),
        kernel_((2 * M_ + 1) * n_, n_), buffer_(P, capacity_ * n_), B_(Matrix::Zero(P, P)) {
    // Row block M + τ: w_τ R̂(τ)' for τ >= 0, w_τ R̂(|τ|) for τ < 0; Bartlett w_τ = 1 - |τ|/(M+1).
    for (Eigen::Index tau = -M_; tau <= M_; ++tau) {
      const Eigen::Index a = tau < 0 ? -tau : tau;
      const double w = 1.0 - static_cast<double>(a) / static_cast<double>(M_ + 1);
      kernel_.middleRows((M_ + tau) * n_, n_) = w * (tau >= 0 ? Matrix(R[a].transpose()) : R[a]);
    }
  }
  void add(const JacobianColumns& Jt) {
    if (filled_ == capacity_) {
      const Eigen::Index keep = 2 * M_;
      buffer_.leftCols(keep * n_) = buffer_.middleCols((filled_ - keep) * n_, keep * n_);
      first_ += filled_ - keep;
      filled_ = keep;
    }
    buffer_.middleCols(filled_ * n_, n_) = Jt;
    ++filled_;
    if (first_ + filled_ - 1 >= M_) complete(first_ + filled_ - 1 - M_);
  }
  Matrix finish() {
    const Eigen::Index seen = first_ + filled_;
    for (Eigen::Index c = std::max<Eigen::Index>(0, seen - M_); c < seen; ++c) complete(c);
    return 0.5 * (B_ + B_.transpose());
  }

 private:
  void complete(Eigen::Index c) {
    const Eigen::Index lo = std::max(c - M_, first_), hi = std::min(c + M_, first_ + filled_ - 1), count = (hi - lo + 1) * n_;
    Qt_.noalias() = buffer_.middleCols((lo - first_) * n_, count) * kernel_.middleRows((lo - c + M_) * n_, count);
    B_.noalias() += buffer_.middleCols((c - first_) * n_, n_) * Qt_.transpose();
  }
  Eigen::Index M_, n_, capacity_;
  Matrix kernel_, buffer_, B_, Qt_;
  Eigen::Index first_ = 0, filled_ = 0;  // buffer_ holds samples first_ .. first_ + filled_ - 1
};

// The meat B of SandwichMeat for a linear regression held by channel (J = −X, N samples of n
// channels, least_squares_by_channel.hpp): B_pq = Σ_t Σ_i X_t(i, p) H_q(t, i) with H_q(t, ·) =
// Σ_τ K_τ X_{t+τ}(·, q), K_τ = w_τ R̂(τ) (τ >= 0) and w_τ R̂(|τ|)' (τ < 0), truncated at the record's
// ends as the streamed form is (the meat is quadratic in J: X's serves). H_q is a sum over the
// channels j that involve q of the lagged copies of X_j's column q (N x (2M+1)) times the kernel's
// column j ((2M+1) x n), and B_pq reads H_q only at p's channels.
Matrix channel_sparse_meat(const ChannelRegression& g, const std::vector<Matrix>& lag) {
  const Eigen::Index M = static_cast<Eigen::Index>(lag.size()) - 1, n = static_cast<Eigen::Index>(g.channels.size()),
                     P = g.parameters, width = 2 * M + 1;
  const Eigen::Index N = n > 0 ? g.channels.front().X.rows() : 0;
  std::vector<Matrix> kernel(static_cast<std::size_t>(n), Matrix(width, n));  // channel j: row M + τ is K_τ(·, j)'
  for (Eigen::Index tau = -M; tau <= M; ++tau) {
    const Eigen::Index a = tau < 0 ? -tau : tau;
    const double w = 1.0 - static_cast<double>(a) / static_cast<double>(M + 1);
    const Matrix K = w * (tau >= 0 ? lag[a] : Matrix(lag[a].transpose()));
    for (Eigen::Index j = 0; j < n; ++j) kernel[static_cast<std::size_t>(j)].row(M + tau) = K.col(j).transpose();
  }
  // Column p's channels and its regressors there.
  struct Signal {
    Eigen::Index channel;
    const double* x;  // N values
  };
  std::vector<std::vector<Signal>> signals(static_cast<std::size_t>(P));
  for (Eigen::Index i = 0; i < n; ++i) {
    const ChannelRegressors& c = g.channels[static_cast<std::size_t>(i)];
    for (std::size_t l = 0; l < c.columns.size(); ++l)
      signals[static_cast<std::size_t>(c.columns[l])].push_back({i, c.X.col(static_cast<Eigen::Index>(l)).data()});
  }
  // Column q of B on its own (blocks of 8 columns on the core's threads, the same numbers on any
  // thread count): IDIM-IV's start on the 24-DOF chain spent 5 % of the identification here.
  Matrix B(P, P);
  parallel_for_blocks(P, 8, [&](Eigen::Index q0, Eigen::Index columns) {
    Matrix H(N, n), lagged(N, width);
    for (Eigen::Index q = q0; q < q0 + columns; ++q) {
      H.setZero();
      for (const Signal& s : signals[static_cast<std::size_t>(q)]) {
        const Eigen::Map<const Vector> x(s.x, N);
        lagged.setZero();  // column M + τ: x(t + τ) where t + τ is in the record
        for (Eigen::Index tau = -M; tau <= M; ++tau) {
          const Eigen::Index from = std::max<Eigen::Index>(0, -tau), count = N - (tau < 0 ? -tau : tau);
          if (count > 0) lagged.col(M + tau).segment(from, count) = x.segment(from + tau, count);
        }
        H.noalias() += lagged * kernel[static_cast<std::size_t>(s.channel)];
      }
      for (Eigen::Index p = 0; p < P; ++p) {
        double sum = 0.0;
        for (const Signal& s : signals[static_cast<std::size_t>(p)]) sum += Eigen::Map<const Vector>(s.x, N).dot(H.col(s.channel));
        B(p, q) = sum;
      }
    }
  });
  return 0.5 * (B + B.transpose());
}

double residual_variance(const TriangularFactor& factor, Eigen::Index rows, Eigen::Index P) {
  return factor.residual_norm2 / std::max<double>(1.0, static_cast<double>(rows - P));
}

// Whether the information of a factor from the normal equations can be trusted: its Gram matrix
// determines its singular values (gram_determines_singular_values).
bool determined(const Information& info) {
  const Vector& s = info.singular_values;
  return gram_determines_singular_values(s(0), s(s.size() - 1), s.size());
}

// The information at θ: from the normal equations when they determine every singular value of
// R S⁻¹ to 1e-4 relative (gram_determines_singular_values: the sd then to 5e-5; the study's
// refinements have scaled conditions of 50–7e3, the bound is 6e4 for 124 parameters), at about half
// the cost of the blockwise QR; from the QR otherwise (review D1: J'J is numerically singular at
// cond(J S⁻¹) ~ 1e8). False when the prediction at θ is unstable.
bool information_at(const PredictorModel& model, const Vector& theta, Vector& r, TriangularFactor& factor, Information& info) {
  if (!model.normal_equations_factor(theta, r, factor)) return false;
  if (factor.R.size() > 0) {
    info = information_from(factor);
    if (determined(info)) return true;
  }
  if (!model.triangular_factor(theta, r, factor)) return false;
  info = information_from(factor);
  return true;
}

// σ̂² (J'J)⁻¹ from the information of `factor`, a factor of J at θ over `rows` residuals.
ParameterCovariance white_covariance(const TriangularFactor& factor, const Information& info, Eigen::Index rows) {
  ParameterCovariance out;
  describe(info, out);
  out.residual_variance = residual_variance(factor, rows, factor.R.cols());
  out.covariance = out.residual_variance * info.inverse;
  out.ok = out.covariance.allFinite();
  return out;
}

}  // namespace

std::string to_string(CovarianceKind kind) { return kind == CovarianceKind::sandwich ? "sandwich" : "white"; }

ParameterCovariance parameter_covariance(const PredictorModel& model, const Vector& theta) {
  Vector r;
  TriangularFactor factor;
  Information info;
  if (!information_at(model, theta, r, factor, info)) return ParameterCovariance();
  return white_covariance(factor, info, r.size());
}

ParameterCovariance parameter_covariance(const PredictorModel& model, const Vector& theta, const TriangularFactor& at_theta,
                                         Eigen::Index rows) {
  if (at_theta.R.size() > 0 && at_theta.R.cols() == theta.size()) {
    const Information info = information_from(at_theta);
    if (determined(info)) return white_covariance(at_theta, info, rows);
  }
  return parameter_covariance(model, theta);
}

Eigen::Index sandwich_bandwidth(const Matrix& e) {
  const Eigen::Index N = e.rows(), cap = N / 4;
  double rho = 0.0;
  for (Eigen::Index c = 0; c < e.cols(); ++c) {
    const double r0 = e.col(c).squaredNorm();
    if (r0 > 0) rho = std::max(rho, std::abs(e.col(c).head(N - 1).dot(e.col(c).tail(N - 1)) / r0));
  }
  rho = std::min(rho, 0.999);  // ρ → 1 makes α infinite; the caps below take over anyway
  const double alpha = 4 * rho * rho / ((1 - rho) * (1 - rho) * (1 + rho) * (1 + rho));
  const Eigen::Index andrews = static_cast<Eigen::Index>(std::ceil(1.1447 * std::cbrt(alpha * static_cast<double>(N))));
  // The last lag at which some channel's normalised autocorrelation is beyond its 99 % bound
  // 2.58/sqrt(N): beyond it R̂(τ) is indistinguishable from 0 and adds only its estimation noise
  // (and cost: the meat costs O(N M n² P)).
  const double bound = 2.58 / std::sqrt(static_cast<double>(N));
  Eigen::Index significant = 0;
  for (Eigen::Index c = 0; c < e.cols(); ++c) {
    const double r0 = e.col(c).squaredNorm();
    if (!(r0 > 0)) continue;
    for (Eigen::Index tau = std::min(andrews, cap); tau > significant; --tau)
      if (std::abs(e.col(c).head(N - tau).dot(e.col(c).tail(N - tau))) > bound * r0) {
        significant = tau;
        break;
      }
  }
  return std::min({andrews, cap, significant});
}

ParameterCovariance sandwich_covariance(const PredictorModel& model, const Vector& theta, Eigen::Index max_lag) {
  ParameterCovariance out;
  Vector r;
  if (!model.evaluate(theta, r, nullptr)) return out;
  const Eigen::Index P = theta.size(), n = model.rows_per_sample(), N = r.size() / n;
  const Matrix e = Eigen::Map<const Matrix>(r.data(), n, N).transpose();  // N x n
  const Eigen::Index M = max_lag >= 0 ? std::min(max_lag, N - 1) : sandwich_bandwidth(e);
  // Second pass: R and the meat B from the same Jacobians.
  TriangularFactor factor;
  TriangularAccumulator triangular(factor, P, n);
  SandwichMeat meat(lag_covariances(e, M, P), P);
  Eigen::Index start = 0;
  const JacobianSink add = [&](const JacobianColumns& Jt_sample) {
    triangular.add(Jt_sample, r.segment(start, Jt_sample.cols()));
    start += Jt_sample.cols();
    meat.add(Jt_sample);
  };
  if (!model.evaluate(theta, r, &add)) return out;
  triangular.finish();
  const Information info = information_from(factor);
  describe(info, out);
  out.kind = CovarianceKind::sandwich;
  out.max_lag = M;
  out.residual_variance = residual_variance(factor, r.size(), P);
  out.covariance = info.inverse * meat.finish() * info.inverse;
  out.covariance = 0.5 * (out.covariance + out.covariance.transpose());
  out.ok = out.covariance.allFinite();
  return out;
}

ParameterCovariance regression_sandwich_covariance(const ChannelRegression& g, const Matrix& e, Eigen::Index max_lag) {
  ParameterCovariance out;
  const Eigen::Index P = g.parameters, N = e.rows();
  if (!e.allFinite()) return out;
  for (const ChannelRegressors& c : g.channels)
    if (!c.X.allFinite()) return out;
  const Eigen::Index M = max_lag >= 0 ? std::min(max_lag, N - 1) : sandwich_bandwidth(e);
  // R and z = Q'r from the stacked triangles: [T t] = Q̃ [R z; 0 ρ], R'R = T'T = X'X, R'z = T't =
  // X'r; for J = −X the same R and −z (R'(−z) = J'r).
  const ChannelStack stack = stack_by_channel(g, e);
  Matrix G(stack.T.rows(), P + 1);
  G << stack.T, stack.t;
  const Eigen::HouseholderQR<Eigen::Ref<Matrix>> qr(G);  // in place: G holds R and z above its diagonal
  const Eigen::Index k = std::min(G.rows(), P);
  TriangularFactor factor;
  factor.R = Matrix::Zero(P, P);
  factor.R.topRows(k) = G.topLeftCorner(k, P).triangularView<Eigen::Upper>();
  factor.z = Vector::Zero(P);
  factor.z.head(k) = -G.col(P).head(k);
  factor.residual_norm2 = e.squaredNorm();
  const Information info = information_from(factor);
  describe(info, out);
  out.kind = CovarianceKind::sandwich;
  out.max_lag = M;
  out.residual_variance = residual_variance(factor, e.size(), P);
  out.covariance = info.inverse * channel_sparse_meat(g, lag_covariances(e, M, P)) * info.inverse;
  out.covariance = 0.5 * (out.covariance + out.covariance.transpose());
  out.ok = out.covariance.allFinite();
  return out;
}

}  // namespace mechid
