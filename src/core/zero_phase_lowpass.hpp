// A zero-phase low-pass filter for sampled signals: a 2nd-order Butterworth section (bilinear
// transform with the cut-off prewarped, Oppenheim & Schafer 2010, sec. 7.1.2) run forward and then
// backward over each column ("filtfilt", Gustafsson 1996, "Determining the initial states in
// forward-backward filtering", IEEE Trans. Signal Process. 44:988-992): magnitude |H|², i.e. a 4th-
// order roll-off with 6 dB at the cut-off, and no phase, so derivatives of the filtered signal are
// not delayed. The ends are padded by odd reflection (the signal mirrored about its end value),
// which keeps a ramp or a step at the end from ringing.
#pragma once

#include "core/types.hpp"

namespace mechid {

// Each column of x (N x c, sampled at h) filtered at cutoff_hz, 0 < cutoff_hz < 1/(2h).
// Throws InputError for a cut-off outside that range.
Matrix zero_phase_lowpass(const Matrix& x, double h, double cutoff_hz);

}  // namespace mechid
