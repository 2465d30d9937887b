#include <catch2/catch.hpp>

#include <cmath>

#include "analysis/study_aggregate.hpp"

using namespace mechid;

namespace {

StudyRunResult aggregate_test_run(Status status, RelativeErrors errors, double ms, std::string message = "") {
  StudyRunResult r;
  r.status = status;
  r.message = std::move(message);
  r.errors = errors;
  r.ms = ms;
  return r;
}

}  // namespace

TEST_CASE("study aggregate: RMS over the runs that did not fail, hand-computed", "[study_aggregate]") {
  std::vector<StudyRunResult> runs{
      aggregate_test_run(Status::ok, {0.3, 1.0, 0.1, 2.0}, 5.0),
      aggregate_test_run(Status::failed, {NAN, NAN, NAN, NAN}, 1.0, "no convergence"),
      aggregate_test_run(Status::warning, {0.4, 1.0, 0.2, 0.0}, 9.0, "not positive definite"),
      aggregate_test_run(Status::failed, {NAN, NAN, NAN, NAN}, 7.0, "no convergence"),
  };
  const StudyAggregate a = aggregate_study_runs(runs);
  // M: sqrt((0.09 + 0.16)/2) = sqrt(0.125); D: 1; K: sqrt((0.01 + 0.04)/2) = sqrt(0.025); A: sqrt(4/2).
  CHECK(a.rel_err.M == Approx(std::sqrt(0.125)).epsilon(1e-15));
  CHECK(a.rel_err.D == Approx(1.0).epsilon(1e-15));
  CHECK(a.rel_err.K == Approx(std::sqrt(0.025)).epsilon(1e-15));
  CHECK(a.rel_err.A == Approx(std::sqrt(2.0)).epsilon(1e-15));
  CHECK(a.failures == 2);
  CHECK(a.warnings == 1);
  CHECK(a.messages == std::vector<std::string>{"no convergence"});
  // Median of the even count {1, 5, 7, 9}: (5 + 7)/2, failed runs' times included.
  CHECK(a.median_ms == 6.0);
  CHECK(a.too_short == 0);
  CHECK(a.too_short_message.empty());
}

TEST_CASE("study aggregate: median of an odd count, too-short runs, all failed gives NaN", "[study_aggregate]") {
  std::vector<StudyRunResult> runs{
      aggregate_test_run(Status::failed, {NAN, NAN, NAN, NAN}, 30.0, "a"),
      aggregate_test_run(Status::failed, {NAN, NAN, NAN, NAN}, 10.0, "b"),
      aggregate_test_run(Status::failed, {NAN, NAN, NAN, NAN}, 20.0, "c"),
      aggregate_test_run(Status::failed, {NAN, NAN, NAN, NAN}, 40.0, "d"),
      aggregate_test_run(Status::failed, {NAN, NAN, NAN, NAN}, 50.0, "a"),
  };
  runs[1].advise({AdviceCode::record_too_short, AdviceLevel::warning, "too short", ""});
  runs[3].advise({AdviceCode::record_too_short, AdviceLevel::warning, "too short again", ""});
  const StudyAggregate a = aggregate_study_runs(runs);
  CHECK(std::isnan(a.rel_err.M));
  CHECK(std::isnan(a.rel_err.K));
  CHECK(a.failures == 5);
  CHECK(a.median_ms == 30.0);  // {10, 20, 30, 40, 50}
  CHECK(a.messages == std::vector<std::string>{"a", "b", "c"});  // distinct, in run order, at most 3
  CHECK(a.too_short == 2);
  CHECK(a.too_short_message == "too short");
  CHECK(std::isnan(aggregate_study_runs({}).median_ms));
  CHECK(median_of({4.0}) == 4.0);
}
