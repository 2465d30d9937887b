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

// The record's columns in SI: each input column times its factor of data.input_scale, each output
// column times its factor of data.output_scale (a unit such as 1e-3 for mm, encoder counts to
// metres, -1 for a DOF the rig counts the other way), then the factors emptied (the data are in
// SI from then on). Empty factors leave the columns as they are. Throws InputError (option
// "inputScale" or "outputScale") naming the record when the count of factors is not the count of
// columns, or a factor is not finite and nonzero. Unlike amplitude_scaling, these factors are
// the user's statement of units: the result is in SI and is not mapped back.
void apply_column_scales(Dataset& data);

}  // namespace mechid
