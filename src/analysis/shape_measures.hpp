// Measures of complex mode shapes: how close a shape is to a real (monophase) one, and how alike
// two shapes are. The stabilization diagram (modes_in_band) and the reduced model (reduced_model)
// use them.
#pragma once

#include "core/types.hpp"

namespace mechid {

// MPC of a complex shape: ((λ1 − λ2)/(λ1 + λ2))² for the eigenvalues of the 2 × 2 matrix of
// [Re ψ, Im ψ]'s inner products (Pappa, Elliott & Schenk, J. Guid. Control Dyn. 16(1), 1993, p. 24).
double modal_phase_collinearity(const Eigen::VectorXcd& shape);

// MAC of two complex shapes: |a^H b|² / (|a|² |b|²).
double complex_mac(const Eigen::VectorXcd& a, const Eigen::VectorXcd& b);

}  // namespace mechid
