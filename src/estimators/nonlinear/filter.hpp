// Trend removal for integrated accelerometer signals, Karimov et al. 2021 sec. 3.2.2: "an ideal notch
// filter with band 0-2 Hz, and then eliminate linear trends".
#pragma once

#include "core/types.hpp"

namespace mechid::nonlinear {

// Ideal high-pass over the record: removes every DFT component of frequency k/(N h) <= cutoff_hz
// (k = 0 included), i.e. y minus its projection on the orthogonal DFT basis cos/sin(2π k i/N),
// k = 0..K. Exact and O(N K) (no FFT needed for the few bins of a 0-2 Hz band).
// cutoff_hz < 0 or h <= 0: InputError.
Vector ideal_highpass(const Vector& y, double h, double cutoff_hz);

// y minus its least-squares straight line over the sample index.
Vector detrend_linear(const Vector& y);

}  // namespace mechid::nonlinear
