// auto's guard against a refinement that ends below its start (numerics review e622506, problem 10:
// on two modes 1:100 apart the output-error PEM from the n4sid-d2c start ran to its iteration limit
// at a free-run fit far below that of another start, M 13 times off). Every estimate is judged by
// the same measure: the free run of its exact sampled model on the full-rate data, the initial
// state fitted by least squares (validate_model), as the fit the result reports.
#pragma once

#include "identify/identification.hpp"

namespace mechid {

// The mean over output channels of the free-run fit % of `estimate` on `data`: its own validation
// when that simulated these data, else validate_model (a start from decimated data). NaN when the
// estimate failed or its free run diverged.
double free_run_fit(const Identification& estimate, const Dataset& data);

// A start's fit above the refined estimate's by more than this many percentage points counts as
// better: the refinement minimises the channel-weighted sum of squares, whose optimum may trail a
// start's unweighted mean fit by a little without being worse.
constexpr double kFitMargin = 1.0;

// The typed advice `worse_than_start` for a refinement whose free-run fit (refined_fit) stayed
// below its start's (start_fit); `returned_start`: the start is what the result returns.
Advice worse_than_start_advice(const std::string& start, double start_fit, double refined_fit, bool returned_start);

}  // namespace mechid
