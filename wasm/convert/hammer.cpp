#include "convert/hammer.hpp"

#include "convert/frequency_domain.hpp"
#include "convert/option_reader.hpp"
#include "convert/outcome.hpp"
#include "convert/result_or_error.hpp"

namespace mechid::wasm {
namespace {

val hits_to_js(const HammerTest& r) {
  val hits = val::array();
  for (std::size_t i = 0; i < r.hits.hits.size(); ++i) {
    const ImpactHit& hit = r.hits.hits[i];
    const bool fault = hit.reason != HitRejection::none;
    hits.call<void>("push", object_of("hit", double(i + 1), "time_s", hit.time_s, "trigger_sample", double(hit.trigger), "peak",
                                      hit.peak, "accepted", hit.accepted, "reason", fault ? val(to_string(hit.reason)) : val::null(),
                                      "reason_time_s", fault ? number_or_null(hit.reason_time_s) : val::null(), "reason_channel",
                                      hit.reason_channel < 0 ? val::null() : val(double(hit.reason_channel))));
  }
  return hits;
}

}  // namespace

HammerOptions hammer_options_from_js(const val& o) {
  HammerOptions options;
  options.modes = modes_options_from_js(o);
  read_described(o, options);  // trigger, pretrigger, length, doubleHit, expTau, reject, accept
  return options;
}

val hammer_to_js(const HammerTest& r, const HammerOptions& o) {
  val out = outcome_to_js(r);
  const val banded = r.has_modes ? modes_to_js(r.modes, o.modes) : val::null();
  val modes = r.has_modes ? banded["modes"] : val::array();
  for (std::size_t i = 0; i < r.zeta_windowed.size(); ++i) {
    val mode = modes[unsigned(i)];
    mode.set("zeta_windowed", r.zeta_windowed[i]);
    mode.set("damping_correction", r.damping_correction[i]);
  }
  set_fields(out, "hits", hits_to_js(r), "averages", double(r.averages), "rejected", double(r.rejected), "length",
             double(r.hits.length), "pretrigger", double(r.hits.pretrigger), "trigger_level", r.hits.level, "force_window",
             double(r.force_window), "tau_s", number_or_null(r.tau_s), "window_decay_rate", r.decay_rate, "frf",
             r.has_modes ? banded["frf"] : frf_to_js(r.frf), "modes", modes, "damping_corrected", r.damping_corrected,
             "stabilization", r.has_modes ? banded["stabilization"] : val::array());
  return out;
}

val hammer_js(val data, val options) {
  return result_or_error([&] {
    const double h = data["h"].as<double>();
    const Matrix u = matrix_from_js(data["u"], "force data u");
    require(u.cols() == 1, "hammer: the force is one column, got " + std::to_string(u.cols()), "force");
    const Matrix y = matrix_from_js(data["y"], "output data y");
    const HammerOptions o = hammer_options_from_js(options);
    return hammer_to_js(hammer_test(u.col(0), y, h, o), o);
  });
}

}  // namespace mechid::wasm
