#include "identify/pem.hpp"

#include <algorithm>
#include <cmath>

namespace mechid {

PemReport levenberg_marquardt(const PredictorModel& model, Vector& theta, const PemOptions& o) {
  PemReport report;
  Vector r;
  Matrix Jt;
  if (!model.residuals(theta, r, &Jt)) {
    report.status = Status::failed;
    report.stop_reason = "unstable start";
    report.message = "the initial model's prediction is unstable: the initial estimate is unusable";
    return report;
  }
  double cost = 0.5 * r.squaredNorm();
  report.initial_cost = cost;
  double lambda = 1e-9;  // start near Gauss-Newton; rejected steps raise it
  Vector trial_r;
  for (;;) {
    Matrix normal = Matrix::Zero(Jt.rows(), Jt.rows());
    normal.selfadjointView<Eigen::Lower>().rankUpdate(Jt);
    normal = normal.selfadjointView<Eigen::Lower>();
    const Vector gradient = Jt * r;
    report.gradient_norm = gradient.cwiseAbs().maxCoeff();
    if (report.gradient_norm <= o.gradient_tolerance * (1.0 + cost)) {
      report.stop_reason = "gradient below tolerance";
      break;
    }
    if (report.iterations >= o.max_iterations) {
      report.stop_reason = "iteration limit";
      report.status = Status::warning;
      report.message = "the PEM did not converge in " + std::to_string(o.max_iterations) + " iterations";
      break;
    }
    ++report.iterations;
    // Marquardt scaling: damp each parameter by its own curvature.
    const Vector scale = normal.diagonal().cwiseMax(1e-12 * normal.diagonal().maxCoeff()).cwiseMax(1e-300);
    bool accepted = false;
    while (!accepted && lambda < 1e16) {
      Matrix damped = normal;
      damped.diagonal() += lambda * scale;
      const Vector step = damped.ldlt().solve(-gradient);
      const Vector trial = theta + step;
      if (step.allFinite() && model.residuals(trial, trial_r, nullptr) && 0.5 * trial_r.squaredNorm() < cost) {
        const double trial_cost = 0.5 * trial_r.squaredNorm();
        const double decrease = (cost - trial_cost) / std::max(cost, 1e-300);
        theta = trial;
        cost = trial_cost;
        lambda = std::max(lambda / 10.0, 1e-12);
        accepted = true;
        model.residuals(theta, r, &Jt);
        if (decrease < o.cost_tolerance) report.stop_reason = "relative cost decrease below tolerance";
      } else {
        lambda *= 10.0;
      }
    }
    if (!accepted) {
      report.stop_reason = "no step decreases the cost (local minimum)";
      break;
    }
    if (!report.stop_reason.empty()) break;
  }
  report.cost = cost;
  return report;
}

}  // namespace mechid
