// The identify result of INTERFACES.md, written once for every method that returns an
// Identification (the linear methods and SVF).
#include "convert/results.hpp"
#include "core/normal_quantile.hpp"

namespace mechid::wasm {
namespace {

// The diagnostics object: numbers and notes of the method by name. The one place that reads
// Identification::diagnostics and ::notes.
val diagnostics_to_js(const Identification& r) {
  val diagnostics = val::object();
  for (const auto& [key, value] : r.diagnostics) diagnostics.set(key, value);
  for (const auto& [key, value] : r.notes) diagnostics.set(key, value);
  return diagnostics;
}

val uncertainty_to_js(const Uncertainty& u) {
  val out = val::object();
  out.set("M_sd", matrix_to_js(u.M));
  out.set("D_sd", matrix_to_js(u.D));
  out.set("K_sd", matrix_to_js(u.K));
  out.set("omega_n_sd", numbers_to_js(u.omega_n));
  out.set("zeta_sd", numbers_to_js(u.zeta));
  out.set("z95", kZ95);
  out.set("residual_variance", u.residual_variance);
  return out;
}

val validation_to_js(const ValidationReport& v) {
  val out = val::object();
  out.set("max_autocorrelation", v.max_autocorrelation);
  out.set("max_crosscorrelation", v.max_crosscorrelation);
  out.set("bound_99", v.bound_99);
  if (v.simulated.size()) out.set("simulated", matrix_to_js(v.simulated));
  return out;
}

}  // namespace

val identification_to_js(const Identification& r, const Dataset& data, const std::optional<MechanicalSystem>& truth) {
  const bool failed = r.status == Status::failed;
  val out = val::object();
  out.set("method", r.method);
  out.set("h", r.h);
  out.set("n", static_cast<double>(data.y.cols()));
  if (!failed) {
    out.set("M", matrix_to_js(r.system.M));
    out.set("D", matrix_to_js(r.system.D));
    out.set("K", matrix_to_js(r.system.K));
    out.set("L", matrix_to_js(r.system.L));
  }
  if (r.has_discrete && !failed) {
    out.set("Md", matrix_to_js(r.discrete.Md));
    out.set("Dd", matrix_to_js(r.discrete.Dd));
    out.set("Kd", matrix_to_js(r.discrete.Kd));
  }
  out.set("status", to_string(r.status));
  out.set("message", r.message);
  out.set("warnings", strings_to_js(r.warnings));
  val checks = val::object();
  checks.set("M_pd", r.M_pd);
  checks.set("K_pd", r.K_pd);
  checks.set("D_psd", r.D_psd);
  out.set("checks", checks);
  if (!failed) {
    out.set("modal", modal_to_js(r.modal));
    val fit = val::object();
    fit.set("fit_percent", numbers_to_js(r.validation.fit_percent));
    fit.set("nrmse", numbers_to_js(r.validation.nrmse));
    out.set("fit", fit);
    out.set("validation", validation_to_js(r.validation));
  }
  if (r.uncertainty.available && !failed) out.set("uncertainty", uncertainty_to_js(r.uncertainty));
  out.set("diagnostics", diagnostics_to_js(r));
  if (truth && !failed) out.set("errors", relative_errors_to_js(relative_errors(r.system, *truth)));
  out.set("timing_ms", r.timing_ms);
  return out;
}

}  // namespace mechid::wasm
