// Passivity checks (thesis sec. 3.3): the continuous LMI (3.42) and the discrete DLMI (3.45) for
// a given energy matrix P, with the mechanical energy of a system with collocated velocity
// output, and the verdicts of the Cayley, ZOH and Euler discretizations.
#pragma once

#include <string>

#include "discretize/discrete_model.hpp"

namespace mechid {

// Largest eigenvalue of the (symmetric) LMI matrix, its scale, and passive = (largest <= 1e-9 scale).
struct PassivityCheck {
  bool passive = false;
  double largest_eigenvalue = 0.0;
  double scale = 0.0;
};

// [A'P + PA, PB - C'; B'P - C, -(D + D')] <= 0 (eq. 3.42; the thesis prints the lower blocks
// with the opposite sign, which is not symmetric: the standard KYP form is used).
PassivityCheck check_lmi(const StateSpaceModel& model, const Matrix& P);

// [F'PF - P, F'PG - H'; G'PF - H, G'PG - (J + J')] <= 0 (eq. 3.45).
PassivityCheck check_dlmi(const DiscreteModel& model, const Matrix& P);

// x = [q; q'], y = L' q' (collocated velocity output, dim y = dim u): the passive realization.
StateSpaceModel velocity_output_model(const MechanicalSystem& system);

// P = blkdiag(K, M): V(x) = ½ x'Px = ½(q'Kq + q''Mq'), the total energy.
Matrix mechanical_energy_matrix(const MechanicalSystem& system);

// Verdicts for a system at h, each with energy P: continuous; Cayley (3.13) with P/h (the state
// of (3.13) is √h times that of the balanced Cayley transform, for which Theorem 3.3.1 gives the
// same P); ZOH and forward Euler with P.
struct PassivityReport {
  PassivityCheck continuous, cayley, zoh, euler;
};
PassivityReport passivity_report(const MechanicalSystem& system, double h);

}  // namespace mechid
