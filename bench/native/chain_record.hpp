// The scale section's record of a chain of n masses (bench/scale.mjs): preset chain<n>, N = 6000,
// h = 0.002, PRBS held on every mass, SNR 20 dB, seed 2; and its chain structure (M diagonal, D and K
// tridiagonal). For the native bench tools scale_phases.cpp and threads.cpp.
#pragma once

#include <limits>
#include <string>

#include "mechid.hpp"

namespace mechid::bench {

inline Dataset chain_record(Eigen::Index n) {
  SimulationOptions o;
  o.h = 0.002;
  o.n = 6000;
  o.snr_db = 20;
  o.seed = 2;
  const SimulatedData sim = simulate(preset("chain" + std::to_string(n)), o);
  return Dataset{o.h, sim.u, sim.q, InputSampling::hold};
}

// `auto`'s options for it: the chain structure, and no work limit.
inline IdentifyOptions chain_options() {
  IdentifyOptions options;
  options.structure.M.pattern = MatrixPattern::diagonal;
  options.structure.D.pattern = MatrixPattern::tridiagonal;
  options.structure.K.pattern = MatrixPattern::tridiagonal;
  options.max_work = std::numeric_limits<double>::infinity();
  return options;
}

}  // namespace mechid::bench
