// The work guard of oma (issue 56, item 6): SSI-cov, SSI-data and EFDD each counted from the loops
// that grow with the record (oma_cost.cpp), weighted by CPU seconds measured in WASM under Node
// (bench/guard.mjs; docs/results.md, "Work guard"), and refused above the limit before any work,
// like identify (identify/work_limit.hpp).
#pragma once

#include <string>
#include <vector>

#include "analysis/oma/oma_options.hpp"
#include "core/types.hpp"
#include "identify/method_cost.hpp"

namespace mechid {

// oma of the responses y (N x m) sampled every h s with options o; no work for a record oma
// refuses anyway (no output, fewer than 3 samples, a bad h).
WorkEstimate oma_work(const Matrix& y, double h, const OmaOptions& options);

// InputError "work" (or "memory") above the limit, naming the method and the sizes; first the
// options' own check (validate()), so that an option out of range is named, not priced.
void check_oma_work(const Matrix& y, double h, const OmaOptions& options, double max_work);

}  // namespace mechid
