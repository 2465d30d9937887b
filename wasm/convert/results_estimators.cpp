// Results of the estimators of the SVF report (SVF) and Beckmann et al. 2016 (augmented EKF) and their scenarios.
#include "convert/results.hpp"

#include "convert/outcome.hpp"

namespace mechid::wasm {
namespace {

val pole_search_to_js(bool searched, const PoleSearch& s) {
  if (!searched) return val::null();
  return object_of("grid", numbers_to_js(s.grid), "surface", matrix_to_js(s.surface), "p1", s.p1, "p2", s.p2, "best",
                   s.best, "evaluated", s.evaluated);
}

}  // namespace

// The identify result plus form, theta, theta_names (siso; alias thetaNames), search and weights (robust).
val svf_identification_to_js(const SvfIdentification& s, const Dataset& data, const std::optional<MechanicalSystem>& truth) {
  val out = identification_to_js(s.result, data.y.cols(), truth);
  out.set("form", s.form);
  if (s.theta.size()) {
    out.set("theta", numbers_to_js(s.theta));
    set_aliased(out, "theta_names", "thetaNames", strings_to_js(s.theta_names));
  }
  out.set("search", pole_search_to_js(s.searched, s.search));
  if (s.weights.size()) out.set("weights", matrix_to_js(s.weights));
  return out;
}

// {method, model, h, status, message, warnings (the fit's), inv_RC, inv_LC, theta, theta_names, …}
val rlc_identification_to_js(const RlcIdentification& r, double h) {
  const SvfFit& fit = r.search.fit;
  val out = object_of("method", std::string("svf"), "model", std::string("rlc"), "h", h);
  set_outcome(out, fit);
  if (fit.status != Status::failed) {
    set_fields(out, "inv_RC", r.circuit.inv_rc, "inv_LC", r.circuit.inv_lc, "theta", numbers_to_js(fit.theta));
    set_aliased(out, "theta_names", "thetaNames", strings_to_js(fit.theta_names));
    set_fields(out, "output_error", r.search.output_error, "iterations", fit.solution.iterations, "condition", fit.solution.condition);
  }
  set_fields(out, "p1", fit.p1, "p2", fit.p2, "search", pole_search_to_js(r.search.searched, r.search.search));
  return out;
}

// {method, model, discretization, h, status, message, warnings (the filter's), parameter_names,
// theta, theta_std, parameters, parameter_std, steps, errors?, timing_ms} (camelCase aliases kept).
val belt_drive_ekf_to_js(const BeltDriveEkf& r, const BeltDriveEkfOptions& options, double h) {
  val out = object_of("method", std::string("ekf"), "model", std::string("belt-drive"), "discretization", to_string(options.method), "h", h);
  set_outcome(out, r.filter);
  set_aliased(out, "parameter_names", "parameterNames", strings_to_js(r.parameter_names));
  out.set("theta", numbers_to_js(r.theta));
  set_aliased(out, "theta_std", "thetaStd", numbers_to_js(r.theta_std));
  out.set("parameters", matrix_to_js(r.filter.parameters));
  set_aliased(out, "parameter_std", "parameterStd", matrix_to_js(r.filter.parameter_std));
  out.set("steps", static_cast<double>(r.filter.steps));
  if (r.errors.size()) out.set("errors", numbers_to_js(r.errors));
  out.set("timing_ms", r.filter.ms);
  return out;
}

// rlc, msd-sine: {h, system, noise_std, t, u, q}; belt-drive: {h, system, t, u, q, v, y, setpoint,
// true_theta} (aliases noiseStd, trueTheta).
val scenario_to_js(const ScenarioData& d) {
  val out = object_of("h", d.h, "system", d.name);
  if (!d.noise_std.empty()) set_aliased(out, "noise_std", "noiseStd", numbers_to_js(d.noise_std));
  set_fields(out, "t", signal_to_js(d.t), "u", matrix_to_js(d.u), "q", matrix_to_js(d.q));
  if (d.true_theta.size()) {
    set_fields(out, "v", matrix_to_js(d.v), "y", matrix_to_js(d.y), "setpoint", matrix_to_js(d.setpoint));
    set_aliased(out, "true_theta", "trueTheta", numbers_to_js(d.true_theta));
  }
  return out;
}

val scenario_options_to_js(const std::string& name, const ScenarioOptions& o) {
  return object_of("name", name, "h", o.h, "n", static_cast<double>(o.n), "seed", static_cast<double>(o.seed), "snr",
                   o.snr_db);
}

// Table 1 of Beckmann et al. 2016 (SI units) and θ = [c_spec, d].
val belt_drive_parameters_to_js(const BeltDrive& model) {
  const BeltDriveParameters& p = model.parameters_table();
  return object_of("inertia", p.inertia, "mass", p.mass, "c_spec", p.c_spec, "d", p.d, "mu_v", p.mu_v, "mu_c", p.mu_c,
                   "k", p.k, "z0", p.z0, "r1", p.r1, "theta", numbers_to_js(model.true_theta()));
}

}  // namespace mechid::wasm
