// The work guard of oma with several setups (setup_merging.hpp): each setup priced as its own
// analysis (oma_cost.hpp).
#pragma once

#include <string>
#include <vector>

#include "analysis/oma/oma_cost.hpp"
#include "analysis/oma/setup_merging.hpp"

namespace mechid {

// Several setups merged (setup_merging.hpp): each setup's oma with its own reference columns, one
// after the other (the work summed, the memory of the largest); the setups' layout checked first
// (lay_out_setups), so that a missing reference is named, not priced.
WorkEstimate merged_oma_work(const std::vector<OmaSetup>& setups, const std::vector<std::string>& references, const OmaOptions& options);
void check_merged_oma_work(const std::vector<OmaSetup>& setups, const std::vector<std::string>& references, const OmaOptions& options,
                           double max_work);

}  // namespace mechid
