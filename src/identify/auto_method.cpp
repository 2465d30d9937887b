// auto (beyond the thesis): the recommended method. The thesis's variational estimate (or, when
// it is unusable, the n4sid-d2c one) starts the exact-sampling PEM in M, D, K; the result says
// which estimate it returns and why: the exact model when the inputs were held (ZOH is then
// exact at any h), otherwise the model whose own free-run prediction fits the data better (a
// likelihood comparison), with h·ω_max and the midpoint model's frequency error beside it.
#include <cmath>

#include "core/input_error.hpp"
#include "identify/exact_sampling_predictor.hpp"
#include "identify/intersample_model.hpp"
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

// ½‖y - ŷ‖² over the runs of the exact sampled model of `start` projected onto the structure (the
// refinement's own start: its objective at θ₀, each run's x_0 from its first samples; lower is a
// better start).
double exact_cost(const std::vector<Dataset>& runs, const Matrix& L, const StructureMap& structure,
                  const Identification& start) {
  if (start.status == Status::failed || !start.M_pd) return INFINITY;
  const ExactSamplingPredictor predictor(runs, L, structure);
  Vector r;
  return predictor.residuals(predictor.pack(start.system, predictor.initial_states_guess()), r, nullptr) ? 0.5 * r.squaredNorm()
                                                                                                       : INFINITY;
}


// Whether a variational estimate's PEM reached a stationary point: its modes (and so h·ω_max)
// can then be trusted to decide which decimated starts are worth trying.
bool pem_converged(const Identification& r) {
  if (r.diagnostics.stop_reason) return reached_stationary_point(*r.diagnostics.stop_reason);
  return !r.failed();
}

// Whether every mode of r lies below the Nyquist frequency π/h of data sampled at h. Sampled data
// cannot tell a mode above it from its alias below (the exact sampled model of the alias fits
// nearly as well), so a start beyond it is an aliased twin of the system, not an estimate of it.
bool below_nyquist(const Identification& r, double h) {
  for (const Mode& mode : r.modal.modes)
    if (!(mode.omega_n * h < M_PI)) return false;
  return true;
}

// Sum of squared output errors of a model's own free-run prediction over the last `rows` samples:
// the variational PEM's final cost (its midpoint recursion, initial q estimated with it), or the
// exact sampled model's free run with a least-squares initial state (the validation simulation).
// NaN when the estimate has none.
double variational_sse(const Identification& r) { return !r.failed() && r.diagnostics.cost ? 2.0 * *r.diagnostics.cost : NAN; }
double exact_sse(const Identification& r, const Dataset& data, Eigen::Index rows) {
  if (r.validation.simulated.rows() != data.y.rows()) return NAN;
  return (data.y - r.validation.simulated).bottomRows(rows).squaredNorm();
}

// Whether the full-rate start's subspace step had a past horizon shorter than its rule asks for
// (kStartHorizonFraction of the slowest period, choose_block_rows): the rows the user gave, or the
// cap of 64 block rows or the samples, cut it. Only a start from the subspace step (init "n4sid",
// the option's value) has such a horizon; any other start, or a rigid-body mode (no period to
// span), counts as cut. Computed from the start's own modes, so that a pilot whose slowest period
// came out slightly shorter does not decide it.
bool horizon_cut(const Identification& start, const Dataset& data, const IdentifyOptions& options) {
  if (start.failed() || start.modal.modes.empty() || start.diagnostics.init.value_or("") != "n4sid") return true;
  const double omega = start.modal.modes.front().omega_n;
  if (!(omega > 0)) return true;
  const double period = 2.0 * M_PI / omega, wanted = std::ceil(kStartHorizonFraction * period / data.h);
  const Eigen::Index ny = data.y.cols();
  const Eigen::Index allowed = options.block_rows > 0 ? options.block_rows
                                                      : choose_block_rows(2 * ny, data.u.cols(), ny, data.y.rows(), data.h, period,
                                                                          kStartHorizonFraction);
  return static_cast<double>(allowed) < wanted;
}

}  // namespace

Identification identify_auto(const std::vector<Dataset>& runs, const IdentifyOptions& options) {
  if (options.coulomb_friction) {
    // The exact-sampling PEM has no friction term; the inverse-dynamic least squares has.
    Identification r = identify_inverse_dynamic(runs, options);
    r.diagnostics.choice = r.method;
    r.diagnostics.reason = std::string("friction asked for: the inverse-dynamic least squares (IDIM-LS) estimates it ") +
                           "with M, D, K; the exact-sampling PEM has no friction model";
    r.method = "auto";
    return r;
  }
  const Dataset& data = runs.front();  // the starts come from the first run
  const Identification variational = identify_variational(data, options);
  double timing = variational.timing_ms;
  Identification start = variational;
  if (variational.status == Status::failed || !variational.M_pd) {
    start = identify_n4sid_d2c(data, options);
    timing += start.timing_ms;
  }
  // Starts from decimated data. At high rates the subspace start degrades (its past horizon spans
  // little of the slowest period); M, D, K do not depend on h, so variational estimates of the data
  // decimated by 2, 4, 8 compete with the full-rate one, and the start whose exact sampled model
  // fits the full data best (the refinement's own objective) is refined. A factor is tried while the
  // decimated data still sample the fastest mode below their Nyquist frequency (factor·h·ω_max < π,
  // beyond which the midpoint model aliases) and have samples enough for the subspace step. A start
  // whose PEM did not converge may carry a spurious fast mode, so its ω_max is not trusted: then
  // every factor competes; so too when no full-rate start is usable at all (8dof, h = 0.0005: the
  // variational PEM ended with M indefinite and n4sid's F was unstable, while the data decimated
  // by 4 give a start within 2 %).
  //
  // The decimated starts are tried only when the full-rate start's past horizon was cut short
  // (horizon_cut: the 64-block-row cap or the samples left it below kStartHorizonFraction of the
  // slowest period). Otherwise decimation gives the subspace step nothing more, only fewer
  // samples and a coarser midpoint model: on the 8dof study (docs/results.md, bound8) the
  // full-rate start won in 20 of 20 runs at h = 0.01 and 0.02, and the decimated starts only cost
  // time (2.9 of 4.8 s at h = 0.02); with this test auto's errors on the whole study were the same
  // to 3 digits. A start that failed, did not converge or has no finite exact-model cost leaves
  // every factor in.
  const Matrix L = input_matrix(data, options);
  const StructureMap structure(resolve(options.structure, data.y.cols()));
  {
    const bool has_modes = !start.failed() && !start.modal.modes.empty();
    const bool trusted = has_modes && pem_converged(start);
    const double h_omega = has_modes ? start.modal.modes.back().omega_n * data.h : 0.0;
    double best = has_modes ? exact_cost(runs, L, structure, start) : INFINITY;
    const bool usable = trusted && std::isfinite(best);  // else no full-rate start to keep: every factor competes
    const bool short_horizon = horizon_cut(start, data, options);
    for (Eigen::Index factor = 2; (!usable || (short_horizon && factor * h_omega < M_PI)) && factor <= 8; factor *= 2) {
      Identification coarse;
      try {
        coarse = identify_variational(decimate(data, factor), options);
      } catch (const InputError&) {
        break;  // too few samples left for the subspace step: so for larger factors too
      }
      timing += coarse.timing_ms;
      if (!below_nyquist(coarse, data.h * static_cast<double>(factor))) continue;  // an aliased twin, not a start
      const double cost = exact_cost(runs, L, structure, coarse);
      if (cost < best) {
        best = cost;
        coarse.method = "variational (decimated by " + std::to_string(factor) + ")";
        start = std::move(coarse);
      }
    }
    // A constrained structure: the refinement starts from the estimate projected onto it (the
    // entries outside the pattern set to zero), which can move a full estimate far. The
    // inverse-dynamic least squares estimates the structure's free entries themselves; it competes
    // by the same exact cost of its projection (unit channel weights and no offsets, where the
    // refinement then weighs by 1/σ and may add offsets: a proxy of its objective). Measured on the 24-DOF chain with the chain structure (N = 6000,
    // h = 0.002, 20 dB): from the projected variational start (M 5.9 % off before projection) the
    // PEM followed the stability boundary to a local minimum at 9 times the optimum's cost (M 97 %
    // off, 405 s); the inverse-dynamic start (M 81 % off, but its exact cost 6 times lower) led it
    // to the optimum it also reaches from the truth (M 0.45 %, D 5.2 %, K 0.29 % off, 49 s).
    if (!options.structure.unconstrained()) {
      if (!std::isfinite(best)) best = exact_cost(runs, L, structure, start);
      Identification structured;
      try {
        structured = identify_inverse_dynamic(runs, options);
      } catch (const InputError&) {
        structured.status = Status::failed;  // e.g. too few samples for its filter: the start stays
      }
      timing += structured.timing_ms;
      if (exact_cost(runs, L, structure, structured) < best) start = std::move(structured);
    }
  }
  Identification refined = refine_exact_sampling(runs, options, start);
  timing += refined.timing_ms;

  const Identification* usable = refined.status != Status::failed ? &refined : &variational;
  std::string accuracy = "no modes to judge h by";
  if (!usable->modal.modes.empty()) {
    const double omega_max = usable->modal.modes.back().omega_n;
    accuracy = "h·ω_max = " + format_digits(omega_max * data.h) + ", where " + midpoint_error_words(omega_max, data.h);
  }
  std::string reason;
  Identification chosen;
  if (refined.status == Status::failed && !options.structure.unconstrained()) {
    chosen = refined;  // the unstructured starts do not honour the structure: no fallback to them
    reason = "the exact-sampling refinement, the one that honours the structure, failed (" + refined.message + ")";
  } else if (refined.status == Status::failed && (runs.size() > 1 || options.offset)) {
    chosen = refined;  // the variational start has neither the other runs nor the offset: no fallback to it
    reason = "the exact-sampling refinement, the one that takes several runs and offsets, failed (" + refined.message + ")";
  } else if (refined.status == Status::failed) {
    chosen = variational.failed() && !start.failed() ? start : variational;  // the start when the variational one failed
    reason = "the exact-sampling refinement failed (" + refined.message + "); " + accuracy;
  } else if (!options.structure.unconstrained() || runs.size() > 1 || options.offset) {
    chosen = refined;
    reason = std::string("only the exact-sampling PEM honours ") +
             (runs.size() > 1 ? "several runs" : options.offset ? "the offset" : "the structure") + " (" + accuracy +
             "); started from " + start.method;
  } else if (data.input_sampling == InputSampling::hold) {
    chosen = refined;
    reason = "inputs held over each period: the ZOH model is exact at any h (" + accuracy + "); started from " + start.method;
  } else if (choose_intersample_model(data.u, data.h, data.input_sampling).kind == IntersampleKind::band_limited) {
    // The samples show a band-limited input, which the band-limited model represents exactly
    // (intersample_model.hpp): like ZOH for held inputs, no approximation to arbitrate.
    chosen = refined;
    reason = "point samples of a band-limited input: the band-limited model is exact at any h (" + accuracy +
             "); started from " + start.method;
  } else {
    // Point samples: neither the midpoint nor the exact-sampling model (FOH, or band-limited when the
    // samples' spectrum says so: intersample_model.hpp) is exact between samples. Each model is
    // judged by its own free-run prediction of the same samples; with the same number of
    // parameters and Gaussian errors of one variance, the likelihood ratio (and so AIC) favours the
    // smaller sum of squares (Ljung 1999, sec. 16.4). The validation fit is not the criterion: it
    // simulates both estimates with the exact-sampling model, the refinement's own objective.
    const Eigen::Index rows = options.estimate_initial ? data.y.rows() : data.y.rows() - 2;
    const double midpoint = variational_sse(variational), exact = exact_sse(refined, data, rows);
    // A model without a prediction (failed, or its simulation diverged) loses to one with it.
    const bool exact_predicts_better = std::isnan(midpoint) || (!std::isnan(exact) && exact <= midpoint);
    chosen = exact_predicts_better ? refined : variational;
    const double ratio = exact_predicts_better ? midpoint / exact : exact / midpoint;
    const std::string by = std::isfinite(ratio) ? "a residual sum of squares " + format_digits(ratio) + " times smaller than"
                                                : "no prediction from";
    reason = "point-sampled inputs: the " + refined.diagnostics.sampling_model.value_or("foh") +
             " and midpoint models both approximate the intersample input; the " +
             chosen.method + " model's own free run predicts the data with " + by + " the other's (equal parameter counts: " +
             "the likelihood ratio decides); " + accuracy;
  }
  chosen.diagnostics.choice = chosen.method;
  chosen.diagnostics.reason = reason;
  chosen.method = "auto";
  chosen.timing_ms = timing;
  return chosen;
}

}  // namespace mechid
