// The continuous-time pole of a mode given by its natural frequency and damping ratio, the inverse
// of f = |λ|/2π, ζ = −Re λ/|λ| (modes_in_band.cpp, oma/output_only_modes.cpp): λ = −ζω + iω√(1 − ζ²),
// ω = 2π f (Ewins, Modal Testing, 2000, sec. 2.2.3). An overdamped mode (ζ ≥ 1) is given λ = −ζω,
// the mean of its two real roots. The pole a universal file's dataset 55 carries (record 8 of a
// complex eigenvalue analysis).
#pragma once

#include <algorithm>
#include <cmath>
#include <complex>

#include "core/math_constants.hpp"

namespace mechid {

inline std::complex<double> pole_of_mode(double freq_hz, double zeta) {
  const double omega = kTwoPi * freq_hz;
  return {-zeta * omega, omega * std::sqrt(std::max(0.0, 1.0 - zeta * zeta))};
}

}  // namespace mechid
