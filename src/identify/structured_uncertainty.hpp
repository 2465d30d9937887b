// The Uncertainty of a structured estimate from the covariance of its parameters: standard
// deviations of the entries of M, D, K (zero at the entries the structure fixes), the entries the
// data do not determine, and each mode's ω_n and ζ by the delta method (central differences of the
// modal analysis along each parameter, sd² = g' C g; Ljung 1999, sec. 9.4 on functions of the
// estimate). Shared by the exact-sampling PEM and inverse-dynamic.
#pragma once

#include "identify/identification.hpp"
#include "identify/parameter_covariance.hpp"
#include "identify/structure.hpp"

namespace mechid {

// theta: the parameters whose first map.free_count() are the free entries of M, D, K (any further
// ones, initial states, forces, follow); estimate: the system they make (its L is kept); c: their
// covariance; modal: the estimate's modes. ω_n and ζ sd stay empty when a mode changes kind
// (oscillating or real) within a step, where the modes have no derivative.
Uncertainty structured_uncertainty(const StructureMap& map, const MechanicalSystem& estimate, const Vector& theta,
                                   const ParameterCovariance& c, const ModalResult& modal);

}  // namespace mechid
