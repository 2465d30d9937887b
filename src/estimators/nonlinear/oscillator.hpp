// A single-degree-of-freedom oscillator with piecewise-linear stiffness, Karimov et al. 2021 eqs. 10-12
// and 18-20 (Lin-Ewins) / 25-27 (beam):  m ẍ + 2 c ẋ + F(x) = f(t),  f(t) = A cos(ω t),
// F(x) = Σ_j k_j μ_j(x) (x - x0_j). For simulation the indicators μ_j are the sigmoids of eqs. 21
// and 31, μ_j(x) = S(s (x - lower_j)) - S(s (x - upper_j)) with S(z) = 1 / (1 + e^{-z})
// (S(+inf) = 1, S(-inf) = 0), which keeps the right-hand side smooth for the integrator.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/types.hpp"
#include "estimators/nonlinear/regions.hpp"

namespace mechid::nonlinear {

struct PiecewiseOscillator {
  std::string name;
  double mass = 1.0;                 // m (for the beam: the moment of inertia J)
  double damping = 0.0;              // c in 2 c ẋ (for the beam: σ / 2)
  Regions regions;
  std::vector<double> stiffness;     // k per stiffness class of `regions`
  double sigmoid_slope = 1e4;        // s of eqs. 21 / 31
  double amplitude = 0.0;            // A of f(t) = A cos(ω t)
  double omega = 0.0;                // ω, rad/s
  double x0 = 0.0, v0 = 0.0;         // initial state
};

// InputError naming the bad field.
void validate(const PiecewiseOscillator& o);

// F(x) and dF/dx with the sigmoid indicators; exact_force: the piecewise-linear F of eq. 20.
double spring_force(const PiecewiseOscillator& o, double x);
double spring_stiffness(const PiecewiseOscillator& o, double x);
double exact_spring_force(const PiecewiseOscillator& o, double x);
double forcing(const PiecewiseOscillator& o, double t);
double forcing_rate(const PiecewiseOscillator& o, double t);

struct Motion {
  double h = 0.0;
  Vector t, x, v, a, j, f;           // samples t_i = i h: displacement .. jerk, force f(t_i)
  int substeps = 0;                  // RK4 steps per sampling period
};

// Fixed-step classical RK4 with `substeps` steps per sampling period h (the paper used MATLAB's
// ode45 at a constant step of 1 ms); a and j at the samples from the equation of motion and its
// time derivative. InputError: h <= 0, n < 2, substeps < 1, too many samples.
Motion simulate(const PiecewiseOscillator& o, double h, Eigen::Index n, int substeps);

}  // namespace mechid::nonlinear
