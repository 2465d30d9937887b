// Results of the nonlinear-stiffness identification of Karimov et al. 2021.
#include "convert/results.hpp"

#include "convert/outcome.hpp"
#include "estimators/nonlinear/stiffness_errors.hpp"

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

// The accelerometer signal `a` has the noise of eq. 24; `a_true`, `x`, `v`, `j` are the noise-free
// motion; `force_curve` is the exact F(x) of eq. 20 over the motion (aliases aTrue, trueRegion,
// forceCurve).
val experiment_to_js(const Experiment& e) {
  const PiecewiseOscillator& system = e.system;
  const Motion& m = e.motion;
  val k = val::object();
  for (std::size_t c = 0; c < system.stiffness.size(); ++c) k.set(system.regions.stiffness_names[c], system.stiffness[c]);
  val out = object_of("name", system.name, "h", m.h, "substeps", m.substeps, "t", signal_to_js(m.t), "f", signal_to_js(m.f), "a",
                       signal_to_js(e.measured));
  set_aliased(out, "a_true", "aTrue", signal_to_js(m.a));
  set_fields(out, "x", signal_to_js(m.x), "v", signal_to_js(m.v), "j", signal_to_js(m.j), "mass", system.mass, "damping", system.damping,
             "k", k, "regions", regions_to_js(system.regions));
  set_aliased(out, "true_region", "trueRegion", indices_to_js(e.true_region));
  set_aliased(out, "force_curve", "forceCurve", force_curve_to_js(e.force_curve));
  return out;
}

std::map<std::string, double> stiffness_truth_from_js(const val& truth) {
  std::map<std::string, double> out;
  if (is_absent(truth)) return out;
  const val keys = val::global("Object").call<val>("keys", truth);
  for (unsigned i = 0; i < keys["length"].as<unsigned>(); ++i) {
    const std::string name = keys[i].as<std::string>();
    out[name] = truth[name].as<double>();
  }
  return out;
}

val piecewise_identification_to_js(const PiecewiseIdentification& r, const std::map<std::string, double>& truth) {
  val k = val::object(), classes = val::array();
  const std::vector<StiffnessError> errors = stiffness_errors(r.stiffness, truth);
  for (const StiffnessEstimate& e : r.stiffness) {
    k.set(e.name, e.k);
    val entry = object_of("name", e.name, "k", e.k, "offset", number_or_null(e.offset), "samples", static_cast<double>(e.samples), "k_half95",
                          number_or_null(e.k_half95), "offset_half95", number_or_null(e.offset_half95));
    for (const StiffnessError& x : errors)
      if (x.name == e.name) set_fields(entry, "true_k", x.truth, "error", number_or_null(x.relative), "abs_error", x.absolute);
    classes.call<void>("push", entry);
  }
  val out = object_of("method", r.method);
  set_outcome(out, r);
  set_fields(out, "regions", regions_to_js(r.regions), "k", k, "stiffness", classes, "mass", r.mass, "damping", r.damping, "mass_half95",
             number_or_null(r.mass_half95), "damping_half95", number_or_null(r.damping_half95));
  set_aliased(out, "mass_estimated", "massEstimated", val(r.mass_estimated));
  set_aliased(out, "damping_estimated", "dampingEstimated", val(r.damping_estimated));
  set_fields(out, "classification",
             object_of("changed", static_cast<double>(r.changed), "swaps", static_cast<double>(r.swaps), "changes", changes_to_js(r)),
             "fit", object_of("fit_percent", r.fit_percent, "nrmse", r.nrmse), "iterations", r.iterations, "converged", r.converged);
  // Arrays for plots (the CLI leaves them out of its JSON); aliases yFit, initialRegion,
  // finalRegion, forceCurve.
  if (r.status != Status::failed) {
    const ReconstructedSignals& s = r.signals;
    val signals = object_of("x", signal_to_js(s.x), "v", signal_to_js(s.v), "a", signal_to_js(s.a), "j", signal_to_js(s.j), "y",
                            signal_to_js(r.y));
    set_aliased(signals, "y_fit", "yFit", signal_to_js(r.y_fit));
    set_aliased(signals, "initial_region", "initialRegion", indices_to_js(r.initial_region));
    set_aliased(signals, "final_region", "finalRegion", indices_to_js(r.final_region));
    out.set("signals", signals);
    set_aliased(out, "force_curve", "forceCurve", force_curve_to_js(estimated_force_curve(r)));
  }
  return out;
}

}  // namespace mechid::wasm
