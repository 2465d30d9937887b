// The work guard's refusal, shared by identify (work_estimate.hpp) and the other commands
// (analysis/command_cost.hpp): a request's estimate against the limits, in the user's time.
#pragma once

#include <string>

#include "identify/method_cost.hpp"

namespace mechid {

// The work guard's default limit: 100 s of work on the reference machine, in flop-equivalents at
// its calibrated rate (kWasmFlopsPerSecond = 5e9, identify/method_cost.hpp; docs/results.md, "Work
// guard"). The same limit for every command with a guard (analysis/command_cost.hpp).
inline constexpr double kDefaultMaxWork = 100 * 5e9;

// The refusal of a request above the limits, in one sentence: InputError with option "memory" when
// e.bytes exceeds kMaxMemoryBytes, or "work" when e.flops exceeds max_work: "<what> needs about F
// floating-point operations (about S here), above the limit of L (about T here): <way_out>; to run it
// anyway, raise maxWork (...)". The seconds are those of the calibrated rate (kWasmFlopsPerSecond).
void check_within_limits(const std::string& what, const WorkEstimate& e, double max_work, const std::string& way_out);

// "40 s", "25 min", "3.2 h": work in floating-point operations as time at kWasmFlopsPerSecond.
std::string work_duration(double flops);

}  // namespace mechid
