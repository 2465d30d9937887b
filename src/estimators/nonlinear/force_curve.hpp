// The spring-force curves F(x) the page plots and the CLI reports: on a grid over the motion,
// the exact F of eq. 20 for a simulated oscillator, or the identified one (estimated_force).
#pragma once

#include "estimators/nonlinear/identify.hpp"
#include "estimators/nonlinear/oscillator.hpp"

namespace mechid::nonlinear {

struct ForceCurve {
  Vector x, F;
};

// Points of a force curve and how far beyond the motion it reaches.
inline constexpr Eigen::Index kForceCurvePoints = 201;
inline constexpr double kForceCurveMargin = 1.1;

// kForceCurvePoints evenly spaced points over ± kForceCurveMargin · max|x| of the displacement x.
// Throws InputError when x is empty.
Vector force_curve_grid(const Vector& x);

// The exact F(x) of eq. 20 on the grid over `motion`.
ForceCurve exact_force_curve(const PiecewiseOscillator& oscillator, const Vector& motion);

// The identified F(x) on the grid over the reconstructed displacement r.signals.x.
ForceCurve estimated_force_curve(const PiecewiseIdentification& r);

}  // namespace mechid::nonlinear
