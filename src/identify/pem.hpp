// Output-error prediction-error minimisation (the IDGREY step of thesis sec. 4.1-4.2):
// Levenberg-Marquardt on ½‖y - ŷ(θ)‖² with the Jacobian supplied by a pluggable predictor
// model (analytic sensitivities), and a report of how and why it stopped.
#pragma once

#include <string>

#include "core/status.hpp"
#include "core/types.hpp"

namespace mechid {

// A model whose free-run prediction depends on parameters θ.
class PredictorModel {
 public:
  virtual ~PredictorModel() = default;
  virtual Eigen::Index parameter_count() const = 0;
  // Stacked residuals r = y - ŷ(θ) and, when Jt is not null, the transposed Jacobian
  // Jt = (∂r/∂θ)' (parameters x residuals: each residual's gradient is a contiguous column).
  // Returns false when the prediction is unstable (non-finite or far beyond the data's range).
  virtual bool residuals(const Vector& theta, Vector& r, Matrix* Jt) const = 0;
};

struct PemOptions {
  int max_iterations = 100;
  double cost_tolerance = 1e-8;       // stop when the relative cost decrease of a step is below this
  double gradient_tolerance = 1e-12;  // stop when ‖J'r‖∞ <= this × (1 + cost)
};

struct PemReport {
  int iterations = 0;
  double initial_cost = 0.0, cost = 0.0, gradient_norm = 0.0;
  std::string stop_reason;
  Status status = Status::ok;
  std::string message;
};

// Minimises from `theta` (updated in place). Status failed when the start itself is unstable;
// warning when the iteration limit is reached.
PemReport levenberg_marquardt(const PredictorModel& model, Vector& theta, const PemOptions& options);

}  // namespace mechid
