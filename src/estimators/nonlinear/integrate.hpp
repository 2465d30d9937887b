// Cumulative integral of a uniformly sampled signal by Simpson's rule: the integration
// "method of accuracy order 3 based on Simpson's rule" of Karimov et al. 2021 (sec. 4),
// used to get velocity and displacement from acceleration (sec. 2.3, relation {a} -> {v} -> {x}).
#pragma once

#include "core/types.hpp"

namespace mechid::nonlinear {

// I(t_i) = ∫_{t_0}^{t_i} y dt with I(t_0) = 0, sampling period h > 0.
// Even nodes: composite Simpson 1/3 over pairs of periods. Odd nodes: the previous even node
// plus the integral over one period of the parabola through three neighbouring samples,
// h/12 (5 y_i + 8 y_{i+1} - y_{i+2}) (or its mirror at the last sample). One period of a
// three-point parabola has a local error O(h^4); each odd node uses it once on top of the
// O(h^4) composite sum, so the cumulative error is O(h^4) for smooth signals (measured in
// tests/cpp/estimators/nonlinear/signals_test.cpp; the paper quotes order 3, the per-period rule alone).
// Fewer than 3 samples: trapezoid. Throws InputError on h <= 0.
Vector cumulative_simpson(const Vector& y, double h);

}  // namespace mechid::nonlinear
