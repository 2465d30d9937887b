#include "identify/pem.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "core/enum_names.hpp"
#include "core/input_error.hpp"
#include "core/parallel_for.hpp"
#include "identify/gauss_newton_model.hpp"

namespace mechid {

void PemOptions::validate() const {
  require(max_iterations >= 0, "pem.max_iterations must be >= 0, got " + std::to_string(max_iterations));
  require(progress_window >= 1, "pem.progress_window must be >= 1, got " + std::to_string(progress_window));
  const std::pair<const char*, double> tolerances[] = {{"cost_tolerance", cost_tolerance},
                                                       {"variance_tolerance", variance_tolerance},
                                                       {"curvature_reuse_below", curvature_reuse_below},
                                                       {"gradient_tolerance", gradient_tolerance},
                                                       {"progress_tolerance", progress_tolerance}};
  for (const auto& [name, value] : tolerances)
    require(std::isfinite(value) && value >= 0, std::string("pem.") + name + " must be a finite number >= 0, got " + format_number(value));
}

bool PredictorModel::residuals(const Vector& theta, Vector& r, Matrix* Jt) const {
  if (!Jt) return evaluate(theta, r, nullptr);
  std::vector<Matrix> samples;
  const JacobianSink keep = [&](const JacobianColumns& Jt_sample) { samples.emplace_back(Jt_sample); };
  if (!evaluate(theta, r, &keep)) return false;
  Jt->resize(parameter_count(), r.size());
  Eigen::Index column = 0;
  for (const Matrix& block : samples) {
    Jt->middleCols(column, block.cols()) = block;
    column += block.cols();
  }
  return true;
}

bool PredictorModel::normal_equations(const Vector& theta, Vector& r, NormalEquations& normal, bool curvature) const {
  NormalEquationsAccumulator accumulator(normal, parameter_count(), rows_per_sample(), curvature);
  const JacobianSink add = [&](const JacobianColumns& Jt_sample) { accumulator.add(Jt_sample, r); };
  if (!evaluate(theta, r, &add)) return false;
  accumulator.finish(r);
  return true;
}

bool PredictorModel::normal_equations_factor(const Vector& theta, Vector& r, TriangularFactor& factor) const {
  NormalEquations normal;
  if (!normal_equations(theta, r, normal, true)) return false;
  const Matrix JtJ = normal.JtJ.selfadjointView<Eigen::Lower>();
  const Vector norms = JtJ.diagonal().cwiseSqrt(), scale = (norms.array() > 0).select(norms, 1.0).cwiseInverse();
  const Eigen::LLT<Matrix> cholesky(scale.asDiagonal() * JtJ * scale.asDiagonal());
  factor = TriangularFactor();
  factor.residual_norm2 = r.squaredNorm();
  if (cholesky.info() != Eigen::Success) return true;
  factor.R = Matrix(cholesky.matrixU()) * scale.cwiseInverse().asDiagonal();  // R'R = J'J
  factor.z = factor.R.transpose().triangularView<Eigen::Lower>().solve(normal.Jtr);  // R'z = J'r
  return true;
}

bool PredictorModel::triangular_factor(const Vector& theta, Vector& r, TriangularFactor& factor) const {
  const Eigen::Index rows = rows_per_sample();
  TriangularAccumulator accumulator(factor, parameter_count(), rows);
  Eigen::Index start = 0;
  const JacobianSink add = [&](const JacobianColumns& Jt_sample) {
    accumulator.add(Jt_sample, r.segment(start, Jt_sample.cols()));
    start += Jt_sample.cols();
  };
  if (!evaluate(theta, r, &add)) return false;
  accumulator.finish();
  return true;
}

NormalEquationsAccumulator::NormalEquationsAccumulator(NormalEquations& normal, Eigen::Index parameters,
                                                       Eigen::Index rows_per_sample, bool curvature)
    : normal_(normal), curvature_(curvature), block_(parameters, 64 * rows_per_sample) {
  if (curvature) normal.JtJ = Matrix::Zero(parameters, parameters);
  normal.Jtr = Vector::Zero(parameters);
}

void NormalEquationsAccumulator::flush(const Vector& r) {
  if (filled_ == 0) return;
  const auto Jt = block_.leftCols(filled_);
  if (curvature_) add_lower_outer_product(normal_.JtJ, Jt);  // by blocks of rows on the core's threads
  normal_.Jtr.noalias() += Jt * r.segment(start_, filled_);
  start_ += filled_;
  filled_ = 0;
}

std::string to_string(TerminationType termination) {
  switch (termination) {
    case TerminationType::converged_gradient: return "gradient below tolerance";
    case TerminationType::converged_cost: return "relative cost decrease below tolerance";
    case TerminationType::converged_noise: return "cost decrease below the noise level";
    case TerminationType::no_descent: return "no step decreases the cost (local minimum)";
    case TerminationType::iteration_limit: return "iteration limit";
    case TerminationType::no_progress: return "no progress the noise can tell";
    case TerminationType::unstable_start: return "unstable start";
    case TerminationType::stopped_after_step: return "stopped by the caller after a step";
  }
  return "unstable start";
}

namespace {
const EnumNames<TerminationType, 8> kTerminationCodes{
    "termination",
    {"converged_gradient", "converged_cost", "converged_noise", "no_descent", "iteration_limit", "no_progress",
     "unstable_start", "stopped_after_step"}};
}  // namespace

std::string termination_code(TerminationType termination) { return kTerminationCodes.name(termination); }

bool reached_stationary_point(TerminationType termination) {
  return termination != TerminationType::iteration_limit && termination != TerminationType::no_progress &&
         termination != TerminationType::unstable_start && termination != TerminationType::stopped_after_step;
}

// Levenberg-Marquardt with steps from the triangular factor of J (Moré 1978; review D1), damping
// scaled by the columns of J (MINPACK's diag: d_j = the running maximum of ‖J_j‖, so that λ is
// dimensionless and the iterates do not depend on the units of θ or r; review B1), and the
// gain-ratio update of λ (Nielsen 1999, "Damping parameter in Marquardt's method", IMM-REP-1999-05;
// Madsen, Nielsen & Tingleff 2004, "Methods for non-linear least squares problems", sec. 3.2).
namespace {

// The Gauss-Newton model at θ (r is set; false when the prediction is unstable). The triangular
// factor comes from the Cholesky factor of the column-scaled normal equations, which cost about half
// a Householder QR, as long as that is accurate enough: the normal equations' step errs by about
// ε cond(J S⁻¹)² relative (Higham 2002, "Accuracy and Stability of Numerical Algorithms", sec. 20.4),
// and an inexact Newton step with relative error η < 1 still converges (Dembo, Eisenstat & Steihaug
// 1982, "Inexact Newton methods", thm. 2.3); η = 1e-4 costs at most one more iteration at these
// tolerances and allows cond(J S⁻¹) <= √(η/ε) ≈ 6.7e5. Beyond that, and from then on (`use_qr`:
// conditioning changes little between iterates), R comes from the blockwise QR of J, which never
// squares the condition number (review D1: J'J is numerically singular at cond(J S⁻¹) ~ 1e8).
bool local_model(const PredictorModel& model, const Vector& theta, Vector& r, bool& use_qr, GaussNewtonModel& local) {
  const double eps = std::numeric_limits<double>::epsilon();
  if (!use_qr) {
    TriangularFactor factor;
    if (!model.normal_equations_factor(theta, r, factor)) return false;
    if (factor.R.size() > 0) {
      local = GaussNewtonModel(std::move(factor));
      const double eta = 1e-4;
      if (local.scaled_condition() <= std::sqrt(eta / eps)) return true;
    }
    use_qr = true;
  }
  TriangularFactor factor;
  if (!model.triangular_factor(theta, r, factor)) return false;
  local = GaussNewtonModel(std::move(factor));
  return true;
}

}  // namespace

PemReport levenberg_marquardt(const PredictorModel& model, Vector& theta, const PemOptions& o,
                              const StepObserver& stop_after_step) {
  PemReport report;
  Vector r;
  bool use_qr = false;
  GaussNewtonModel local;
  if (!local_model(model, theta, r, use_qr, local)) {
    report.termination = TerminationType::unstable_start;
    report.fail("the initial model's prediction is unstable: the initial estimate is unusable");
    return report;
  }
  report.curvature_evaluations = 1;
  bool fresh = true;  // `local` was factored at theta
  double factored_cost = 0.5 * r.squaredNorm();  // the cost where `local`'s R was formed
  // MINPACK (lmder, mode 1): d_j = ‖J_j‖ at the start, 1 for a column of zeros (which no step moves).
  Vector d = (local.column_norms().array() > 0).select(local.column_norms(), 1.0);
  const auto refresh = [&]() {
    local_model(model, theta, r, use_qr, local);  // theta was evaluated before: stable
    d = d.cwiseMax(local.column_norms());
    fresh = true;
    factored_cost = 0.5 * r.squaredNorm();
    ++report.curvature_evaluations;
  };
  double cost = 0.5 * r.squaredNorm();
  report.initial_cost = cost;
  const double eps = std::numeric_limits<double>::epsilon();
  // λ relative to diag(d)² = diag(J'J): start near Gauss-Newton (Madsen et al. 2004, sec. 3.2:
  // τ = 1e-6 or smaller for a good start, which the methods' initialisations are). Below ε², √λ d
  // is under the rounding of R's entries and damps nothing: λ stays above it, so that it can grow.
  double lambda = 1e-9, nu = 2.0;
  const double residual_dof = std::max<double>(1.0, static_cast<double>(r.size() - theta.size()));
  // Whether `local`'s R was formed within min(√P, 4) standard deviations of θ (the cost there
  // exceeded the present one by at most ½σ̂²·min(P, 16)), so that it may be handed on (see the end).
  const double reach2 = std::min<double>(16.0, static_cast<double>(theta.size()));
  const auto factor_within_reach = [&]() { return factored_cost - cost <= 0.5 * (2.0 * cost / residual_dof) * reach2; };
  // The full Gauss-Newton step would gain less than variance_tolerance σ̂² (review D3).
  const auto noise_level = [&]() { return local.newton_decrement() < o.variance_tolerance * 2.0 * cost / residual_dof; };
  std::vector<double> start_costs;  // the cost at the start of each iteration, for no_progress
  const double noise_free = model.noise_free_cost();
  Vector trial_r, taken;  // taken: the step accepted in this iteration (empty while none is)
  for (;;) {
    taken.resize(0);
    report.gradient_norm = local.gradient().cwiseAbs().maxCoeff();
    if (local.gradient_cosine(std::sqrt(2.0 * cost)) <= o.gradient_tolerance) {
      report.termination = TerminationType::converged_gradient;
      break;
    }
    // At the noise level the last step is still taken (it costs one prediction), then we stop.
    bool at_noise_level = noise_level();
    if (report.iterations >= o.max_iterations) {
      if (at_noise_level) {
        report.termination = TerminationType::converged_noise;
      } else {
        report.termination = TerminationType::iteration_limit;
        report.add_warning("the PEM did not converge in " + std::to_string(o.max_iterations) + " iterations");
      }
      break;
    }
    start_costs.push_back(cost);
    ++report.iterations;
    double decrease = -1.0;  // relative cost decrease of the accepted step; < 0 while none is
    for (;;) {
      const DampedStep step = damped_step(local, d, lambda);
      const Vector trial = theta + step.delta;
      if (trial.allFinite() && model.residuals(trial, trial_r, nullptr) && 0.5 * trial_r.squaredNorm() < cost) {
        const double trial_cost = 0.5 * trial_r.squaredNorm();
        const double gain_ratio = (cost - trial_cost) / step.predicted_decrease;
        lambda = std::max(lambda * std::max(1.0 / 3.0, 1.0 - std::pow(2.0 * gain_ratio - 1.0, 3)), eps * eps);
        nu = 2.0;
        decrease = (cost - trial_cost) / cost;
        taken = step.delta;
        theta = trial;
        r.swap(trial_r);
        cost = trial_cost;
        break;
      }
      if (!fresh) {  // a reused R may be what failed: refactor before damping more
        refresh();
        at_noise_level = noise_level();
        continue;
      }
      // No damping can gain what the cost's own rounding hides (also ends λ → ∞ and unstable trials).
      if (!(step.predicted_decrease > eps * cost)) break;
      lambda *= nu;
      nu *= 2.0;
    }
    if (decrease < 0) {
      report.termination = TerminationType::no_descent;
      break;
    }
    if (at_noise_level) {
      report.termination = TerminationType::converged_noise;
      break;
    }
    // No progress the noise can tell over the window while the model still promises at least that
    // much: stop, and say that this is not a minimum. Not at noise-free levels, where σ̂² is rounding.
    const double resolvable = o.progress_tolerance * 2.0 * cost / residual_dof;
    if (report.iterations >= o.progress_window && cost > noise_free && local.newton_decrement() >= resolvable &&
        start_costs[static_cast<std::size_t>(report.iterations - o.progress_window)] - cost < resolvable) {
      report.termination = TerminationType::no_progress;
      report.add_warning("the PEM stopped after " + std::to_string(report.iterations) + " iterations: its last " +
                         std::to_string(o.progress_window) + " improved the fit by less than the noise can tell, while its local model still expects more");
      break;
    }
    // A small decrease is convergence only where the full Gauss-Newton step from the last point
    // would gain little too (below √cost_tolerance of the cost); otherwise the damping, not the
    // minimum, made the step small: a stall (numerics review e622506, problem 10: the log-Cholesky
    // parametrization crept along a plateau to D 1e16 times off and reported convergence), and the
    // iterations go on (to a minimum, or to the iteration limit, which says it did not converge).
    if (decrease < o.cost_tolerance && local.newton_decrement() <= std::sqrt(o.cost_tolerance) * cost) {  // no Jacobian needed at the new point
      report.termination = TerminationType::converged_cost;
      break;
    }
    if (stop_after_step && stop_after_step(theta, r)) {
      report.termination = TerminationType::stopped_after_step;
      break;
    }
    // A factor kept from beyond the reach below could not be handed on at the end (the covariance
    // would then form a Jacobian of its own): a fresh one instead of a fresh gradient alone.
    if (decrease >= o.curvature_reuse_below || !factor_within_reach()) {
      refresh();
    } else {
      NormalEquations gradient;
      model.normal_equations(theta, r, gradient, false);
      local.set_gradient(gradient.Jtr);
      fresh = false;
    }
  }
  report.cost = cost;
  // The model's factor carried to θ: z + Rδ is exact for a linear r, otherwise first order in the
  // last step. R may have been kept from an earlier iterate (curvature_reuse_below). Near the minimum
  // the cost is ½‖R(θ - θ̂)‖² + const, so an iterate whose cost exceeded the final one by ½σ̂²k² lies
  // k standard deviations from θ̂ in the metric of the covariance σ̂²(R'R)⁻¹. The true θ typically
  // lies √P of them away (its cost excess is ½σ̂²χ²_P), and a covariance at θ̂ estimates the one there;
  // so R is handed on from within min(√P, 4) standard deviations, where it adds less to the error of
  // the covariance than the distance from θ̂ to the truth does (measured: R from 3 of them changed
  // the sd by 0.6 %, docs/results.md "Where the time goes").
  if (reached_stationary_point(report.termination) && factor_within_reach()) {
    report.final_factor.R = local.R();
    report.final_factor.z = taken.size() ? Vector(local.z() + local.R() * taken) : local.z();
    report.final_factor.residual_norm2 = r.squaredNorm();
  }
  return report;
}

}  // namespace mechid
