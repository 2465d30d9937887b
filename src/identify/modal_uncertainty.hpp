// First-order standard deviations of each mode's ω_n and ζ from the covariance of the parameters
// of M, D, K: central differences of the modal analysis along each parameter, then
// sd² = g' C g (the delta method; Ljung 1999, sec. 9.4 on functions of the estimate).
#pragma once

#include <functional>

#include "identify/identification.hpp"

namespace mechid {

// theta: the P parameters of M, D, K; system(θ) the system they make; covariance: P x P. Leaves
// u.omega_n and u.zeta empty when a mode changes kind (oscillating or real) within a step, where
// the modes have no derivative.
void modal_uncertainty(const std::function<MechanicalSystem(const Vector&)>& system, const Vector& theta,
                       const Matrix& covariance, const ModalResult& modal, Uncertainty& u);

}  // namespace mechid
