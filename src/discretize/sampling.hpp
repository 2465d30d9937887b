// Exact sampling of x' = A x + B u: zero-order hold (u constant over a period) and first-order
// hold (u linear over a period), each through one exponential of an augmented matrix
// (Van Loan 1978), balanced first (exponential_derivatives in sampling_sensitivity.hpp): without
// the balancing, G of a 3-DOF system with ω ~ 1e9 rad/s came out 10 % wrong.
#pragma once

#include "core/types.hpp"

namespace mechid {

// x_{i+1} = F x_i + G u_i, exact when u is constant on [t_i, t_i + h):
// expm([A B; 0 0] h) = [F G; 0 I], F = e^{Ah}, G = ∫_0^h e^{As} ds B.
struct ZohSampling {
  Matrix F, G;
};
ZohSampling sample_zoh(const Matrix& A, const Matrix& B, double h);

// x_{i+1} = F x_i + G0 u_i + G1 (u_{i+1} - u_i), exact when u is linear on [t_i, t_i + h):
// expm([A h, B h, 0; 0, 0, I; 0, 0, 0]) = [F, G0, G1; 0, I, I; 0, 0, I],
// G1 = ∫_0^h e^{As} (1 - s/h) ds B.
struct FohSampling {
  Matrix F, G0, G1;
};
FohSampling sample_foh(const Matrix& A, const Matrix& B, double h);

}  // namespace mechid
