// The output-error refinement of an inverse-dynamic estimate with friction (IDIM-OE: Gautier, Janot &
// Vandanjon 2013, "A new closed-loop output error method for parameter identification of robot
// dynamics", IEEE TCST 21(2):428-444; as used for the EMPS benchmark, Janot, Gautier & Brunot 2019).
// IDIM-LS differentiates the measured q: the noise then sits in the regressors, and least squares
// is biased toward zero by an amount that its intervals do not contain (review numerics-e622506,
// problem 5: coverage 51-69 %). The output error y − q̂(θ), with q̂ the free run of the model with its
// friction (coulomb_response.hpp), has the noise on the outputs only, where least squares is
// consistent; it is minimised over M, D, K (their free entries), F_c, f_0 and each run's initial
// displacement by the core's Levenberg-Marquardt (pem.hpp), starting from the IDIM-LS estimate. The
// Jacobian is formed by central differences of the simulation (the switching instants move with θ;
// differences through exactly located switches are smooth), the covariance is the sandwich of
// parameter_covariance.hpp (Ljung 1999, eq. 9.42), valid for coloured residuals as well.
// Open-loop simulation: a free body (K singular) or a record taken in closed loop has no usable free
// run (Gautier et al. simulate the closed loop with its known controller); the refinement then
// reports why it was not made.
#pragma once

#include <string>
#include <vector>

#include "identify/dataset.hpp"
#include "identify/parameter_covariance.hpp"
#include "identify/structure.hpp"

namespace mechid {

struct FrictionRefinement {
  bool verified = false;      // converged, every output fitted by >= 90 %, covariance finite
  std::string reason;         // why not, one sentence (empty when verified)
  Vector theta;               // inverse_dynamic's layout: [free M, D, K; F_c (n); f_0 (n per run)]
  ParameterCovariance covariance;  // of theta (the initial displacements' block left out)
  PemReport report;
  double min_fit_percent = 0.0;    // the smallest free-run fit over the outputs and runs
};

// Refines `start` (inverse_dynamic's layout) on the runs. `friction`, `offset`: whether F_c, f_0 are
// in theta. Each run is taken to start at rest (v0 = 0; q0 is estimated).
FrictionRefinement refine_by_output_error(const std::vector<Dataset>& runs, const Matrix& L, const StructureMap& map,
                                          const Vector& start, bool friction, bool offset);

}  // namespace mechid
