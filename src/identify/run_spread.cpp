#include "identify/run_spread.hpp"

#include <algorithm>
#include <cmath>

#include "core/input_error.hpp"

namespace mechid {

namespace {

// Above this ratio of the run-to-run sd to the sd the joint estimate predicts, the runs disagree:
// under noise alone, for 2 runs P(ratio > 4) = P(χ²₁ > 16) = 6e-5 per entry (below 1e-3 for the
// largest of 3n diagonal entries, n <= 5), fewer for more runs (ratio² ~ χ²_{k-1}/(k-1)).
constexpr double kDisagreeRatio = 4.0;

Matrix sample_sd(const std::vector<const Matrix*>& xs) {
  const double k = static_cast<double>(xs.size());
  Matrix mean = Matrix::Zero(xs.front()->rows(), xs.front()->cols());
  for (const Matrix* x : xs) mean += *x / k;
  Matrix var = Matrix::Zero(mean.rows(), mean.cols());
  for (const Matrix* x : xs) var += (*x - mean).cwiseAbs2() / (k - 1);
  return var.cwiseSqrt();
}

}  // namespace

RunSpread run_to_run_spread(const std::vector<Identification>& own) {
  RunSpread s;
  if (own.size() < 2) return s;
  s.runs = static_cast<Eigen::Index>(own.size());
  std::vector<const Matrix*> m, d, k;
  for (const Identification& e : own) {
    m.push_back(&e.system.M);
    d.push_back(&e.system.D);
    k.push_back(&e.system.K);
  }
  s.M = sample_sd(m);
  s.D = sample_sd(d);
  s.K = sample_sd(k);
  // The sd noise alone predicts for the spread: the RMS of the runs' own sd (each run's own fit,
  // so that a model that cannot fit all runs at once does not widen it).
  if (!std::all_of(own.begin(), own.end(), [](const Identification& e) { return e.uncertainty.available; })) return s;
  const auto compare = [&](char name, const Matrix& spread, Matrix Uncertainty::*sd_of) {
    for (Eigen::Index i = 0; i < spread.rows(); ++i) {
      double variance = 0.0;
      for (const Identification& e : own) variance += std::pow((e.uncertainty.*sd_of)(i, i), 2) / static_cast<double>(own.size());
      if (!(variance > 0)) continue;
      const double ratio = spread(i, i) / std::sqrt(variance);
      if (ratio > s.ratio) {
        s.ratio = ratio;
        s.matrix = name;
        s.index = i;
      }
    }
  };
  compare('M', s.M, &Uncertainty::M);
  compare('D', s.D, &Uncertainty::D);
  compare('K', s.K, &Uncertainty::K);
  return s;
}

void report_run_spread(Identification& result, const std::vector<Identification>& own) {
  result.run_spread = run_to_run_spread(own);
  const RunSpread& s = result.run_spread;
  if (s.runs < 2 || !(s.ratio > kDisagreeRatio)) return;
  const std::string entry = std::string(1, s.matrix) + std::to_string(s.index + 1) + std::to_string(s.index + 1);
  result.advise({AdviceCode::runs_disagree, AdviceLevel::warning,
                 "The runs disagree more than the intervals allow: the intervals are a lower bound.",
                 "each of the " + std::to_string(s.runs) + " runs identified on its own: the run-to-run sd of " + entry +
                     " is " + format_digits(s.ratio, 2) +
                     " times the sd of one run's own estimate; the intervals carry measurement "
                     "noise only, not what differs between runs (friction, mounting, temperature, a model too simple)",
                 "report the run-to-run spread (run_spread) beside the intervals; check what differs between the runs"});
}

}  // namespace mechid
