#include "estimators/nonlinear/force_curve.hpp"

#include "core/input_error.hpp"

namespace mechid::nonlinear {

Vector force_curve_grid(const Vector& x) {
  require(x.size() > 0, "a force curve needs a displacement to span");
  const double span = kForceCurveMargin * x.cwiseAbs().maxCoeff();
  return Vector::LinSpaced(kForceCurvePoints, -span, span);
}

ForceCurve exact_force_curve(const PiecewiseOscillator& oscillator, const Vector& motion) {
  ForceCurve c;
  c.x = force_curve_grid(motion);
  c.F.resize(c.x.size());
  for (Eigen::Index i = 0; i < c.x.size(); ++i) c.F(i) = exact_spring_force(oscillator, c.x(i));
  return c;
}

ForceCurve estimated_force_curve(const PiecewiseIdentification& r) {
  ForceCurve c;
  c.x = force_curve_grid(r.signals.x);
  c.F = estimated_force(r, c.x);
  return c;
}

}  // namespace mechid::nonlinear
