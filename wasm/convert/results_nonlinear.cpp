// Results of the nonlinear-stiffness identification of seed 002.
#include "convert/results.hpp"

namespace mechid::wasm {
namespace {

using namespace mechid::nonlinear;

val regions_to_js(const Regions& regions) {
  val list = val::array();
  for (std::size_t i = 0; i < regions.regions.size(); ++i) {
    const Region& g = regions.regions[i];
    val region = val::object();
    region.set("index", static_cast<double>(i));
    region.set("lower", number_or_null(g.lower));
    region.set("upper", number_or_null(g.upper));
    region.set("interval", describe(g));
    region.set("stiffness", regions.stiffness_names[static_cast<std::size_t>(g.stiffness)]);
    region.set("offset", g.free_offset ? val::null() : val(g.offset));
    list.call<void>("push", region);
  }
  val out = val::object();
  out.set("kind", regions.kind);
  out.set("regions", list);
  return out;
}

val force_curve_to_js(const ForceCurve& c) {
  val out = val::object();
  out.set("x", signal_to_js(c.x));
  out.set("F", signal_to_js(c.F));
  return out;
}

// samples moved between regions, one entry per (from, to) pair with a nonzero count
val changes_to_js(const PiecewiseIdentification& r) {
  val changes = val::array();
  for (Eigen::Index from = 0; from < r.changes.rows(); ++from)
    for (Eigen::Index to = 0; to < r.changes.cols(); ++to) {
      if (r.changes(from, to) == 0) continue;
      val c = val::object();
      c.set("from", describe(r.regions.regions[static_cast<std::size_t>(from)]));
      c.set("to", describe(r.regions.regions[static_cast<std::size_t>(to)]));
      c.set("count", r.changes(from, to));
      changes.call<void>("push", c);
    }
  return changes;
}

}  // namespace

// The accelerometer signal `a` has the noise of eq. 24; `aTrue`, `x`, `v`, `j` are the noise-free
// motion; `forceCurve` is the exact F(x) of eq. 20 over the motion.
val experiment_to_js(const Experiment& e) {
  const PiecewiseOscillator& system = e.system;
  const Motion& m = e.motion;
  val out = val::object();
  out.set("name", system.name);
  out.set("h", m.h);
  out.set("substeps", m.substeps);
  out.set("t", signal_to_js(m.t));
  out.set("f", signal_to_js(m.f));
  out.set("a", signal_to_js(e.measured));
  out.set("aTrue", signal_to_js(m.a));
  out.set("x", signal_to_js(m.x));
  out.set("v", signal_to_js(m.v));
  out.set("j", signal_to_js(m.j));
  out.set("mass", system.mass);
  out.set("damping", system.damping);
  val k = val::object();
  for (std::size_t c = 0; c < system.stiffness.size(); ++c) k.set(system.regions.stiffness_names[c], system.stiffness[c]);
  out.set("k", k);
  out.set("regions", regions_to_js(system.regions));
  out.set("trueRegion", indices_to_js(e.true_region));
  out.set("forceCurve", force_curve_to_js(e.force_curve));
  return out;
}

val piecewise_identification_to_js(const PiecewiseIdentification& r) {
  val out = val::object();
  out.set("method", r.method);
  out.set("status", to_string(r.status));
  out.set("message", r.message);
  out.set("warnings", strings_to_js(r.warnings));
  out.set("regions", regions_to_js(r.regions));
  val k = val::object(), classes = val::array();
  for (const StiffnessEstimate& e : r.stiffness) {
    k.set(e.name, e.k);
    val c = val::object();
    c.set("name", e.name);
    c.set("k", e.k);
    c.set("offset", number_or_null(e.offset));
    c.set("samples", static_cast<double>(e.samples));
    classes.call<void>("push", c);
  }
  out.set("k", k);
  out.set("stiffness", classes);
  out.set("mass", r.mass);
  out.set("damping", r.damping);
  out.set("massEstimated", r.mass_estimated);
  out.set("dampingEstimated", r.damping_estimated);
  val classification = val::object();
  classification.set("changed", static_cast<double>(r.changed));
  classification.set("swaps", static_cast<double>(r.swaps));
  classification.set("changes", changes_to_js(r));
  out.set("classification", classification);
  val fit = val::object();
  fit.set("fit_percent", r.fit_percent);
  fit.set("nrmse", r.nrmse);
  out.set("fit", fit);
  out.set("iterations", r.iterations);
  out.set("converged", r.converged);
  // Arrays for plots (the CLI leaves them out of its JSON).
  if (r.status != Status::failed) {
    val signals = val::object();
    signals.set("x", signal_to_js(r.signals.x));
    signals.set("v", signal_to_js(r.signals.v));
    signals.set("a", signal_to_js(r.signals.a));
    signals.set("j", signal_to_js(r.signals.j));
    signals.set("y", signal_to_js(r.y));
    signals.set("yFit", signal_to_js(r.y_fit));
    signals.set("initialRegion", indices_to_js(r.initial_region));
    signals.set("finalRegion", indices_to_js(r.final_region));
    out.set("signals", signals);
    out.set("forceCurve", force_curve_to_js(estimated_force_curve(r)));
  }
  return out;
}

}  // namespace mechid::wasm
