// The thesis's identification algorithm in 5 steps (sec. 4.2): n4sid, second-order structure and
// initial (Md, Dd, Kd) (eq. 4.15), structured output-error PEM with f_d (eqs. 2.23-2.24, 4.16),
// back-conversion (eq. 2.26), checks.
#include <chrono>

#include "identify/methods.hpp"
#include "identify/second_order.hpp"
#include "identify/variational_predictor.hpp"

namespace mechid {
namespace {

// Initial Md, Dd, Kd from n4sid (steps 2-3) or equation error; the notes say which and why.
struct Start {
  DiscreteVariationalModel model;
  bool ok = false;
  std::string reason;  // why the n4sid start was not used
};

Start n4sid_start(const Dataset& data, const IdentifyOptions& options, const Matrix& L, Identification& r) {
  Start start;
  const SubspaceModel sub = subspace_with_rule(data, options);
  r.diagnostics.emplace_back("block_rows", static_cast<double>(sub.block_rows));
  note_suggested_dof(sub, data.y.cols(), r);
  if (sub.status == Status::failed) {
    start.reason = sub.message;
    return start;
  }
  const SecondOrderInit init = second_order_init(sub.F, sub.G, sub.H, L, data.h);
  r.diagnostics.emplace_back("omega_condition", init.omega_condition);
  if (init.status == Status::failed) {
    start.reason = init.message;
    return start;
  }
  start.model = init.model;
  start.ok = true;
  return start;
}

}  // namespace

Identification identify_variational(const Dataset& data, const IdentifyOptions& options) {
  const auto begin = std::chrono::steady_clock::now();
  Identification r;
  r.method = "variational";
  r.h = data.h;
  const Matrix L = input_matrix(data, options);
  validate(data, 3 * data.y.cols() + 3);
  const VariationalPredictor predictor(data, L, options.estimate_initial);

  // Steps 2-3 (or the equation-error start), with a fallback when the start is unusable.
  Start start;
  Vector r0;
  if (options.init == "n4sid") {
    start = n4sid_start(data, options, L, r);
    if (start.ok && !predictor.residuals(predictor.pack(start.model), r0, nullptr)) {
      start.ok = false;
      start.reason = "the n4sid initial model predicts unstably";
    }
  }
  std::string init_used = options.init;
  if (!start.ok) {
    if (options.init == "n4sid") {
      r.warnings.push_back("n4sid initialization unusable (" + start.reason + "); equation-error initialization used");
      init_used = "equation-error (fallback)";
    }
    const EquationErrorFit fit = equation_error_fit(data, L);
    if (fit.status == Status::failed) {
      r.status = Status::failed;
      r.message = fit.message;
      return r;
    }
    start.model = fit.model;
  }
  r.notes.emplace_back("init", init_used);

  // Step 4: structured PEM.
  Vector theta = predictor.pack(start.model);
  const PemReport pem = levenberg_marquardt(predictor, theta, options.pem);
  r.diagnostics.emplace_back("iterations", pem.iterations);
  r.diagnostics.emplace_back("curvature_evaluations", pem.curvature_evaluations);
  r.diagnostics.emplace_back("initial_cost", pem.initial_cost);
  r.diagnostics.emplace_back("cost", pem.cost);
  r.diagnostics.emplace_back("gradient_norm", pem.gradient_norm);
  r.notes.emplace_back("stop_reason", pem.stop_reason);
  if (pem.status == Status::failed) {
    r.status = Status::failed;
    r.message = pem.message;
    return r;
  }
  if (pem.status == Status::warning) r.warnings.push_back(pem.message);

  // Step 5: back to M, D, K.
  r.has_discrete = true;
  r.discrete = predictor.unpack(theta);
  r.system = to_continuous(r.discrete);
  finish(r, data);
  r.timing_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count();
  return r;
}

}  // namespace mechid
