// Sampled input-output data for identification: forces u (N x k) and displacements y (N x n)
// at a uniform sampling period h, with the checks every method needs before it starts.
#pragma once

#include <string>
#include <vector>

#include "core/enum_names.hpp"
#include "core/input_sampling.hpp"
#include "core/input_sampling_field.hpp"
#include "core/option_schema.hpp"
#include "core/types.hpp"

namespace mechid {

// What the output columns measure. Accelerations are turned into displacement-equivalent data
// before any method runs (identify/acceleration_outputs.hpp).
enum class OutputKind { displacement, acceleration };
inline const EnumNames<OutputKind, 2> kOutputKindNames{"outputs", {"displacement", "acceleration"}};

// 'displacement' | 'acceleration'; an unknown word is an InputError naming `outputs` and the word.
OutputKind parse_output_kind(const std::string& text);
std::string to_string(OutputKind kind);

// The input sampling of a record: stated (point or hold), or to be read off its inputs (option
// 'auto', the default: from_data; identify()'s resolve_input_sampling then sets `value`). Assigning
// an InputSampling states it, so `d.input_sampling = InputSampling::hold` and
// Dataset{h, u, y, InputSampling::hold} mean what they say.
struct DatasetSampling {
  InputSampling value = InputSampling::point;
  bool from_data = true;
  DatasetSampling() = default;
  DatasetSampling(InputSampling stated) : value(stated), from_data(false) {}  // NOLINT: implicit on purpose
  operator InputSampling() const { return value; }                          // NOLINT
};

struct Dataset {
  double h = 0.0;
  Matrix u;  // N x k inputs (forces), one row per sample
  Matrix y;  // N x n measured displacements (or accelerations, see `outputs`)
  DatasetSampling input_sampling;  // held (ZOH) inputs: InputSampling::hold; default: read off the data
  OutputKind outputs = OutputKind::displacement;
  double acceleration_cutoff_hz = 0.0;  // accelerations: the high-pass cut-off; 0 = the default
  // The factor of each input and each output column into SI (counts to metres, a unit, -1 for a
  // sign the rig counts the other way); empty: every factor 1. Applied by apply_column_scales
  // (identify/amplitude_scaling.hpp) where identify() starts, so that u and y above are the
  // record's numbers as read.
  Vector input_scale = Vector(), output_scale = Vector();
  std::string name = "";  // the record's name (its file) for messages and validation_records; may be empty
};

// The runs of one experiment: every training run and every held-out (validation) run like the
// first training run in h (to 1e-6 relative: a period read off a time column printed to 6 or 7
// digits varies that much between records of one logger), number of input and output columns,
// input sampling and output kind. Throws InputError with option "runs" naming the run (by its
// name when it has one). Several training runs need displacement outputs (the acceleration
// prefilter runs per record); held-out runs of accelerations are refused per record later
// (record_validation.hpp), not here.
void check_runs(const std::vector<Dataset>& runs, const std::vector<Dataset>& held_out = {});

// Dataset's options (option_schema.hpp): inputSampling ('auto': input_sampling.from_data),
// outputs, cutoffHz.
template <class Visitor>
void describe(Dataset& d, Visitor& v) {
  v(Option{"inputSampling", "how the force samples represent the force between them: point (a sampled continuous force), "
                            "hold (held over each period: a ZOH actuator, PRBS), auto (hold when every input is constant "
                            "between changes at no more than 1 in 8 samples, else point)"},
    input_sampling_field(d.input_sampling.value, &d.input_sampling.from_data));
  v(Option{"outputs", "what the output columns measure (accelerations are high-passed, not integrated)"},
    choice_field(d.outputs, kOutputKindNames));
  v(Option{"cutoffHz", "accelerations: the high-pass cut-off in Hz (0: a quarter of the slowest mode's frequency)"}
        .at_least(0)
        .message("the acceleration high-pass cut-off (Hz)", ">= 0 (0: automatic)"),
    d.acceleration_cutoff_hz);
}

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

// A held command (a DAC's step or staircase, a slow PRBS) is exactly constant between its changes;
// a sampled continuous force (a load cell, a shaker's multisine) changes at nearly every sample.
// True when every input channel that changes at all changes at no more than 1 in 8 sample steps,
// and one does. A PRBS switching at every sample looks the same held or point-sampled: false, as
// for any input that changes more often.
bool piecewise_constant(const Matrix& u);

// Whether a record's inputs read as held: piecewise_constant, with displacement outputs (the
// acceleration prefilter needs point forces: held ones jump at every sample).
bool reads_as_held(const Dataset& data);

// For the runs whose input sampling is read off the data (input_sampling.from_data): hold when
// every one of them reads_as_held, else point (one choice: runs of one experiment share their
// actuator). The ECP rig's effort, a 0.5 V step held by its DAC, is the case (issue 16): taken as
// point samples, the step becomes a ramp over its first period.
void resolve_input_sampling(std::vector<Dataset>& runs);

// "hold (read off the data: …)" or "point (read off the data: …)", for the result's
// diagnostics.input_sampling of runs whose input sampling was read off the data.
std::string input_sampling_note(const Dataset& data);

}  // namespace mechid
