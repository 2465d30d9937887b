// auto (beyond the thesis): the recommended method. The thesis's variational estimate (or, when
// it is unusable, the n4sid-d2c one) starts the exact-sampling PEM in M, D, K; the result says
// which estimate it returns and why: the exact model when the inputs were held (ZOH is then
// exact at any h), otherwise the better free-run fit, with h·ω_max and the midpoint model's
// frequency error beside it.
#include <cmath>
#include <sstream>

#include "core/input_error.hpp"
#include "identify/exact_sampling_predictor.hpp"
#include "identify/methods.hpp"

namespace mechid {
namespace {

// Every factor-th sample of y, with u averaged over the factor samples from it on (the held
// input that best stands for them): data at the period factor·h.
Dataset decimate(const Dataset& data, Eigen::Index factor) {
  const Eigen::Index N = data.y.rows() / factor;
  Dataset out{data.h * static_cast<double>(factor), Matrix(N, data.u.cols()), Matrix(N, data.y.cols()), InputSampling::hold};
  for (Eigen::Index j = 0; j < N; ++j) {
    out.y.row(j) = data.y.row(j * factor);
    out.u.row(j) = data.u.middleRows(j * factor, factor).colwise().mean();
  }
  return out;
}

// ½‖y - ŷ‖² of the exact sampled model of `start` from the first samples (lower is a better start).
double exact_cost(const Dataset& data, const Matrix& L, const Identification& start) {
  if (start.status == Status::failed || !start.M_pd) return INFINITY;
  const ExactSamplingPredictor predictor(data, L);
  Vector r;
  return predictor.residuals(predictor.pack(start.system, initial_state_guess(data)), r, nullptr) ? 0.5 * r.squaredNorm() : INFINITY;
}

// 3 significant digits, for the reason text.
std::string short_number(double x) {
  std::ostringstream out;
  out.precision(3);
  out << x;
  return out.str();
}

// Whether a variational estimate's PEM reached a stationary point: its modes (and so h·ω_max)
// can then be trusted to decide whether decimated starts are needed.
bool pem_converged(const Identification& r) {
  if (r.diagnostics.stop_reason) return reached_stationary_point(*r.diagnostics.stop_reason);
  return !r.failed();
}

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
  // High sampling rates: when h·ω_max < 0.1 the subspace start degrades (its past horizon spans
  // little of the slowest period). Variational estimates from data decimated by 2, 4, 8 (while
  // h·ω_max stays below 0.5 and the data have samples enough for the subspace step) compete, as
  // M, D, K do not depend on h; the start whose exact model fits the full data best is refined.
  // A start whose PEM did not converge may carry a spurious fast mode, so its h·ω_max is not
  // trusted: then every factor competes.
  const Matrix L = input_matrix(data, options);
  if (!start.modal.modes.empty()) {
    const bool trusted = pem_converged(start);
    const double h_omega = start.modal.modes.back().omega_n * data.h;
    double best = exact_cost(data, L, start);
    for (Eigen::Index factor = 2; (!trusted || (h_omega < 0.1 && factor * h_omega < 0.5)) && factor <= 8; factor *= 2) {
      Identification coarse;
      try {
        coarse = identify_variational(decimate(data, factor), options);
      } catch (const InputError&) {
        break;  // too few samples left for the subspace step: so for larger factors too
      }
      timing += coarse.timing_ms;
      const double cost = exact_cost(data, L, coarse);
      if (cost < best) {
        best = cost;
        coarse.method = "variational (decimated by " + std::to_string(factor) + ")";
        start = std::move(coarse);
      }
    }
  }
  Identification refined = refine_exact_sampling(data, options, start);
  timing += refined.timing_ms;

  const Identification* usable = refined.status != Status::failed ? &refined : &variational;
  std::string accuracy = "no modes to judge h by";
  if (!usable->modal.modes.empty()) {
    const double omega_max = usable->modal.modes.back().omega_n;
    accuracy = "h·ω_max = " + short_number(omega_max * data.h) + ", where " + midpoint_error_words(omega_max, data.h);
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
    const Identification& other = exact_fits_better ? variational : refined;
    reason = "point-sampled inputs: the FOH and midpoint models both approximate the intersample input; the " +
             chosen.method + " estimate fits better (mean fit " + short_number(mean_fit(chosen)) + " % vs " +
             short_number(mean_fit(other)) + " % of " + other.method + "); " + accuracy;
  }
  chosen.diagnostics.choice = chosen.method;
  chosen.diagnostics.reason = reason;
  chosen.method = "auto";
  chosen.timing_ms = timing;
  return chosen;
}

}  // namespace mechid
