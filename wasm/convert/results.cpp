#include "convert/results.hpp"

#include "convert/outcome.hpp"


namespace mechid::wasm {

val system_to_js(const MechanicalSystem& s) {
  return object_of("name", s.name, "M", matrix_to_js(s.M), "D", matrix_to_js(s.D), "K", matrix_to_js(s.K), "L",
                   matrix_to_js(s.L));
}

val check_to_js(const std::vector<std::string>& errors) {
  return object_of("ok", errors.empty(), "errors", strings_to_js(errors));
}

val state_space_to_js(const StateSpaceModel& m) {
  return object_of("A", matrix_to_js(m.A), "B", matrix_to_js(m.B), "C", matrix_to_js(m.C), "D", matrix_to_js(m.D));
}

val simulation_to_js(const SimulatedData& d) {
  val out = object_of("h", d.h, "t", signal_to_js(d.t), "u", matrix_to_js(d.u), "q", matrix_to_js(d.q), "v", matrix_to_js(d.v), "a",
                       matrix_to_js(d.a), "method", d.method, "substeps", d.substeps);
  set_aliased(out, "noise_std", "noiseStd", float64_array(d.noise_std.data(), d.noise_std.size()));
  return out;
}

val discrete_model_to_js(const NamedDiscreteModel& d) {
  const std::string method = to_string(d.method);
  if (d.method == ConversionMethod::variational) {
    const DiscreteVariationalModel& v = d.variational;
    return object_of("method", method, "h", d.h(), "Md", matrix_to_js(v.Md), "Dd", matrix_to_js(v.Dd), "Kd",
                     matrix_to_js(v.Kd), "L", matrix_to_js(v.L));
  }
  const DiscreteModel& s = d.state_space;
  return object_of("method", method, "h", d.h(), "F", matrix_to_js(s.F), "G", matrix_to_js(s.G), "H", matrix_to_js(s.H),
                   "J", matrix_to_js(s.J));
}

// Variational: {method, h, status, message, warnings, M, D, K, L}; else {method, h, status, message,
// warnings, eigenvalues, A, B, C, D} (no matrices when failed).
val conversion_to_js(const NamedConversion& r) {
  val out = object_of("method", to_string(r.method), "h", r.h);
  set_outcome(out, r);
  if (r.method == ConversionMethod::variational) {
    const MechanicalSystem& s = r.system;
    set_fields(out, "M", matrix_to_js(s.M), "D", matrix_to_js(s.D), "K", matrix_to_js(s.K), "L", matrix_to_js(s.L));
    return out;
  }
  val eigenvalues = val::array();
  for (const auto z : r.eigenvalues) eigenvalues.call<void>("push", complex_to_js(z));
  out.set("eigenvalues", eigenvalues);
  if (r.status == Status::failed) return out;
  const StateSpaceModel& m = r.state_space;
  set_fields(out, "A", matrix_to_js(m.A), "B", matrix_to_js(m.B), "C", matrix_to_js(m.C), "D", matrix_to_js(m.D));
  return out;
}

val conditioning_to_js(const std::vector<ConditioningRow>& rows) {
  val list = val::array();
  for (const ConditioningRow& r : rows) {
    val row = object_of("h", r.h, "kappa", r.kappa, "sigma", numbers_to_js(r.sigma), "kappa_closed_form",
                        r.kappa_closed_form, "kappa_eq_3_36", r.kappa_eq_3_36);
    const ParameterAmplification& a = r.amplification;
    if (r.has_amplification) row.set("amplification", object_of("M", a.M, "K", a.K, "D", a.D));
    list.call<void>("push", row);
  }
  return object_of("rows", list);
}

val modal_to_js(const ModalResult& r, const std::vector<ModeVisibility>& setup) {
  val modes = val::array();
  for (std::size_t i = 0; i < r.modes.size(); ++i) {
    const Mode& m = r.modes[i];
    val mode = object_of("omega_n", m.omega_n, "freq_hz", m.freq_hz, "zeta", m.zeta, "shape", numbers_to_js(m.shape), "complexity",
                         m.complexity, "eigenvalue", complex_to_js(m.eigenvalue));
    if (i < setup.size()) set_fields(mode, "participation_percent", setup[i].participation_percent, "observable", setup[i].observable);
    modes.call<void>("push", mode);
  }
  val out = outcome_to_js(r);
  out.set("modes", modes);
  return out;
}

val passivity_to_js(const PassivityReport& r, double h) {
  auto verdict = [](const PassivityCheck& c) {
    return object_of("passive", c.passive, "largest_eigenvalue", c.largest_eigenvalue, "scale", c.scale);
  };
  return object_of("h", h, "continuous", verdict(r.continuous), "cayley", verdict(r.cayley), "zoh", verdict(r.zoh),
                   "euler", verdict(r.euler));
}

val perturbation_to_js(const std::vector<PerturbationRow>& rows) {
  val list = val::array();
  for (const PerturbationRow& r : rows) {
    val errors = val::object();
    if (r.method == "zoh") errors = object_of("A", r.A, "b", r.b);  // A and b exist for the zoh rows only
    set_fields(errors, "m", r.m, "d", r.d, "k", r.k);
    list.call<void>("push", object_of("i", r.i, "h", r.h, "method", r.method, "rel_err", errors, "failures", r.failures));
  }
  return list;
}

val relative_errors_to_js(const RelativeErrors& e) { return object_of("M", e.M, "D", e.D, "K", e.K, "A", e.A); }

val study_run_to_js(const StudyRunResult& r) {
  val out = outcome_to_js(r);
  set_fields(out, "errors", relative_errors_to_js(r.errors), "ms", r.ms);
  return out;
}

val pole_frequency_to_js(const PoleFrequency& p) { return object_of("omega_n", p.omega_n, "freq_hz", p.freq_hz, "zeta", p.zeta); }

val work_estimate_to_js(const WorkEstimate& e) { return object_of("flops", e.flops, "bytes", e.bytes, "seconds", e.seconds()); }

}  // namespace mechid::wasm
