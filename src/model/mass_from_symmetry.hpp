// The mass matrix of a second-order model from its first-order form when there are fewer inputs
// than degrees of freedom (one shaker, one motor): both the Luş extraction of the n4sid + d2c
// route and the gain matching of the thesis's eq. 4.15 divide by an n x k gain, which needs L
// square. The symmetry of K and D supplies the missing equations.
#pragma once

#include "core/types.hpp"

namespace mechid {

// The symmetric M that best satisfies, given P = M⁻¹K, Q = M⁻¹D and R = M⁻¹L (each read off a
// companion form) and L (n x k), the n·k equations M R = L and the symmetry of K = M P and D = M Q
// (n(n−1)/2 equations each): linear least squares in the n(n+1)/2 entries of M. Each block of
// equations is scaled to its own units (L, then K and D at the scale ‖L‖/‖R‖ of M), so the
// solution does not depend on the units. Empty when the equations do not determine M (rank
// below n(n+1)/2, e.g. a mode the input does not reach).
Matrix mass_from_symmetry(const Matrix& P, const Matrix& Q, const Matrix& R, const Matrix& L);

}  // namespace mechid
