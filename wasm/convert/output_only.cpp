#include "convert/output_only.hpp"

#include "convert/frequency_domain.hpp"
#include "convert/option_reader.hpp"
#include "convert/outcome.hpp"
#include "convert/result_or_error.hpp"
#include "convert/work_limit.hpp"
#include "analysis/oma/oma_cost.hpp"

namespace mechid::wasm {

OmaOptions oma_options_from_js(const val& o) {
  OmaOptions options;
  read_described(o, options);  // bandLoHz, …, record (analysis/oma/output_only_modes.hpp)
  return options;
}

val oma_to_js(const OmaResult& r, const OmaOptions& o) {
  val out = outcome_to_js(r);
  val modes = val::array();
  for (const OmaMode& m : r.modes) {
    val complex_shape = val::array();
    for (Eigen::Index i = 0; i < m.complex_shape.size(); ++i) complex_shape.call<void>("push", complex_to_js(m.complex_shape(i)));
    modes.call<void>("push", object_of("freq_hz", m.freq_hz, "zeta", m.zeta, "shape", numbers_to_js(m.shape), "complex_shape", complex_shape,
                                       "pole", complex_to_js(m.pole), "mpc", m.mpc, "mpd_deg", m.mpd_deg, "orders_found", double(m.orders_found), "poles", double(m.poles),
                                       "freq_hz_sd", number_or_null(m.freq_hz_sd), "zeta_sd", number_or_null(m.zeta_sd), "freq_hz_half95",
                                       number_or_null(m.freq_hz_half95), "zeta_half95", number_or_null(m.zeta_half95), "shape_sd",
                                       m.shape_sd.size() ? numbers_to_js(m.shape_sd) : val::null()));
  }
  val singular = val::array();
  for (Eigen::Index c = 0; c < r.spectrum.singular_values.cols(); ++c)
    singular.call<void>("push", numbers_to_js(Vector(r.spectrum.singular_values.col(c))));
  val references = val::array();
  for (Eigen::Index ref : r.references) references.call<void>("push", double(ref + 1));
  set_fields(out, "modes", modes, "stabilization", stabilization_to_js(r.stabilization), "spectrum",
             object_of("freq_hz", numbers_to_js(r.spectrum.freq_hz), "singular_values", singular, "segment", double(r.spectrum.segment),
                       "segments", double(r.spectrum.segments)),
             "block_rows", double(r.block_rows), "min_orders", double(r.min_orders), "references", references, "free_decay", r.free_decay, "sd_blocks", double(r.sd_blocks),
             "max_order", double(r.max_order), "method", kOmaMethodNames.name(o.method),
             "tolerances", object_of("freq_tol", o.freq_tol, "damping_tol", o.damping_tol, "mac_min", o.mac_min, "cluster_distance", o.cluster_distance));
  return out;
}

val oma_js(val data, val options) {
  return result_or_error([&] {
    const double h = data["h"].as<double>();
    const Matrix y = matrix_from_js(data["y"], "output data y");
    OmaOptions o = oma_options_from_js(options);
    o.max_work = max_work_from_js(options);
    check_oma_work(y, h, o, o.max_work);  // analysis/oma/oma_cost.hpp
    return oma_to_js(output_only_modes(y, h, o), o);
  });
}

val spectrum_js(val data, val options) {
  return result_or_error([&] {
    const double h = data["h"].as<double>();
    const Matrix y = matrix_from_js(data["y"], "data y");
    const Eigen::Index segment = has_option(options, "segment") ? Eigen::Index(options["segment"].as<double>()) : 0;
    const ChannelSpectra s = channel_spectra(y, h, segment);
    val psd = val::array();
    for (Eigen::Index c = 0; c < s.psd.cols(); ++c) psd.call<void>("push", numbers_to_js(Vector(s.psd.col(c))));
    return object_of("freq_hz", numbers_to_js(s.freq_hz), "psd", psd, "segment", double(s.segment), "segments", double(s.segments));
  });
}

}  // namespace mechid::wasm
