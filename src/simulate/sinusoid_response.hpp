// Exact sampled response of x' = A x + B u, y = C x to inputs that are sums of sinusoids and
// constants, u_j(t) = c_j + Σ a sin(ω t + φ): particular solution plus the homogeneous solution
// that matches the initial state, x(t) = x_p(t) + e^{At} (x_0 - x_p(0)), with
//   x_p = -A⁻¹ B c (constants),  x_p = Im[(iωI - A)⁻¹ B_j a e^{i(ωt+φ)}] (each sinusoid).
// This is the closed-form reference for the SVF report's experiments (u = 5 sin(2t) + 10.5 sampled
// from an ODE solver; here without solver error).
#pragma once

#include <vector>

#include "model/mechanical_system.hpp"

namespace mechid {

struct SineSum {
  struct Term {
    Eigen::Index channel = 0;
    double amplitude = 0.0, omega = 0.0, phase = 0.0;  // a sin(ω t + φ), ω in rad/s
  };
  Vector offset;             // c_j, one per channel (its size is the number of inputs)
  std::vector<Term> terms;
  Vector at(double t) const;
};

struct SampledResponse {
  Vector t;
  Matrix u, x, y;            // N x k, N x states, N x outputs
};

// Throws InputError on bad h or N, a term on a missing channel, a singular A with a nonzero
// constant, or a sinusoid at an eigenfrequency of A (no bounded particular solution).
SampledResponse sinusoid_response(const StateSpaceModel& model, const SineSum& input, const Vector& x0, double h,
                                  Eigen::Index N);

}  // namespace mechid
