// Output-error prediction-error minimisation (the IDGREY step of thesis sec. 4.1-4.2):
// Levenberg-Marquardt on ½‖y - ŷ(θ)‖² with the Jacobian supplied by a pluggable predictor
// model (analytic sensitivities), and a report of how and why it stopped.
#pragma once

#include <functional>
#include <limits>
#include <string>

#include "core/status.hpp"
#include "core/types.hpp"
#include "identify/triangular_factor.hpp"

namespace mechid {

// One sample's transposed residual Jacobian (∂r/∂θ)' (parameters x that sample's residual rows),
// handed over in residual order once the sample's residuals are in r: a Matrix or columns of one
// (a predictor hands over the columns it computed them in, without a copy). Valid during the call
// only: the predictor overwrites those columns afterwards, so a sink that keeps them copies them.
using JacobianColumns = Eigen::Ref<const Matrix>;
using JacobianSink = std::function<void(const JacobianColumns& Jt_sample)>;

// The Gauss-Newton normal equations of r(θ): J'J (lower triangle filled) and J'r, J = ∂r/∂θ.
struct NormalEquations {
  Matrix JtJ;
  Vector Jtr;
};

// Accumulates J'J (when `curvature`) and J'r from the residual gradients of consecutive samples,
// in blocks of 64 samples: memory O(P²), not O(P N n). add() takes J' of the next sample's
// residual rows (P x rows), whose residuals must already be in r; finish() flushes the rest.
class NormalEquationsAccumulator {
 public:
  NormalEquationsAccumulator(NormalEquations& normal, Eigen::Index parameters, Eigen::Index rows_per_sample, bool curvature);
  void add(const JacobianColumns& Jt_sample, const Vector& r) {
    eigen_assert(Jt_sample.rows() == block_.rows());
    auto into = block_.middleCols(filled_, Jt_sample.cols());
    if (Jt_sample.outerStride() == Jt_sample.rows())  // contiguous columns: one linear copy (a third of the instructions)
      Eigen::Map<Vector>(into.data(), into.size()) = Eigen::Map<const Vector>(Jt_sample.data(), Jt_sample.size());
    else
      into = Jt_sample;
    filled_ += Jt_sample.cols();
    if (filled_ + Jt_sample.cols() > block_.cols()) flush(r);
  }
  void finish(const Vector& r) { flush(r); }

 private:
  void flush(const Vector& r);
  NormalEquations& normal_;
  bool curvature_;
  Matrix block_;  // J' of the samples since the last flush
  Eigen::Index start_ = 0, filled_ = 0;
};

// A model whose free-run prediction depends on parameters θ.
class PredictorModel {
 public:
  virtual ~PredictorModel() = default;
  virtual Eigen::Index parameter_count() const = 0;
  // Residual rows each sample contributes (the outputs): the accumulators' block size.
  virtual Eigen::Index rows_per_sample() const = 0;
  // Stacked residuals r = y - ŷ(θ) and, when `sink` is set, each sample's transposed Jacobian in
  // order, so that callers accumulate what they need (normal equations, a QR factor, lagged
  // products) without storing J. Returns false when the prediction is unstable (non-finite or
  // far beyond the data's range).
  virtual bool evaluate(const Vector& theta, Vector& r, const JacobianSink* sink) const = 0;
  // ½‖r‖² at the noise-free level of the data (noise_free_cost, noise_free_level.hpp): below it
  // the residuals are rounding or a simulation's error, and the stopping rule that compares progress
  // with the noise (PemOptions::progress_tolerance) does not apply. +∞ for a model that does not
  // say: the rule never applies to it.
  virtual double noise_free_cost() const { return std::numeric_limits<double>::infinity(); }

  // r and, when Jt is not null, the whole transposed Jacobian Jt = (∂r/∂θ)' (parameters x
  // residuals: each residual's gradient is a contiguous column). For tests and short records.
  bool residuals(const Vector& theta, Vector& r, Matrix* Jt) const;
  // r and the normal equations (J'J only when `curvature`; J'r always), accumulated over blocks
  // of samples: memory O(P²), not O(P N n).
  bool normal_equations(const Vector& theta, Vector& r, NormalEquations& normal, bool curvature) const;
  // r and the triangular factor of J (R'R = J'J, R'z = J'r) by blockwise Householder QR: the
  // well-conditioned route to steps and covariances (cond R = cond J).
  bool triangular_factor(const Vector& theta, Vector& r, TriangularFactor& factor) const;
  // r and the same factor from the normal equations: R from the Cholesky factor of the
  // column-scaled J'J (S⁻¹J'JS⁻¹ = CC', R = C'S), z from R'z = J'r. About half the QR's cost, but
  // accurate only to about ε cond(J S⁻¹)² relative (Higham 2002, "Accuracy and Stability of
  // Numerical Algorithms", sec. 20.4): the caller judges the condition. factor.R is left empty when
  // the scaled J'J is not numerically positive definite.
  bool normal_equations_factor(const Vector& theta, Vector& r, TriangularFactor& factor) const;
};

struct PemOptions {
  int max_iterations = 100;
  double cost_tolerance = 1e-8;       // stop when the relative cost decrease of a step is below this
  // ... or when the full Gauss-Newton step would gain less than this fraction of the residual
  // variance σ̂² = Σr²/(residuals - parameters) (the Newton decrement ½‖z‖² on the determined
  // part, review D3): then θ is within √(2·1e-2) ≈ 0.14 standard deviations of the minimum of the
  // local model (cov θ = σ̂²(J'J)⁻¹), and that last step is taken. Noise-free data (σ̂ → 0) are
  // left to cost_tolerance. (The growing horizon's stages short of the whole record use at least
  // 1: growing_horizon.cpp.)
  double variance_tolerance = 1e-2;
  // ... or, above the model's noise-free cost, when the last `progress_window` iterations together
  // lowered the cost by less than progress_tolerance σ̂² (½σ̂² is what one more parameter fitted
  // to pure noise gains on average: E[χ²₁] = 1) while the full Gauss-Newton step still promises at
  // least as much. Then the steps no longer gain anything the data can tell while the local model
  // keeps promising it: a drift along a direction the data barely determine (an output of noise
  // only: the minimum lies at M → ∞), not a minimum. Status warning (TerminationType::no_progress).
  // A model promising less converges by variance_tolerance within a few steps. 0 turns it off.
  int progress_window = 5;
  double progress_tolerance = 0.5;
  // Near the minimum J'J changes little: after a step that lowered the cost by less than this
  // (relative), the next iteration keeps the triangular factor R and takes only a fresh gradient J'r
  // (unless R was formed beyond the reach within which PemReport::final_factor hands it on).
  double curvature_reuse_below = 1e-3;
  // Stop when the cosine between r and every column of J is below this: max_j |(J'r)_j| /
  // (‖J_j‖ ‖r‖) (MINPACK's gtol; invariant to the units of θ and r, review B2).
  double gradient_tolerance = 1e-12;

  // Throws InputError naming the first option out of range and its value (max_iterations >= 0;
  // the tolerances finite and >= 0).
  void validate() const;
};

// Why levenberg_marquardt stopped (like Ceres' TerminationType). The first four are stationary
// points (a local minimum included); decisions use this, never the text of to_string.
enum class TerminationType {
  converged_gradient,  // the cosine between r and each column of J below gradient_tolerance
  converged_cost,      // relative cost decrease of a step below cost_tolerance
  converged_noise,     // the Gauss-Newton step would gain below variance_tolerance σ̂²
  no_descent,          // no damped step decreases the cost (a local minimum)
  iteration_limit,     // max_iterations reached (status warning)
  no_progress,         // progress_window iterations gained below progress_tolerance σ̂², the model promising more (warning)
  unstable_start,      // the start's prediction is unstable (status failed)
  stopped_after_step,  // the caller's StepObserver asked to stop after an accepted step
};

// The text of the "stop_reason" diagnostic ("gradient below tolerance", "iteration limit", …).
std::string to_string(TerminationType termination);

// The snake_case code of the "termination" diagnostic: the enumerator's name ("iteration_limit", …),
// for programs to compare instead of the text of to_string.
std::string termination_code(TerminationType termination);

// Whether the minimiser stopped at a stationary point (converged or a local minimum).
bool reached_stationary_point(TerminationType termination);

struct PemReport : Outcome {
  int iterations = 0;
  int curvature_evaluations = 0;  // evaluations that formed a fresh triangular factor of J
  double initial_cost = 0.0, cost = 0.0;
  double gradient_norm = 0.0;  // ‖J'r‖∞ at the last point where the Jacobian was evaluated
  TerminationType termination = TerminationType::unstable_start;
  // At a stationary point: the last Gauss-Newton model's factor carried to the final θ, R as it was,
  // z + Rδ for the step δ taken (Q'r of the linearised residual r + Jδ) and ‖r‖² at the final θ, when
  // R was formed within min(√P, 4) standard deviations of it (see the .cpp). The covariance at θ can
  // then start from it instead of a Jacobian of its own (parameter_covariance's overload). R is
  // empty otherwise.
  TriangularFactor final_factor;
};

// Called with the new θ and its residuals after each accepted step that did not end the
// minimisation; returning true stops it there (TerminationType::stopped_after_step), before the
// Jacobian at the new θ is formed: e.g. when the caller's weights of the residuals have moved, or
// when the iterate has left the region where the caller could use it.
using StepObserver = std::function<bool(const Vector& theta, const Vector& r)>;

// Minimises from `theta` (updated in place). Status failed when the start itself is unstable;
// warning when the iteration limit is reached.
PemReport levenberg_marquardt(const PredictorModel& model, Vector& theta, const PemOptions& options,
                              const StepObserver& stop_after_step = {});

}  // namespace mechid
