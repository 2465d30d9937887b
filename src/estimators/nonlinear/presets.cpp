#include "estimators/nonlinear/presets.hpp"

#include <cmath>

#include "core/input_error.hpp"
#include "core/rng.hpp"

namespace mechid::nonlinear {

PiecewiseOscillator lin_ewins() {
  PiecewiseOscillator o;
  o.name = "lin-ewins";
  o.mass = 1.0;
  o.damping = 4.0;
  o.regions = threshold_regions(5e-3);
  o.stiffness = {40000.0, 0.0};  // outer (k2), inner (k1)
  o.sigmoid_slope = 1e4;
  o.amplitude = 100.0;
  o.omega = 40.0;
  return o;
}

PiecewiseOscillator aluminium_beam() {
  PiecewiseOscillator o;
  o.name = "beam";
  o.mass = 1.139e-2;
  o.damping = 0.045 / 2.0;
  o.regions = sign_regions();
  o.stiffness = {608.3, 123.2};  // negative tilt (k1), positive tilt (k2)
  o.sigmoid_slope = 1e4;
  o.x0 = 0.02;
  return o;
}

std::vector<std::string> oscillator_names() { return {"lin-ewins", "beam"}; }

PiecewiseOscillator oscillator(const std::string& name) {
  if (name == "lin-ewins") return lin_ewins();
  if (name == "beam") return aluminium_beam();
  throw InputError("unknown nonlinear system '" + name + "' (expected lin-ewins or beam)");
}

Vector accelerometer(const Vector& acceleration, double sigma, double a0, std::uint64_t seed) {
  require(std::isfinite(sigma) && sigma >= 0, "the accelerometer noise sigma must be >= 0, got " + format_number(sigma));
  require(std::isfinite(a0), "the accelerometer zero drift a0 must be finite, got " + format_number(a0));
  Vector out = acceleration.array() + a0;
  if (sigma == 0) return out;
  Random rng(seed);
  for (Eigen::Index i = 0; i < out.size(); ++i) out(i) += sigma * rng.normal();
  return out;
}

}  // namespace mechid::nonlinear
