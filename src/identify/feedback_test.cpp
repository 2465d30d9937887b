#include "identify/feedback_test.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/normal_quantile.hpp"
#include "core/input_error.hpp"

namespace mechid {
namespace {

// The false-alarm rate of the test over all its pairs and lags (Bonferroni), as for each of the
// residual tests of validation.cpp.
constexpr double kFalseAlarm = 0.005;

// The innovation w(t) = x(t) − Σ_{i=1..p} a_i x(t−i) (t ≥ p; 0 before) of x's order-p
// autoregression, a from the biased autocovariances c_0..c_p by the Levinson–Durbin recursion
// (Yule–Walker: a stable filter for any x). Empty when x is constant.
Vector innovation(const Eigen::Ref<const Vector>& column, int p) {
  const Vector x = column.array() - column.mean();
  const Eigen::Index N = x.size();
  p = static_cast<int>(std::min<Eigen::Index>(p, N - 1));
  Vector c(p + 1);
  for (int k = 0; k <= p; ++k) c(k) = x.head(N - k).dot(x.tail(N - k)) / static_cast<double>(N);
  if (!(c(0) > 0)) return Vector();
  Vector a = Vector::Zero(p), previous(p);
  double error = c(0);
  for (int m = 1; m <= p && error > 1e-14 * c(0); ++m) {  // a nearly deterministic x: stop at the order that predicts it
    double k = c(m);
    for (int i = 1; i < m; ++i) k -= a(i - 1) * c(m - i);
    k /= error;
    previous = a;
    a(m - 1) = k;
    for (int i = 1; i < m; ++i) a(i - 1) = previous(i - 1) - k * previous(m - i - 1);
    error *= (1.0 - k * k);
  }
  Vector w = Vector::Zero(N);
  for (Eigen::Index t = p; t < N; ++t) w(t) = x(t) - a.dot(x.segment(t - p, p).reverse());
  return w;
}

std::string format(double x) { return format_digits(x, 3); }

}  // namespace

FeedbackTest feedback_test(const Matrix& residual, const Vector& nrmse, const Matrix& inputs, int max_lag, int whitening_order,
                           double rounding) {
  FeedbackTest test;
  const Eigen::Index N = residual.rows(), n = residual.cols(), k = inputs.cols();
  const int m = static_cast<int>(std::min<Eigen::Index>(max_lag, N / 4));
  test.max_lag = m;
  test.whitening_order = whitening_order;
  if (m < 1 || inputs.rows() != N) return test;
  std::vector<Vector> w;
  std::vector<Eigen::Index> varying;
  for (Eigen::Index j = 0; j < k; ++j) {
    Vector innov = innovation(inputs.col(j), whitening_order);
    if (innov.size() == 0 || !(innov.squaredNorm() > 0)) continue;
    w.push_back(std::move(innov));
    varying.push_back(j);
  }
  std::vector<Eigen::Index> decisive;
  for (Eigen::Index c = 0; c < n; ++c)
    if (nrmse.size() != n || nrmse(c) > rounding) decisive.push_back(c);
  if (w.empty() || decisive.empty()) return test;
  test.tested = true;
  const double T = static_cast<double>(m) * static_cast<double>(w.size() * decisive.size());
  test.bound = normal_upper_quantile(kFalseAlarm / (2 * T)) / std::sqrt(static_cast<double>(N));
  for (const Eigen::Index c : decisive) {
    const Vector e = residual.col(c).array() - residual.col(c).mean();
    for (std::size_t j = 0; j < w.size(); ++j) {
      const double norm = std::sqrt(e.squaredNorm() * w[j].squaredNorm());
      if (!(norm > 0)) continue;
      for (int lag = 1; lag <= m; ++lag) {
        const double r = std::abs(e.head(N - lag).dot(w[j].tail(N - lag))) / norm;
        if (r > test.largest) {
          test.largest = r;
          test.lag = lag;
          test.input = varying[j];
          test.output = c;
        }
      }
    }
  }
  test.feedback = test.largest > test.bound;
  return test;
}

std::optional<Advice> closed_loop_advice(const FeedbackTest& t) {
  if (!t.tested || !t.feedback) return std::nullopt;
  return Advice{AdviceCode::closed_loop, AdviceLevel::warning,
                "The forces depend on the outputs' earlier errors: the record was probably taken in closed loop (a controller "
                "fed the outputs back into the force), and M, D and K estimated from closed-loop data this way are biased",
                "the residual of output " + std::to_string(t.output + 1) + " is correlated with input " + std::to_string(t.input + 1) +
                    " " + std::to_string(t.lag) + " samples later (cross-correlation " + format(t.largest) + " against its 0.5 % bound " +
                    format(t.bound) + " over lags 1–" + std::to_string(t.max_lag) + ", the inputs whitened by their order-" +
                    std::to_string(t.whitening_order) +
                    " autoregression); in open loop the residuals are independent of the forces that follow them (Ljung 1999, "
                    "System Identification, sec. 16.6), and an output-error fit of closed-loop data is biased (sec. 13.4)",
                "identify from a record taken in open loop (the controller off, the force from a signal generator), or "
                "excite through the controller's reference and read these matrices as biased"};
}

}  // namespace mechid
