// embind declarations of the nonlinear-stiffness identification (seed 002, src/nonlinear/):
// convert, call the core, convert back; errors returned as JS Errors (js_convert.hpp).
// wasm/nonlinear.js fills the defaults, so every option field read here is present.
#include <emscripten/bind.h>

#include <cmath>
#include <string>
#include <vector>

#include "js_convert.hpp"
#include "marshal.hpp"
#include "nonlinear/nonlinear.hpp"

namespace mechid::wasm {
namespace {

using namespace mechid::nonlinear;

val vector_to_js(const Vector& v) { return float64_array(v.data(), static_cast<std::size_t>(v.size())); }

val indices_to_js(const std::vector<int>& r) {
  return val::global("Int32Array").new_(emscripten::typed_memory_view(r.size(), r.data()));
}

// A finite number, or null (JSON has no Infinity or NaN).
val number_or_null(double x) { return std::isfinite(x) ? val(x) : val::null(); }

Vector vector_from_typed(const val& a, const std::string& what) {
  require(!a.isUndefined() && !a.isNull(), what + " is missing");
  const auto values = emscripten::convertJSArrayToNumberVector<double>(a);
  return Eigen::Map<const Vector>(values.data(), static_cast<Eigen::Index>(values.size()));
}

// {kind: 'thresholds', x0} | {kind: 'sign'} | {kind: 'breakpoints', breakpoints: [..]}
Regions regions_from_js(const val& r) {
  require(!r.isUndefined() && !r.isNull(), "the regions are missing");
  const std::string kind = r["kind"].as<std::string>();
  if (kind == "thresholds") return threshold_regions(r["x0"].as<double>());
  if (kind == "sign") return sign_regions();
  if (kind == "breakpoints") {
    const Vector b = vector_from_js(r["breakpoints"]);
    return breakpoint_regions(std::vector<double>(b.data(), b.data() + b.size()));
  }
  throw InputError("unknown kind of regions '" + kind + "' (expected thresholds, sign or breakpoints)");
}

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

val nonlinear_system_names_js() { return strings_to_js(oscillator_names()); }

// options: {h, n, substeps, sigma, a0, seed}. The accelerometer signal `a` has the noise of
// eq. 24; `aTrue`, `x`, `v`, `j` are the noise-free motion; `forceCurve` is the exact F(x) of
// eq. 20 on a grid over the motion.
val nonlinear_simulate_js(std::string name, val o) {
  return result_or_error([&] {
    const PiecewiseOscillator system = oscillator(name);
    const double h = o["h"].as<double>();
    const auto n = static_cast<Eigen::Index>(o["n"].as<double>());
    const Motion m = simulate(system, h, n, static_cast<int>(o["substeps"].as<double>()));
    const Vector measured = accelerometer(m.a, o["sigma"].as<double>(), o["a0"].as<double>(),
                                          static_cast<std::uint64_t>(o["seed"].as<double>()));
    val out = val::object();
    out.set("name", system.name);
    out.set("h", h);
    out.set("substeps", m.substeps);
    out.set("t", vector_to_js(m.t));
    out.set("f", vector_to_js(m.f));
    out.set("a", vector_to_js(measured));
    out.set("aTrue", vector_to_js(m.a));
    out.set("x", vector_to_js(m.x));
    out.set("v", vector_to_js(m.v));
    out.set("j", vector_to_js(m.j));
    out.set("mass", system.mass);
    out.set("damping", system.damping);
    val k = val::object();
    for (std::size_t c = 0; c < system.stiffness.size(); ++c) k.set(system.regions.stiffness_names[c], system.stiffness[c]);
    out.set("k", k);
    out.set("regions", regions_to_js(system.regions));
    out.set("trueRegion", indices_to_js(classify(system.regions, m.x)));
    const double span = 1.1 * m.x.cwiseAbs().maxCoeff();
    const Vector grid = Vector::LinSpaced(201, -span, span);
    Vector F(grid.size());
    for (Eigen::Index i = 0; i < grid.size(); ++i) F(i) = exact_spring_force(system, grid(i));
    val curve = val::object();
    curve.set("x", vector_to_js(grid));
    curve.set("F", vector_to_js(F));
    out.set("forceCurve", curve);
    return out;
  });
}

// data: {h, a, f (or null)}; options: {method, regions, mass, damping (numbers or null = estimate),
// segments, highpassHz, detrend, tolerance, delta, lambda, maxIterations, swap, swapTolerance}.
val nonlinear_identify_js(val data, val o) {
  return result_or_error([&] {
    AccelerationData d;
    d.h = data["h"].as<double>();
    d.a = vector_from_typed(data["a"], "the acceleration");
    if (!data["f"].isNull() && !data["f"].isUndefined()) d.f = vector_from_typed(data["f"], "the force");
    PiecewiseOptions options;
    const std::string method = o["method"].as<std::string>();
    require(method == "ida" || method == "dia", "unknown method '" + method + "' (expected ida or dia)");
    options.method = method == "dia" ? Form::dia : Form::ida;
    options.regions = regions_from_js(o["regions"]);
    if (!o["mass"].isNull()) options.mass = o["mass"].as<double>();
    if (!o["damping"].isNull()) options.damping = o["damping"].as<double>();
    options.reconstruction.segments = static_cast<int>(o["segments"].as<double>());
    options.reconstruction.highpass_hz = o["highpassHz"].as<double>();
    options.reconstruction.detrend = o["detrend"].as<bool>();
    options.irls.tolerance = o["tolerance"].as<double>();
    options.irls.delta = o["delta"].as<double>();
    options.irls.lambda = o["lambda"].as<double>();
    options.irls.max_iterations = static_cast<int>(o["maxIterations"].as<double>());
    options.swap.enabled = o["swap"].as<bool>();
    options.swap.tolerance = o["swapTolerance"].as<double>();
    const PiecewiseIdentification r = identify_piecewise(d, options);

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
    val classification = val::object();
    classification.set("changed", static_cast<double>(r.changed));
    classification.set("swaps", static_cast<double>(r.swaps));
    classification.set("changes", changes);
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
      signals.set("x", vector_to_js(r.signals.x));
      signals.set("v", vector_to_js(r.signals.v));
      signals.set("a", vector_to_js(r.signals.a));
      signals.set("j", vector_to_js(r.signals.j));
      signals.set("y", vector_to_js(r.y));
      signals.set("yFit", vector_to_js(r.y_fit));
      signals.set("initialRegion", indices_to_js(r.initial_region));
      signals.set("finalRegion", indices_to_js(r.final_region));
      out.set("signals", signals);
      const double span = 1.1 * r.signals.x.cwiseAbs().maxCoeff();
      const Vector grid = Vector::LinSpaced(201, -span, span);
      val curve = val::object();
      curve.set("x", vector_to_js(grid));
      curve.set("F", vector_to_js(estimated_force(r, grid)));
      out.set("forceCurve", curve);
    }
    return out;
  });
}

}  // namespace
}  // namespace mechid::wasm

EMSCRIPTEN_BINDINGS(mechid_nonlinear) {
  using namespace mechid::wasm;
  emscripten::function("nonlinearSystemNames", &nonlinear_system_names_js);
  emscripten::function("nonlinearSimulate", &nonlinear_simulate_js);
  emscripten::function("nonlinearIdentify", &nonlinear_identify_js);
}
