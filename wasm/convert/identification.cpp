// The identify result of docs/interfaces.md, written once for every method that returns an
// Identification (the linear methods and SVF).
#include "convert/results.hpp"
#include "convert/outcome.hpp"
#include "core/interval95.hpp"
#include "core/normal_quantile.hpp"

namespace mechid::wasm {
namespace {

// The diagnostics object: the typed Diagnostics fields that are set, by their field names.
val diagnostics_to_js(const Identification& r) {
  val diagnostics = val::object();
  r.diagnostics.for_each([&](const std::string& key, const auto& value) { diagnostics.set(key, value); });
  return diagnostics;
}

// Each entry the data do not determine: {matrix: 'D', row: 1, col: 2, reason: 'sd_exceeds_scale'}
// (1-based, row <= col).
val undetermined_to_js(const std::vector<UndeterminedEntry>& entries) {
  val out = val::array();
  for (const UndeterminedEntry& e : entries)
    out.call<void>("push", object_of("matrix", std::string(1, e.matrix), "row", static_cast<double>(e.row + 1), "col",
                                     static_cast<double>(e.col + 1), "reason", reason_code(e.reason)));
  return out;
}

// The standard deviations and the 95 % half-widths (core/interval95.hpp) the tables show.
val uncertainty_to_js(const Uncertainty& u) {
  val out = object_of("M_sd", matrix_to_js(u.M), "D_sd", matrix_to_js(u.D), "K_sd", matrix_to_js(u.K), "omega_n_sd",
                   numbers_to_js(u.omega_n), "zeta_sd", numbers_to_js(u.zeta), "z95", kZ95, "residual_variance",
                   u.residual_variance);
  set_fields(out, "M_half95", matrix_to_js(half_width95(u.M)), "D_half95", matrix_to_js(half_width95(u.D)), "K_half95",
             matrix_to_js(half_width95(u.K)), "omega_n_half95", numbers_to_js(half_width95(u.omega_n)), "zeta_half95",
             numbers_to_js(half_width95(u.zeta)));
  out.set("undetermined", undetermined_to_js(u.undetermined));
  return out;
}

// {runs, M_sd, D_sd, K_sd, ratio}: the run-to-run spread (identify/run_spread.hpp).
val run_spread_to_js(const RunSpread& s) {
  return object_of("runs", static_cast<double>(s.runs), "M_sd", matrix_to_js(s.M), "D_sd", matrix_to_js(s.D), "K_sd",
                   matrix_to_js(s.K), "ratio", s.ratio);
}

// `series`: with the N x n simulated outputs and residuals (the page's plots), or without them.
val validation_to_js(const ValidationReport& v, bool series) {
  val out = object_of("max_autocorrelation", v.max_autocorrelation, "max_crosscorrelation", v.max_crosscorrelation,
                      "bound_99", v.bound_99, "max_lag", v.max_lag, "whiteness_statistic", v.whiteness_statistic,
                      "whiteness_threshold", v.whiteness_threshold, "residual_whiteness_p", v.residual_whiteness_p,
                      "residuals_white", v.residuals_white, "crosscorrelation_bound", v.crosscorrelation_bound,
                      "residuals_independent_of_input", v.residuals_independent_of_input);
  if (series && v.simulated.size()) out.set("simulated", matrix_to_js(v.simulated));
  if (series && v.residual.size()) out.set("residual", matrix_to_js(v.residual));
  return out;
}

// friction {coulomb, coulomb_sd, coulomb_half95} and offset, offset_sd, offset_half95 (the first
// run's; offset_by_run, offset_sd_by_run and offset_half95_by_run, one row per run, when there are
// several), when estimated; the half-widths of the 95 % intervals from core/interval95.hpp.
void set_force_terms(val& out, const ForceTerms& f) {
  if (f.coulomb.size())
    out.set("friction", object_of("coulomb", numbers_to_js(f.coulomb), "coulomb_sd", numbers_to_js(f.coulomb_sd), "coulomb_half95",
                                  numbers_to_js(half_width95(f.coulomb_sd))));
  if (f.offset.size() == 0) return;
  const Matrix half95 = half_width95(f.offset_sd);
  set_fields(out, "offset", numbers_to_js(Vector(f.offset.row(0).transpose())), "offset_sd",
             numbers_to_js(Vector(f.offset_sd.row(0).transpose())), "offset_half95", numbers_to_js(Vector(half95.row(0).transpose())));
  if (f.offset.rows() > 1)
    set_fields(out, "offset_by_run", matrix_to_js(f.offset), "offset_sd_by_run", matrix_to_js(f.offset_sd), "offset_half95_by_run",
               matrix_to_js(half95));
}

// identify's held-out runs: per run {file, fit_percent, nrmse, rmse, scored_from, simulated}, or {file, status,
// message} when its free run could not be computed (the CLI's and the page's shape; simulated,
// N x n, for the page's overlays, when `series`: the CLI leaves it out).
val validation_records_to_js(const std::vector<RecordFit>& records, bool series) {
  val out = val::array();
  for (const RecordFit& f : records) {
    const ValidationReport& v = f.report;
    val record = object_of("file", f.name);
    if (v.failed())
      set_fields(record, "status", to_string(v.status), "message", v.message);
    else
      set_fields(record, "fit_percent", numbers_to_js(v.fit_percent), "nrmse", numbers_to_js(v.nrmse), "rmse",
                 numbers_to_js(v.rmse), "scored_from", static_cast<double>(v.scored_from));
    if (series && v.simulated.size()) record.set("simulated", matrix_to_js(v.simulated));
    out.call<void>("push", record);
  }
  return out;
}

}  // namespace

val validation_record_to_js(const ValidationReport& v) {
  val out = outcome_to_js(v);
  if (!v.failed()) set_fields(out, "fit_percent", numbers_to_js(v.fit_percent), "nrmse", numbers_to_js(v.nrmse), "rmse", numbers_to_js(v.rmse));
  if (v.simulated.size()) out.set("simulated", matrix_to_js(v.simulated));
  return out;
}

val identification_to_js(const Identification& r, Eigen::Index dof, const std::optional<MechanicalSystem>& truth, bool series) {
  const bool failed = r.status == Status::failed;
  const MechanicalSystem& s = r.system;
  const DiscreteVariationalModel& d = r.discrete;
  val out = object_of("method", r.method, "h", r.h, "n", static_cast<double>(dof));
  if (!failed) set_fields(out, "M", matrix_to_js(s.M), "D", matrix_to_js(s.D), "K", matrix_to_js(s.K), "L", matrix_to_js(s.L));
  if (r.has_discrete && !failed) set_fields(out, "Md", matrix_to_js(d.Md), "Dd", matrix_to_js(d.Dd), "Kd", matrix_to_js(d.Kd));
  set_outcome(out, r);
  out.set("checks", object_of("M_pd", r.M_pd, "K_pd", r.K_pd, "D_psd", r.D_psd, "symmetric", r.symmetric, "sign_reversed",
                              r.sign_reversed, "rigid_body", r.rigid_body));
  if (!failed) set_force_terms(out, r.forces);
  if (!failed) {
    const ValidationReport& v = r.validation;
    set_fields(out, "modal", modal_to_js(r.modal), "fit",
               object_of("fit_percent", numbers_to_js(v.fit_percent), "nrmse", numbers_to_js(v.nrmse)), "validation",
               validation_to_js(v, series));
  }
  if (r.uncertainty.available && !failed) out.set("uncertainty", uncertainty_to_js(r.uncertainty));
  if (r.run_spread.runs >= 2 && !failed) out.set("run_spread", run_spread_to_js(r.run_spread));
  out.set("diagnostics", diagnostics_to_js(r));
  if (truth && !failed) out.set("errors", relative_errors_to_js(relative_errors(r.system, *truth)));
  out.set("timing_ms", r.timing_ms);
  if (!failed && !r.validation_records.empty()) out.set("validation_records", validation_records_to_js(r.validation_records, series));
  return out;
}

}  // namespace mechid::wasm
