// The levels below which residuals say nothing about a sensor's noise: the noise-free residual
// (noise_free.hpp's advice, the PEM's stopping rules) and the rounding of a free run (the residual
// and feedback tests).
#pragma once

#include <limits>

#include "core/types.hpp"

namespace mechid {

// The residual RMS, as a fraction of the output's RMS about its mean (the validation's nrmse, per
// channel, so units-invariant), below which a channel is noise-free: 1e-6, −120 dB. The best
// measurement chains do not resolve less: a 24-bit converter has about 20 effective bits (1e-6 of
// its full scale, and a signal's RMS is below full scale), and sensors (accelerometers,
// displacement and force transducers) are noisier than their converters. A residual this small
// is rounding, or the error of a simulation, never a sensor's noise.
constexpr double kNoiseFreeResidual = 1e-6;

// The relative size of a free run's accumulated rounding over N steps, N·ε (one rounding per
// step, worst case): a residual below it is the simulation's arithmetic, not the data's.
inline double free_run_rounding(Eigen::Index N) { return static_cast<double>(N) * std::numeric_limits<double>::epsilon(); }

// ½‖r‖² of residuals at the noise-free level of outputs y (samples x channels): each channel's
// residual RMS kNoiseFreeResidual times its RMS about its mean, times its weight (empty: 1).
inline double noise_free_cost(const Matrix& y, const Vector& weights = Vector()) {
  double cost = 0.0;
  for (Eigen::Index c = 0; c < y.cols(); ++c) {
    const double w = weights.size() ? weights(c) : 1.0;
    cost += 0.5 * w * w * kNoiseFreeResidual * kNoiseFreeResidual * (y.col(c).array() - y.col(c).mean()).square().sum();
  }
  return cost;
}

}  // namespace mechid
