// Discrete state-space models x_{k+1} = F x_k + G u_k, y_k = H x_k + J u_k (thesis eq. 1.7), the
// result of converting one back to continuous time, and the shape checks shared by the maps.
#pragma once

#include <complex>
#include <string>
#include <vector>

#include "core/status.hpp"
#include "model/mechanical_system.hpp"

namespace mechid {

struct DiscreteModel {
  Matrix F, G, H, J;
  double h = 0.0;
};

// A discrete-to-continuous conversion: the model when status != failed; message says why not,
// and `eigenvalues` lists the eigenvalues of F that caused a failure or warning.
struct ConversionResult : Outcome {
  StateSpaceModel model;
  std::vector<std::complex<double>> eigenvalues;
};

// Throws InputError naming the matrix whose size disagrees (A square; B, C, D conforming).
void validate_shapes(const StateSpaceModel& model);
void validate_shapes(const DiscreteModel& model);  // same for F, G, H, J; and validate_step(h)
void validate_step(double h);                       // check_sampling_period(h): finite, in [1e-300, 1e300] s

}  // namespace mechid
