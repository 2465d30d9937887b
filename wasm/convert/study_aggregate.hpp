// A Monte Carlo study's runs in (the studyRun results the hosts collected from their workers) and
// one group's aggregate out (src/analysis/study_aggregate.hpp), for wasm/study.js.
#pragma once

#include <vector>

#include "analysis/study_aggregate.hpp"
#include "convert/marshal.hpp"

namespace mechid::wasm {

// [{status, message?, errors: {M, K, D, A}, ms, advice?: [{code, level?, message}]}] as the core
// wrote them (study_run_to_js); an absent or null error is NaN.
std::vector<StudyRunResult> study_runs_from_js(const val& runs);

// {rel_err: {M, K, D, A} (null where no run counts), failures, warnings, median_ms (null without
// runs), messages, too_short, too_short_message (null when none)}: the keys of a study row after
// its h, method and n (docs/interfaces.md, "study result").
val study_aggregate_to_js(const StudyAggregate& a);

}  // namespace mechid::wasm
