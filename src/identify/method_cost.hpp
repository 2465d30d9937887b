// The cost models of the identification methods (issue 20, item 3; issue 47): the floating-point
// operations and the peak memory of each method as functions of the sizes of a request, counted
// from the dominant loops of its code (formulas and the code they come from in method_cost.cpp).
// Each entry of the method table (method_table.hpp) names its model; work_estimate.hpp adds what
// every method shares (the data, a second pass on accelerations) and refuses a request above the
// limits.
#pragma once

namespace mechid {

// Floating-point operations per second of the WASM build on the reference machine (the shared
// 2-core machine of docs/results.md), to put an estimate in seconds: the median rate of a first
// run of bench/guard.mjs's cases of at least 1 s, measured under a load of 2-14 (1-5e9: blocked
// products on large matrices run faster than the small ones of few DOF). On the same machine idle,
// the median is 6.4e9 (docs/results.md, Work guard): there the seconds in a refusal are about 4x
// too long. Left as is until the rate is calibrated per method.
inline constexpr double kWasmFlopsPerSecond = 1.5e9;

struct WorkEstimate {
  double flops = 0.0;  // floating-point operations (a multiply-add counts 2)
  double bytes = 0.0;  // the largest working set held at one time, in bytes

  // The estimate in seconds at the reference machine's WASM rate.
  double seconds() const { return flops / kWasmFlopsPerSecond; }
};

// The sizes an estimate depends on, read from the request (work_sizes, work_estimate.hpp).
struct WorkSizes {
  double samples = 0;   // N, summed over the runs
  double dof = 0;       // n: output columns
  double inputs = 0;    // k: input columns
  double runs = 1;
  double free = 0;      // free parameters of M, D, K (3n(n+1)/2 without a structure)
  // The exact-sampling PEM's intersample model (intersample_model.hpp): force channels (the
  // columns of L, plus n with an offset), columns of w_k per channel (1 ZOH, 2 FOH, r + 3
  // band-limited), substeps r (1 unless band-limited) and the generator's columns per channel (1, 2, 4).
  double force_channels = 0, slots = 1, substeps = 1, generator_slots = 1;
  bool friction = false, offset = false;
  bool plain = true;    // one run, no structure, friction or offset: every method takes the request
};

// The output-error refinement of an inverse-dynamic estimate with friction (IDIM-OE,
// friction_output_error.cpp): one Jacobian by central differences is 2P + 1 free runs of the
// N samples, each about (2n)² (3n + k) flops per sample (the state update with its forcing and
// friction terms); a refinement whose Jacobian would exceed kMaxOutputErrorJacobianFlops is not made.
inline constexpr double kMaxOutputErrorJacobianFlops = 5e9;
double output_error_jacobian_flops(double parameters, double samples, double dof, double inputs);

// One model per method: the method's own work and peak memory on these sizes, validation
// included, the data it is handed excluded.
WorkEstimate variational_cost(const WorkSizes& s);
WorkEstimate n4sid_d2c_cost(const WorkSizes& s);
WorkEstimate equation_error_cost(const WorkSizes& s);
WorkEstimate variational_zoh_cost(const WorkSizes& s);
WorkEstimate inverse_dynamic_cost(const WorkSizes& s);
WorkEstimate auto_cost(const WorkSizes& s);

}  // namespace mechid
