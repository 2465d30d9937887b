// The aggregation of a Monte Carlo study's runs (Bruschetta 2011, sec. 5.2: "for each h a Monte
// Carlo method is applied in order to reduce sample variations"): for the runs of one method at one
// h, the root mean square over the runs of each relative error ‖X̂ − X‖/‖X‖ (eq. 5.1), the counts
// of failed, warning and too-short runs, and the median time. The runs themselves come from
// study_run (analysis/study.hpp), computed in any order on any pool of workers; the hosts group
// them per (h, method) and call this once per group, so the page and `mechid study` show the
// same numbers.
#pragma once

#include <string>
#include <vector>

#include "analysis/study.hpp"

namespace mechid {

struct StudyAggregate {
  // sqrt(Σ e_r² / R) over the R runs that did not fail, per matrix (eq. 5.1 per run); NaN when
  // every run failed (or there is none). A run's NaN error (A of a singular M̂) makes it NaN.
  RelativeErrors rel_err{NAN, NAN, NAN, NAN};
  int failures = 0;   // runs with status failed (left out of rel_err)
  int warnings = 0;   // runs with status warning (e.g. an estimate not positive definite)
  int too_short = 0;  // runs with the advice record_too_short (failed runs included)
  double median_ms = NAN;             // median of the runs' times; the mean of the two middle ones for an even count; NaN without runs
  std::vector<std::string> messages;  // the failed runs' distinct messages, in run order, at most 3
  std::string too_short_message;      // the first too-short run's sentence ("" when none)
};

// The aggregate of `runs` (the runs of one method at one h, in run order).
StudyAggregate aggregate_study_runs(const std::vector<StudyRunResult>& runs);

// The median of `values` (NaN when empty): the middle one, or the mean of the two middle ones.
double median_of(std::vector<double> values);

}  // namespace mechid
