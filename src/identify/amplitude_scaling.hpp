// The data's amplitudes normalised before a method runs, so that no estimate depends on the units
// of u and y (issue 15; review B1-B3: tolerances, damping floors and rank tests of the numerical
// steps act on numbers whose size would otherwise be the user's choice of units).
//
// With q = a q̃ and u = b ũ (a, b > 0 scalars), M q'' + D q' + K q = L u becomes
//   M̃ q̃'' + D̃ q̃' + K̃ q̃ = L ũ,   (M̃, D̃, K̃) = (a/b) (M, D, K),
// with the same L. Data in nm and kN and data in m and N thus give the same normalised problem,
// and every method solves that one; the result is mapped back by (M, D, K) = (b/a) (M̃, D̃, K̃).
// Scalars (not one factor per channel) keep each method's cost the same function of the data:
// the thesis's unweighted output-error cost is not changed into a differently weighted one.
// Time is not rescaled: the methods work in h·ω, and the reported texts keep the user's seconds.
#pragma once

#include "identify/identification.hpp"

namespace mechid {

struct AmplitudeScaling {
  double input = 1.0;   // b: RMS of all input samples
  double output = 1.0;  // a: RMS of all output samples
};

// The RMS of u and of y (1 for an all-zero block, which validation refuses or reports).
AmplitudeScaling amplitude_scaling(const Dataset& data);

// The data with u / b and y / a: a copy, or in place.
Dataset scaled_data(const Dataset& data, const AmplitudeScaling& scaling);
void scale_data(Dataset& data, const AmplitudeScaling& scaling);

// Maps a result on the scaled data back to the user's units: M, D, K and Md, Dd, Kd (and their
// sd) by b/a; friction and offset by b; the simulated outputs by a; costs and residual variances by a²; the
// mass-normalised mode shapes by sqrt(a/b).
void unscale_result(Identification& result, const AmplitudeScaling& scaling);

}  // namespace mechid
