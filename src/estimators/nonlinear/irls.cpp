#include "estimators/nonlinear/irls.hpp"

#include <cmath>

#include "core/input_error.hpp"

namespace mechid::nonlinear {

void validate(const IrlsOptions& o) { check_options(o); }

Vector irls_weights(const Vector& residual, double delta) {
  return residual.array().abs().max(delta).inverse().matrix();
}

Vector weighted_step(const Matrix& E, const Vector& y, const Vector& w, const IrlsOptions& o, const Vector& h_prev) {
  const Eigen::Index n = E.rows(), L = E.cols();
  const bool penalised = o.lambda > 0 && h_prev.size() == L;
  Matrix A(n + (penalised ? L : 0), L);
  Vector b(A.rows());
  const Vector s = w.array().sqrt().matrix();
  A.topRows(n) = s.asDiagonal() * E;
  b.head(n) = s.cwiseProduct(y);
  if (penalised) {
    // λ h_k² / max(δ, |h_prev_k|) as extra rows sqrt(λ / max(δ, |h_prev_k|)) h_k = 0.
    A.bottomRows(L).setZero();
    for (Eigen::Index k = 0; k < L; ++k) A(n + k, k) = std::sqrt(o.lambda / std::max(o.delta, std::abs(h_prev(k))));
    b.tail(L).setZero();
  }
  const Eigen::ColPivHouseholderQR<Matrix> qr(A);
  if (qr.rank() < L) return Vector();
  return qr.solve(b);
}

IrlsResult irls(const Matrix& E, const Vector& y, const IrlsOptions& o) {
  validate(o);
  require(E.rows() == y.size(), "the regressor matrix has " + std::to_string(E.rows()) + " rows but y has " +
                                    std::to_string(y.size()) + " entries");
  require(E.cols() >= 1 && E.rows() >= E.cols(), "least squares needs at least as many samples (" + std::to_string(E.rows()) +
                                                     ") as unknowns (" + std::to_string(E.cols()) + ")");
  require(E.allFinite() && y.allFinite(), "the regression data contain non-finite values");
  return irls_loop(y, E.cols(), o, [&]() -> const Matrix& { return E; }, [](const Vector&, Vector&) { return 0; });
}

}  // namespace mechid::nonlinear
