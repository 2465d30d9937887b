// State-variable-filter least squares for one output (the SVF report, sec. 2-3): filter the ODE
//   y'' + a1 y' + a0 y = Σ_j (b_j1 u̇_j + b_j0 u_j)                               (eqs. 2, 8)
// with 1/Λ(s), Λ = (s + p1)(s + p2) = s² + λ1 s + λ2, which gives the linear configured form
//   y = θ_λᵀ ζ,  ζ = [-s y/Λ, -y/Λ, (s u_j/Λ, u_j/Λ for each input j)],                (eqs. 4, 6, 10)
//   θ_λ = [a1 - λ1, a0 - λ2, (b_j1, b_j0 for each input j)],                         (eqs. 5, 11)
// and θ_λ by least squares (eq. 7). The mass-spring-damper m y'' + b y' + k y = u is the case of
// one input without derivative term (θ_λ = [b/m - λ1, k/m - λ2, 1/m], eq. 5); the RLC circuit of
// eq. 8 has two inputs, each with both terms (θ_λ of eq. 11).
#pragma once

#include <string>
#include <vector>

#include "simulate/sinusoid_response.hpp"
#include "estimators/svf/least_squares.hpp"
#include "estimators/svf/linear_ode.hpp"

namespace mechid {

struct SvfOptions {
  double p1 = 1.0, p2 = 1.0;                  // filter poles (positive)
  std::vector<bool> input_derivative;          // per input: does u̇_j appear? empty = no input has it
  Intersample input_rule = Intersample::cubic;   // how u behaves between samples (hold for held inputs)
  Intersample output_rule = Intersample::cubic;  // how y behaves between samples (cubic or linear)
  RobustOptions robust;                        // robust.robust: Huber M-estimate (see svf_fit)
};

struct SvfFit : Outcome {
  double p1 = 0.0, p2 = 0.0;
  std::vector<bool> input_derivative;         // the structure fitted (one entry per input)
  Vector theta;                               // θ_λ in the order of ζ
  std::vector<std::string> theta_names;       // "a1-λ1", "a0-λ2", "b1,1", "b1,0", …
  LinearOde2 ode;                             // a1 = θ0 + λ1, a0 = θ1 + λ2, b from θ
  LeastSquaresSolution solution;              // weights, residuals, condition, iterations
};

// The regressor matrix ζ (N x columns, eq. 6/10) from the filtered signals.
Matrix svf_regressors(const Matrix& u, const Vector& y, double h, const SvfOptions& options);

// Fits θ_λ. With options.robust.robust, a Huber M-estimate for outliers in y: y enters ζ too
// (filtered), so one corrupted sample corrupts the regressors of the samples after it for a few
// filter time constants, and weighting rows (plain IRLS) does not remove that. Instead:
//  1. a start that few outliers can move: least median of squares over block fits (block_start);
//  2. clean y with Huber's pseudo-observations against the fitted model's simulated output from
//     rest (which does not depend on y): y* = ŷ + ψ(y - ŷ);
//  3. refilter y*, refit θ_λ (eq. 7), and repeat 2-3 until θ_λ settles.
// Throws InputError on bad data (sizes, h, poles, non-finite values, too few samples);
// a rank-deficient regression is a failed status.
SvfFit svf_fit(const Matrix& u, const Vector& y, double h, const SvfOptions& options);

// m, b, k of m y'' + b y' + k y = u from a one-input fit without derivative term (eq. 5):
// m = 1/θ2, b = m (θ0 + λ1), k = m (θ1 + λ2).
struct MassSpringDamper {
  double m = 0.0, b = 0.0, k = 0.0;
};
MassSpringDamper mass_spring_damper(const SvfFit& fit);

// The force of the SVF report's experiment (sec. 2.3): u = 5 sin(2t) + 10.5.
SineSum msd_seed_input();

}  // namespace mechid
