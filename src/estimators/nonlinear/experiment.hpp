// A simulated experiment of Karimov et al. 2021 as the page and the CLI run it: a preset oscillator
// (presets.hpp) integrated by RK4, its accelerometer signal with the noise of eq. 24, the true
// region of each sample, and the exact force curve of eq. 20 over the motion.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/option_schema.hpp"
#include "estimators/nonlinear/force_curve.hpp"
#include "estimators/nonlinear/oscillator.hpp"

namespace mechid::nonlinear {

struct ExperimentOptions {
  double h = 1e-3;             // sampling period, s (the paper's 1 kHz)
  Eigen::Index n = 20000;      // samples
  int substeps = 50;           // RK4 steps per period (converged: tests/cpp/estimators/nonlinear/identify_test.cpp)
  double sigma = 0.0, a0 = 0.0;  // accelerometer noise sd and offset (eq. 24)
  std::uint64_t seed = 1;
};

// ExperimentOptions' options (core/option_schema.hpp); the simulation checks their values.
template <class Visitor>
void describe(ExperimentOptions& o, Visitor& v) {
  v(Option{"h", "the sampling period in s (1 kHz in Karimov et al. 2021)"}, o.h);
  v(Option{"n", "samples"}, o.n);
  v(Option{"substeps", "RK4 steps per sampling period"}.at_least(1).at_most(10000), o.substeps);
  v(Option{"sigma", "the accelerometer's noise standard deviation (eq. 24)"}, o.sigma);
  v(Option{"a0", "the accelerometer's offset (eq. 24)"}, o.a0);
  v(Option{"seed", "the noise's seed"}, o.seed);
}

struct Experiment {
  PiecewiseOscillator system;
  Motion motion;               // noise-free t, x, v, a, j, f
  Vector measured;             // the accelerometer signal a + σ z + a0
  std::vector<int> true_region;  // region of each sample of x
  ForceCurve force_curve;      // exact F(x) on the grid over x
};

// Throws InputError for an unknown preset or bad options (simulate, accelerometer).
Experiment simulate_experiment(const std::string& name, const ExperimentOptions& options);

}  // namespace mechid::nonlinear
