// The resource guard of identify (issue 20, item 3): the floating-point operations and the peak
// memory a request will need, estimated from its sizes before any heavy allocation, and the
// refusal of a request above the limits (a number and what to do instead of a page busy for
// minutes or a WASM heap that runs out).
//
// The estimates count the dominant loops of each method (formulas and the code they come from in
// method_cost.cpp; each method's entry in method_table.cpp names its model). They are expected
// values, not bounds: the PEM's iteration count and the subspace block rows are only known while
// the method runs; the estimate takes a typical iteration count (the PEMs stop at
// pem_iteration_limit) and the block rows' upper bound. Each loop's count is weighted by its speed
// measured in CPU seconds (method_cost.cpp, "calibration"; docs/results.md, "Work guard",
// bench/guard.mjs), so that flops / kWasmFlopsPerSecond are seconds on the reference machine.
#pragma once

#include <string>
#include <vector>

#include "core/memory_limit.hpp"
#include "identify/dataset.hpp"
#include "identify/identification.hpp"
#include "identify/method_cost.hpp"

namespace mechid {

// WorkEstimate, WorkSizes: method_cost.hpp.
WorkSizes work_sizes(const std::vector<Dataset>& runs, const IdentifyOptions& options);

// The estimate for a method of the method table on these sizes: its cost model (method_table.hpp)
// plus the data and their scaled copies; an acceleration record counts twice (the default
// cut-off may run the method a second time). Zero work for a name the table does not know.
WorkEstimate estimate_work(const std::string& method, const WorkSizes& sizes, bool acceleration = false);

// The PEMs' iteration limit under the guard (identify() sets it): pem_iteration_limit when the
// stopping rules are the defaults, whose typical iteration count the estimate counts; a caller's own
// rules (its max_iterations, or tolerances tightened to iterate to the floor on noise-free data) are kept.
int guarded_pem_iterations(const PemOptions& pem, bool unconstrained);

// Throws InputError with option "work" when the estimate exceeds options.max_work, or "memory"
// when its peak memory exceeds kMaxMemoryBytes; the message names the method, the DOF, the samples,
// the estimate and the limit (also as time here), and what to do.
void check_work(const std::string& method, const std::vector<Dataset>& runs, const IdentifyOptions& options);

}  // namespace mechid
