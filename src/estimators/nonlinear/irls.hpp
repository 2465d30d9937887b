// Iteratively reweighted least squares with ℓ1 regularisation, Karimov et al. 2021 sec. 2.1, Algorithm 1.
// The algorithm's body is a figure missing from the text extraction; this follows its description:
// inputs tol (stop when the update becomes negligible) and δ (the smallest denominator of a weight,
// so w_i <= 1/δ); start w_i = 1, h_0 = 0; each step solves the weighted least squares (eq. 9)
// and sets w_i = 1 / max(δ, |y_i - E_i h_j|), i.e. minimises the ℓ1 norm of the residual (robust
// to outliers, refs. 27-28). Optionally λ ‖h‖_1 (eq. 8, sparse h) is added, reweighted the same
// way: λ Σ h_k² / max(δ, |h_k of the previous step|).
#pragma once

#include <algorithm>
#include <string>

#include "core/status.hpp"
#include "core/option_schema.hpp"
#include "core/types.hpp"

namespace mechid::nonlinear {

struct IrlsOptions {
  double tolerance = 1e-8;   // stop when ||h_j - h_{j-1}|| <= tolerance * max(||h_j||, tiny)
  double delta = 1e-6;       // smallest |residual| (and |h_k|) in a weight's denominator
  double lambda = 0.0;       // ℓ1 penalty on h (0: none)
  int max_iterations = 1000;
};

// IrlsOptions' options (core/option_schema.hpp).
template <class Visitor>
void describe(IrlsOptions& o, Visitor& v) {
  v(Option{"tolerance", "IRLS: stop when the relative change of h is at most this"}.above(0).message("the IRLS tolerance", "a positive number"),
    o.tolerance);
  v(Option{"delta", "IRLS: the smallest |residual| in a weight's denominator"}.above(0).message("the IRLS delta", "a positive number"),
    o.delta);
  v(Option{"lambda", "IRLS: the l1 penalty on h (0: none)"}.at_least(0).message("the l1 penalty lambda", ">= 0"), o.lambda);
  v(Option{"maxIterations", "IRLS: the iteration limit"}.at_least(1).at_most(100000).message("the IRLS iteration limit",
                                                                                             "between 1 and 100000"),
    o.max_iterations);
}

// InputError naming the option when tolerance, delta, lambda or max_iterations are out of range.
void validate(const IrlsOptions& options);

struct IrlsResult : Outcome {
  Vector h;
  Vector weights;            // of the last solve
  Vector residual;           // y - E h
  int iterations = 0;
  bool converged = false;
};

// Algorithm 1 on E (n x L) and y (n). InputError: sizes differ, n < L, non-finite entries.
IrlsResult irls(const Matrix& E, const Vector& y, const IrlsOptions& options);

// One weighted least-squares step (the line inside Algorithm 1's loop):
// argmin Σ w_i (y_i - E_i h)² + λ Σ h_k² / max(δ, |h_prev_k|) (penalty skipped when h_prev is empty).
// Returns an empty vector when the weighted E is rank-deficient.
Vector weighted_step(const Matrix& E, const Vector& y, const Vector& w, const IrlsOptions& options, const Vector& h_prev);

// w_i = 1 / max(δ, |r_i|).
Vector irls_weights(const Vector& residual, double delta);

// The loop of Algorithm 1, shared with Algorithm 3: `design()` gives the current E (n x L);
// after each solve, `adjust(h, residual)` may change the problem (the swapping step) and returns
// how many changes it made, in which case it also updates `residual`. Stops when h changes by at
// most tol ||h|| and nothing was adjusted. `method` names the algorithm in the warning when the
// iteration limit is reached ("<method> did not converge in N iterations").
template <class Design, class Adjust>
IrlsResult irls_loop(const Vector& y, Eigen::Index L, const IrlsOptions& o, Design design, Adjust adjust,
                     const std::string& method = "IRLS") {
  IrlsResult r;
  r.weights = Vector::Ones(y.size());  // w_i^0 = 1
  r.h = Vector::Zero(L);               // h^0 = 0
  Vector h_prev;                       // no penalty weights before the first solution
  for (r.iterations = 1; r.iterations <= o.max_iterations; ++r.iterations) {
    const Matrix& E = design();  // binds a returned temporary too
    const Vector h = weighted_step(E, y, r.weights, o, h_prev);
    if (h.size() == 0) {
      r.status = Status::failed;
      r.message = "the weighted regressor matrix is rank-deficient (a regressor is zero or repeats another)";
      r.residual = y - E * r.h;
      return r;
    }
    const double change = (h - r.h).norm();
    r.h = h;
    h_prev = h;
    r.residual = y - E * r.h;
    const auto adjusted = adjust(r.h, r.residual);
    r.weights = irls_weights(r.residual, o.delta);
    if (r.iterations > 1 && adjusted == 0 && change <= o.tolerance * std::max(r.h.norm(), 1e-300)) {
      r.converged = true;
      return r;
    }
  }
  r.iterations = o.max_iterations;
  r.add_warning(method + " did not converge in " + std::to_string(o.max_iterations) + " iterations");
  return r;
}

}  // namespace mechid::nonlinear
