// Cost models of the commands outside identify and the refusal they share with it. The constants
// are seconds per unit of the counted loop, measured in CPU seconds of WASM under Node on the
// 2-core reference machine (bench/guard.mjs), written as flop-equivalents at kWasmFlopsPerSecond.
#include "analysis/command_cost.hpp"

#include <algorithm>
#include <cmath>

#include "core/input_error.hpp"
#include "core/memory_limit.hpp"
#include "identify/work_estimate.hpp"
#include "identify/work_limit.hpp"

namespace mechid {
namespace command_cost {

constexpr double kDouble = 8.0;

constexpr auto at_rate = at_wasm_rate;

}  // namespace command_cost

// modal_analysis: the real Schur form of the 2n x 2n state matrix and its eigenvectors, measured
// 6.7e-9 s per (2n)³ at 200-400 DOF (0.44-3.5 s); the modes' shapes and sorting n² per mode, a
// fixed 0.15 s below 100 DOF counted as 2e-6 s per n².
WorkEstimate modal_cost(double n) {
  using command_cost::at_rate;
  const double s = 2 * n;
  return {at_rate(6.7e-9) * s * s * s + at_rate(2e-6) * n * n, command_cost::kDouble * 6 * s * s};
}

// simulate: per sample the input signal on its fine sub-grid, the noise and the bookkeeping (7.4e-7 s,
// measured at 3-8 DOF x 2·10⁵ samples) and the state update with the accelerations' products,
// n (2n + k) multiply-adds (8e-10 s each, measured at 8-500 DOF); the discretisation once, (2n + k)³ (8e-10 s each,
// measured at 100-200 DOF). Memory: simulation.cpp's check_memory, (7n + 2k + 1) doubles per sample.
WorkEstimate simulate_cost(double n, double k, double N) {
  using command_cost::at_rate;
  const double width = 2 * n + k;
  return {N * (at_rate(7.4e-7) + at_rate(8e-10) * n * width) + at_rate(8e-10) * width * width * width,
          command_cost::kDouble * N * (7 * n + 2 * k + 1)};
}

// The pole search: g(g + 1)/2 SVF fits, each filtering the n + k channels (per sample and
// channel 1.8e-7 s) and solving its regression of n N rows and P = 3n(n + 1)/2 columns
// (n N P² multiply-adds, 7.5e-10 s each; measured 3 DOF x 20000 and 8 DOF x 5000: 0.036 and 0.36 s a
// pair). Memory: the regressor and its QR copy, 2 n N P doubles.
WorkEstimate svf_pole_grid_cost(double g, double n, double k, double N) {
  using command_cost::at_rate;
  const double pairs = g * (g + 1) / 2, P = 3 * n * (n + 1) / 2;
  const double fit = N * (n + k) * at_rate(1.8e-7) + n * N * P * P * at_rate(7.5e-10);
  return {pairs * fit, command_cost::kDouble * 2 * n * N * P};
}

// study_run (analysis/study.cpp): a simulation of the preset with held PRBS inputs and the
// method's identification of it, for every h, run and method.
WorkEstimate study_cost(double n, double k, double N, double h_values, double runs, const std::vector<std::string>& methods) {
  WorkSizes s;
  s.samples = N;
  s.dof = n;
  s.inputs = k;
  s.free = 3 * n * (n + 1) / 2;
  s.force_channels = k;
  const WorkEstimate sim = simulate_cost(n, k, N);
  WorkEstimate total{0, sim.bytes};
  for (const std::string& method : methods) {
    const WorkEstimate one = estimate_work(method, s);
    total.flops += h_values * runs * (sim.flops + one.flops);
    total.bytes = std::max(total.bytes, sim.bytes + one.bytes);
  }
  return total;
}

namespace {

std::string command_size_words(double x) { return std::to_string(static_cast<long long>(x)); }

}  // namespace

void check_modal_work(const MechanicalSystem& system, double max_work) {
  const double n = double(system.dof());
  check_within_limits("modal of a " + command_size_words(n) + "-DOF system", modal_cost(n), max_work, "give a system with fewer DOF");
}

void check_simulate_work(const MechanicalSystem& system, const SimulationOptions& o, double max_work) {
  const double n = double(system.dof()), k = double(system.inputs());
  WorkEstimate e = simulate_cost(n, k, double(o.n));
  // Above the memory limit simulate() refuses first, naming the most samples that fit (check_memory).
  if (e.bytes > kMaxMemoryBytes) return;
  check_within_limits("simulate of a " + command_size_words(n) + "-DOF system with " + command_size_words(k) + " input(s) for " +
                          command_size_words(double(o.n)) + " samples",
                      e, max_work, "simulate fewer samples or a system with fewer DOF");
}

WorkEstimate command_work(const std::string& command, const CommandSizes& s) {
  if (command == "modal") return modal_cost(s.dof);
  if (command == "simulate") return simulate_cost(s.dof, s.inputs, s.samples);
  if (command == "svf") return svf_pole_grid_cost(std::max(1.0, s.grid_values), s.dof, s.inputs, s.samples);
  throw InputError("no cost model for command " + command, "command");
}

WorkEstimate check_study_work(const MechanicalSystem& system, double samples, double h_values, double runs,
                              const std::vector<std::string>& methods, double max_work) {
  // Each run's record within simulate's own limit first: that message names the most samples.
  check_sample_count(samples);
  const WorkEstimate e = study_cost(double(system.dof()), double(system.inputs()), samples, h_values, runs, methods);
  check_within_limits("a study of " + command_size_words(h_values * runs * double(methods.size())) + " identifications (" + command_size_words(h_values) +
                          " h x " + command_size_words(runs) + " runs x " + command_size_words(double(methods.size())) + " methods) of " +
                          command_size_words(samples) + " samples on a " + command_size_words(double(system.dof())) + "-DOF system",
                      e, max_work, "use fewer runs, h values, methods or samples");
  return e;
}

}  // namespace mechid
