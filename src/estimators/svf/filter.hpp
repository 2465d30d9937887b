// The state-variable filter 1/Λ(s), Λ(s) = (s + p1)(s + p2) = s² + λ1 s + λ2 (the SVF report, sec. 2.1,
// eqs. 4-6), realised for sampled signals. The filter state z = [x/Λ, s x/Λ] obeys
//   z' = [0 1; -λ2 -λ1] z + [0; 1] x,
// and is sampled exactly (svf/intersample.hpp) for the stated behaviour of x between samples:
// hold for held inputs (exact), cubic (default) or linear for continuous signals such as
// displacements. Why exact sampling and not Euler or Tustin: then the only approximation is the
// intersample rule itself (none for held inputs, O(h⁴) cubic, O(h²) linear), and the realisation
// reproduces the continuous filter's step (hold), ramp (linear) and cubic responses to rounding.
#pragma once

#include "core/types.hpp"
#include "estimators/svf/intersample.hpp"

namespace mechid {

// λ = [p1 + p2, p1 p2] (eq. 5). Throws InputError unless p1, p2 are finite and positive (a stable filter).
Eigen::Vector2d filter_lambda(double p1, double p2);

// The filtered signal of each column of x (N x c samples at period h): returns N x 2c, columns
// [x_j/Λ, s x_j/Λ] for j = 0..c-1 (interleaved), from a zero filter state at t_0.
// Throws InputError on bad h, poles or non-finite samples.
Matrix state_variable_filter(const Matrix& x, double h, double p1, double p2, Intersample rule);

}  // namespace mechid
