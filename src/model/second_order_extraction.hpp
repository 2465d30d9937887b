// Second-order (M, D, K) from a continuous state-space model whose output is the displacement,
// by the algebraic procedure of Luş, De Angelis and Longman (2003) used by the n4sid + d2c
// route (thesis ch. 5, Fig. 5.1, step 4; appendix A.4).
#pragma once

#include <string>

#include "core/status.hpp"
#include "model/mechanical_system.hpp"

namespace mechid {

struct SecondOrderExtraction : Outcome {
  MechanicalSystem system;  // symmetrized M, D, K and the given L
};

// With T = [C; CA] the model becomes block-companion: T A T^{-1} = [0 I; A21 A22],
// and CAB = M^{-1} L, so M = L (CAB)^{-1} (L square), K = -M A21, D = -M A22; each symmetrized.
// With fewer inputs than DOF (L n x k, k < n) M is the symmetric least-squares solution of
// M·CAB = L together with the symmetry of K = -M A21 and D = -M A22. Fails (status) when T or
// CAB is singular or those equations do not determine M; warns when the symmetrized estimate is
// not positive (semi)definite.
SecondOrderExtraction extract_second_order(const StateSpaceModel& model, const Matrix& L);

}  // namespace mechid
