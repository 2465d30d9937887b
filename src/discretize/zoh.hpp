// Zero-order-hold conversion of state-space models (thesis eq. 1.8) and its inverse by the
// matrix logarithm (the `d2c` of the n4sid + d2c route, thesis sec. 1.1 and ch. 5).
#pragma once

#include "discretize/discrete_model.hpp"

namespace mechid {

// F = e^{Ah}, G = ∫_0^h e^{As} ds B, H = C, J = D (eq. 1.8), through one exponential of
// the augmented matrix [A B; 0 0] h. Throws InputError on bad shapes or h.
DiscreteModel c2d_zoh(const StateSpaceModel& model, double h);

// A = log(F)/h, B = (∫_0^h e^{As} ds)^{-1} G, C = H, D = J. Fails (status, not a throw) when F
// has an eigenvalue on the closed negative real axis (no real logarithm: the mode lies beyond
// the band h can represent, or the model is not a sampled one), naming those eigenvalues;
// warns when an eigenvalue is within 0.05 π of that axis (a mode near the Nyquist frequency).
ConversionResult d2c_zoh(const DiscreteModel& model);

}  // namespace mechid
