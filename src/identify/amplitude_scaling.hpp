// The data's amplitudes normalised before a method runs, so that no estimate depends on the units
// of u and y (issue 15; review B1-B3: tolerances, damping floors and rank tests of the numerical
// steps act on numbers whose size would otherwise be the user's choice of units), including units
// that differ from output to output (issue 48: q1 in m, q2 in g, q3 in mm).
//
// With q = A q̃ (A = diag(a_i), one factor per output, i.e. per DOF) and u = B ũ (B = diag(b_j)),
// M q'' + D q' + K q = L u, multiplied from the left by A / c, becomes
//   M̃ q̃'' + D̃ q̃' + K̃ q̃ = (A L B / c) ũ,   (M̃, D̃, K̃) = A (M, D, K) A / c,
// which is symmetric again and keeps the given L when A L B = c L: every input j acts on DOFs of
// one group g(j) with one factor a_g(j), and b_j = c / a_g(j). DOFs that one input acts on together
// (a column of L with several nonzeros, e.g. a force between two carts) therefore share a factor;
// each group's factor is the RMS of its outputs, and c makes ũ of RMS 1. A diagonal congruence
// keeps symmetry, definiteness and every structure pattern (diagonal, tridiagonal, zero), so every
// method solves the same kind of problem in any units; the result is mapped back by
// (M, D, K) = c A⁻¹ (M̃, D̃, K̃) A⁻¹. The methods' unweighted output-error costs then weigh each output
// by the inverse of its RMS (the same as the thesis's cost when the outputs' amplitudes are alike),
// which is what makes the estimate independent of each output's units.
// Time is not rescaled: the methods work in h·ω, and the reported texts keep the user's seconds.
#pragma once

#include "identify/identification.hpp"

namespace mechid {

struct AmplitudeScaling {
  Vector output;  // a_i, one per output column (DOF): the RMS of its group's outputs
  Vector input;   // b_j = c / a_g(j), one per input column
  Vector force;   // f_i = c / a_i, one per DOF: the scale of the forces of row i of the equation
  // s_i = a_i / sqrt(c) = sqrt(a_i / f_i): X̃ = S X S for M, D, K (c itself, the product of an
  // output's and an input's scale, can leave double's range for data of 1e-306 or 1e306).
  Vector matrix() const { return output.cwiseQuotient(force).cwiseSqrt(); }
};

// The factors for data whose inputs act through L (n x k; each a positive RMS, 1 for an all-zero
// block, which validation refuses or reports).
AmplitudeScaling amplitude_scaling(const Dataset& data, const Matrix& L);

// One factor for every output (the RMS of all output samples) and one for every input (of all
// input samples): the data in their own units up to a common factor, where outputs can be
// compared with each other (the data diagnoses).
AmplitudeScaling common_scaling(const Dataset& data);

// The factors that take data scaled by `to` to data scaled by `from` (from / to, entry by entry):
// unscale_result(r, relative_scaling(from, to)) and then unscale_result(r, to) is unscale_result(r, from).
AmplitudeScaling relative_scaling(const AmplitudeScaling& from, const AmplitudeScaling& to);

// The data with u B⁻¹ and y A⁻¹: a copy, or in place.
Dataset scaled_data(const Dataset& data, const AmplitudeScaling& scaling);
void scale_data(Dataset& data, const AmplitudeScaling& scaling);
// Its inverse: the scaled record back in the data's units (u B, y A).
void unscale_data(Dataset& data, const AmplitudeScaling& scaling);

// X̃ = A X A / c = S X S for a matrix of M, D, K (or its known entries).
Matrix scaled_matrix(const Matrix& X, const AmplitudeScaling& scaling);

// Maps a result on the scaled data back to the user's units: M, D, K, Md, Dd, Kd and their sd by
// S⁻¹ · S⁻¹ (c A⁻¹ · A⁻¹); friction and offset of DOF i by f_i; the simulated outputs and residuals
// of output i by a_i; the mass-normalised mode shapes by S (A / sqrt(c)). Costs and the residual
// variance, sums over the outputs (or the equation's rows), scale by the mean of a_i² (of f_i² for
// force residuals): exact when every output has the same factor.
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
