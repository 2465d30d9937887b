#include "identify/validation.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>

#include "core/chi_square.hpp"
#include "core/normal_quantile.hpp"
#include "core/parallel_for.hpp"
#include "identify/intersample_model.hpp"
#include "identify/noise_free_level.hpp"

namespace mechid {
namespace {

// The false-alarm rate of each of the two residual tests over all its channels and lags: the 1 %
// of the classical 99 % bounds, now for the whole family instead of one correlation, and split
// between the two tests (Bonferroni) so that a correct model warns on 1 % of data sets.
constexpr double kFalseAlarm = 0.005;

// Σ a(t) b(t+lag) / sqrt(Σa² Σb²) for lags first..last (0 where a or b vanish).
std::vector<double> correlations(const Vector& a, const Vector& b, int first, int last) {
  const double norm = std::sqrt(a.squaredNorm() * b.squaredNorm());
  std::vector<double> r;
  const Eigen::Index N = a.size();
  for (int lag = first; lag <= last && lag < N; ++lag) r.push_back(norm > 0 ? a.head(N - lag).dot(b.tail(N - lag)) / norm : 0.0);
  return r;
}

double largest_magnitude(const std::vector<double>& r) {
  double worst = 0.0;
  for (const double x : r) worst = std::max(worst, std::abs(x));
  return worst;
}

// The residual tests of the report from the residuals measured − simulated (N x n) and the
// inputs (N x k). A channel whose residual is at the rounding level of the free run (nrmse <=
// N·eps: the worst-case accumulation of one rounding per step) carries no information about the
// data, only the simulation's arithmetic, which is deterministic and so never white: it enters the
// reported correlations but not the decisions (noise-free data of a model the class contains).
void test_residuals(const Matrix& measured, const Matrix& simulated, const Matrix& inputs, int max_lag, ValidationReport& report) {
  const Eigen::Index N = measured.rows(), n = measured.cols(), k = inputs.cols();
  const double Nd = static_cast<double>(N);
  const int m = static_cast<int>(std::min<Eigen::Index>(max_lag, N - 1));
  report.max_lag = m;
  report.bound_99 = 2.58 / std::sqrt(Nd);
  report.whiteness_threshold = chi_square_upper_quantile(kFalseAlarm / static_cast<double>(n), m);
  const double pairs = static_cast<double>((m + 1) * k * n);
  report.crosscorrelation_bound = normal_upper_quantile(kFalseAlarm / (2 * pairs)) / std::sqrt(Nd);
  const double rounding = free_run_rounding(N);
  // Each channel's statistics on the core's threads (a task per channel, each writing its own
  // entries), then folded in channel order: the same numbers on any thread count.
  struct ChannelTests {
    double autocorrelation = 0.0, q = 0.0, crosscorrelation = 0.0;
  };
  std::vector<ChannelTests> tests(static_cast<std::size_t>(n));
  parallel_for(n, [&](Eigen::Index c) {
    ChannelTests& t = tests[static_cast<std::size_t>(c)];
    Vector e = measured.col(c) - simulated.col(c);  // one channel's residual per task (10⁶ samples: 8 MB, not 8n)
    e.array() -= e.mean();
    const std::vector<double> rho = correlations(e, e, 1, m);
    t.autocorrelation = largest_magnitude(rho);
    for (int lag = 1; lag <= static_cast<int>(rho.size()); ++lag) t.q += rho[lag - 1] * rho[lag - 1] / (Nd - lag);
    t.q *= Nd * (Nd + 2);
    for (Eigen::Index j = 0; j < k; ++j) {
      const Vector u = inputs.col(j).array() - inputs.col(j).mean();
      t.crosscorrelation = std::max(t.crosscorrelation, largest_magnitude(correlations(u, e, 0, m)));
    }
  });
  double smallest_p = 1.0, decisive_q = 0.0, decisive_cross = 0.0;
  for (Eigen::Index c = 0; c < n; ++c) {
    const ChannelTests& t = tests[static_cast<std::size_t>(c)];
    report.max_autocorrelation = std::max(report.max_autocorrelation, t.autocorrelation);
    report.whiteness_statistic = std::max(report.whiteness_statistic, t.q);
    report.max_crosscorrelation = std::max(report.max_crosscorrelation, t.crosscorrelation);
    if (report.nrmse(c) > rounding) {
      decisive_q = std::max(decisive_q, t.q);
      smallest_p = std::min(smallest_p, chi_square_tail(t.q, m));
      decisive_cross = std::max(decisive_cross, t.crosscorrelation);
    }
  }
  report.residual_whiteness_p = std::min(1.0, smallest_p * static_cast<double>(n));
  report.residuals_white = decisive_q <= report.whiteness_threshold;
  report.residuals_independent_of_input = decisive_cross <= report.crosscorrelation_bound;
}

// The run x_{t+1} = F x_t + G w_t from x_0 = x (w_t, t0 ≤ t < t0 + b, the rows of rows(t0, b)),
// handing visit(t, x_t) every state for t = 0 … N − 1; false when visit returns false (the run
// stops there). G w_t for 64 samples at a time as one product: one matrix-vector product per
// sample, and the inputs a block at a time (10⁶-sample records: no N-row copy of them).
template <class Rows, class Visit>
bool free_run(const Matrix& F, const Matrix& G, Rows&& rows, Eigen::Index N, Vector x, Visit&& visit) {
  constexpr Eigen::Index kBlock = 64;
  Matrix forcing(F.rows(), kBlock);
  Vector next(F.rows());
  for (Eigen::Index t0 = 0; t0 < N; t0 += kBlock) {
    const Eigen::Index b = std::min(kBlock, N - t0);
    forcing.leftCols(b).noalias() = G * rows(t0, b).transpose();
    for (Eigen::Index s = 0; s < b; ++s) {
      if (!visit(t0 + s, x)) return false;
      next = forcing.col(s);
      next.noalias() += F * x;
      x.swap(next);
    }
  }
  return true;
}

// Σ_{t<N} (F^t)' H'H F^t, H = [I 0] (the first n of the states): the normal matrix of the
// initial state's least squares from the free responses H F^t x_0. By doubling (W_m the sum to m,
// W_2m = W_m + (F^m)' W_m F^m and W_{m+1} = H'H + F' W_m F, from N's leading binary digit down): 2 log₂N
// small products rather than one per sample.
Matrix free_response_gramian(const Matrix& F, Eigen::Index n, Eigen::Index N) {
  const Eigen::Index nx = F.rows();
  Matrix W = Matrix::Zero(nx, nx), power = Matrix::Identity(nx, nx);  // W_m and F^m, m = 0
  int top = 0;
  while (top < 62 && (std::int64_t{1} << (top + 1)) <= N) ++top;  // 64 bits: Eigen::Index is 32-bit in WebAssembly
  for (int bit = top; bit >= 0 && N > 0; --bit) {
    W += power.transpose() * W * power;  // m → 2m
    power = power * power;
    if ((N >> bit) & 1) {  // m → m + 1
      W = F.transpose() * W * F;
      W.topLeftCorner(n, n).diagonal().array() += 1.0;
      power = power * F;
    }
  }
  return W;
}

// Σ_t (F^t)' H' e_t, H = [I 0], over the output errors e_t handed in order t = 0, 1, …: the
// right-hand side of the initial state's normal equations. In blocks of 64 samples: within a block
// by the adjoint recursion λ ← F' λ + H' e_s from its last sample down, then added as (F^t0)' λ,
// with F^t0 carried from block to block. The errors of 16 blocks are kept (memory for 1024 samples,
// not the record), their λ computed on the core's threads (a task per block) and added in order:
// the same numbers on any thread count.
class FreeResponseAdjoint {
 public:
  FreeResponseAdjoint(const Matrix& F, Eigen::Index n)
      : F_(F), step_(F), power_(Matrix::Identity(F.rows(), F.rows())), errors_(n, kBlock * kBlocks), sum_(Vector::Zero(F.rows())) {
    for (int i = 0; i < 6; ++i) step_ = step_ * step_;  // F^64
  }
  void add(const Eigen::Ref<const Vector>& e) {
    errors_.col(filled_++) = e;
    if (filled_ == errors_.cols()) fold();
  }
  const Vector& sum() {
    fold();
    return sum_;
  }

 private:
  static constexpr Eigen::Index kBlock = 64, kBlocks = 16;
  void fold() {
    if (filled_ == 0) return;
    const Eigen::Index blocks = (filled_ + kBlock - 1) / kBlock;
    Matrix lambdas(F_.rows(), blocks);
    parallel_for(blocks, [&](Eigen::Index b) {
      Vector lambda = Vector::Zero(F_.rows()), next(F_.rows());
      for (Eigen::Index s = std::min(filled_, (b + 1) * kBlock) - 1; s >= b * kBlock; --s) {
        next.noalias() = F_.transpose() * lambda;
        next.head(errors_.rows()) += errors_.col(s);
        lambda.swap(next);
      }
      lambdas.col(b) = lambda;
    });
    for (Eigen::Index b = 0; b < blocks; ++b) {
      const Vector lambda = lambdas.col(b);  // a Vector, as the product's operand always was
      sum_.noalias() += power_.transpose() * lambda;
      power_ = power_ * step_;
    }
    filled_ = 0;
  }
  const Matrix& F_;
  Matrix step_, power_, errors_;
  Vector sum_;
  Eigen::Index filled_ = 0;
};

}  // namespace

ValidationReport validate_model(const MechanicalSystem& s, const Dataset& data, int max_lag, Series series, Eigen::Index initial_window) {
  ValidationReport report;
  const Eigen::Index n = s.M.rows(), N = data.y.rows();
  // The samples the initial state is fitted on (W) and the first one scored.
  const Eigen::Index first = std::max<Eigen::Index>(initial_window, 0), W = first > 0 ? first : N;
  if (first >= N) {
    report.fail("the initial window of " + std::to_string(first) + " samples leaves none of the record's " + std::to_string(N) +
                " samples to score");
    return report;
  }
  if (first == 1) {  // n equations for the 2n positions and velocities of the initial state
    report.fail("an initial window of 1 sample cannot give the initial velocities: give at least 2 samples");
    return report;
  }
  const Eigen::FullPivLU<Matrix> mass(s.M);
  if (n != data.y.cols() || !mass.isInvertible()) {
    report.fail("cannot simulate the estimate: M is singular or of the wrong size");
    return report;
  }
  if (data.u.rows() != N) {
    report.fail("cannot simulate the estimate: the record has " + std::to_string(data.u.rows()) + " rows of forces and " +
                std::to_string(N) + " of outputs");
    return report;
  }
  Matrix A = Matrix::Zero(2 * n, 2 * n), B = Matrix::Zero(2 * n, s.L.cols());
  A.topRightCorner(n, n).setIdentity();
  A.bottomLeftCorner(n, n) = -mass.solve(s.K);
  A.bottomRightCorner(n, n) = -mass.solve(s.D);
  B.bottomRows(n) = mass.solve(s.L);
  // The sampled model that matches the data, as the exact-sampling PEM assumes it: ZOH for held
  // forces; for point samples FOH, or band-limited (identify/intersample_model.hpp).
  const IntersampleModel intersample = choose_intersample_model(data.u, data.h, data.input_sampling);
  report.intersample = intersample.kind;
  const Matrix Phi = sampled_model(A, B, data.h, intersample).Phi;
  // The local intersample inputs (ZOH, FOH) a block at a time from u; the band-limited ones at once.
  const bool local = intersample.kind != IntersampleKind::band_limited;
  const Matrix band_limited = local ? Matrix() : intersample_inputs(data.u, intersample);
  const auto w = [&](Eigen::Index t0, Eigen::Index b) -> Matrix {
    return local ? intersample_input_rows(data.u, intersample, t0, b) : Matrix(band_limited.middleRows(t0, b));
  };
  const Matrix F = Phi.leftCols(2 * n), G = Phi.rightCols(columns_per_input(intersample) * data.u.cols());
  // Pass 1: forced response from rest, and the normal equations of x0 from the free responses
  // H F^t (their Gramian and adjoint sum: free_response_gramian, FreeResponseAdjoint).
  // Divergence: a simulated output 1e8 times the largest measured value of its channel (a fit of
  // −1e10 %) cannot describe the data. Only the outputs q are compared, each with its own channel:
  // the velocities of the state are in other units (~ω|q|), so comparing them with |y| declared
  // fast systems unstable (review numerics-9fdcf06, B5), and channels may differ in units too.
  const Vector limit = 1e8 * data.y.cwiseAbs().colwise().maxCoeff().transpose();
  auto diverged = [&](const Vector& x) {
    if (!x.allFinite()) return true;
    for (Eigen::Index c = 0; c < n; ++c)
      if (limit(c) > 0 && std::abs(x(c)) > limit(c)) return true;  // an all-zero channel sets no scale
    return false;
  };
  FreeResponseAdjoint rhs(F, n);
  Vector error(n);
  if (!free_run(F, G, w, W, Vector::Zero(2 * n), [&](Eigen::Index t, const Vector& x) {
        if (diverged(x)) return false;
        error = data.y.row(t).transpose() - x.head(n);
        rhs.add(error);
        return true;
      })) {
    report.fail("the free-run simulation of the estimate diverges (unstable model)");
    return report;
  }
  // Pass 2: free run from the fitted initial state (checked like pass 1: an initial state the
  // normal equations cannot give, or a run from it that leaves the data's range, is no fit).
  const Vector fitted = free_response_gramian(F, n, W).ldlt().solve(rhs.sum());
  const bool kept = series != Series::fit_only;
  if (kept) report.simulated.resize(N, n);
  Vector squared_error = Vector::Zero(n);  // Σ_t (y − ŷ)² per channel, summed as it runs when the series is not kept
  if (!free_run(F, G, w, N, fitted, [&](Eigen::Index t, const Vector& x) {
        if (diverged(x)) return false;
        if (kept)
          report.simulated.row(t) = x.head(n).transpose();
        else if (t >= first)
          squared_error += (data.y.row(t).transpose() - x.head(n)).cwiseAbs2();
        return true;
      })) {
    report.simulated.resize(0, 0);
    report.fail("the free-run simulation of the estimate from its fitted initial state diverges (unstable model)");
    return report;
  }
  report.initial_state = fitted;
  report.scored_from = first;
  const Eigen::Index scored = N - first;
  if (kept) {
    report.residual = data.y - report.simulated;
    squared_error = report.residual.bottomRows(scored).colwise().squaredNorm().transpose();
  }

  report.fit_percent.resize(n);
  report.nrmse.resize(n);
  report.rmse = (squared_error / static_cast<double>(scored)).cwiseSqrt();
  for (Eigen::Index c = 0; c < n; ++c) {
    const auto y = data.y.col(c).tail(scored).array();
    const double spread = (y - y.mean()).matrix().norm();
    report.nrmse(c) = std::sqrt(squared_error(c)) / std::max(spread, 1e-300);
    report.fit_percent(c) = 100.0 * (1.0 - report.nrmse(c));
  }
  if (series != Series::kept) return report;
  if (first == 0) test_residuals(data.y, report.simulated, data.u, max_lag, report);
  if (first > 0)  // the scored samples only (copies of their rows: a held-out record's tests)
    test_residuals(data.y.bottomRows(scored), report.simulated.bottomRows(scored), data.u.bottomRows(scored), max_lag, report);
  return report;
}

void drop_series(ValidationReport& report) {
  if (report.simulated.size() == 0) return;
  report.dropped_rows = report.simulated.rows();
  report.simulated = Matrix();
  report.residual = Matrix();
}

void restore_series(ValidationReport& report, const MechanicalSystem& estimate, const Dataset& data) {
  if (report.dropped_rows == 0) return;
  ValidationReport again = validate_model(estimate, data);
  report.simulated = std::move(again.simulated);
  report.residual = std::move(again.residual);
  report.dropped_rows = 0;
}

}  // namespace mechid
