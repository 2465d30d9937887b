// Identification from measured accelerations: displacement-equivalent data without integrating.
// Inputs u and accelerations a go through one 4th-order Butterworth high-pass H(s) = s⁴/B(s),
// B(s) = Butterworth polynomial at ω_c; since a = q'', H q = (s²/B) a, so the filtered pair
// (û = H u, q̂ = (s²/B) a) obeys M q̂'' + D q̂' + K q̂ = L û as u and q do (H is linear and time
// invariant). Offsets and slow drift of an accelerometer are removed (s²/B kills constants and
// ramps of a). The filter starts at rest: its transient, ~20/ω_c s long, is dropped.
#pragma once

#include "identify/dataset.hpp"

namespace mechid {

struct AccelerationPrefilter {
  double cutoff_hz = 0.0;        // f_c = ω_c/2π of the high-pass
  Eigen::Index discarded = 0;    // leading samples dropped (the filters' start-up)
};

// Samples dropped for the start-up of a filter with cut-off ω_c: 20/ω_c seconds (its slowest
// pole, damping cos(3π/8), decays by e^{-7.7} ≈ 5e-4 in that time).
Eigen::Index prefilter_settling_samples(double cutoff_hz, double h);

// The cut-off whose start-up takes `share` of the record (the first guess of the default: 15 %;
// identify() then moves it to a quarter of the slowest mode found, see identify/methods.cpp).
double default_prefilter_cutoff_hz(Eigen::Index samples, double h, double share = 0.15);

// y of `data` holds accelerations; returns displacement-equivalent data (u filtered by H, y by
// s²/B, the start-up dropped) and, in `info`, what was done. cutoff_hz <= 0: the default.
// Exact sampling with first-order hold (signals linear between samples): needs point-sampled
// inputs; held (ZOH) inputs jump at every sample and H passes the jumps, so they are refused.
// Throws InputError on held inputs, a cut-off at or above the Nyquist frequency, or too few
// samples left after the start-up.
Dataset displacement_equivalent(const Dataset& data, double cutoff_hz, AccelerationPrefilter* info);

}  // namespace mechid
