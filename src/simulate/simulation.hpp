// Sampled responses of a MechanicalSystem to an input signal: exact ZOH sampling for
// piecewise-constant inputs, a fine-step reference (exact for the cubic through the input's values
// on a sub-grid, discretize/cubic_hold.hpp) for inputs that vary within a sampling period (thesis
// sec. 5.1), and measurement noise on q.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/mechanical_system.hpp"
#include "simulate/signals.hpp"

namespace mechid {

// Largest number of samples a simulation accepts (memory bound, not a method limit).
inline constexpr Eigen::Index kMaxSamples = 2'000'000;

struct SimulationOptions {
  double h = 0.0;             // sampling period, s
  Eigen::Index n = 0;         // samples, 3 <= n <= kMaxSamples
  InputOptions input;
  double snr_db = INFINITY;   // per q channel; +inf = noise-free
  std::uint64_t seed = 1;     // noise; input.seed is set from it too
  Vector q0, v0;              // initial state; empty = zero
};

struct SimulatedData {
  double h = 0.0;
  Vector t;                   // t_i = i h
  Matrix u, q, v, a;          // N x k, N x n (q noisy; v and a noise-free)
  std::string method;         // "zoh-exact" or "fine-step"
  int substeps = 1;           // per sampling period (fine-step)
  std::vector<double> noise_std;
};

// Throws InputError naming the first bad option (h, n, snr, q0, v0, input options).
SimulatedData simulate(const MechanicalSystem& system, const SimulationOptions& options);

}  // namespace mechid
