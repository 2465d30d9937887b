#include "identify/pem.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/enum_names.hpp"
#include "core/input_error.hpp"

namespace mechid {

void PemOptions::validate() const {
  require(max_iterations >= 0, "pem.max_iterations must be >= 0, got " + std::to_string(max_iterations));
  const std::pair<const char*, double> tolerances[] = {{"cost_tolerance", cost_tolerance},
                                                       {"variance_tolerance", variance_tolerance},
                                                       {"curvature_reuse_below", curvature_reuse_below},
                                                       {"gradient_tolerance", gradient_tolerance}};
  for (const auto& [name, value] : tolerances)
    require(std::isfinite(value) && value >= 0, std::string("pem.") + name + " must be a finite number >= 0, got " + format_number(value));
}

bool PredictorModel::residuals(const Vector& theta, Vector& r, Matrix* Jt) const {
  if (!Jt) return evaluate(theta, r, nullptr);
  std::vector<Matrix> samples;
  const JacobianSink keep = [&](const Matrix& Jt_sample) { samples.push_back(Jt_sample); };
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
  const JacobianSink add = [&](const Matrix& Jt_sample) { accumulator.add(Jt_sample, r); };
  if (!evaluate(theta, r, &add)) return false;
  accumulator.finish(r);
  return true;
}

bool PredictorModel::triangular_factor(const Vector& theta, Vector& r, TriangularFactor& factor) const {
  const Eigen::Index rows = rows_per_sample();
  TriangularAccumulator accumulator(factor, parameter_count(), rows);
  Eigen::Index start = 0;
  const JacobianSink add = [&](const Matrix& Jt_sample) {
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
  if (curvature_) normal_.JtJ.selfadjointView<Eigen::Lower>().rankUpdate(Jt);
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
    case TerminationType::unstable_start: return "unstable start";
  }
  return "unstable start";
}

namespace {
const EnumNames<TerminationType, 6> kTerminationCodes{
    "termination",
    {"converged_gradient", "converged_cost", "converged_noise", "no_descent", "iteration_limit", "unstable_start"}};
}  // namespace

std::string termination_code(TerminationType termination) { return kTerminationCodes.name(termination); }

bool reached_stationary_point(TerminationType termination) {
  return termination != TerminationType::iteration_limit && termination != TerminationType::unstable_start;
}

PemReport levenberg_marquardt(const PredictorModel& model, Vector& theta, const PemOptions& o) {
  PemReport report;
  Vector r;
  NormalEquations normal;
  if (!model.normal_equations(theta, r, normal, true)) {
    report.termination = TerminationType::unstable_start;
    report.fail("the initial model's prediction is unstable: the initial estimate is unusable");
    return report;
  }
  report.curvature_evaluations = 1;
  bool fresh = true;  // normal.JtJ was formed at theta
  Matrix JtJ = normal.JtJ.selfadjointView<Eigen::Lower>();
  double cost = 0.5 * r.squaredNorm();
  report.initial_cost = cost;
  double lambda = 1e-9;  // start near Gauss-Newton; rejected steps raise it
  Vector trial_r;
  for (;;) {
    const Vector& gradient = normal.Jtr;
    report.gradient_norm = gradient.cwiseAbs().maxCoeff();
    if (report.gradient_norm <= o.gradient_tolerance * (1.0 + cost)) {
      report.termination = TerminationType::converged_gradient;
      break;
    }
    if (report.iterations >= o.max_iterations) {
      report.termination = TerminationType::iteration_limit;
      report.add_warning("the PEM did not converge in " + std::to_string(o.max_iterations) + " iterations");
      break;
    }
    ++report.iterations;
    const double previous_cost = cost;
    double decrease = -1.0;  // relative cost decrease of the accepted step; < 0 while none is
    while (decrease < 0 && lambda < 1e16) {
      // Marquardt scaling: damp each parameter by its own curvature.
      const Vector scale = JtJ.diagonal().cwiseMax(1e-12 * JtJ.diagonal().maxCoeff()).cwiseMax(1e-300);
      Matrix damped = JtJ;
      damped.diagonal() += lambda * scale;
      const Vector trial = theta + damped.ldlt().solve(-gradient);
      if (trial.allFinite() && model.residuals(trial, trial_r, nullptr) && 0.5 * trial_r.squaredNorm() < cost) {
        const double trial_cost = 0.5 * trial_r.squaredNorm();
        decrease = (cost - trial_cost) / std::max(cost, 1e-300);
        theta = trial;
        cost = trial_cost;
        lambda = std::max(lambda / 10.0, 1e-12);
      } else if (!fresh) {  // a reused J'J may be what failed: refresh it before damping more
        model.normal_equations(theta, r, normal, true);
        JtJ = normal.JtJ.selfadjointView<Eigen::Lower>();
        fresh = true;
        ++report.curvature_evaluations;
      } else {
        lambda *= 10.0;
      }
    }
    if (decrease < 0) {
      report.termination = TerminationType::no_descent;
      break;
    }
    if (decrease < o.cost_tolerance) {  // converged: no Jacobian needed at the new point
      report.termination = TerminationType::converged_cost;
      break;
    }
    const double variance = 2.0 * cost / std::max<double>(1.0, static_cast<double>(r.size() - theta.size()));
    if (previous_cost - cost < o.variance_tolerance * variance) {
      report.termination = TerminationType::converged_noise;
      break;
    }
    fresh = decrease >= o.curvature_reuse_below;
    model.normal_equations(theta, r, normal, fresh);
    if (fresh) {
      JtJ = normal.JtJ.selfadjointView<Eigen::Lower>();
      ++report.curvature_evaluations;
    }
  }
  report.cost = cost;
  return report;
}

}  // namespace mechid
