// Sampled input-output data for identification: forces u (N x k) and displacements y (N x n)
// at a uniform sampling period h, with the checks every method needs before it starts.
#pragma once

#include <string>

#include "core/types.hpp"
#include "core/input_sampling.hpp"

namespace mechid {

// What the output columns measure. Accelerations are turned into displacement-equivalent data
// before any method runs (identify/acceleration_outputs.hpp).
enum class OutputKind { displacement, acceleration };

// 'displacement' | 'acceleration'; an unknown word is an InputError naming `outputs` and the word.
OutputKind parse_output_kind(const std::string& text);
std::string to_string(OutputKind kind);

struct Dataset {
  double h = 0.0;
  Matrix u;  // N x k inputs (forces), one row per sample
  Matrix y;  // N x n measured displacements (or accelerations, see `outputs`)
  InputSampling input_sampling = InputSampling::point;  // held (ZOH) inputs: InputSampling::hold
  OutputKind outputs = OutputKind::displacement;
  double acceleration_cutoff_hz = 0.0;  // accelerations: the high-pass cut-off; 0 = the default
};

// Throws InputError naming the problem: h <= 0; u and y with different sample counts; no input
// or output channel; a non-finite value (with its row and column, 1-based); fewer than
// `min_samples` samples; an input channel that is constant; linearly dependent input channels, or output channels.
void validate(const Dataset& data, Eigen::Index min_samples);

// Throws InputError when an option of the data is out of range: the acceleration high-pass
// cut-off must be a finite number >= 0 (0: automatic). Checked once where identify() starts,
// before acceleration outputs are filtered.
void validate_options(const Dataset& data);

// Throws InputError naming the sample (row, column, value in the user's units) that is not finite
// or more than 1e12 times its column's 99th percentile of |x| (a glitch or a missing-value code),
// or the column whose values are all below 1e-307 (subnormal: their digits are lost). Checked once
// where identify() starts, before the data are scaled; validate() checks finiteness again for the
// methods called directly.
void validate_samples(const Dataset& data);

}  // namespace mechid
