#include "estimators/nonlinear/oscillator.hpp"

#include <cmath>

#include "core/input_error.hpp"

namespace mechid::nonlinear {
namespace {

// S(s (x - b)) and its derivative in x; b = ±inf gives the limits 0 / 1.
double sigmoid(double s, double x, double b) {
  if (std::isinf(b)) return b < 0 ? 1.0 : 0.0;
  return 1.0 / (1.0 + std::exp(-s * (x - b)));
}

double sigmoid_dx(double s, double x, double b) {
  if (std::isinf(b)) return 0.0;
  const double e = sigmoid(s, x, b);
  return s * e * (1.0 - e);
}

}  // namespace

void validate(const PiecewiseOscillator& o) {
  validate(o.regions);
  require(std::isfinite(o.mass) && o.mass > 0, "the mass must be a positive number, got " + format_number(o.mass));
  require(std::isfinite(o.damping) && o.damping >= 0, "the damping must be >= 0, got " + format_number(o.damping));
  require(static_cast<int>(o.stiffness.size()) == o.regions.classes(),
          "give one stiffness per class (" + std::to_string(o.regions.classes()) + "), got " + std::to_string(o.stiffness.size()));
  for (const double k : o.stiffness) require(std::isfinite(k), "a stiffness is not a finite number");
  require(std::isfinite(o.sigmoid_slope) && o.sigmoid_slope > 0,
          "the sigmoid slope s must be a positive number, got " + format_number(o.sigmoid_slope));
  require(std::isfinite(o.amplitude) && std::isfinite(o.omega), "the forcing amplitude and frequency must be finite");
  require(std::isfinite(o.x0) && std::isfinite(o.v0), "the initial state must be finite");
}

double spring_force(const PiecewiseOscillator& o, double x) {
  double f = 0.0;
  for (const Region& g : o.regions.regions) {
    const double mu = sigmoid(o.sigmoid_slope, x, g.lower) - sigmoid(o.sigmoid_slope, x, g.upper);
    f += o.stiffness[static_cast<std::size_t>(g.stiffness)] * mu * (x - g.offset);
  }
  return f;
}

double spring_stiffness(const PiecewiseOscillator& o, double x) {
  double d = 0.0;
  for (const Region& g : o.regions.regions) {
    const double s = o.sigmoid_slope;
    const double mu = sigmoid(s, x, g.lower) - sigmoid(s, x, g.upper);
    const double dmu = sigmoid_dx(s, x, g.lower) - sigmoid_dx(s, x, g.upper);
    d += o.stiffness[static_cast<std::size_t>(g.stiffness)] * (mu + dmu * (x - g.offset));
  }
  return d;
}

double exact_spring_force(const PiecewiseOscillator& o, double x) {
  const Region& g = o.regions.regions[static_cast<std::size_t>(region_of(o.regions, x))];
  return o.stiffness[static_cast<std::size_t>(g.stiffness)] * (x - g.offset);
}

double forcing(const PiecewiseOscillator& o, double t) { return o.amplitude * std::cos(o.omega * t); }
double forcing_rate(const PiecewiseOscillator& o, double t) { return -o.amplitude * o.omega * std::sin(o.omega * t); }

Motion simulate(const PiecewiseOscillator& o, double h, Eigen::Index n, int substeps) {
  validate(o);
  require(std::isfinite(h) && h > 0, "the sampling period must be a positive number of seconds, got " + format_number(h));
  require(n >= 2 && n <= 2'000'000, "the number of samples must be between 2 and 2000000, got " + std::to_string(n));
  require(substeps >= 1 && substeps <= 10000, "the RK4 substeps must be between 1 and 10000, got " + std::to_string(substeps));
  const double m = o.mass, c2 = 2.0 * o.damping;
  auto accel = [&](double t, double x, double v) { return (forcing(o, t) - c2 * v - spring_force(o, x)) / m; };

  Motion r;
  r.h = h;
  r.substeps = substeps;
  for (Vector* s : {&r.t, &r.x, &r.v, &r.a, &r.j, &r.f}) s->resize(n);
  double x = o.x0, v = o.v0;
  const double dt = h / substeps;
  for (Eigen::Index i = 0; i < n; ++i) {
    const double t = static_cast<double>(i) * h;
    r.t(i) = t;
    r.x(i) = x;
    r.v(i) = v;
    r.f(i) = forcing(o, t);
    r.a(i) = accel(t, x, v);
    // Jerk: the time derivative of the equation of motion, m j = ḟ - 2c a - F'(x) v.
    r.j(i) = (forcing_rate(o, t) - c2 * r.a(i) - spring_stiffness(o, x) * v) / m;
    if (i + 1 == n) break;
    for (int k = 0; k < substeps; ++k) {
      // Classical RK4 on (x, v); t from the sample index to avoid drift.
      const double tk = t + k * dt;
      const double k1x = v, k1v = accel(tk, x, v);
      const double k2x = v + 0.5 * dt * k1v, k2v = accel(tk + 0.5 * dt, x + 0.5 * dt * k1x, k2x);
      const double k3x = v + 0.5 * dt * k2v, k3v = accel(tk + 0.5 * dt, x + 0.5 * dt * k2x, k3x);
      const double k4x = v + dt * k3v, k4v = accel(tk + dt, x + dt * k3x, k4x);
      x += dt / 6.0 * (k1x + 2.0 * k2x + 2.0 * k3x + k4x);
      v += dt / 6.0 * (k1v + 2.0 * k2v + 2.0 * k3v + k4v);
    }
  }
  return r;
}

}  // namespace mechid::nonlinear
