// The cost models of the identification methods (issue 20, item 3; issue 47): the floating-point
// operations and the peak memory of each method as functions of the sizes of a request, counted
// from the dominant loops of its code (formulas and the code they come from in method_cost.cpp).
// Each entry of the method table (method_table.hpp) names its model; work_estimate.hpp adds what
// every method shares (the data, a second pass on accelerations) and refuses a request above the
// limits.
#pragma once

namespace mechid {

// The reference rate of the work guard: an estimate's "flops" are flop-equivalents, each loop's
// counted floating-point operations weighted by how fast that loop runs in the WASM build on the
// reference machine (the 2-core machine of docs/results.md, "Work guard"), so that flops /
// kWasmFlopsPerSecond are the seconds a request takes there. The weights (method_cost.cpp;
// analysis/command_cost.cpp, estimator_cost.cpp, frequency_cost.cpp, oma/oma_cost.cpp) were
// fitted to CPU seconds of the Node process (process.cpuUsage: less sensitive to other work on the
// machine than wall time), one per loop, over 3-20 DOF and 2000-10⁵ samples (the identify methods
// of the table; the others over their own sizes); measured/estimated stays within 0.5-2 for the
// runs above 1 s there.
inline constexpr double kWasmFlopsPerSecond = 5e9;

// The PEMs of identify (variational, exact-sampling) stop after this many iterations per pass
// (PemOptions::max_iterations, set by identify()): their cost models count a typical number of
// iterations (kPemIterations in method_cost.cpp), and a record on which the PEM creeps (an output of
// noise only, an almost constant channel: 100 iterations at 16-24x the time of a converging run,
// bench/guard.mjs) would otherwise run far beyond its estimate. A structure with few free entries
// converges in more, cheaper iterations (22-40 for chains of 8-24 masses, docs/results.md, scale).
// Without a structure the limit stays the PEM's own 100: an 8-DOF record at h = 0.0005 converges in
// 25 (a limit of 20 stopped it at a mass error of 13 % instead of 1.7 %), and the variational PEM's
// runs there that do not converge end elsewhere at 20 or 50 than at 100 (docs/results.md,
// identification: issue 48 asks that no error grows). Creeping runs (an output of noise only) are
// therefore not bounded here: that needs a stopping rule, not a cap (issue 56).
int pem_iteration_limit(bool unconstrained);

// Seconds per unit of a loop, measured on the reference machine, as flop-equivalents per unit:
// the cost models' weights outside the method table (analysis/command_cost.cpp, estimator_cost.cpp,
// frequency_cost.cpp, oma/oma_cost.cpp) are written so.
constexpr double at_wasm_rate(double seconds_per_unit) { return seconds_per_unit * kWasmFlopsPerSecond; }

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
  bool free_body = false;  // a row of K fixed at zero by the structure (a rigid-body mode)
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
