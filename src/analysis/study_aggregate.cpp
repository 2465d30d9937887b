#include "analysis/study_aggregate.hpp"

#include <algorithm>
#include <cmath>

namespace mechid {

double median_of(std::vector<double> values) {
  if (values.empty()) return NAN;
  std::sort(values.begin(), values.end());
  const std::size_t mid = values.size() / 2;
  return values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

StudyAggregate aggregate_study_runs(const std::vector<StudyRunResult>& runs) {
  StudyAggregate out;
  RelativeErrors sum;  // Σ e² over the runs that did not fail, summed in run order
  int ok = 0;
  std::vector<double> ms;
  for (const StudyRunResult& r : runs) {
    ms.push_back(r.ms);
    if (r.status == Status::warning) ++out.warnings;
    for (const Advice& a : r.advice) {
      if (a.code != AdviceCode::record_too_short) continue;
      if (out.too_short++ == 0) out.too_short_message = a.message;
      break;
    }
    if (r.status == Status::failed) {
      ++out.failures;
      if (out.messages.size() < 3 && std::find(out.messages.begin(), out.messages.end(), r.message) == out.messages.end())
        out.messages.push_back(r.message);
      continue;
    }
    ++ok;
    sum.M += r.errors.M * r.errors.M;
    sum.D += r.errors.D * r.errors.D;
    sum.K += r.errors.K * r.errors.K;
    sum.A += r.errors.A * r.errors.A;
  }
  if (ok > 0) out.rel_err = {std::sqrt(sum.M / ok), std::sqrt(sum.D / ok), std::sqrt(sum.K / ok), std::sqrt(sum.A / ok)};
  out.median_ms = median_of(std::move(ms));
  return out;
}

}  // namespace mechid
