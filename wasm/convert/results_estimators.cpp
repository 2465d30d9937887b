// Results of the estimators of seeds 003 (SVF) and 004 (augmented EKF) and their scenarios.
#include "convert/results.hpp"

namespace mechid::wasm {
namespace {

val pole_search_to_js(bool searched, const PoleSearch& s) {
  if (!searched) return val::null();
  val out = val::object();
  out.set("grid", numbers_to_js(s.grid));
  out.set("surface", matrix_to_js(s.surface));
  out.set("p1", s.p1);
  out.set("p2", s.p2);
  out.set("best", s.best);
  out.set("evaluated", s.evaluated);
  return out;
}

}  // namespace

// The identify result plus form, theta, thetaNames (siso), search and weights (robust).
val svf_identification_to_js(const SvfIdentification& s, const Dataset& data, const std::optional<MechanicalSystem>& truth) {
  val out = identification_to_js(s.result, data, truth);
  out.set("form", s.form);
  if (s.theta.size()) {
    out.set("theta", numbers_to_js(s.theta));
    out.set("thetaNames", strings_to_js(s.theta_names));
  }
  out.set("search", pole_search_to_js(s.searched, s.search));
  if (s.weights.size()) out.set("weights", matrix_to_js(s.weights));
  return out;
}

val rlc_identification_to_js(const RlcIdentification& r, double h) {
  const SvfFit& fit = r.search.fit;
  val out = val::object();
  out.set("method", std::string("svf"));
  out.set("model", std::string("rlc"));
  out.set("h", h);
  out.set("status", to_string(fit.status));
  out.set("message", fit.message);
  if (fit.status != Status::failed) {
    out.set("inv_RC", r.circuit.inv_rc);
    out.set("inv_LC", r.circuit.inv_lc);
    out.set("theta", numbers_to_js(fit.theta));
    out.set("thetaNames", strings_to_js(fit.theta_names));
    out.set("output_error", r.search.output_error);
    out.set("iterations", fit.solution.iterations);
    out.set("condition", fit.solution.condition);
  }
  out.set("p1", fit.p1);
  out.set("p2", fit.p2);
  out.set("search", pole_search_to_js(r.search.searched, r.search.search));
  return out;
}

val belt_drive_ekf_to_js(const BeltDriveEkf& r, const BeltDriveEkfOptions& options, double h) {
  val out = val::object();
  out.set("method", std::string("ekf"));
  out.set("model", std::string("belt-drive"));
  out.set("discretization", to_string(options.method));
  out.set("h", h);
  out.set("status", to_string(r.filter.status));
  out.set("message", r.filter.message);
  out.set("parameterNames", strings_to_js(r.parameter_names));
  out.set("theta", numbers_to_js(r.theta));
  out.set("thetaStd", numbers_to_js(r.theta_std));
  out.set("parameters", matrix_to_js(r.filter.parameters));
  out.set("parameterStd", matrix_to_js(r.filter.parameter_std));
  out.set("steps", static_cast<double>(r.filter.steps));
  if (r.errors.size()) out.set("errors", numbers_to_js(r.errors));
  out.set("timing_ms", r.filter.ms);
  return out;
}

// rlc, msd-sine: {h, system, noiseStd, t, u, q}; belt-drive: {h, system, t, u, q, v, y, setpoint, trueTheta}.
val scenario_to_js(const ScenarioData& d) {
  val out = val::object();
  out.set("h", d.h);
  out.set("system", d.name);
  if (!d.noise_std.empty()) out.set("noiseStd", numbers_to_js(d.noise_std));
  out.set("t", signal_to_js(d.t));
  out.set("u", matrix_to_js(d.u));
  out.set("q", matrix_to_js(d.q));
  if (d.true_theta.size()) {
    out.set("v", matrix_to_js(d.v));
    out.set("y", matrix_to_js(d.y));
    out.set("setpoint", matrix_to_js(d.setpoint));
    out.set("trueTheta", numbers_to_js(d.true_theta));
  }
  return out;
}

val scenario_options_to_js(const std::string& name, const ScenarioOptions& o) {
  val out = val::object();
  out.set("name", name);
  out.set("h", o.h);
  out.set("n", static_cast<double>(o.n));
  out.set("seed", static_cast<double>(o.seed));
  out.set("snr", o.snr_db);
  return out;
}

// Table 1 of seed 004 (SI units) and θ = [c_spec, d].
val belt_drive_parameters_to_js(const BeltDrive& model) {
  const BeltDriveParameters& p = model.parameters_table();
  val out = val::object();
  out.set("inertia", p.inertia);
  out.set("mass", p.mass);
  out.set("c_spec", p.c_spec);
  out.set("d", p.d);
  out.set("mu_v", p.mu_v);
  out.set("mu_c", p.mu_c);
  out.set("k", p.k);
  out.set("z0", p.z0);
  out.set("r1", p.r1);
  out.set("theta", numbers_to_js(model.true_theta()));
  return out;
}

}  // namespace mechid::wasm
