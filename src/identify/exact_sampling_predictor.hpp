// The exact-sampling predictor of the structured output-error PEM in M, D, K (beyond the thesis:
// its midpoint model errs by O(h²), this one not at all for held inputs). θ holds the upper
// triangles of symmetric M, D, K and the initial state x_0 = [q_0; q'_0]; the prediction is the
// exact sampled state-space model of eq. 1.4 (ZOH for held inputs; for point samples FOH, or the
// band-limited model when the input is band-limited: identify/intersample_model.hpp):
//   x_{k+1} = Φ(θ) [x_k; w_k],   ŷ_k = q_k,
// and its Jacobian the sensitivity recursion S_{k+1} = F S_k + (∂Φ/∂θ_p [x_k; w_k])_p, with ∂Φ from
// the Fréchet derivative of the exponential (sampling_sensitivity.hpp). Residuals are weighted
// per output channel (w_c = 1/σ_c gives the maximum-likelihood cost for Gaussian noise).
#pragma once

#include "identify/dataset.hpp"
#include "identify/intersample_model.hpp"
#include "identify/pem.hpp"
#include "model/mechanical_system.hpp"

namespace mechid {

// A first guess of x_0 = [q_0; q'_0] from the data: [y_0; (y_1 - y_0)/h].
Vector initial_state_guess(const Dataset& data);

class ExactSamplingPredictor : public PredictorModel {
 public:
  // weights: one per output channel (empty: all 1).
  ExactSamplingPredictor(const Dataset& data, const Matrix& L, Vector weights = Vector());

  Eigen::Index parameter_count() const override;
  Eigen::Index rows_per_sample() const override { return n_; }
  bool evaluate(const Vector& theta, Vector& r, const JacobianSink* sink) const override;

  Eigen::Index system_parameter_count() const { return 3 * triangle_; }
  Vector pack(const MechanicalSystem& system, const Vector& initial_state) const;
  MechanicalSystem unpack(const Vector& theta) const;
  // Unweighted residuals y - ŷ per channel (N x n) at θ; empty when the prediction is unstable.
  Matrix output_errors(const Vector& theta) const;
  const IntersampleModel& intersample() const { return intersample_; }

 private:
  const Dataset& data_;
  Matrix L_;
  IntersampleModel intersample_;
  Matrix w_;          // the input columns w_k (N x columns_per_input·k)
  Vector weights_;
  Eigen::Index n_, triangle_;
  Vector limit_;      // per output channel: a predicted |q_c| beyond this is unstable
};

}  // namespace mechid
