#include "convert/frequency_domain.hpp"
#include "convert/option_reader.hpp"

#include "analysis/mac.hpp"
#include "convert/outcome.hpp"
#include "core/interval95.hpp"

namespace mechid::wasm {
namespace {

using Complex = std::complex<double>;

val pair_to_js(Complex z) {
  val out = val::array();
  out.call<void>("push", number_or_null(z.real()));
  out.call<void>("push", number_or_null(z.imag()));
  return out;
}

val entry_to_js(std::complex<double> z) { return pair_to_js(z); }
val entry_to_js(double x) { return number_or_null(x); }

// [output][input][value per frequency] from F matrices outputs × inputs ([re, im] for complex ones).
template <class M>
val per_channel(const std::vector<M>& S) {
  val out = val::array();
  if (S.empty()) return out;
  for (Eigen::Index o = 0; o < S.front().rows(); ++o) {
    val row = val::array();
    for (Eigen::Index j = 0; j < S.front().cols(); ++j) {
      val series = val::array();
      for (const auto& Sf : S) series.call<void>("push", entry_to_js(Sf(o, j)));
      row.call<void>("push", series);
    }
    out.call<void>("push", row);
  }
  return out;
}

val finite_numbers(const Vector& v) {
  val out = val::array();
  for (Eigen::Index i = 0; i < v.size(); ++i) out.call<void>("push", number_or_null(v(i)));
  return out;
}

// The stability tolerances as given (freqTol, dampingTol, macMin, minStableOrders), under the
// result keys of their option names; freq, damping and mac are the older names (aliases).
val tolerances_to_js(const ModesOptions& o) {
  val out = object_of("freq_tol", o.freq_tol, "damping_tol", o.damping_tol, "mac_min", o.mac_min, "min_stable_orders",
                      double(o.min_stable_orders));
  set_fields(out, "freq", o.freq_tol, "damping", o.damping_tol, "mac", o.mac_min);
  return out;
}

// {status, message, warnings, reason, caveats, driving_output, input (1-based), condition, omega_n,
// zeta, mpc, driving_phase, modal_scale, and when not failed: shapes, M, D, K}
val reduced_to_js(const ReducedModel& r) {
  val out = outcome_to_js(r);
  val caveats = val::array();
  for (ReducedModelCaveat c : r.caveats) caveats.call<void>("push", to_string(c));
  set_fields(out, "reason", to_string(r.reason), "caveats", caveats, "driving_output", double(r.driving_output + 1), "input",
             double(r.input + 1), "condition", number_or_null(r.condition), "omega_n", finite_numbers(r.omega_n), "zeta",
             finite_numbers(r.zeta), "mpc", finite_numbers(r.mpc), "driving_phase", finite_numbers(r.driving_phase), "modal_scale",
             finite_numbers(r.modal_scale));
  if (!r.failed()) set_fields(out, "shapes", matrix_to_js(r.shapes), "M", matrix_to_js(r.M), "D", matrix_to_js(r.D), "K", matrix_to_js(r.K));
  return out;
}

}  // namespace

FrfOptions frf_options_from_js(const val& o) {
  FrfOptions f;
  read_described(o, f);  // method, window, segment, …, impactEndValue (analysis/frf_estimate.hpp)
  return f;
}

ModesOptions modes_options_from_js(const val& o) {
  ModesOptions m;
  read_described(o, m);  // frf's, weighting, maxOrder, …, holdoutPeriods (analysis/modes_in_band.hpp)
  if (has_option(o, "outputs")) {
    const val list = o["outputs"];
    require(list.isArray(), "outputs must be a list of response kinds (displacement, velocity, acceleration), one per output column", "outputs");
    for (unsigned i = 0; i < list["length"].as<unsigned>(); ++i) m.outputs.push_back(parse_response(list[i].as<std::string>()));
  }
  if (has_option(o, "drivingOutput")) m.driving_output = driving_output_of_column(o["drivingOutput"].as<double>());
  return m;
}

val frf_to_js(const FrfEstimate& e) {
  val out = outcome_to_js(e);
  val coherence = val::array();
  for (Eigen::Index o = 0; o < e.coherence.cols(); ++o) {
    val series = val::array();
    for (Eigen::Index f = 0; f < e.coherence.rows(); ++f) series.call<void>("push", number_or_null(e.coherence(f, o)));
    coherence.call<void>("push", series);
  }
  set_fields(out, "freq_hz", numbers_to_js(e.freq_hz), "H", per_channel(e.H1), "H2", per_channel(e.H2), "coherence", coherence, "H_sd",
             per_channel(e.h1_sd), "averages", double(e.averages), "periods", double(e.periods), "segment", double(e.segment), "window_decay_rate", e.window_decay_rate);
  return out;
}

val stabilization_to_js(const std::vector<StabilizationOrder>& rows) {
  val stabilization = val::array();
  for (const StabilizationOrder& row : rows) {
    val poles = val::array();
    for (const StabilizationPole& p : row.poles)
      poles.call<void>("push", object_of("freq_hz", p.freq_hz, "zeta", p.zeta, "stable", p.stable, "stable_freq", p.stable_freq,
                                         "stable_damping", p.stable_damping, "stable_shape", p.stable_shape));
    stabilization.call<void>("push", object_of("order", double(row.order), "poles", poles));
  }
  return stabilization;
}

val modes_to_js(const ModesInBand& r, const ModesOptions& o) {
  val out = outcome_to_js(r);
  val stabilization = stabilization_to_js(r.stabilization);
  val modes = val::array();
  for (const BandMode& m : r.modes) {
    val shape = val::array();
    for (Eigen::Index i = 0; i < m.shape.size(); ++i) shape.call<void>("push", pair_to_js(m.shape(i)));
    modes.call<void>("push", object_of("freq_hz", m.freq_hz, "zeta", m.zeta, "freq_hz_sd", number_or_null(m.freq_hz_sd), "zeta_sd",
                                       number_or_null(m.zeta_sd), "freq_hz_half95", number_or_null(half_width95(m.freq_hz_sd)),
                                       "zeta_half95", number_or_null(half_width95(m.zeta_sd)), "shape", shape, "mpc", m.mpc, "pole", pair_to_js(m.pole), "order",
                                       double(m.order), "stable_orders", double(m.stable_orders), "batches", double(m.batches)));
  }
  val validation = val::array();
  for (std::size_t i = 0; i < r.validation.size(); ++i)
    validation.call<void>("push", object_of("output", double(i + 1), "fit_percent_band", r.validation[i].fit_percent_band, "fit_percent",
                                            r.validation[i].fit_percent));
  val outputs = val::array();
  for (Response kind : o.outputs) outputs.call<void>("push", to_string(kind));
  set_fields(out, "stabilization", stabilization, "modes", modes, "frf", frf_to_js(r.frf), "model_H", per_channel(r.model_H), "validation",
             validation, "reference_input", double(r.reference_input + 1), "batches", double(r.batches), "outputs", outputs, "tolerances",
             tolerances_to_js(o),
             "max_order", double(o.max_order), "weighting", to_string(o.weighting), "method", to_string(o.frf.method));
  out.set("reduced", r.reduced ? reduced_to_js(*r.reduced) : val::null());
  return out;
}

val mac_to_js(const val& a, const val& b) {
  // One shape per row in JS, per column for the core.
  const auto shapes = [](const val& s, const std::string& what) {
    const Matrix re = matrix_from_js(s["re"], what + ".re"), im = matrix_from_js(s["im"], what + ".im");
    require(re.rows() == im.rows() && re.cols() == im.cols(), what + ": re is " + std::to_string(re.rows()) + "x" +
                                                                  std::to_string(re.cols()) + " but im is " +
                                                                  std::to_string(im.rows()) + "x" + std::to_string(im.cols()),
            "shapes");
    Eigen::MatrixXcd z(re.cols(), re.rows());
    z.real() = re.transpose();
    z.imag() = im.transpose();
    return z;
  };
  return matrix_to_js(mac_matrix(shapes(a, "shapes a"), shapes(b, "shapes b")));
}

}  // namespace mechid::wasm
