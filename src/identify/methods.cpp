#include "identify/methods.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <sstream>

#include "core/input_error.hpp"
#include "identify/acceleration_outputs.hpp"
#include "identify/amplitude_scaling.hpp"
#include "identify/guardrails.hpp"
#include "identify/work_estimate.hpp"

namespace mechid {

namespace {

using RunsMethod = Identification (*)(const std::vector<Dataset>&, const IdentifyOptions&);

// What a method can honour beyond one run with the plain symmetric model.
struct MethodEntry {
  const char* name;
  RunsMethod run;
  bool runs, structure, friction, offset;
};

const MethodEntry kMethods[] = {
    {"variational", [](const std::vector<Dataset>& r, const IdentifyOptions& o) { return identify_variational(r[0], o); },
     false, false, false, false},
    {"n4sid-d2c", [](const std::vector<Dataset>& r, const IdentifyOptions& o) { return identify_n4sid_d2c(r[0], o); },
     false, false, false, false},
    {"equation-error",
     [](const std::vector<Dataset>& r, const IdentifyOptions& o) { return identify_equation_error(r[0], o); }, false, false,
     false, false},
    {"variational-zoh", identify_variational_zoh, true, true, false, true},
    {"inverse-dynamic", identify_inverse_dynamic, true, true, true, true},
    {"auto", identify_auto, true, true, true, true},
};

// "a, b or c": the methods with a capability (every method when none is named), for messages.
std::string methods_with(bool MethodEntry::*capability = nullptr) {
  std::vector<std::string> names;
  for (const MethodEntry& m : kMethods)
    if (!capability || m.*capability) names.push_back(m.name);
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) out += (i ? (i + 1 == names.size() ? " or " : ", ") : "") + names[i];
  return out;
}

// Several runs must be records of one experiment: same h, columns and kinds.
void check_runs(const std::vector<Dataset>& runs) {
  require(!runs.empty(), "no data");
  const Dataset& a = runs.front();
  for (std::size_t i = 1; i < runs.size(); ++i) {
    const Dataset& b = runs[i];
    const std::string run = "run " + std::to_string(i + 1);
    require(b.h == a.h, run + " is sampled at h = " + format_number(b.h) + ", run 1 at h = " + format_number(a.h) +
                            ": runs of one experiment need one sampling period", "runs");
    require(b.u.cols() == a.u.cols() && b.y.cols() == a.y.cols(),
            run + " has " + std::to_string(b.u.cols()) + " input and " + std::to_string(b.y.cols()) +
                " output column(s), run 1 has " + std::to_string(a.u.cols()) + " and " + std::to_string(a.y.cols()), "runs");
    require(b.input_sampling == a.input_sampling && b.outputs == a.outputs,
            run + " declares another input sampling or output kind than run 1", "runs");
  }
  require(runs.size() == 1 || a.outputs == OutputKind::displacement,
          "several runs are supported for displacement outputs only (the acceleration prefilter runs per record)", "runs");
}

}  // namespace

std::vector<std::string> method_names() {
  std::vector<std::string> names;
  for (const MethodEntry& m : kMethods) names.push_back(m.name);
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

Identification identify(const std::string& method, std::vector<Dataset>&& runs, const IdentifyOptions& options) {
  const MethodEntry* entry = nullptr;
  for (const MethodEntry& m : kMethods)
    if (method == m.name) entry = &m;
  if (!entry)
    throw InputError("unknown method '" + method + "' (expected " + methods_with() + ")");
  options.validate();
  resolve_input_sampling(runs);
  check_runs(runs);
  for (const Dataset& d : runs) {
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
  require(!options.coulomb_friction || runs.front().outputs == OutputKind::displacement,
          "friction needs displacement outputs: sign(q') of high-passed accelerations is not the sign of the velocity", "friction");
  require(options.lowpass_hz == 0 || method == "inverse-dynamic" || (method == "auto" && options.coulomb_friction),
          "lowpass_hz applies to inverse-dynamic (and to auto with friction, which runs it), not to " + method, "lowpass");
  // The resource guard, before any allocation that grows with the request (work_estimate.hpp).
  check_work(method, runs, options);
  const Dataset& data = runs.front();
  // The guardrail on the input, also when the method fails (a poor input is often why): from the
  // data as given, before they are scaled in place.
  const std::string excitation = excitation_order_warning(data);
  // Every method runs on amplitude-normalised data (the result does not depend on units); every
  // run with the first run's factors, and known entries of the structure in the same units. Scaled
  // in place (the records are this call's own): no second copy of them (48 MB for 10⁶ samples of
  // 3 DOF, issue 19).
  const auto run_scaled = [&](std::vector<Dataset>& scaled) {
    const AmplitudeScaling scaling = amplitude_scaling(scaled.front());
    for (Dataset& d : scaled) scale_data(d, scaling);
    IdentifyOptions o = options;
    o.structure = options.structure.scaled(scaling.output / scaling.input);
    Identification result = entry->run(scaled, o);
    unscale_result(result, scaling);
    // M, D, K scale by inputs/outputs: finite on the scaled data, they can leave double's range in
    // the user's units (outputs of 1e-300, inputs of 1e30). Never an ok result with inf in it.
    const MechanicalSystem& s = result.system;
    if (result.status != Status::failed && !(s.M.allFinite() && s.D.allFinite() && s.K.allFinite()))
      result.fail("M, D and K in the data's units are beyond double's range (inputs of RMS " + format_digits(scaling.input) +
                  ", outputs of RMS " + format_digits(scaling.output) +
                  "; the matrices scale as their ratio): give the data in other units");
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
    r = run_scaled(runs);
  }
  if (!excitation.empty()) r.add_warning(excitation);
  if (data.input_sampling.from_data) r.diagnostics.input_sampling = input_sampling_note(data);
  return r;
}

SubspaceModel subspace_pilot(const Dataset& data) {
  const Eigen::Index order = 2 * data.y.cols(), ny = data.y.cols(), k = data.u.cols();
  SubspaceOptions o;
  o.order = order;
  o.block_rows = choose_block_rows(order, k, ny, data.y.rows(), data.h, 0.0);
  o.estimate_input = false;  // the pilot is for F's poles only
  return subspace_identify(data, o);
}

double slowest_period(const Matrix& F, double h) {
  double slowest = 0.0;
  const Eigen::VectorXcd poles = Eigen::EigenSolver<Matrix>(F, false).eigenvalues();  // owned: not a view of a temporary
  for (const auto z : poles) {
    const double omega = std::abs(std::log(z)) / h;  // s = log(λ)/h
    if (omega > 0) slowest = std::max(slowest, 2.0 * M_PI / omega);
  }
  return slowest;
}

SubspaceModel subspace_with_rule(const Dataset& data, const IdentifyOptions& options, double horizon_fraction,
                                 const SubspaceModel* computed_pilot) {
  const Eigen::Index order = 2 * data.y.cols(), N = data.y.rows(), ny = data.y.cols(), k = data.u.cols();
  SubspaceOptions o;
  o.order = order;
  if (options.block_rows > 0) {
    o.block_rows = options.block_rows;
    return subspace_identify(data, o);
  }
  SubspaceModel pilot = computed_pilot ? *computed_pilot : subspace_pilot(data);
  if (pilot.status == Status::failed) return pilot;
  const double slowest = slowest_period(pilot.F, data.h);
  const Eigen::Index rows = choose_block_rows(order, k, ny, N, data.h, slowest, horizon_fraction);
  // The pilot's block rows suffice: its F and H are what steps 1-3 would give again.
  if (rows <= pilot.block_rows) return subspace_fit_input(data, std::move(pilot));
  o.block_rows = rows;
  return subspace_identify(data, o);
}

void note_suggested_dof(const SubspaceModel& model, Eigen::Index dof, Identification& r) {
  const Eigen::Index suggested = suggested_dof(model.singular_values);
  r.diagnostics.suggested_dof = suggested;
  if (suggested > 0 && suggested != dof)
    r.add_warning("the n4sid singular values suggest " + std::to_string(suggested) + " degrees of freedom, the data have " +
                  std::to_string(dof) + ": unmodelled or unexcited dynamics?");
}

bool below_nyquist(const std::vector<Mode>& modes, double h) {
  return std::all_of(modes.begin(), modes.end(), [&](const Mode& m) { return m.omega_n * h < M_PI; });
}

double midpoint_frequency_error(double omega, double h) {
  const double x = omega * h;
  if (x == 0) return 0.0;  // a rigid-body mode: the limit of tan(x/2)·2/x − 1
  return x < M_PI ? 2.0 * std::tan(x / 2.0) / x - 1.0 : INFINITY;
}

std::string midpoint_error_words(double omega, double h, int digits) {
  const double error = midpoint_frequency_error(omega, h);
  if (std::isinf(error))  // tan(ωh/2) has its pole at ωh = π: no finite error to print ("inf %")
    return "the midpoint model cannot represent this frequency at all (h·ω ≥ π, at or beyond the Nyquist frequency)";
  std::ostringstream out;
  out.precision(digits);
  out << "the midpoint model errs by " << 100 * error << " % in frequency";
  return out.str();
}

}  // namespace mechid
