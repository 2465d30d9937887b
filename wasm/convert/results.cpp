#include "convert/results.hpp"

namespace mechid::wasm {
namespace {

void set_matrices(val& out, const char* const (&keys)[4], const Matrix* const (&values)[4]) {
  for (int i = 0; i < 4; ++i) out.set(keys[i], matrix_to_js(*values[i]));
}

}  // namespace

val system_to_js(const MechanicalSystem& s) {
  val out = val::object();
  out.set("name", s.name);
  set_matrices(out, {"M", "D", "K", "L"}, {&s.M, &s.D, &s.K, &s.L});
  return out;
}

val check_to_js(const std::vector<std::string>& errors) {
  val out = val::object();
  out.set("ok", errors.empty());
  out.set("errors", strings_to_js(errors));
  return out;
}

val state_space_to_js(const StateSpaceModel& m) {
  val out = val::object();
  set_matrices(out, {"A", "B", "C", "D"}, {&m.A, &m.B, &m.C, &m.D});
  return out;
}

val simulation_to_js(const SimulatedData& d) {
  val out = val::object();
  out.set("h", d.h);
  out.set("t", signal_to_js(d.t));
  set_matrices(out, {"u", "q", "v", "a"}, {&d.u, &d.q, &d.v, &d.a});
  out.set("method", d.method);
  out.set("substeps", d.substeps);
  out.set("noiseStd", float64_array(d.noise_std.data(), d.noise_std.size()));
  return out;
}

val discrete_model_to_js(const NamedDiscreteModel& d) {
  val out = val::object();
  out.set("method", to_string(d.method));
  out.set("h", d.h());
  if (d.method == ConversionMethod::variational) {
    const DiscreteVariationalModel& v = d.variational;
    set_matrices(out, {"Md", "Dd", "Kd", "L"}, {&v.Md, &v.Dd, &v.Kd, &v.L});
  } else {
    const DiscreteModel& s = d.state_space;
    set_matrices(out, {"F", "G", "H", "J"}, {&s.F, &s.G, &s.H, &s.J});
  }
  return out;
}

// Variational: {method, h, status, message, M, D, K, L}; else {method, h, status, message,
// eigenvalues, A, B, C, D} (no matrices when failed).
val conversion_to_js(const NamedConversion& r) {
  val out = val::object();
  out.set("method", to_string(r.method));
  out.set("h", r.h);
  out.set("status", to_string(r.status));
  out.set("message", r.message);
  if (r.method == ConversionMethod::variational) {
    const MechanicalSystem& s = r.system;
    set_matrices(out, {"M", "D", "K", "L"}, {&s.M, &s.D, &s.K, &s.L});
    return out;
  }
  val eigenvalues = val::array();
  for (const auto z : r.eigenvalues) eigenvalues.call<void>("push", complex_to_js(z));
  out.set("eigenvalues", eigenvalues);
  if (r.status == Status::failed) return out;
  const StateSpaceModel& m = r.state_space;
  set_matrices(out, {"A", "B", "C", "D"}, {&m.A, &m.B, &m.C, &m.D});
  return out;
}

val conditioning_to_js(const std::vector<ConditioningRow>& rows) {
  val list = val::array();
  for (const ConditioningRow& r : rows) {
    val row = val::object();
    row.set("h", r.h);
    row.set("kappa", r.kappa);
    row.set("sigma", numbers_to_js(r.sigma));
    row.set("kappa_closed_form", r.kappa_closed_form);
    row.set("kappa_eq_3_36", r.kappa_eq_3_36);
    if (r.has_amplification) {
      val amplification = val::object();
      amplification.set("M", r.amplification.M);
      amplification.set("K", r.amplification.K);
      amplification.set("D", r.amplification.D);
      row.set("amplification", amplification);
    }
    list.call<void>("push", row);
  }
  val out = val::object();
  out.set("rows", list);
  return out;
}

val modal_to_js(const ModalResult& r) {
  val modes = val::array();
  for (const Mode& m : r.modes) {
    val mode = val::object();
    mode.set("omega_n", m.omega_n);
    mode.set("freq_hz", m.freq_hz);
    mode.set("zeta", m.zeta);
    mode.set("shape", numbers_to_js(m.shape));
    mode.set("complexity", m.complexity);
    mode.set("eigenvalue", complex_to_js(m.eigenvalue));
    modes.call<void>("push", mode);
  }
  val out = val::object();
  out.set("status", to_string(r.status));
  out.set("message", r.message);
  out.set("modes", modes);
  return out;
}

val passivity_to_js(const PassivityReport& r, double h) {
  auto verdict = [](const PassivityCheck& c) {
    val v = val::object();
    v.set("passive", c.passive);
    v.set("largest_eigenvalue", c.largest_eigenvalue);
    v.set("scale", c.scale);
    return v;
  };
  val out = val::object();
  out.set("h", h);
  out.set("continuous", verdict(r.continuous));
  out.set("cayley", verdict(r.cayley));
  out.set("zoh", verdict(r.zoh));
  out.set("euler", verdict(r.euler));
  return out;
}

val perturbation_to_js(const std::vector<PerturbationRow>& rows) {
  val list = val::array();
  for (const PerturbationRow& r : rows) {
    val row = val::object(), errors = val::object();
    row.set("i", r.i);
    row.set("h", r.h);
    row.set("method", r.method);
    if (r.method == "zoh") {  // A and b exist for the zoh rows only
      errors.set("A", r.A);
      errors.set("b", r.b);
    }
    errors.set("m", r.m);
    errors.set("d", r.d);
    errors.set("k", r.k);
    row.set("rel_err", errors);
    row.set("failures", r.failures);
    list.call<void>("push", row);
  }
  return list;
}

val relative_errors_to_js(const RelativeErrors& e) {
  val out = val::object();
  out.set("M", e.M);
  out.set("D", e.D);
  out.set("K", e.K);
  out.set("A", e.A);
  return out;
}

val study_run_to_js(const StudyRunResult& r) {
  val out = val::object();
  out.set("status", to_string(r.status));
  out.set("message", r.message);
  out.set("errors", relative_errors_to_js(r.errors));
  out.set("ms", r.ms);
  return out;
}

}  // namespace mechid::wasm
