// Exact sampling of x' = A x + B u driven by sampled signals, for a stated behaviour of u between
// samples (the realisation of the SVF report's filter 1/Λ(s) and of the fitted models' responses):
//   hold    u constant on [t_i, t_{i+1})                      exact ZOH (held inputs, PRBS)
//   linear  u linear between u_i and u_{i+1}                  exact first-order hold, error O(h²)
//   cubic   u the cubic through four neighbouring samples     exact for piecewise cubics, error O(h⁴)
//           (t_{i-1}..t_{i+2}; one-sided at the ends)           for smooth signals
// On each interval u(t_i + τ) = Σ_m d_m τ^m/m! (d_m: the m-th derivative of the interpolant at t_i),
// and the state after one period is x_{i+1} = F x_i + Σ_m Γ_m d_m with F, Γ_m read off one matrix
// exponential of A, B and a chain of integrators (Van Loan 1978):
//   expm(h [A B 0 .. 0; 0 0 I .. 0; ..; 0 .. 0 I; 0 .. 0 0]) = [F Γ_0 Γ_1 .. Γ_m; 0 ..].
#pragma once

#include <string>

#include "core/types.hpp"

namespace mechid {

enum class Intersample { hold, linear, cubic };

// "hold", "linear", "cubic"; throws InputError naming the known rules otherwise.
Intersample parse_intersample(const std::string& text);
std::string to_string(Intersample rule);

// States x(t_i) (row i, N x n) of x' = A x + B u from x(t_0) = 0, for the samples u (N x k).
// Cubic falls back to linear when there are fewer than 4 samples.
Matrix sampled_states(const Matrix& A, const Matrix& B, const Matrix& u, double h, Intersample rule);

}  // namespace mechid
