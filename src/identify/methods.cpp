#include "identify/methods.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <sstream>

#include "core/input_error.hpp"
#include "identify/acceleration_outputs.hpp"
#include "identify/amplitude_scaling.hpp"
#include "identify/guardrails.hpp"

namespace mechid {

std::vector<std::string> method_names() { return {"variational", "n4sid-d2c", "equation-error", "variational-zoh", "auto"}; }

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
  Identification (*run)(const Dataset&, const IdentifyOptions&) = nullptr;
  if (method == "variational") run = identify_variational;
  else if (method == "n4sid-d2c") run = identify_n4sid_d2c;
  else if (method == "equation-error") run = identify_equation_error;
  else if (method == "variational-zoh") run = identify_variational_zoh;
  else if (method == "auto") run = identify_auto;
  else throw InputError("unknown method '" + method + "' (expected variational, n4sid-d2c, equation-error, variational-zoh or auto)");
  options.validate();
  validate_options(data);
  // Every method runs on amplitude-normalised data (the result does not depend on units).
  const auto run_scaled = [&](const Dataset& d) {
    const AmplitudeScaling scaling = amplitude_scaling(d);
    Identification result = run(scaled_data(d, scaling), options);
    unscale_result(result, scaling);
    return result;
  };
  Identification r;
  if (data.outputs == OutputKind::acceleration) {
    AccelerationPrefilter filter;
    r = run_scaled(displacement_equivalent(data, data.acceleration_cutoff_hz, &filter));
    // The default cut-off, once the modes are known: a quarter of the slowest mode's frequency
    // (near enough to the modes not to amplify the accelerometer noise more than needed, far
    // enough to keep their response), but no lower than what settles within 40 % of the record.
    if (data.acceleration_cutoff_hz <= 0 && r.status != Status::failed && !r.modal.modes.empty()) {
      const double slowest_hz = r.modal.modes.front().omega_n / (2 * M_PI);
      const double better = std::max(slowest_hz / 4, default_prefilter_cutoff_hz(data.y.rows(), data.h, 0.4));
      if (std::abs(better - filter.cutoff_hz) > 0.2 * filter.cutoff_hz && better * data.h < 0.5 &&
          prefilter_settling_samples(better, data.h) < data.y.rows() - 50) {
        AccelerationPrefilter second_filter;
        Identification second = run_scaled(displacement_equivalent(data, better, &second_filter));
        if (second.status != Status::failed) {  // a failed second pass keeps the first result
          r = std::move(second);
          filter = second_filter;
        }
      }
    }
    note_acceleration_prefilter(filter, data.h, r);
  } else {
    r = run_scaled(data);
  }
  // The guardrail on the input, also when the method failed (a poor input is often why).
  if (std::string w = excitation_order_warning(data); !w.empty()) r.add_warning(std::move(w));
  return r;
}

SubspaceModel subspace_with_rule(const Dataset& data, const IdentifyOptions& options) {
  const Eigen::Index order = 2 * data.y.cols(), N = data.y.rows(), ny = data.y.cols(), k = data.u.cols();
  SubspaceOptions o;
  o.order = order;
  if (options.block_rows > 0) {
    o.block_rows = options.block_rows;
    return subspace_identify(data, o);
  }
  o.block_rows = choose_block_rows(order, k, ny, N, data.h, 0.0);
  o.estimate_input = false;  // the pilot is for F's poles only
  SubspaceModel pilot = subspace_identify(data, o);
  o.estimate_input = true;
  if (pilot.status == Status::failed) return pilot;
  // Slowest period from the pilot's poles: s = log(λ)/h.
  double slowest = 0.0;
  const Eigen::VectorXcd poles = Eigen::EigenSolver<Matrix>(pilot.F, false).eigenvalues();  // owned: not a view of a temporary
  for (const auto z : poles) {
    const double omega = std::abs(std::log(z)) / data.h;
    if (omega > 0) slowest = std::max(slowest, 2.0 * M_PI / omega);
  }
  const Eigen::Index rows = choose_block_rows(order, k, ny, N, data.h, slowest);
  o.block_rows = std::max(rows, o.block_rows);
  return subspace_identify(data, o);
}

void note_suggested_dof(const SubspaceModel& model, Eigen::Index dof, Identification& r) {
  const Eigen::Index suggested = suggested_dof(model.singular_values);
  r.diagnostics.suggested_dof = suggested;
  if (suggested > 0 && suggested != dof)
    r.add_warning("the n4sid singular values suggest " + std::to_string(suggested) + " degrees of freedom, the data have " +
                  std::to_string(dof) + ": unmodelled or unexcited dynamics?");
}

double midpoint_frequency_error(double omega, double h) {
  const double x = omega * h;
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
