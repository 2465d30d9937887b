// The data diagnoses (data_diagnoses.hpp) of a method's returned estimate, as advice on it
// (result_diagnoses.cpp).
#pragma once

#include "identify/identification.hpp"

namespace mechid {

// Adds diagnose_data's advice to `r` (nothing when r failed): `data` is the record r was validated
// on (r.validation), in the units r is in. Run once per estimate a method returns (identify(),
// identify_svf), not in finish(): auto finishes every start it tries, and on a poor fit each
// diagnosis extracts the subspace model again per output (sign) and per unit candidate.
void diagnose_result(Identification& r, const Dataset& data);

}  // namespace mechid
