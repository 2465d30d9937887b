#include "identify/methods.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <optional>
#include <sstream>

#include "core/input_error.hpp"
#include "identify/acceleration_outputs.hpp"
#include "identify/amplitude_scaling.hpp"
#include "identify/guardrails.hpp"
#include "identify/method_table.hpp"
#include "identify/record_validation.hpp"
#include "identify/result_diagnoses.hpp"
#include "identify/run_spread.hpp"
#include "identify/model_shape_advice.hpp"
#include "identify/undetermined_advice.hpp"
#include "identify/work_estimate.hpp"

namespace mechid {

namespace {

// "a, b or c": the methods of the table that pass `has` (every method without one), for messages.
template <class Has>
std::string methods_where(Has has) {
  std::vector<std::string> names;
  for (const MethodEntry& m : method_table())
    if (has(m)) names.push_back(m.name);
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) out += (i ? (i + 1 == names.size() ? " or " : ", ") : "") + names[i];
  return out;
}

std::string methods_with(bool MethodEntry::*capability) {
  return methods_where([&](const MethodEntry& m) { return m.*capability; });
}

// Which methods take lowpass_hz, from the table: "lowpass_hz applies to inverse-dynamic (and to
// auto with friction)".
std::string lowpass_rule() {
  const std::string with_friction = methods_where([](const MethodEntry& m) { return m.lowpass == Lowpass::with_friction; });
  return "lowpass_hz applies to " + methods_where([](const MethodEntry& m) { return m.lowpass == Lowpass::always; }) +
         (with_friction.empty() ? "" : " (and to " + with_friction + " with friction)");
}

}  // namespace

std::vector<std::string> method_names() {
  std::vector<std::string> names;
  for (const MethodEntry& m : method_table()) names.push_back(m.name);
  return names;
}

// What the acceleration prefilter did, and a warning when the slowest identified mode is near
// its cut-off (the high-pass then removes part of that mode's response, and with it information).
static void note_acceleration_prefilter(const AccelerationPrefilter& filter, double h, Identification& r) {
  std::ostringstream what;
  what << "accelerations: inputs and outputs high-passed at " << filter.cutoff_hz
       << " Hz (4th-order Butterworth, the accelerations through s²/B(s) instead of a double integration); the first "
       << filter.discarded << " samples (" << filter.discarded * h << " s) dropped while the filter settled";
  r.diagnostics.outputs = what.str();
  r.diagnostics.prefilter_cutoff_hz = filter.cutoff_hz;
  r.diagnostics.prefilter_discarded = filter.discarded;
  if (r.status == Status::failed || r.modal.modes.empty()) return;
  const double slowest_hz = r.modal.modes.front().omega_n / (2 * M_PI);
  if (slowest_hz < 3 * filter.cutoff_hz) {
    std::ostringstream w;
    w << "the slowest mode (" << slowest_hz << " Hz) is less than 3 times the acceleration high-pass cut-off ("
      << filter.cutoff_hz << " Hz): its estimate loses accuracy; lower the cut-off (a longer record allows it)";
    r.add_warning(w.str());
  }
}

Identification method_result(std::string method, const Dataset& data) {
  Identification r;
  r.method = std::move(method);
  r.h = data.h;
  return r;
}

Identification identify(const std::string& method, const Dataset& data, const IdentifyOptions& options) {
  return identify(method, std::vector<Dataset>{data}, options);
}

Identification identify(const std::string& method, const std::vector<Dataset>& runs, const IdentifyOptions& options) {
  return identify(method, std::vector<Dataset>(runs), options);
}

Identification identify(const std::string& method, std::vector<Dataset>&& runs, const IdentifyOptions& options,
                        std::vector<Dataset> held_out) {
  const MethodEntry* entry = find_method(method);
  if (!entry)
    throw InputError("unknown method '" + method + "' (expected " + methods_where([](const MethodEntry&) { return true; }) + ")");
  options.validate();
  resolve_input_sampling(runs);
  for (Dataset& d : held_out)
    if (d.input_sampling.from_data && !runs.empty()) d.input_sampling = runs.front().input_sampling.value;
  check_runs(runs, held_out);
  for (Dataset& d : held_out) apply_column_scales(d);
  for (Dataset& d : runs) {
    apply_column_scales(d);
    validate_options(d);
    validate_samples(d);
  }
  resolve(options.structure, runs.front().y.cols());  // a bad structure is bad input, whatever the method's start does
  require(entry->runs || runs.size() == 1, "method " + method + " takes one record, got " + std::to_string(runs.size()) +
                                               " runs; " + methods_with(&MethodEntry::runs) + " take several", "runs");
  require(entry->structure || options.structure.unconstrained(),
          "method " + method + " cannot honour a structure (its estimate has every entry of M, D, K or of the discrete "
          "Md, Dd, Kd, eq. 2.22, free); use " + methods_with(&MethodEntry::structure), "structure");
  require(entry->friction || !options.coulomb_friction,
          "method " + method + " has no friction term; use " + methods_with(&MethodEntry::friction), "friction");
  require(entry->offset || !options.offset,
          "method " + method + " has no offset term; use " + methods_with(&MethodEntry::offset), "offset");
  require(entry->positive || !options.positive,
          "method " + method + " cannot honour positive (M, K positive definite and D semidefinite by construction); use " +
              methods_with(&MethodEntry::positive),
          "positive");
  require(!options.coulomb_friction || runs.front().outputs == OutputKind::displacement,
          "friction needs displacement outputs: sign(q') of high-passed accelerations is not the sign of the velocity", "friction");
  require(entry->acceleration || runs.front().outputs == OutputKind::displacement,
          "method " + method + " takes displacement outputs only; use " + methods_with(&MethodEntry::acceleration), "outputs");
  require(options.lowpass_hz == 0 || takes_lowpass(*entry, options), lowpass_rule() + ", not to " + method, "lowpass");
  // The resource guard, before any allocation that grows with the request (work_estimate.hpp).
  check_work(method, runs, options);
  const Dataset& data = runs.front();
  double longest_s = 0.0;  // the longest run's duration, for record_length_advice
  for (const Dataset& d : runs) longest_s = std::max(longest_s, d.h * double(d.y.rows() - 1));
  // The guardrail on the input, also when the method fails (a poor input is often why): from the
  // data as given, before they are scaled in place.
  const std::string excitation = excitation_order_warning(data);
  // Every method runs on amplitude-normalised data (the result does not depend on units); every
  // run with the first run's factors, and known entries of the structure in the same units. Scaled
  // in place (the records are this call's own): no second copy of them (48 MB for 10⁶ samples of
  // 3 DOF, issue 19).
  const auto run_scaled = [&](std::vector<Dataset>& scaled) {
    const AmplitudeScaling scaling = amplitude_scaling(scaled.front(), input_matrix(scaled.front(), options)),
                           common = common_scaling(scaled.front()), relative = relative_scaling(scaling, common);
    for (Dataset& d : scaled) scale_data(d, scaling);
    IdentifyOptions o = options;
    o.pem.max_iterations = guarded_pem_iterations(o.pem, o.structure.unconstrained());  // work_estimate.hpp
    for (MatrixStructure* s : {&o.structure.M, &o.structure.D, &o.structure.K}) s->known = scaled_matrix(s->known, scaling);
    Identification result = entry->run(scaled, o);
    // The diagnoses compare outputs with each other (a flipped sign, a unit): on the data in their
    // own units up to one common factor (the records rescaled in place, no copy), once on the
    // estimate returned.
    unscale_result(result, relative);
    for (Dataset& d : scaled) unscale_data(d, relative);
    diagnose_result(result, scaled.front());
    unscale_result(result, common);
    // M, D, K scale by forces/outputs²: finite on the scaled data, they can leave double's range in
    // the user's units (outputs of 1e-300, inputs of 1e30). Never an ok result with inf in it.
    const MechanicalSystem& s = result.system;
    if (result.status != Status::failed && !(s.M.allFinite() && s.D.allFinite() && s.K.allFinite()))
      result.fail("M, D and K in the data's units are beyond double's range (outputs of RMS down to " +
                  format_digits(scaling.output.minCoeff()) + ", forces of RMS up to " + format_digits(scaling.force.maxCoeff()) +
                  "; the matrices scale as forces over outputs): give the data in other units");
    return result;
  };
  Identification r;
  if (data.outputs == OutputKind::acceleration) {
    AccelerationPrefilter filter;
    std::vector<Dataset> equivalent{displacement_equivalent(data, data.acceleration_cutoff_hz, &filter)};
    r = run_scaled(equivalent);
    // The default cut-off, once the modes are known: a quarter of the slowest mode's frequency
    // (near enough to the modes not to amplify the accelerometer noise more than needed, far
    // enough to keep their response), but no lower than what settles within 40 % of the record.
    if (data.acceleration_cutoff_hz <= 0 && r.status != Status::failed && !r.modal.modes.empty()) {
      const double slowest_hz = r.modal.modes.front().omega_n / (2 * M_PI);
      const double better = std::max(slowest_hz / 4, default_prefilter_cutoff_hz(data.y.rows(), data.h, 0.4));
      if (std::abs(better - filter.cutoff_hz) > 0.2 * filter.cutoff_hz && better * data.h < 0.5 &&
          prefilter_settling_samples(better, data.h) < data.y.rows() - 50) {
        AccelerationPrefilter second_filter;
        std::vector<Dataset> second_equivalent{displacement_equivalent(data, better, &second_filter)};
        Identification second = run_scaled(second_equivalent);
        if (second.status != Status::failed) {  // a failed second pass keeps the first result
          r = std::move(second);
          filter = second_filter;
        }
      }
    }
    note_acceleration_prefilter(filter, data.h, r);
  } else {
    // Several runs: each also on its own (before the joint run scales them in place), for the
    // run-to-run spread beside the intervals (run_spread.hpp).
    std::vector<Identification> own;
    if (runs.size() >= 2)
      for (const Dataset& d : runs) {
        std::vector<Dataset> one{d};
        if (Identification e = run_scaled(one); !e.failed()) own.push_back(std::move(e));
      }
    r = run_scaled(runs);
    if (!r.failed()) report_run_spread(r, own);
  }
  advise_undetermined(r, data.outputs);  // barely excited modes, undetermined entries (undetermined_advice.hpp)
  if (!r.failed()) {  // what the estimate's modes say of the experiment (model_shape_advice.hpp)
    if (std::optional<Advice> a = free_body_advice(r.system)) r.advise(*a);
    // noise-free data determine even a short record's modes (the residuals are rounding)
    const bool noise_free = std::any_of(r.advice.begin(), r.advice.end(), [](const Advice& a) { return a.code == AdviceCode::noise_free; });
    if (std::optional<Advice> a = record_length_advice(r.modal, longest_s); a && !noise_free) r.advise(*a);
  }
  if (!excitation.empty()) r.add_warning(excitation);
  if (data.input_sampling.from_data) r.diagnostics.input_sampling = input_sampling_note(data);
  r.validation_records = validate_held_out(r, held_out, options.initial_window);
  return r;
}

}  // namespace mechid
