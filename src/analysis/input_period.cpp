#include "analysis/input_period.hpp"

#include <string>

#include "core/input_error.hpp"

namespace mechid {
namespace {

// Below this mismatch the inputs repeat (the periodic part ~10 dB above the rest); above
// kDecorrelated at half the period they do not merely change slowly.
constexpr double kRepeats = 0.1;
constexpr double kDecorrelated = 0.5;

// Σ_k |u_k − u_(k−lag)|² / Σ_k (|u_k|² + |u_(k−lag)|²) over k = lag … N−1 and every column.
double mismatch(const Matrix& u, Eigen::Index lag) {
  const Eigen::Index N = u.rows();
  const auto later = u.bottomRows(N - lag);
  const auto earlier = u.topRows(N - lag);
  const double power = later.squaredNorm() + earlier.squaredNorm();
  return power > 0.0 ? (later - earlier).squaredNorm() / power : 1.0;
}

}  // namespace

std::optional<InputPeriod> find_input_period(const Matrix& u) {
  const Eigen::Index N = u.rows();
  if (N < 4 || u.cols() == 0 || !u.allFinite()) return std::nullopt;
  // A constant input repeats at every lag: nothing to average over, and no period to find.
  const Matrix centred = u.rowwise() - u.colwise().mean();
  if (centred.squaredNorm() <= 1e-24 * u.squaredNorm() || centred.squaredNorm() == 0.0) return std::nullopt;
  for (Eigen::Index P = 2; P <= N / 2; ++P) {
    if (N % P != 0) continue;
    const double at_period = mismatch(centred, P);
    if (at_period >= kRepeats) continue;
    if (mismatch(centred, P / 2) <= kDecorrelated) continue;
    return InputPeriod{P, N / P, at_period};
  }
  return std::nullopt;
}

std::optional<InputPeriod> resolve_periods(FrfOptions& options, const Matrix& u) {
  if (options.periods >= 0) return std::nullopt;
  options.periods = 0;
  if (options.window == SpectralWindow::impact) return std::nullopt;
  const std::optional<InputPeriod> period = find_input_period(u);
  if (!period || period->periods < options.skip_periods + 2) return std::nullopt;
  options.periods = period->periods;
  return period;
}

Advice periodic_advice(const InputPeriod& period, double h, Eigen::Index skip) {
  const std::string T = format_number(static_cast<double>(period.samples) * h);
  return {AdviceCode::periodic, AdviceLevel::note,
          "The force repeats every " + T + " s: the record holds " + std::to_string(period.periods) +
              " periods and was analysed as periodic.",
          "The inputs repeat every " + std::to_string(period.samples) + " samples (" + T + " s) within a mismatch of " +
              format_number(100.0 * period.mismatch) + " % of their power; the FRF averages whole periods, the first " +
              std::to_string(skip) + " dropped as the transient (Pintelon & Schoukens 2012, sec. 2.5).",
          "To analyse it as a random record, give 0 periods.",
          {{"periods", "0"}}};
}

}  // namespace mechid
