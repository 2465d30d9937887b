// Fréchet derivatives of the matrix exponential, L(X, E) = d/dε e^{X + εE} at ε = 0, for many
// directions E at once: the scaling-and-squaring algorithm of Al-Mohy & Higham 2009 ("Computing
// the Fréchet derivative of the matrix exponential, with an application to condition number
// estimation", SIAM J. Matrix Anal. Appl. 30(4), 1639-1657, Algorithm 6.4).
#pragma once

#include <vector>

#include "core/types.hpp"

namespace mechid {

// L(X, E_p) for every direction E_p (each the size of X). The Padé degree m and the number of
// squarings s depend on ‖X‖₁ alone, so the powers of X, the Padé approximant r_m(X/2^s), its LU
// factors and its squares are formed once and shared by all directions; each direction then costs
// about 12 products of the size of X, one solve with the LU factors and 2 products per squaring,
// against the exponential of the 2n x 2n block [X E; 0 X] (Van Loan 1978), about 8 times that of e^X.
std::vector<Matrix> exponential_frechet_derivatives(const Matrix& X, const std::vector<Matrix>& directions);

}  // namespace mechid
