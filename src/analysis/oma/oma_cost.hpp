// The work guard of oma (issue 56, item 6): SSI-cov, SSI-data and EFDD each counted from the loops
// that grow with the record (oma_cost.cpp), weighted by CPU seconds measured in WASM under Node
// (bench/guard.mjs; docs/results.md, "Work guard"), and refused above the limit before any work,
// like identify (identify/work_limit.hpp).
#pragma once

#include <string>
#include <vector>

#include "analysis/oma/output_only_modes.hpp"
#include "analysis/oma/setup_merging.hpp"
#include "core/types.hpp"
#include "identify/method_cost.hpp"

namespace mechid {

// oma of the responses y (N x m) sampled every h s with options o; no work for a record oma
// refuses anyway (no output, fewer than 3 samples, a bad h).
WorkEstimate oma_work(const Matrix& y, double h, const OmaOptions& options);

// InputError "work" (or "memory") above the limit, naming the method and the sizes; first the
// options' own check (validate()), so that an option out of range is named, not priced.
void check_oma_work(const Matrix& y, double h, const OmaOptions& options, double max_work);

// Several setups merged (setup_merging.hpp): each setup's oma with its own reference columns, one
// after the other (the work summed, the memory of the largest); the setups' layout checked first
// (lay_out_setups), so that a missing reference is named, not priced.
WorkEstimate merged_oma_work(const std::vector<OmaSetup>& setups, const std::vector<std::string>& references, const OmaOptions& options);
void check_merged_oma_work(const std::vector<OmaSetup>& setups, const std::vector<std::string>& references, const OmaOptions& options,
                           double max_work);

}  // namespace mechid
