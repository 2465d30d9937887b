// The thesis's identification algorithm in 5 steps (sec. 4.2): n4sid, second-order structure and
// initial (Md, Dd, Kd) (eq. 4.15), structured output-error PEM with f_d (eqs. 2.23-2.24, 4.16),
// back-conversion (eq. 2.26), checks. The PEM minimises the thesis's cost over the same model
// class, but with θ = (M, D, K) mapped to (Md, Dd, Kd) by eq. 2.22 instead of θ = (Md, Dd, Kd)
// (variational_predictor.hpp): T is invertible, so the minimiser is the same point, and the
// minimisation avoids T's 1/h² conditioning (thesis sec. 3.2; issue 15, review D2).
#include <algorithm>
#include <cmath>
#include <optional>

#include "core/stopwatch.hpp"
#include "identify/methods.hpp"
#include "identify/output_response.hpp"
#include "identify/positive_parametrization.hpp"
#include "identify/second_order.hpp"
#include "identify/subspace_start.hpp"
#include "identify/variational_predictor.hpp"
#include "model/modal.hpp"
#include "model/sampling_accuracy.hpp"

namespace mechid {
namespace {

// Initial Md, Dd, Kd from n4sid (steps 2-3) or equation error; the notes say which and why.
struct Start {
  DiscreteVariationalModel model;
  bool ok = false;
  std::string reason;          // why the n4sid start was not used
  Eigen::Index block_rows = 0;
  Identification record;       // its diagnostics and warnings, for the result when it is used
};

Start n4sid_start(const Dataset& data, const IdentifyOptions& options, const Matrix& L, const VariationalPredictor& predictor,
                  const SubspaceModel* computed = nullptr) {
  Start start;
  const SubspaceModel sub = computed ? *computed : subspace_with_rule(data, options, kStartHorizonFraction);
  start.block_rows = sub.block_rows;
  start.record.diagnostics.block_rows = sub.block_rows;
  note_suggested_dof(sub, data.y.cols(), start.record);
  if (sub.status == Status::failed) {
    start.reason = sub.message;
    return start;
  }
  require_responding_outputs(data, sub);  // an output of noise only: no model, and a PEM that creeps (output_response.hpp)
  const SecondOrderInit init = second_order_init(sub.F, sub.G, sub.H, L, data.h);
  start.record.diagnostics.omega_condition = init.omega_condition;
  if (init.status == Status::failed) {
    start.reason = init.message;
    return start;
  }
  Vector r0;
  if (!predictor.residuals(predictor.pack(init.model), r0, nullptr)) {
    start.reason = "the n4sid initial model predicts unstably";
    return start;
  }
  start.model = init.model;
  start.ok = true;
  return start;
}

// Steps 1-4 and the discrete result of step 5: the estimate before finish(), or failed. Its
// predictor (an N x n force series and the PEM's work) ends here, before finish() adds the
// validation's N x n series: a long record's peak is then one N x n series lower (auto on 10⁶
// samples of 3 DOF: 24 MB).
Identification variational_estimate(const Dataset& data, const IdentifyOptions& options, const SubspaceModel* start_subspace,
                                    VariationalRun run) {
  Identification r = method_result("variational", data);
  const Matrix L = input_matrix(data, options);
  validate(data, 3 * data.y.cols() + 3);
  VariationalPredictor predictor(data, L, options.estimate_initial);

  // Steps 2-3 (or the equation-error start), with a fallback when the start is unusable.
  Start start;
  if (options.init == "n4sid") {
    start = n4sid_start(data, options, L, predictor, start_subspace);
    // An unusable subspace model is often one with too short a past horizon: the rule's block
    // rows doubled, once, when the data have enough samples for them (as subspace_identify asks).
    const Eigen::Index more_rows = 2 * start.block_rows;
    std::optional<std::string> retried;  // why, when the retry's start is used
    if (!start.ok && options.block_rows == 0 && more_rows > 0 &&
        data.y.rows() >= 2 * more_rows * (1 + data.u.cols() + data.y.cols())) {
      IdentifyOptions more = options;
      more.block_rows = more_rows;
      Start retry = n4sid_start(data, more, L, predictor);
      if (retry.ok) {
        retried = "the start with " + std::to_string(start.block_rows) + " block rows was unusable (" + start.reason + "); " +
                  std::to_string(more_rows) + " block rows used";
        start = std::move(retry);
      }
    }
    r.diagnostics = start.record.diagnostics;
    r.diagnostics.n4sid_retry = retried;
    for (const std::string& w : start.record.warnings) r.add_warning(w);
  }
  std::string init_used = options.init;
  if (!start.ok) {
    if (options.init == "n4sid") {
      r.add_warning("n4sid initialization unusable (" + start.reason + "); equation-error initialization used");
      init_used = "equation-error (fallback)";
    }
    const EquationErrorFit fit = equation_error_fit(data, L);
    if (fit.failed()) {
      r.fail(fit.message);
      return r;
    }
    start.model = fit.model;
  }

  // Step 4: structured PEM, from the start mapped back by eq. 2.26 and θ scaled by it.
  struct Refined {
    PemReport pem;
    MechanicalSystem system;
    DiscreteVariationalModel discrete;
  };
  // As one of auto's starts (VariationalRun::as_start), the PEM stops at an iterate that could not
  // be one: M not positive definite, or a mode at or beyond the Nyquist frequency π/h. Measured
  // (8dof, h = 0.0005 decimated by 4, N = 1500, 40 seeds, ad hoc): from a poor subspace start the
  // PEM of 2 seeds went there and ran to its iteration limit (100 iterations, 3 s each: seed 3 to a
  // mode at ω h = 3.5, seed 37 to an indefinite M), and then the equation-error start's PEM too;
  // auto's whole run took 7.3 and 4.9 s against 1.1-1.6 s for the others.
  const auto unusable = [&](const Vector& theta, const Vector&) {
    const MechanicalSystem system = predictor.unpack_system(theta);
    if (Eigen::LLT<Matrix>(system.M).info() != Eigen::Success) return true;
    return !below_nyquist(modal_analysis(system).modes, data.h);
  };
  const StepObserver observer = run == VariationalRun::as_start ? StepObserver(unusable) : StepObserver();
  const auto refine = [&](const DiscreteVariationalModel& from) {
    const MechanicalSystem start_system = to_continuous(from);
    predictor.rescale(start_system);
    Vector theta = predictor.pack(start_system);
    Refined out{structured_pem(predictor, theta, data.y.cols(), options.positive, options.pem, observer), {}, {}};
    out.system = predictor.unpack_system(theta);  // θ is in the scaling of this start
    out.discrete = predictor.unpack(theta);
    return out;
  };
  Refined best = refine(start.model);
  // A PEM from the subspace start that ends non-physical (M not positive definite, or D or K with
  // a clearly negative eigenvalue) or at its iteration limit may sit in another basin than the
  // data's: the equation-error start competes, and the lower cost of the same predictor on the
  // same data wins (accelerations, review B11's case: the subspace start led to a local minimum
  // of 5x the cost with M indefinite).
  const auto suspicious = [](const Refined& x) {
    if (x.pem.failed() || !reached_stationary_point(x.pem.termination)) return true;
    const auto lowest = [](const Matrix& X) {
      const Vector e = Eigen::SelfAdjointEigenSolver<Matrix>(X, Eigen::EigenvaluesOnly).eigenvalues();
      return e(0) / std::max(e.cwiseAbs().maxCoeff(), 1e-300);
    };
    return !(lowest(x.system.M) > 0) || lowest(x.system.D) < -1e-6 || lowest(x.system.K) < -1e-6;
  };
  if (init_used == "n4sid" && suspicious(best)) {
    const EquationErrorFit fit = equation_error_fit(data, L);
    if (!fit.failed()) {
      Refined other = refine(fit.model);
      // A failed or abandoned (as_start) PEM is no candidate, whatever its cost.
      const auto candidate = [](const Refined& x) {
        return !x.pem.failed() && x.pem.termination != TerminationType::stopped_after_step;
      };
      if (candidate(other) && (!candidate(best) || other.pem.cost < best.pem.cost)) {
        init_used = candidate(best) ? "equation-error (its PEM reached a lower cost than the one from the n4sid start)"
                                    : "equation-error (the PEM from the n4sid start failed or was abandoned)";
        best = std::move(other);
      }
    }
  }
  const PemReport& pem = best.pem;
  r.diagnostics.init = init_used;
  r.diagnostics.iterations = pem.iterations;
  r.diagnostics.curvature_evaluations = pem.curvature_evaluations;
  r.diagnostics.initial_cost = pem.initial_cost;
  r.diagnostics.cost = pem.cost;
  r.diagnostics.gradient_norm = pem.gradient_norm;
  r.diagnostics.stop_reason = pem.termination;
  if (pem.failed()) {
    r.fail(pem.message);
    return r;
  }
  if (pem.termination == TerminationType::stopped_after_step) {
    r.fail("the PEM reached a model with M not positive definite or a mode at or beyond the Nyquist frequency π/h: "
           "abandoned as a start");
    return r;
  }
  if (pem.status == Status::warning) r.add_warning(pem.message);

  // Step 5: M, D, K are θ itself; Md, Dd, Kd by eq. 2.22 for the discrete result.
  r.has_discrete = true;
  r.system = best.system;
  r.discrete = best.discrete;
  return r;
}

}  // namespace

Identification identify_variational(const Dataset& data, const IdentifyOptions& options, const SubspaceModel* start_subspace,
                                    VariationalRun run) {
  const Stopwatch clock;
  Identification r = variational_estimate(data, options, start_subspace, run);
  finish(r, data);  // nothing for a failed one
  r.timing_ms = clock.elapsed_ms();
  return r;
}

}  // namespace mechid
