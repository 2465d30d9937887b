// The run-to-run spread of an estimate from several runs of one experiment (issue 48, item 10):
// each run identified on its own, the sample standard deviation of M, D, K across those estimates,
// and how it compares with the sd each run's own estimate reports. The intervals carry measurement noise
// only; runs of one rig also differ by what the model leaves out (friction, temperature, mounting),
// so a spread larger than the noise predicts says the intervals are a lower bound.
#pragma once

#include <vector>

#include "core/types.hpp"
#include "identify/identification.hpp"

namespace mechid {

// The spread of the runs' own estimates (the successful ones); runs = 0 below two estimates.
RunSpread run_to_run_spread(const std::vector<Identification>& own);

// Sets result.run_spread and, when the runs disagree by more than 4 times their own sd, typed advice runs_disagree (a warning) saying that the intervals are a lower bound.
void report_run_spread(Identification& result, const std::vector<Identification>& own);

}  // namespace mechid
