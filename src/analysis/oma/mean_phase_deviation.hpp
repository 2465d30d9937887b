// How far a complex mode shape is from a real (normal) one, beside the MPC of shape_measures.hpp.
#pragma once

#include "core/types.hpp"

namespace mechid {

// Mean phase deviation, degrees (Pappa, Elliott & Schenk 1993, J. Guid. Control Dyn. 16(1); in the
// form of Reynders, Houbrechts & De Roeck 2012, eq. 12): the mean phase direction is the first
// right singular vector of the m × 2 matrix [Re φ, Im φ]; each component's angle to that line
// (0 … 90°) is averaged with weights |φ_j|. 0 for a real shape; 90° at most.
double mean_phase_deviation_deg(const Eigen::VectorXcd& shape);

}  // namespace mechid
