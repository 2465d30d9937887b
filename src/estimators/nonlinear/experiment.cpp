#include "estimators/nonlinear/experiment.hpp"

#include "estimators/nonlinear/presets.hpp"
#include "estimators/nonlinear/regions.hpp"

namespace mechid::nonlinear {

Experiment simulate_experiment(const std::string& name, const ExperimentOptions& o) {
  Experiment e;
  e.system = oscillator(name);
  e.motion = simulate(e.system, o.h, o.n, o.substeps);
  e.measured = accelerometer(e.motion.a, o.sigma, o.a0, o.seed);
  e.true_region = classify(e.system.regions, e.motion.x);
  e.force_curve = exact_force_curve(e.system, e.motion.x);
  return e;
}

}  // namespace mechid::nonlinear
