// The band of a frequency-domain analysis against the record's Nyquist frequency 1/(2h): above it
// nothing is measured (issue 56's probe: a band beyond Nyquist was accepted).
#pragma once

#include <string>

namespace mechid {

// Throws InputError (option "band") naming `analysis` ("frf", "oma") and the Nyquist frequency when
// band_hi_hz is finite and above 1/(2h) (by more than rounding; with h and what to do), or when
// band_lo_hz is not below it.
void require_band_below_nyquist(const std::string& analysis, double band_lo_hz, double band_hi_hz, double h);

}  // namespace mechid
