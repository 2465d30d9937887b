// How well a sampled model can represent modes at a sampling period h: the midpoint (variational)
// model's frequency error, and whether modes lie below the Nyquist frequency. Used by finish()
// (identification.cpp) for its warning and by auto for its starts and its reason.
#pragma once

#include <string>
#include <vector>

#include "model/modal.hpp"

namespace mechid {

// The midpoint model's relative frequency error at ω: (2/h) tan(ωh/2)/ω - 1 ≈ (ωh)²/12.
double midpoint_frequency_error(double omega, double h);

// Whether every mode lies below the Nyquist frequency π/h of data sampled at h. Sampled data
// cannot tell a mode above it from its alias below (the exact sampled model of the alias fits
// nearly as well), so a start beyond it is an aliased twin of the system, not an estimate of it.
bool below_nyquist(const std::vector<Mode>& modes, double h);

// That error in words for warnings and reasons, "the midpoint model errs by X % in frequency"
// (X with `digits` significant digits), or, at h·ω >= π where the error is infinite, that the
// midpoint model cannot represent the frequency.
std::string midpoint_error_words(double omega, double h, int digits = 3);

}  // namespace mechid
