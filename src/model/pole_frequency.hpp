// The natural frequency and damping ratio of a continuous-time pole. A mode of eq. 1.1
// (Bruschetta 2011), M q̈ + D q̇ + K q = 0, has the pole pair λ = −ζω_n ± iω_n√(1 − ζ²), so that
// ω_n = |λ| and ζ = −Re λ / |λ|; the same reading turns a universal file's complex eigenvalue
// (dataset 55, analysis types 3 and 7) into a frequency and a damping ratio.
#pragma once

#include <complex>

namespace mechid {

struct PoleFrequency {
  double omega_n = 0.0;  // |λ| (rad/s)
  double freq_hz = 0.0;  // |λ| / 2π
  double zeta = 0.0;     // −Re λ / |λ|; 0 for λ = 0 (no oscillation whose damping could be said)
};

PoleFrequency pole_frequency(std::complex<double> lambda);

// The inverse: the pole λ = −ζω + iω√(1 − ζ²), ω = 2π f, of a mode given by its frequency (Hz) and
// damping ratio (Ewins, Modal Testing, 2000, sec. 2.2.3); an overdamped mode (ζ ≥ 1) is given
// λ = −ζω, the mean of its two real roots. The pole a universal file's dataset 55 carries.
std::complex<double> pole_of_mode(double freq_hz, double zeta);

}  // namespace mechid
