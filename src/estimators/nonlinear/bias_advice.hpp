// The documented bias of the DIA and IDA (Karimov et al. 2021) as typed advice (core/advice.hpp):
// the intervals of piecewise_intervals.hpp hold the spread over noise realisations, not the error of
// the reconstruction from the accelerometer, which docs/results.md measures on the paper's
// Lin-Ewins oscillator (sections "Nonlinear stiffness from acceleration" and "Intervals of the
// nonlinear stiffness", bench/native/nonlinear_intervals.cpp):
//  - DIA: the trend treatment of sec. 3.2.2 moves x, which eq. 14 multiplies by k: −12 % without
//    noise, −17…−22 % with it, whether m and c are given or estimated (warning);
//  - IDA with the mass estimated: the coefficient 1/m of ḟ in eq. 16 absorbs the error of the jerk
//    (a five-point derivative of the noisy acceleration) around the contacts, which the IRLS no
//    longer isolates once the noise is as large as the signal: k −15 %, m −17 % (warning);
//  - IDA with the mass given and the damping estimated: c −13.5 %, k as with c given (warning);
//  - IDA with both given: error +1.8 % at σ = 10, −0.2 % noise-free, beyond the interval's
//    half-width of 0.9 % (a note: the configuration whose accuracy Karimov et al. verify).
#pragma once

#include "core/status.hpp"
#include "estimators/nonlinear/piecewise_regression.hpp"

namespace mechid::nonlinear {

// Adds to r the advice `biased_estimator` that fits the method and what it estimated.
void advise_documented_bias(Outcome& r, Form method, bool mass_estimated, bool damping_estimated);

}  // namespace mechid::nonlinear
