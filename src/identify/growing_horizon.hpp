// The exact-sampling PEM over a growing horizon: a refinement that stalls over the whole record
// is redone on its first samples, then on twice as many, until the whole record.
#pragma once

#include <optional>
#include <vector>

#include "identify/identification.hpp"

namespace mechid {

// `start` refined by refine_exact_sampling on the first H samples of every run, H one period of
// the start's slowest mode, then from each result on 2H, 4H, ... samples and last on the whole
// runs (a stage that would reach two thirds of the shortest run is the whole runs); the last
// stage's result (its timing the sum of the stages'), the only one with intervals. None when the start has no
// modes or one period already spans half the shortest run (nothing to grow), or when a stage
// fails or leaves M not positive definite.
std::optional<Identification> refine_over_growing_horizon(const std::vector<Dataset>& runs, const IdentifyOptions& options,
                                                          const Identification& start);

}  // namespace mechid
