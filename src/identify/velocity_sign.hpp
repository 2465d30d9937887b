// The sign of a measured displacement's velocity, as the Coulomb friction force of the EMPS model
// (Janot, Vandanjon & Gautier 2014) sees it: of the record low-passed without phase, so that noise
// does not flip it at every sample.
#pragma once

#include "core/types.hpp"

namespace mechid {

// sign of the central-difference velocity of q low-passed without phase at cutoff_hz (N x n).
Matrix velocity_sign(const Matrix& q, double h, double cutoff_hz);

}  // namespace mechid
