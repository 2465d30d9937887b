// The resource guard of identify (issue 20, item 3): the floating-point operations and the peak
// memory a request will need, estimated from its sizes before any heavy allocation, and the
// refusal of a request above the limits (a number and what to do instead of a page busy for
// minutes or a WASM heap that runs out).
//
// The estimates count the dominant loops of each method (formulas and the code they come from in
// work_estimate.cpp). They are expected values, not bounds: the PEM's iteration count and the
// subspace block rows are only known while the method runs; the estimate takes a typical
// iteration count and the block rows' upper bound. Measured against the run time over 3-40 DOF
// and 300-20000 samples (docs/results.md, "Work guard"; bench/guard.mjs) they are within a factor
// of about 3.
#pragma once

#include <string>
#include <vector>

#include "identify/dataset.hpp"
#include "identify/identification.hpp"

namespace mechid {

// Floating-point operations per second of the WASM build on the reference machine (the shared
// 2-core machine of docs/results.md), to put an estimate in seconds: the median rate of a first
// run of bench/guard.mjs's cases of at least 1 s, measured under a load of 2-14 (1-5e9: blocked
// products on large matrices run faster than the small ones of few DOF). On the same machine idle,
// the median is 6.4e9 (docs/results.md, Work guard, 2026-11-23): there the seconds in a refusal
// are about 4x too long. Left as is until the rate is calibrated per method (issue 20's note).
inline constexpr double kWasmFlopsPerSecond = 1.5e9;

struct WorkEstimate {
  double flops = 0.0;  // floating-point operations (a multiply-add counts 2)
  double bytes = 0.0;  // the largest working set held at one time, in bytes

  // The estimate in seconds at the reference machine's WASM rate.
  double seconds() const { return flops / kWasmFlopsPerSecond; }
};

// The sizes an estimate depends on, read from the request.
struct WorkSizes {
  double samples = 0;   // N, summed over the runs
  double dof = 0;       // n: output columns
  double inputs = 0;    // k: input columns
  double runs = 1;
  double free = 0;      // free parameters of M, D, K (3n(n+1)/2 without a structure)
  // The exact-sampling PEM's intersample model (intersample_model.hpp): force channels (the
  // columns of L, plus n with an offset), columns of w_k per channel (1 ZOH, 2 FOH, r + 1
  // band-limited), substeps r (1 unless band-limited) and the generator's columns per channel.
  double force_channels = 0, slots = 1, substeps = 1, generator_slots = 1;
  bool friction = false, offset = false;
  bool plain = true;    // one run, no structure, friction or offset: every method takes the request
};

WorkSizes work_sizes(const std::vector<Dataset>& runs, const IdentifyOptions& options);

// The estimate for a method of methods.hpp on these sizes (an acceleration record counts twice:
// the default cut-off may run the method a second time); zero for a name it does not know.
WorkEstimate estimate_work(const std::string& method, const WorkSizes& sizes, bool acceleration = false);


// The peak memory above which a request is refused whatever max_work says: the WASM build's heap
// grows to at most 2 GiB (-sMAXIMUM_MEMORY=2GB in wasm/CMakeLists.txt); the estimate leaves a
// quarter of it for what it does not count (copies of the data, the allocator's fragmentation).
inline constexpr double kMaxMemoryBytes = 1.5e9;

// Throws InputError with option "work" when the estimate exceeds options.max_work, or "memory"
// when its peak memory exceeds kMaxMemoryBytes; the message names the method, the DOF, the samples,
// the estimate and the limit (also as time here), and what to do.
void check_work(const std::string& method, const std::vector<Dataset>& runs, const IdentifyOptions& options);

}  // namespace mechid
