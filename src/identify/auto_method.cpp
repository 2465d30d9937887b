// auto (beyond the thesis): the recommended method. The subspace model's exact d2c (or, where the
// full rate cuts the subspace step's horizon short, the thesis's variational estimate of decimated
// data; every start competes when that one is unusable) starts the exact-sampling PEM in M, D, K;
// the result says
// which estimate it returns and why: the exact model when the inputs were held (ZOH is then
// exact at any h) or band-limited (its model errs by a few 1e-6 at any h), otherwise the model whose own free-run prediction fits the data better (a
// likelihood comparison), with h·ω_max and the midpoint model's frequency error beside it.
//
// identify_auto runs named stages, each with a typed result: the friction branch; the pilot and
// the shared starts (AutoStarts); the start from decimated data, the full-rate start, the
// competition when neither is usable, the structured start (AutoStart); the refinement with its
// retry (AutoRefinement); the choice of the estimate returned and its reason (AutoChoice).
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include "core/input_error.hpp"
#include "core/stopwatch.hpp"
#include "identify/exact_sampling_predictor.hpp"
#include "identify/growing_horizon.hpp"
#include "identify/intersample_model.hpp"
#include "identify/inverse_dynamic.hpp"
#include "identify/methods.hpp"
#include "identify/output_response.hpp"
#include "identify/start_comparison.hpp"
#include "identify/subspace_start.hpp"
#include "model/sampling_accuracy.hpp"

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

// Whether a variational estimate's PEM reached a stationary point (a start that did not may carry
// a spurious fast mode, or sit far from any minimum).
bool pem_converged(const Identification& r) {
  if (r.diagnostics.stop_reason) return reached_stationary_point(*r.diagnostics.stop_reason);
  return !r.failed();
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

// The largest h·ω_max of a decimated start that is taken without competition: its midpoint model
// errs by at most 9 % in frequency (midpoint_frequency_error(1, 1)), a bias the refinement removes.
constexpr double kStartMaxHOmega = 1.0;

// The subspace pilot of the full-rate data (subspace_pilot; none when the start follows no
// block-row rule or the pilot could not run) and whether it says that the full-rate start's past
// horizon is cut: the rule wants kStartHorizonFraction of the slowest period (choose_block_rows),
// and the cap of 64 block rows, or the samples, allow fewer. The pilot's poles come from the
// minimum block rows: where the horizon is cut they are poor (3dof, h = 0.005: slowest period 83 s
// and ω_max 644 rad/s against the true 5.4 s and 2.35 rad/s), but they err towards a longer period,
// so they still tell that it is cut; where it is not, they are what the rule already uses.
struct FullRatePilot {
  std::optional<SubspaceModel> pilot;
  bool horizon_cut = false;
};

FullRatePilot full_rate_pilot(const Dataset& data, const IdentifyOptions& options) {
  FullRatePilot out;
  if (options.init != "n4sid" || options.block_rows > 0) return out;  // no rule to follow
  try {
    out.pilot = subspace_pilot(data);
  } catch (const InputError&) {
    return out;  // too few samples: the full-rate start says so itself
  }
  if (out.pilot->status == Status::failed) return out;
  const double period = slowest_period(out.pilot->F, data.h);
  if (!(period > 0)) return out;
  const Eigen::Index ny = data.y.cols();
  const Eigen::Index allowed = choose_block_rows(2 * ny, data.u.cols(), ny, data.y.rows(), data.h, period, kStartHorizonFraction);
  out.horizon_cut = static_cast<double>(allowed) < std::ceil(kStartHorizonFraction * period / data.h);
  return out;
}

// What auto's stages share: the runs, the first run's data (the starts come from it), L and the
// structure of the exact cost, the full-rate pilot, the starts computed once when first needed,
// and the time spent so far.
class AutoStarts {
 public:
  AutoStarts(const std::vector<Dataset>& runs, const IdentifyOptions& options)
      : runs(runs), options(options), data(runs.front()), L_(input_matrix(data, options)),
        structure_(resolve(options.structure, data.y.cols())) {}

  const std::vector<Dataset>& runs;
  const IdentifyOptions& options;
  const Dataset& data;
  double timing = 0.0;  // ms spent in the stages' computations

  // The full-rate pilot, once, when a start needs it: not when IDIM-IV's settled start makes the
  // unstructured starts unnecessary (structured_start), where it had been 7 % of the 24-DOF chain's
  // instructions (callgrind), all on one thread.
  const FullRatePilot& pilot() {
    if (!pilot_) {
      const Stopwatch clock;
      pilot_ = full_rate_pilot(data, options);
      timing += clock.elapsed_ms();
    }
    return *pilot_;
  }

  // The subspace step of the full-rate start (the block-row rule from the pilot), once, when
  // needed; none without an n4sid start or when the data are too short for it (the variational
  // estimate then says why).
  const SubspaceModel* full_rate_subspace() {
    if (!subspace_tried_ && options.init == "n4sid") {
      const FullRatePilot& full_rate = pilot();  // its own time
      const Stopwatch clock;
      try {
        subspace_ = subspace_with_rule(data, options, kStartHorizonFraction, full_rate.pilot ? &*full_rate.pilot : nullptr);
      } catch (const InputError&) {
      }
      timing += clock.elapsed_ms();
      if (subspace_) require_responding_outputs(data, *subspace_);  // output_response.hpp
    }
    subspace_tried_ = true;
    return subspace_ ? &*subspace_ : nullptr;
  }

  // The variational estimates of the full-rate data and of the data decimated by 2, 4, 8, each
  // computed once, when needed (factor 1: the full rate; failed when too few samples remain).
  const Identification& variational_at(Eigen::Index factor) {
    auto found = estimates_.find(factor);
    if (found != estimates_.end()) return found->second;
    Identification r;
    try {
      r = factor == 1 ? identify_variational(data, options, full_rate_subspace())
                      : identify_variational(decimate(data, factor), options, nullptr, VariationalRun::as_start);
    } catch (const OutputWithoutResponse&) {
      throw;  // no start mends an output of noise only (output_response.hpp)
    } catch (const InputError& e) {
      if (factor == 1) throw;  // the data's own problem: the user has to hear it
      r.fail(e.what());
    }
    timing += r.timing_ms;
    if (factor > 1) r.method = "variational (decimated by " + std::to_string(factor) + ")";
    return estimates_.emplace(factor, std::move(r)).first->second;
  }

  // ½‖y - ŷ‖² over the runs of the exact sampled model of `start` projected onto the structure
  // (the refinement's own start: its objective at θ₀, each run's x_0 from its first samples; lower
  // is a better start).
  double exact_cost(const Identification& start) const {
    if (start.status == Status::failed || !start.M_pd) return INFINITY;
    const ExactSamplingPredictor predictor(runs, L_, structure_);
    Vector r;
    return predictor.residuals(predictor.pack(start.system, predictor.initial_states_guess()), r, nullptr) ? 0.5 * r.squaredNorm()
                                                                                                         : INFINITY;
  }

  // The cost of an estimate from data decimated by `factor` as a start: exact_cost (infinite
  // unless M > 0 and the prediction is stable), infinite too when its modes are not below its
  // data's Nyquist frequency (beyond it the midpoint model aliases).
  double cost_of(const Identification& r, Eigen::Index factor) const {
    if (r.failed() || r.modal.modes.empty() || !below_nyquist(r.modal.modes, data.h * static_cast<double>(factor)))
      return static_cast<double>(INFINITY);
    return exact_cost(r);
  }

  // The variational estimates computed so far, by decimation factor (1: the full rate).
  const std::map<Eigen::Index, Identification>& variational_estimates() const { return estimates_; }

  // Frees the estimates computed so far (the full-rate one's N x n series: 48 MB at 10⁶ samples of 3
  // DOF): once the estimate returned is chosen (and copied), nothing reads them.
  void free_estimates() { estimates_.clear(); }

  // A start is usable when its cost is finite and its PEM converged.
  double usable_cost(const Identification& r, Eigen::Index factor) const {
    return pem_converged(r) ? cost_of(r, factor) : static_cast<double>(INFINITY);
  }

 private:
  const Matrix L_;
  const StructureMap structure_;
  std::optional<FullRatePilot> pilot_;
  std::optional<SubspaceModel> subspace_;
  bool subspace_tried_ = false;
  std::map<Eigen::Index, Identification> estimates_;
};

// The start of the refinement: the estimate, its cost (infinite: not usable yet) and whether it is
// the subspace model's exact d2c.
struct AutoStart {
  Identification estimate;
  double cost = INFINITY;
  bool d2c = false;
  bool settled_instruments = false;  // IDIM-IV's settled estimate (structured_start): the whole record first
  std::string init_note;  // how an option init other than n4sid was used (identify_auto's reason)
};

// Friction asked for: the exact-sampling PEM has no friction term; the inverse-dynamic least
// squares has.
Identification friction_branch(const std::vector<Dataset>& runs, const IdentifyOptions& options) {
  Identification r = identify_inverse_dynamic(runs, options);
  r.diagnostics.choice = r.method;
  r.diagnostics.reason = std::string("friction asked for: the inverse-dynamic least squares (IDIM-LS) estimates it ") +
                         "with M, D, K; the exact-sampling PEM has no friction model";
  r.method = "auto";
  return r;
}

// Starts from decimated data where the full-rate start's past horizon is cut (full_rate_pilot):
// M, D, K do not depend on h, and the decimated data give the subspace step the horizon at a
// fraction of the cost (cubic in the block rows). The coarsest factor of 8, 4, 2 whose estimate is
// usable with h·ω_max at most kStartMaxHOmega is the start. Measured on the identification
// study's data (3dof h = 0.005 and 0.01, 8dof h = 0.0005 to 0.002; docs/results.md, "Speed of
// identification"): the refinement from the full-rate start and from each decimated start reached
// the same minimum (costs equal to 4-5 digits, errors to 3), while the full-rate start took 35-70 %
// of auto's time, and 28 s when its PEM ran to its iteration limit (8dof, h = 0.0005).
AutoStart decimated_start(AutoStarts& starts) {
  AutoStart start;
  if (!starts.pilot().horizon_cut) return start;
  const Dataset& data = starts.data;
  const Eigen::Index ny = data.y.cols(), enough = subspace_min_samples(min_block_rows(2 * ny, ny), data.u.cols(), ny);
  for (Eigen::Index factor = 8; factor >= 2 && !std::isfinite(start.cost); factor /= 2) {
    if (data.y.rows() / factor < enough) continue;  // fewer than the rule's minimum block rows allow
    const Identification& coarse = starts.variational_at(factor);
    if (coarse.failed() || coarse.modal.modes.empty() ||
        coarse.modal.modes.back().omega_n * data.h * static_cast<double>(factor) > kStartMaxHOmega)
      continue;
    if (const double cost = starts.usable_cost(coarse, factor); std::isfinite(cost)) {
      start.cost = cost;
      start.estimate = coarse;
    }
  }
  return start;
}

// At the full rate, the subspace model's exact d2c (n4sid-d2c's route at the start's block rows)
// first: unlike the midpoint model it has no frequency error at any h, and it saves the
// variational PEM. Measured on single runs (docs/results.md, "Speed of identification"):
// the refinement from it took as many iterations as from the variational start at small h·ω_max
// (8dof, h = 0.005 and 0.02: 3) and fewer at large h·ω_max (3dof, h = 0.4 and 0.6: 2-3 against
// 6-8, where the midpoint model errs by 8-18 % in frequency); on the whole identification study
// auto's errors stayed the same to 3 digits. The variational start when the d2c one is unusable (an
// unstable F, no real logarithm, one actuator's extraction, M not positive definite).
AutoStart full_rate_start(AutoStarts& starts) {
  AutoStart start;
  if (const SubspaceModel* sub = starts.full_rate_subspace()) {
    Identification exact = n4sid_d2c_from(*sub, starts.data, starts.options);
    starts.timing += exact.timing_ms;
    if (const double cost = starts.usable_cost(exact, 1); std::isfinite(cost)) {
      start.cost = cost;
      start.estimate = std::move(exact);
      start.d2c = true;
    }
  }
  if (!std::isfinite(start.cost)) {
    start.estimate = starts.variational_at(1);
    start.cost = starts.usable_cost(start.estimate, 1);
  }
  return start;
}

// No usable start yet: every start competes, the one whose exact sampled model fits the full data
// best (the refinement's own objective) is refined: the full-rate variational estimate (or, when it
// failed or M is not positive definite, the n4sid-d2c one) and the variational estimates of the
// data decimated by 2, 4, 8. The case it was built for: 8dof, h = 0.0005, where the full-rate PEM
// ran into its iteration limit with M indefinite or n4sid's F unstable, while the data decimated by
// 4 give a start within 2 %.
void compete_starts(AutoStarts& starts, AutoStart& start) {
  Identification& estimate = start.estimate;  // the full-rate variational one (full_rate_start)
  if (estimate.status == Status::failed || !estimate.M_pd) {
    if (starts.options.init != "n4sid")
      start.init_note = "the variational start from the " + starts.options.init + " initialisation (option init) was unusable (" +
                        (estimate.failed() ? estimate.message : std::string("M not positive definite")) +
                        "), so the n4sid-d2c estimate competed in its place";
    estimate = identify_n4sid_d2c(starts.data, starts.options);
    starts.timing += estimate.timing_ms;
  }
  start.cost = !estimate.failed() && !estimate.modal.modes.empty() ? starts.exact_cost(estimate) : INFINITY;
  for (Eigen::Index factor = 2; factor <= 8; factor *= 2) {
    const Identification& coarse = starts.variational_at(factor);
    if (const double cost = starts.cost_of(coarse, factor); cost < start.cost) {
      start.cost = cost;
      estimate = coarse;
    }
  }
}

// A constrained structure: the start estimates the structure's free entries itself, by IDIM-IV
// (inverse_dynamic_start: the inverse-dynamic least squares, then instrumental variables from its
// own free runs, which remove the bias toward zero that noise on the differentiated q gives the
// least squares). On the chains of docs/results.md ("Scale": N = 6000, h = 0.002, 20 dB) IDIM-LS's
// M and K were 81-89 % off at 24 and 32 DOF, IDIM-IV's 1.3-2 %, and from it the 32-DOF chain's
// first stage over the growing horizon took 4 iterations instead of 78. When its iterations settled
// and its exact sampled model predicts (M > 0, stable: a finite exact cost) it is the start, and the
// unstructured starts (their subspace steps and variational PEMs, about half of the 32-DOF chain's
// time) are not computed. Otherwise they are, and the unstructured start projected onto the
// structure (the entries outside the pattern set to zero, which can move it far) competes with the
// inverse-dynamic one by the same exact cost (unit channel weights and no offsets, where the
// refinement then weighs by 1/σ and may add offsets: a proxy of its objective). Measured on the
// 24-DOF chain before IDIM-IV: from the projected variational start (M 5.9 % off before projection)
// the PEM followed the stability boundary to a local minimum at 9 times the optimum's cost (M 97 %
// off, 405 s); IDIM-LS's start (M 81 % off, but its exact cost 6 times lower) led it to the
// optimum it also reaches from the truth (M 0.45 %, D 5.2 %, K 0.29 % off, 49 s).
AutoStart structured_start(AutoStarts& starts) {
  AutoStart out;
  try {
    InverseDynamicStart iv = inverse_dynamic_start(starts.runs, starts.options);
    out.settled_instruments = iv.iterations.settled;
    out.estimate = std::move(iv.estimate);
  } catch (const InputError&) {
    out.estimate.status = Status::failed;  // e.g. too few samples for its filter
  }
  starts.timing += out.estimate.timing_ms;
  out.cost = starts.exact_cost(out.estimate);
  return out;
}

// The start the refinement runs from: under a constrained structure a settled IDIM-IV estimate;
// else decimated, else full-rate, else the best of all, and under a constrained structure that one
// against the inverse-dynamic estimate.
AutoStart choose_start(AutoStarts& starts) {
  const bool structured = !starts.options.structure.unconstrained();
  AutoStart inverse_dynamic;
  if (structured) {
    inverse_dynamic = structured_start(starts);
    if (inverse_dynamic.settled_instruments && std::isfinite(inverse_dynamic.cost)) return inverse_dynamic;
  }
  AutoStart start = decimated_start(starts);
  if (!std::isfinite(start.cost)) start = full_rate_start(starts);
  if (!std::isfinite(start.cost)) compete_starts(starts, start);
  if (structured) {
    if (!std::isfinite(start.cost)) start.cost = starts.exact_cost(start.estimate);
    if (inverse_dynamic.cost < start.cost) start = std::move(inverse_dynamic);
  }
  return start;
}

// The refinement and, when it was retried, what the reason says about it.
struct AutoRefinement {
  Identification refined;
  std::string redone;
};

// A refinement from the start that reached no stationary point over the whole record, redone over
// a growing horizon (growing_horizon.hpp: one period of the start's slowest mode first, then
// doubled) from each start computed so far (the start, then the variational estimates of the
// full-rate and decimated data with M > 0 and modes below their Nyquist frequency), in the order of
// their exact cost (the refinement's own objective at the start), until one converges; that one is
// kept, or else the one of lowest exact cost when it is below the refinement's. Measured (numerics
// review e622506, problem 10: modes at 1 and 100 rad/s, ζ 0.01, h = 0.003, N = 20000, 40 dB,
// seeds 1-10): over the whole record the refinement from the n4sid-d2c start stopped in a local
// minimum (seed 1: M 88 % off) or at its iteration limit (seed 4), and the retry from the
// best-fitting start crawled to its iteration limit (M 14 % and 30 % off, no interval); over the
// growing horizon both converged from the start of data decimated by 4 (the lowest exact cost; M
// 3.9 % and 2.0 % off against a reported sd of 2.6 % and 3.0 %; n4sid-d2c: 4.5 % and 4.7 %); the
// other eight seeds converged over the whole record and are unchanged.
// `tried`: the growing horizon from the start itself, when refine() already ran it (its result,
// or none), so that it is not run again.
void redo_over_growing_horizon(AutoStarts& starts, AutoStart& start, AutoRefinement& out,
                               std::optional<std::optional<Identification>> tried) {
  const Identification original = start.estimate;
  std::vector<std::pair<double, const Identification*>> candidates{{starts.exact_cost(original), &original}};
  for (const auto& [factor, estimate] : starts.variational_estimates())
    if (!estimate.failed() && estimate.M_pd && !estimate.modal.modes.empty() &&
        below_nyquist(estimate.modal.modes, starts.data.h * static_cast<double>(factor)) && estimate.method != original.method)
      candidates.emplace_back(starts.exact_cost(estimate), &estimate);
  std::stable_sort(candidates.begin(), candidates.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  const auto converged = [](const Identification& r) { return !r.failed() && pem_converged(r); };
  double best_cost = starts.exact_cost(out.refined);
  for (const auto& ranked : candidates) {
    const Identification* candidate = ranked.second;
    std::optional<Identification> grown;
    if (candidate == &original && tried) {
      grown = std::move(*tried);
    } else {
      grown = refine_over_growing_horizon(starts.runs, starts.options, *candidate);
      if (grown) starts.timing += grown->timing_ms;
    }
    if (!grown) continue;
    const double grown_cost = starts.exact_cost(*grown);
    if (!converged(*grown) && !(grown_cost < best_cost)) continue;
    best_cost = grown_cost;
    out.refined = std::move(*grown);
    out.redone = "the refinement from " + original.method + " over the whole record did not converge and was redone " +
                 "from " + candidate->method + " over a growing horizon (one period of its slowest mode first, then doubled, " +
                 "then the whole record)";
    if (candidate != &original) {
      start.estimate = *candidate;
      start.d2c = false;
    }
    if (converged(out.refined)) return;
  }
}

// The exact-sampling PEM from the start. A refinement from the exact d2c start that did not
// converge is repeated from the full-rate variational start (the start before the d2c one was
// preferred; "Speed of identification"), which then becomes the start; the retry is
// kept when it converged, or else when its exact cost is lower. Measured on accelerations (3dof,
// h = 0.05, multisine, 20 dB; bench uncertainty, 200 seeds): from the d2c start 3 refinements ran
// to the iteration limit with unstable roots (seeds 177, 180, 191: m11 off by up to 8.3), from the
// variational start each converged in 3 iterations.
// With a constrained structure the refinement runs over a growing horizon first
// (growing_horizon.hpp), the whole record only when that does not converge: a chain's PEM took
// 22-48 iterations over the whole record from its starts (docs/results.md, "Scale"), most of them
// far from the minimum, where a few periods of the slowest mode tell the direction as well as the
// whole record does. Over the growing horizon it ended 0.001-0.02 sd (the largest difference of an
// entry of M, D, K) from the whole-record estimate in 22-58 % of the time ("Where the time goes":
// 16 DOF 3.05 s against 13.9 s, 24 DOF 13.6 s against 35.0 s, natively). The unconstrained
// refinements (3-12 iterations) keep the whole record first, and so does a settled IDIM-IV start,
// which is close enough: from it the whole record took 4-8 iterations on the chains of 4-50 DOF,
// natively 0.83, 2.5, 8.8 and 45 s at 16, 24, 32 and 50 DOF against 1.1, 4.4, 8.3 and 65 s over the
// growing horizon, the same estimates to 3 digits.
AutoRefinement refine(AutoStarts& starts, AutoStart& start) {
  const auto converged = [](const Identification& r) { return !r.failed() && pem_converged(r); };
  std::optional<std::optional<Identification>> grown;  // set when tried
  if (!starts.options.structure.unconstrained() && !start.settled_instruments) {
    grown = refine_over_growing_horizon(starts.runs, starts.options, start.estimate);
    if (*grown) starts.timing += (*grown)->timing_ms;
    if (*grown && converged(**grown)) return {std::move(**grown), {}};
  }
  AutoRefinement out{refine_exact_sampling(starts.runs, starts.options, start.estimate), {}};
  starts.timing += out.refined.timing_ms;
  if (!converged(out.refined)) redo_over_growing_horizon(starts, start, out, std::move(grown));
  if (!start.d2c || converged(out.refined)) return out;
  const Identification& variational = starts.variational_at(1);
  if (!std::isfinite(starts.usable_cost(variational, 1))) return out;
  Identification retry = refine_exact_sampling(starts.runs, starts.options, variational);
  starts.timing += retry.timing_ms;
  if (converged(retry) || starts.exact_cost(retry) < starts.exact_cost(out.refined)) {
    out.refined = std::move(retry);
    start.estimate = variational;
    out.redone = "the refinement from the n4sid-d2c start did not converge and was redone from this one";
  }
  return out;
}

// A refinement that reached no stationary point, or (unstructured) whose free-run fit stays more
// than kFitMargin below that of another start already computed (the variational estimates of the
// full-rate and decimated data, whose modes are below their Nyquist frequency), is repeated from the
// computed start with the best free-run fit on the full-rate data (free_run_fit); the repeat is
// kept when its fit is better. Measured (numerics review e622506, problem 10: two modes at 1 and
// 100 rad/s, ζ 0.01, h = 0.003, N = 20000, 40 dB, seed 1): the decimated starts were unusable
// (their PEM at its iteration limit), the n4sid-d2c start (free-run fit -37 %) led the refinement
// to its iteration limit at a fit of 1.2 % with M 13 times off; the start from data decimated by 2
// or 4 has a fit of 99 % at the full rate.
void refine_from_best_start(AutoStarts& starts, AutoStart& start, AutoRefinement& out) {
  const Dataset& data = starts.data;
  const double refined_fit = free_run_fit(out.refined, data);
  const Identification* best = nullptr;
  double best_fit = -INFINITY;
  for (const auto& [factor, estimate] : starts.variational_estimates()) {
    if (estimate.failed() || !estimate.M_pd || estimate.method == start.estimate.method || estimate.modal.modes.empty() ||
        !below_nyquist(estimate.modal.modes, data.h * static_cast<double>(factor)))
      continue;
    if (const double fit = free_run_fit(estimate, data); fit > best_fit) {
      best_fit = fit;
      best = &estimate;
    }
  }
  if (!best) return;
  const bool converged = !out.refined.failed() && pem_converged(out.refined);
  const bool below = !(refined_fit >= best_fit - (converged ? kFitMargin : 0.0));  // NaN (no free run) counts as below
  if (!below || (converged && !starts.options.structure.unconstrained())) return;
  Identification retry = refine_exact_sampling(starts.runs, starts.options, *best);
  starts.timing += retry.timing_ms;
  if (const double retry_fit = free_run_fit(retry, data); retry_fit > refined_fit || (std::isnan(refined_fit) && !std::isnan(retry_fit))) {
    out.redone = "the refinement from " + start.estimate.method + " " + (converged ? "ended at a free-run fit of " + format_digits(refined_fit) + " %" : "did not converge") +
                 " and was redone from this start, whose own fit is " + format_digits(best_fit) + " %";
    out.refined = std::move(retry);
    start.estimate = *best;
    start.d2c = false;
  }
}

// The estimate returned and why; from_refinement when it is the refinement (moved here, not
// copied: its validation series are 2·N·n doubles).
struct AutoChoice {
  Identification chosen;
  std::string reason;
  bool from_refinement = false;
};

AutoChoice refinement_chosen(Identification& refined, std::string reason) { return {std::move(refined), std::move(reason), true}; }

// Point samples: neither the midpoint nor the exact-sampling model (FOH, or band-limited when the
// samples' spectrum says so: intersample_model.hpp) is exact between samples. Each model is judged
// by its own free-run prediction of the same samples; with the same number of parameters and
// Gaussian errors of one variance, the likelihood ratio (and so AIC) favours the smaller sum of
// squares (Ljung 1999, sec. 16.4). The validation fit is not the criterion: it simulates both
// estimates with the exact-sampling model, the refinement's own objective.
// `exact`: the refinement's exact_sse, taken before its series were set aside (choose_estimate).
AutoChoice choose_by_likelihood(AutoStarts& starts, Identification& refined, const std::string& accuracy, double exact) {
  const Identification& variational = starts.variational_at(1);
  const double midpoint = variational_sse(variational);
  // A model without a prediction (failed, or its simulation diverged) loses to one with it.
  const bool exact_predicts_better = std::isnan(midpoint) || (!std::isnan(exact) && exact <= midpoint);
  const double ratio = exact_predicts_better ? midpoint / exact : exact / midpoint;
  const std::string by = std::isfinite(ratio) ? "a residual sum of squares " + format_digits(ratio) + " times smaller than"
                                              : "no prediction from";
  std::string reason = "point-sampled inputs: the " + refined.diagnostics.sampling_model.value_or("foh") +
                       " and midpoint models both approximate the intersample input; the " +
                       (exact_predicts_better ? refined.method : variational.method) +
                       " model's own free run predicts the data with " + by + " the other's (equal parameter counts: " +
                       "the likelihood ratio decides); " + accuracy;
  if (exact_predicts_better) return refinement_chosen(refined, std::move(reason));
  return {variational, std::move(reason)};
}

// h·ω_max of the estimate and the midpoint model's frequency error there, for the reason.
std::string accuracy_words(const Identification& estimate, double h) {
  if (estimate.modal.modes.empty()) return "no modes to judge h by";
  const double omega_max = estimate.modal.modes.back().omega_n;
  return "h·ω_max = " + format_digits(omega_max * h) + ", where " + midpoint_error_words(omega_max, h);
}

// The refined estimate, or a fallback when it failed and a start may stand in for it, with the
// reason.
AutoChoice choose_estimate(AutoStarts& starts, const Identification& start, Identification& refined) {
  const IdentifyOptions& options = starts.options;
  const bool failed = refined.status == Status::failed, several = starts.runs.size() > 1;
  const std::string accuracy = accuracy_words(failed ? start : refined, starts.data.h);
  const std::string from = "); started from " + start.method;
  if (failed && !options.structure.unconstrained())  // the unstructured starts do not honour the structure: no fallback to them
    return refinement_chosen(refined, "the exact-sampling refinement, the one that honours the structure, failed (" + refined.message + ")");
  if (failed && (several || options.offset))  // the variational start has neither the other runs nor the offset: no fallback to it
    return refinement_chosen(refined, "the exact-sampling refinement, the one that takes several runs and offsets, failed (" + refined.message + ")");
  if (failed) {
    const Identification& variational = starts.variational_at(1);  // the start when the variational one failed
    return {variational.failed() && !start.failed() ? start : variational,
            "the exact-sampling refinement failed (" + refined.message + "); " + accuracy};
  }
  if (!options.structure.unconstrained() || several || options.offset)
    return refinement_chosen(refined, std::string("only the exact-sampling PEM honours ") +
                                          (several ? "several runs" : options.offset ? "the offset" : "the structure") + " (" + accuracy + from);
  if (starts.data.input_sampling == InputSampling::hold)
    return refinement_chosen(refined, "inputs held over each period: the ZOH model is exact at any h (" + accuracy + from);
  // The refinement's sum of squares for the choice by likelihood first: its series are then set
  // aside through the spectra below and the full-rate variational estimate (identify_auto makes them
  // again if it is returned; issue 56 item 7: 48 MB of the CLI's peak at 10⁶ samples of 3 DOF).
  const Eigen::Index rows = options.estimate_initial ? starts.data.y.rows() : starts.data.y.rows() - 2;
  const double exact = exact_sse(refined, starts.data, rows);
  drop_series(refined.validation);
  // The samples show a band-limited input, which the band-limited model represents to a few 1e-6
  // (intersample_model.hpp): far below the midpoint model's error, no approximation to arbitrate.
  const IntersampleModel intersample = choose_intersample_model(starts.data.u, starts.data.h, starts.data.input_sampling);
  if (intersample.kind == IntersampleKind::band_limited)
    return refinement_chosen(refined, "point samples of a band-limited input: " + band_limited_error_words(intersample) + " (" + accuracy + from);
  return choose_by_likelihood(starts, refined, accuracy, exact);
}

// The guard of the returned estimate against its start (start_comparison.hpp): when the refined
// estimate's free-run fit on the full-rate data stays more than kFitMargin below its start's, the
// start is returned instead where it can stand in for the refinement (validated on these data; no
// structure, offset or further runs that only the refinement honours), else the refinement is
// kept; either way the result carries the advice worse_than_start.
void guard_against_start(AutoStarts& starts, const Identification& start, AutoChoice& choice) {
  if (!choice.from_refinement || choice.chosen.failed()) return;
  const Dataset& data = starts.data;
  const double start_fit = free_run_fit(start, data), refined_fit = free_run_fit(choice.chosen, data);
  if (!(start_fit > refined_fit + kFitMargin) && !(std::isnan(refined_fit) && std::isfinite(start_fit))) return;
  const IdentifyOptions& options = starts.options;
  const bool can_stand_in = start.validation.simulated.rows() == data.y.rows() && options.structure.unconstrained() &&
                            !options.offset && starts.runs.size() == 1;
  if (can_stand_in) {
    choice.chosen = start;
    choice.reason = "the exact-sampling refinement ended with a free-run fit of " + format_digits(refined_fit) +
                    " %, below its start's " + format_digits(start_fit) + " %: the start is returned";
  }
  choice.chosen.advise(worse_than_start_advice(start.method, start_fit, refined_fit, can_stand_in));
}

// The estimate auto returns, its series possibly set aside (choose_by_likelihood).
Identification auto_estimate(const std::vector<Dataset>& runs, const IdentifyOptions& options) {
  AutoStarts starts(runs, options);
  AutoStart start = choose_start(starts);
  AutoRefinement refinement = refine(starts, start);
  refine_from_best_start(starts, start, refinement);
  AutoChoice choice = choose_estimate(starts, start.estimate, refinement.refined);
  starts.free_estimates();  // before the guard's free runs and spectra
  guard_against_start(starts, start.estimate, choice);
  Identification chosen = std::move(choice.chosen);  // moved out, not copied: its validation series are 2·N·n doubles
  chosen.diagnostics.choice = chosen.method;
  chosen.diagnostics.reason = refinement.redone.empty() ? choice.reason : choice.reason + " (" + refinement.redone + ")";
  if (options.init != "n4sid")  // option init: the variational starts begin from it, the subspace starts are not used
    *chosen.diagnostics.reason += "; option init " + options.init + ": " +
                                  (start.init_note.empty() ? "the variational starts were initialised by it instead of n4sid"
                                                           : start.init_note);
  chosen.method = "auto";
  chosen.timing_ms = starts.timing;
  return chosen;
}

}  // namespace

Identification identify_auto(const std::vector<Dataset>& runs, const IdentifyOptions& options) {
  if (options.coulomb_friction) return friction_branch(runs, options);
  Identification chosen = auto_estimate(runs, options);
  // Its series made again once the other estimates and the starts are freed: the same free run on
  // the same (scaled) data as its validation (validation.hpp restore_series).
  if (chosen.validation.dropped_rows > 0) {
    const Stopwatch clock;
    restore_series(chosen.validation, chosen.system, runs.front());
    chosen.timing_ms += clock.elapsed_ms();
  }
  return chosen;
}

}  // namespace mechid
