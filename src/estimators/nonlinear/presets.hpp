// Simulation presets of Karimov et al. 2021.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "estimators/nonlinear/oscillator.hpp"

namespace mechid::nonlinear {

// Sec. 3.1, eqs. 18-21 and Fig. 1 (Lin & Ewins 1993): m = 1 kg, c = 4 N s/m (2c ẋ), backlash
// x0 = 5e-3 m, k2 = 40 000 N/m beyond the backlash, k1 = 0 inside it, A = 100 N, ω = 40 rad/s,
// sigmoid slope s = 1e4, starting at rest (x(0) = (0, 0)). Classes: "outer" = k2, "inner" = k1.
PiecewiseOscillator lin_ewins();

// Sec. 4, eqs. 25-29: the aluminium beam with an asymmetric joint in free vibration,
// J θ̈ + σ θ̇ + F(θ) = 0, J = 1.139e-2 kg m², σ = 0.045 N s/rad (c = σ/2), F = k1 θ for θ <= 0 and
// k2 θ for θ > 0 with the IDA estimates of Table 2 (k1 = 608.3, k2 = 123.2 N m/rad), sigmoids with
// s = 1e4 (eq. 31); released from θ(0) = 0.02 rad at rest.
PiecewiseOscillator aluminium_beam();

std::vector<std::string> oscillator_names();   // "lin-ewins", "beam"
PiecewiseOscillator oscillator(const std::string& name);  // InputError for an unknown name

// Seed sec. 3.2.2, eq. 24: accelerometer samples a_i = a(t_i) + σ z_i + a0, z_i standard normal
// from Random(seed) (src/core/rng.hpp). σ = 0 and a0 = 0 return a copy.
Vector accelerometer(const Vector& acceleration, double sigma, double a0, std::uint64_t seed);

}  // namespace mechid::nonlinear
