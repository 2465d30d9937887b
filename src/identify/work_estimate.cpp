// The work guard: a request's sizes, its estimate through the method table's cost model
// (method_cost.cpp has the models), and the refusal above the limits.
#include "identify/work_estimate.hpp"

#include <algorithm>
#include <cmath>

#include "core/input_error.hpp"
#include "identify/intersample_model.hpp"
#include "identify/method_table.hpp"
#include "identify/structure.hpp"
#include "identify/work_limit.hpp"

namespace mechid {
WorkSizes work_sizes(const std::vector<Dataset>& runs, const IdentifyOptions& options) {
  WorkSizes s;
  const Dataset& first = runs.front();
  for (const Dataset& d : runs) s.samples += static_cast<double>(d.y.rows());
  s.dof = static_cast<double>(first.y.cols());
  s.inputs = static_cast<double>(first.u.cols());
  s.runs = static_cast<double>(runs.size());
  const ResolvedStructure structure = resolve(options.structure, first.y.cols());
  s.free = static_cast<double>(StructureMap(structure).free_count());
  s.free_body = structure.rigid_body;
  // The exact-sampling PEM's intersample model, as exact_sampling_predictor.cpp chooses it (an
  // O(N log N) look at the inputs' spectrum): ZOH generator for held inputs, FOH or the cubic hold
  // of the band-limited model otherwise.
  const IntersampleModel model = choose_intersample_model(first.u, first.h, first.input_sampling);
  const double forces = options.L.size() > 0 ? static_cast<double>(options.L.cols()) : s.inputs;
  s.force_channels = forces + (options.offset ? s.dof : 0);
  s.slots = static_cast<double>(columns_per_input(model));
  s.generator_slots = model.kind == IntersampleKind::hold ? 1 : model.kind == IntersampleKind::linear ? 2 : 4;
  s.substeps = model.kind == IntersampleKind::band_limited ? model.substeps : 1;
  s.friction = options.coulomb_friction;
  s.offset = options.offset;
  s.plain = runs.size() == 1 && options.structure.unconstrained() && !s.friction && !s.offset;
  return s;
}

WorkEstimate estimate_work(const std::string& method, const WorkSizes& s, bool acceleration) {
  const MethodEntry* entry = find_method(method);
  const WorkEstimate c = entry ? entry->cost(s) : WorkEstimate{};
  // The default cut-off may run a second pass.
  double flops = (acceleration ? 2 : 1) * c.flops;
  // Several runs are also identified one by one, for their run-to-run spread (run_spread.hpp): the
  // method's work on each run's share of the samples, once per run (auto's starts run per run, so
  // this is more than the joint work again).
  if (entry && s.runs > 1) {
    WorkSizes one = s;
    one.samples = s.samples / s.runs;
    one.runs = 1;
    flops += s.runs * entry->cost(one).flops;
  }
  return {flops, c.bytes + sizeof(double) * 4 * s.samples * (s.dof + s.inputs)};  // + the data and their scaled copies
}

int guarded_pem_iterations(const PemOptions& pem, bool unconstrained) {
  const PemOptions defaults;
  const bool default_rules = pem.max_iterations == defaults.max_iterations && pem.cost_tolerance == defaults.cost_tolerance &&
                             pem.variance_tolerance == defaults.variance_tolerance &&
                             pem.gradient_tolerance == defaults.gradient_tolerance &&
                             pem.progress_window == defaults.progress_window && pem.progress_tolerance == defaults.progress_tolerance;
  return default_rules ? std::min(pem.max_iterations, pem_iteration_limit(unconstrained)) : pem.max_iterations;
}

void check_work(const std::string& method, const std::vector<Dataset>& runs, const IdentifyOptions& options) {
  const WorkSizes s = work_sizes(runs, options);
  const bool acceleration = runs.front().outputs == OutputKind::acceleration;
  const WorkEstimate e = estimate_work(method, s, acceleration);
  const auto count = [](double x) { return std::to_string(static_cast<long long>(x)); };
  const std::string what = method + " on " + count(s.dof) + " DOF x " + count(s.samples) + " samples" +
                           (s.runs > 1 ? " (" + count(s.runs) + " runs)" : "");
  const MethodEntry* entry = find_method(method);
  const bool structured = entry && entry->structure;
  const std::string smaller = std::string("use fewer DOF") + (structured ? " (or a structure with fewer free entries)" : "") +
                              " or a shorter record (or decimate it)";
  if (e.bytes > kMaxMemoryBytes) check_within_limits(what, e, options.max_work, smaller);
  if (e.flops <= options.max_work) return;
  // The other methods that fit within the limit, as a way out (when each of them takes the request).
  std::string within;
  for (const MethodEntry& other : method_table())
    if (other.name != method && s.plain && estimate_work(other.name, s, acceleration).flops <= options.max_work &&
        estimate_work(other.name, s, acceleration).bytes <= kMaxMemoryBytes)
      within += (within.empty() ? "" : ", ") + std::string(other.name);
  check_within_limits(what, e, options.max_work, smaller + (within.empty() ? "" : ", or method " + within));
}

}  // namespace mechid
