// The Cayley-Tustin transform of state-space models (thesis eq. 3.13) and its inverse; the
// midpoint (trapezoidal) rule applied to x' = Ax + Bu (eqs. 3.8-3.12).
#pragma once

#include "discretize/discrete_model.hpp"

namespace mechid {

// F = (I - hA/2)^{-1} (I + hA/2), G = h (I - hA/2)^{-1} B, H = C (I - hA/2)^{-1},
// J = (h/2) C (I - hA/2)^{-1} B + D (eq. 3.13). Throws InputError when I - hA/2 is singular
// (A has the eigenvalue 2/h).
DiscreteModel c2d_tustin(const StateSpaceModel& model, double h);

// The inverse of eq. 3.13: with X = (F - I)(F + I)^{-1} = hA/2, (I - hA/2)^{-1} = (F + I)/2, so
// A = (2/h)(F - I)(F + I)^{-1}, B = (2/h)(F + I)^{-1} G, C = 2 H (F + I)^{-1},
// D = J - C G / 2. Fails (status) when F has the eigenvalue -1.
ConversionResult d2c_tustin(const DiscreteModel& model);

}  // namespace mechid
