#include "identify/validation.hpp"

#include <cmath>

#include "discretize/sampling.hpp"

namespace mechid {
namespace {

// max over lags of |Σ a(t) b(t+lag)| / sqrt(Σa² Σb²), for lags first..last.
double max_correlation(const Vector& a, const Vector& b, int first, int last) {
  const double norm = std::sqrt(a.squaredNorm() * b.squaredNorm());
  if (!(norm > 0)) return 0.0;
  double worst = 0.0;
  const Eigen::Index N = a.size();
  for (int lag = first; lag <= last && lag < N; ++lag)
    worst = std::max(worst, std::abs(a.head(N - lag).dot(b.tail(N - lag))) / norm);
  return worst;
}

}  // namespace

ValidationReport validate_model(const MechanicalSystem& s, const Dataset& data, int max_lag) {
  ValidationReport report;
  const Eigen::Index n = s.M.rows(), N = data.y.rows();
  const Eigen::FullPivLU<Matrix> mass(s.M);
  if (n != data.y.cols() || !mass.isInvertible()) {
    report.fail("cannot simulate the estimate: M is singular or of the wrong size");
    return report;
  }
  Matrix A = Matrix::Zero(2 * n, 2 * n), B = Matrix::Zero(2 * n, s.L.cols());
  A.topRightCorner(n, n).setIdentity();
  A.bottomLeftCorner(n, n) = -mass.solve(s.K);
  A.bottomRightCorner(n, n) = -mass.solve(s.D);
  B.bottomRows(n) = mass.solve(s.L);
  // The sampled model that matches the data: ZOH for held forces, FOH (forces linear between
  // samples) for point samples of a continuous force.
  const bool held = data.input_sampling == InputSampling::hold;
  const ZohSampling zoh = sample_zoh(A, B, data.h);
  const FohSampling foh = held ? FohSampling{} : sample_foh(A, B, data.h);
  const Eigen::Index last = N - 1;
  auto step = [&](const Vector& state, Eigen::Index t) -> Vector {
    if (held) return zoh.F * state + zoh.G * data.u.row(t).transpose();
    const Vector slope = t < last ? Vector(data.u.row(t + 1) - data.u.row(t)) : Vector::Zero(data.u.cols());
    return foh.F * state + foh.G0 * data.u.row(t).transpose() + foh.G1 * slope;
  };
  // Pass 1: forced response from rest, and normal equations for x0 from the free responses H F^t.
  const double limit = 1e8 * (data.y.cwiseAbs().maxCoeff() + 1e-300);
  auto diverged = [&](const Vector& x) { return !x.allFinite() || x.cwiseAbs().maxCoeff() > limit; };
  Matrix normal = Matrix::Zero(2 * n, 2 * n), Z = Matrix::Identity(2 * n, 2 * n);
  Vector rhs = Vector::Zero(2 * n), x = Vector::Zero(2 * n);
  for (Eigen::Index t = 0; t < N; ++t) {
    const Matrix free = Z.topRows(n);
    normal.noalias() += free.transpose() * free;
    rhs.noalias() += free.transpose() * (data.y.row(t).transpose() - x.head(n));
    x = step(x, t);
    Z = zoh.F * Z;
    if (diverged(x)) {
      report.fail("the free-run simulation of the estimate diverges (unstable model)");
      return report;
    }
  }
  // Pass 2: free run from the fitted initial state.
  x = normal.ldlt().solve(rhs);
  report.simulated.resize(N, n);
  for (Eigen::Index t = 0; t < N; ++t) {
    report.simulated.row(t) = x.head(n).transpose();
    x = step(x, t);
  }

  const Matrix residual = data.y - report.simulated;
  report.fit_percent.resize(n);
  report.nrmse.resize(n);
  report.bound_99 = 2.58 / std::sqrt(static_cast<double>(N));
  for (Eigen::Index c = 0; c < n; ++c) {
    const double spread = (data.y.col(c).array() - data.y.col(c).mean()).matrix().norm();
    report.nrmse(c) = residual.col(c).norm() / std::max(spread, 1e-300);
    report.fit_percent(c) = 100.0 * (1.0 - report.nrmse(c));
    const Vector e = residual.col(c).array() - residual.col(c).mean();
    report.max_autocorrelation = std::max(report.max_autocorrelation, max_correlation(e, e, 1, max_lag));
    for (Eigen::Index j = 0; j < data.u.cols(); ++j) {
      const Vector u = data.u.col(j).array() - data.u.col(j).mean();
      report.max_crosscorrelation = std::max(report.max_crosscorrelation, max_correlation(u, e, 0, max_lag));
    }
  }
  return report;
}

}  // namespace mechid
