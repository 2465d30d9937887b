// auto (beyond the thesis): the recommended method. The thesis's variational estimate (or, when
// it is unusable, the n4sid-d2c one) starts the exact-sampling PEM in M, D, K; the result says
// which estimate it returns and why: the exact model when the inputs were held (ZOH is then
// exact at any h), otherwise the better free-run fit, with h·ω_max and the midpoint model's
// frequency error beside it.
#include <numeric>

#include "core/input_error.hpp"
#include "identify/methods.hpp"

namespace mechid {
namespace {

double mean_fit(const Identification& r) {
  const Vector& fit = r.validation.fit_percent;
  return fit.size() ? fit.mean() : -INFINITY;
}

}  // namespace

Identification identify_auto(const Dataset& data, const IdentifyOptions& options) {
  const Identification variational = identify_variational(data, options);
  double timing = variational.timing_ms;
  Identification start = variational;
  if (variational.status == Status::failed || !variational.M_pd) {
    start = identify_n4sid_d2c(data, options);
    timing += start.timing_ms;
  }
  Identification refined = refine_exact_sampling(data, options, start);
  timing += refined.timing_ms;

  const Identification* usable = refined.status != Status::failed ? &refined : &variational;
  std::string accuracy = "no modes to judge h by";
  if (!usable->modal.modes.empty()) {
    const double omega_max = usable->modal.modes.back().omega_n;
    accuracy = "h·ω_max = " + format_number(omega_max * data.h) + ", where the midpoint model errs by " +
               format_number(100 * midpoint_frequency_error(omega_max, data.h)) + " % in frequency";
  }
  std::string reason;
  Identification chosen;
  if (refined.status == Status::failed) {
    chosen = variational;
    reason = "the exact-sampling refinement failed (" + refined.message + "); " + accuracy;
  } else if (data.input_sampling == InputSampling::hold) {
    chosen = refined;
    reason = "inputs held over each period: the ZOH model is exact at any h (" + accuracy + "); started from " + start.method;
  } else {
    const bool exact_fits_better = mean_fit(refined) >= mean_fit(variational);
    chosen = exact_fits_better ? refined : variational;
    reason = "point-sampled inputs: the FOH and midpoint models both approximate the intersample input; the " +
             chosen.method + " estimate fits better (mean fit " + format_number(mean_fit(refined)) + " % vs " +
             format_number(mean_fit(variational)) + " %); " + accuracy;
  }
  chosen.notes.emplace_back("choice", chosen.method);
  chosen.notes.emplace_back("reason", reason);
  chosen.method = "auto";
  chosen.timing_ms = timing;
  return chosen;
}

}  // namespace mechid
