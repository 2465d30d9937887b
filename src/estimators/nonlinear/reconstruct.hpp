// Phase-space reconstruction from an accelerometer record, Karimov et al. 2021 sec. 2.3 ({a} -> {v} -> {x}
// by integration, {j} = d{a}/dt by differentiation) with the trend treatment of sec. 3.2.2: split
// the record into fragments, integrate each from zero, remove the 0-2 Hz band, remove linear trends.
#pragma once

#include "core/option_schema.hpp"
#include "core/types.hpp"

namespace mechid::nonlinear {

struct ReconstructionOptions {
  int segments = 1;          // fragments integrated independently from zero (seed: 20)
  double highpass_hz = 0.0;  // ideal high-pass cut-off applied to v and x of each fragment; 0 = none (seed: 2)
  bool detrend = false;      // remove the linear trend of v and x of each fragment (seed: yes);
  bool detrend_before_highpass = true;  // with both: also remove the line before the filter
                             // (see reconstruct.cpp); false is the paper's literal order
};

// ReconstructionOptions' options (core/option_schema.hpp); detrend_before_highpass is no option of the API.
template <class Visitor>
void describe(ReconstructionOptions& o, Visitor& v) {
  v(Option{"segments", "fragments of the record integrated independently from zero (sec. 3.2.2; Karimov et al. 2021: 20)"}
        .at_least(1)
        .message("the number of segments", "at least 1"),
    o.segments);
  v(Option{"highpassHz", "the high-pass cut-off in Hz applied to v and x of each fragment (0: none; Karimov et al. 2021: 2)"}
        .at_least(0)
        .message("the high-pass cut-off", ">= 0 Hz"),
    o.highpass_hz);
  v(Option{"detrend", "remove the linear trend of v and x of each fragment (Karimov et al. 2021: yes)"}, o.detrend);
}

struct ReconstructedSignals {
  Vector a, v, x, j;         // acceleration (as given), velocity, displacement, jerk
};

// v: each fragment's acceleration integrated from zero (cumulative_simpson), then high-passed and
// detrended as asked; x: the same applied to v. j: differentiate4 over the whole record.
// InputError: h <= 0, fewer than 5 samples per fragment, non-finite samples, bad options.
ReconstructedSignals reconstruct(const Vector& a, double h, const ReconstructionOptions& options);

// The trend treatment of one reconstruct() pass without its integration: each fragment of y
// high-passed and detrended as `options` asks (sec. 3.2.2). For measuring what the treatment does
// to a known signal, e.g. the exact displacement of a simulation (bench/native/nonlinear_dia_sources.cpp).
Vector treat_fragments(const Vector& y, double h, const ReconstructionOptions& options);

// Checks ReconstructionOptions against a record of n samples (InputError naming the option).
void validate(const ReconstructionOptions& options, Eigen::Index n);

}  // namespace mechid::nonlinear
