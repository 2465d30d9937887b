// The exact-sampling predictor of the structured output-error PEM in M, D, K (beyond the thesis:
// its midpoint model errs by O(h²), this one not at all for held inputs). θ holds the upper
// triangles of symmetric M, D, K (or their free entries, identify/structure.hpp) and the initial state x_0 = [q_0; q'_0]; the prediction is the
// exact sampled state-space model of eq. 1.4 (ZOH for held inputs; for point samples FOH, or the
// band-limited model when the input is band-limited: identify/intersample_model.hpp):
//   x_{k+1} = Φ(θ) [x_k; w_k],   ŷ_k = q_k,
// and its Jacobian the sensitivity recursion S_{k+1} = F S_k + (∂Φ/∂θ_p [x_k; w_k])_p, with ∂Φ from
// the Fréchet derivative of the exponential (sampling_sensitivity.hpp). Residuals are weighted
// per output channel (w_c = 1/σ_c gives the maximum-likelihood cost for Gaussian noise).
#pragma once

#include <vector>

#include "identify/dataset.hpp"
#include "identify/intersample_model.hpp"
#include "identify/pem.hpp"
#include "identify/structure.hpp"
#include "model/mechanical_system.hpp"

namespace mechid {

// A first guess of x_0 = [q_0; q'_0] from the data: [y_0; (y_1 - y_0)/h].
Vector initial_state_guess(const Dataset& data);

class ExactSamplingPredictor : public PredictorModel {
 public:
  // weights: one per output channel (empty: all 1).
  ExactSamplingPredictor(const Dataset& data, const Matrix& L, Vector weights = Vector());
  // Several runs of one experiment (issue 16): one M, D, K with the free entries of `structure`,
  // and an initial state per run; θ = [free entries; x_0 of run 1; x_0 of run 2; …], the residuals
  // of the runs one after the other. The runs must outlive the predictor.
  // offsets: a constant force f_0 per DOF and run in M q'' + D q' + K q + f_0 = L u, its n
  // entries per run appended to θ after the initial states (the constant enters as a further
  // input column of ones acting through the identity).
  ExactSamplingPredictor(const std::vector<Dataset>& runs, const Matrix& L, StructureMap structure,
                         Vector weights = Vector(), bool offsets = false);

  Eigen::Index parameter_count() const override;
  Eigen::Index rows_per_sample() const override { return n_; }
  Eigen::Index residual_count() const { return samples_ * n_; }  // rows of r: every run's samples
  bool evaluate(const Vector& theta, Vector& r, const JacobianSink* sink) const override;
  double noise_free_cost() const override;  // every run's, in the weights of r

  Eigen::Index system_parameter_count() const { return structure_.free_count(); }
  // θ of a system (its free entries; the fixed ones are the structure's) and the stacked initial
  // states of every run (2n each).
  Vector pack(const MechanicalSystem& system, const Vector& initial_states) const;
  MechanicalSystem unpack(const Vector& theta) const;
  // Deviations of θ (sd, steps) as matrices: zero at the fixed entries.
  MechanicalSystem spread(const Vector& theta) const;
  // initial_state_guess of every run, stacked.
  Vector initial_states_guess() const;
  // With offsets: where f_0 of the runs starts in θ, and f_0 as runs x n.
  Eigen::Index offset_index() const { return structure_.free_count() + 2 * n_ * static_cast<Eigen::Index>(runs_.size()); }
  Matrix offsets(const Vector& theta) const;
  bool has_offsets() const { return offsets_; }
  // Unweighted residuals y - ŷ per channel at θ, the runs' rows one after the other (ΣN x n);
  // empty when the prediction is unstable.
  Matrix output_errors(const Vector& theta) const;
  // The same from residuals r that evaluate() returned.
  Matrix output_errors_of(const Vector& r) const;
  const IntersampleModel& intersample() const { return runs_.front().intersample; }
  const StructureMap& structure() const { return structure_; }

 private:
  struct Run {
    const Dataset* data;
    IntersampleModel intersample;
    // The input columns w_k (N x columns_per_input·k; with offsets of [u, 1 … 1]) where they are
    // not read off data->u per sample: band-limited inputs, or offsets; empty for ZOH (w_k = u_k)
    // and FOH (w_k = [u_k; u_{k+1} − u_k]) without offsets (issue 56 item 7: N x 2k doubles, 48 MB
    // at 10⁶ samples of 3 inputs, held through every pass of the refinement).
    Matrix w;
    Vector limit;   // per output channel: a predicted |q_c| beyond this is unstable
  };
  // ∂Φ/∂θ_p of the free parameters, 2n x m each: stacked (rows 2n p … 2n p + 2n − 1 of `dense`),
  // or in factors ∂Φ/∂θ_p = left[p] right.middleCols(offset[p], ρ_p)ᵀ for the large systems,
  // where that is cheaper to apply (sampled_model's `factored`).
  struct Forcings {
    Matrix dense;
    std::vector<Matrix> left;
    Matrix right;
    std::vector<Eigen::Index> offset;
    // Rows 2n (p − first) …: (∂Φ/∂θ_p) Z for p = first … first + count − 1.
    void apply(Eigen::Index first, Eigen::Index count, Eigen::Index states, const Eigen::Ref<const Matrix>& Z,
               Matrix& out) const;
  };
  // evaluate()'s free run, residuals and sensitivities over the runs, for a state of States = 2n
  // entries fixed at compile time (Eigen::Dynamic: any n).
  template <int States>
  bool recursion(const Vector& theta, const Matrix& Phi, const Forcings& forcings, const Matrix& gamma, Vector& r,
                 const JacobianSink* sink) const;
  std::vector<Run> runs_;
  Matrix L_;
  bool offsets_ = false;
  Matrix input_matrix_;  // [L, I] with offsets, else L: the columns of B = M⁻¹ [L, I]
  StructureMap structure_;
  Vector weights_;
  Eigen::Index n_, samples_ = 0;
};

}  // namespace mechid
