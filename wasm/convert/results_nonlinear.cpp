// Results of the nonlinear-stiffness identification of Karimov et al. 2021.
#include "convert/results.hpp"

namespace mechid::wasm {
namespace {

using namespace mechid::nonlinear;

val regions_to_js(const Regions& regions) {
  val list = val::array();
  for (std::size_t i = 0; i < regions.regions.size(); ++i) {
    const Region& g = regions.regions[i];
    list.call<void>("push", object_of("index", static_cast<double>(i), "lower", number_or_null(g.lower), "upper",
                                      number_or_null(g.upper), "interval", describe(g), "stiffness",
                                      regions.stiffness_names[static_cast<std::size_t>(g.stiffness)], "offset",
                                      g.free_offset ? val::null() : val(g.offset)));
  }
  return object_of("kind", regions.kind, "regions", list);
}

val force_curve_to_js(const ForceCurve& c) {
  return object_of("x", signal_to_js(c.x), "F", signal_to_js(c.F));
}

// samples moved between regions, one entry per (from, to) pair with a nonzero count
val changes_to_js(const PiecewiseIdentification& r) {
  val changes = val::array();
  for (Eigen::Index from = 0; from < r.changes.rows(); ++from)
    for (Eigen::Index to = 0; to < r.changes.cols(); ++to) {
      if (r.changes(from, to) == 0) continue;
      const auto& regions = r.regions.regions;
      changes.call<void>("push", object_of("from", describe(regions[static_cast<std::size_t>(from)]), "to",
                                           describe(regions[static_cast<std::size_t>(to)]), "count", r.changes(from, to)));
    }
  return changes;
}

}  // namespace

// The accelerometer signal `a` has the noise of eq. 24; `aTrue`, `x`, `v`, `j` are the noise-free
// motion; `forceCurve` is the exact F(x) of eq. 20 over the motion.
val experiment_to_js(const Experiment& e) {
  const PiecewiseOscillator& system = e.system;
  const Motion& m = e.motion;
  val k = val::object();
  for (std::size_t c = 0; c < system.stiffness.size(); ++c) k.set(system.regions.stiffness_names[c], system.stiffness[c]);
  return object_of("name", system.name, "h", m.h, "substeps", m.substeps, "t", signal_to_js(m.t), "f", signal_to_js(m.f),
                   "a", signal_to_js(e.measured), "aTrue", signal_to_js(m.a), "x", signal_to_js(m.x), "v",
                   signal_to_js(m.v), "j", signal_to_js(m.j), "mass", system.mass, "damping", system.damping, "k", k,
                   "regions", regions_to_js(system.regions), "trueRegion", indices_to_js(e.true_region), "forceCurve",
                   force_curve_to_js(e.force_curve));
}

val piecewise_identification_to_js(const PiecewiseIdentification& r) {
  val k = val::object(), classes = val::array();
  for (const StiffnessEstimate& e : r.stiffness) {
    k.set(e.name, e.k);
    classes.call<void>("push", object_of("name", e.name, "k", e.k, "offset", number_or_null(e.offset), "samples",
                                         static_cast<double>(e.samples)));
  }
  val out = object_of(
      "method", r.method, "status", to_string(r.status), "message", r.message, "warnings", strings_to_js(r.warnings),
      "regions", regions_to_js(r.regions), "k", k, "stiffness", classes, "mass", r.mass, "damping", r.damping,
      "massEstimated", r.mass_estimated, "dampingEstimated", r.damping_estimated, "classification",
      object_of("changed", static_cast<double>(r.changed), "swaps", static_cast<double>(r.swaps), "changes",
                changes_to_js(r)),
      "fit", object_of("fit_percent", r.fit_percent, "nrmse", r.nrmse), "iterations", r.iterations, "converged",
      r.converged);
  // Arrays for plots (the CLI leaves them out of its JSON).
  if (r.status != Status::failed) {
    const ReconstructedSignals& s = r.signals;
    set_fields(out, "signals",
               object_of("x", signal_to_js(s.x), "v", signal_to_js(s.v), "a", signal_to_js(s.a), "j", signal_to_js(s.j),
                         "y", signal_to_js(r.y), "yFit", signal_to_js(r.y_fit), "initialRegion",
                         indices_to_js(r.initial_region), "finalRegion", indices_to_js(r.final_region)),
               "forceCurve", force_curve_to_js(estimated_force_curve(r)));
  }
  return out;
}

}  // namespace mechid::wasm
