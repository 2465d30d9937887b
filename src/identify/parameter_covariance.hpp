// The asymptotic covariance of a prediction-error estimate (Ljung 1999, sec. 9.3).
#pragma once

#include "identify/pem.hpp"

namespace mechid {

// Covariance of θ̂ from the Gauss-Newton information at θ: σ̂² (J'J)⁻¹ with σ̂² = r'r/(rows - P),
// the asymptotic covariance of the output-error estimate under white residuals (Ljung 1999,
// sec. 9.3). ok is false when the prediction is unstable or J'J is singular.
struct ParameterCovariance {
  Matrix covariance;
  double residual_variance = 0.0;
  bool ok = false;
};
ParameterCovariance parameter_covariance(const PredictorModel& model, const Vector& theta);


}  // namespace mechid
