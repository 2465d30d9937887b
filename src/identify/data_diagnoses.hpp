// Diagnoses that name the cause of a poor identification from the data and the estimate's free-run
// residuals (issue 48, item 9): one output with the wrong sign, outputs in different units, a
// constant offset or a drift in an output, a mode beyond the Nyquist frequency, and no sign advice
// on a fit that is poor anyway. Each is typed advice (core/advice.hpp) and stays silent when the
// estimate fits the data as a correct model does (residuals white, independent of the input).
#pragma once

#include "identify/identification.hpp"

namespace mechid {

// The fit below which (with residuals that are not white) an estimate explains too little of the
// data for its signs to mean anything: an all-negative M, D, K is then no evidence of a sign
// convention (numerics review e622506, problem 9).
inline constexpr double kPoorFitPercent = 50.0;

// For an estimate whose M, D and K are all negative, with r.validation set: advises flipping the
// sign of the inputs (sign_flipped, warning) and returns true when the estimate fits the data;
// when it fits poorly (mean fit below kPoorFitPercent with correlated residuals) advises poor_fit
// instead and returns false (no sign advice on a fit that is garbage anyway).
bool advise_reversed_sign(Identification& r);

// After the validation of `r` on `data` (the data finish() was given): the diagnoses below, each
// as typed advice on r, all silent on an estimate whose residuals pass their tests.
// - sign_flipped / mixed_units: when the fit is poor or M, K are indefinite, the subspace model of
//   the data (whose output matrix absorbs any diagonal scaling of the outputs) is extracted again
//   with each single output negated and with the outputs brought to one unit (factors of ten from
//   their RMS); a candidate whose free-run fit beats the estimate's by far names its channel(s).
// - offset / drift: a constant, or a straight line, that explains most of a channel's residual.
// - aliasing: a mode beyond the Nyquist frequency π/h, or residuals correlated with the input
//   while the fastest mode lies above half of it.
void diagnose_data(Identification& r, const Dataset& data);

}  // namespace mechid
