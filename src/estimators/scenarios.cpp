#include "estimators/scenarios.hpp"

#include <algorithm>
#include <cmath>

#include "core/input_error.hpp"
#include "core/sampling_period.hpp"
#include "estimators/ekf/belt_drive_experiment.hpp"
#include "model/presets.hpp"
#include "simulate/noise.hpp"
#include "simulate/simulation.hpp"
#include "simulate/sinusoid_response.hpp"
#include "estimators/svf/rlc.hpp"
#include "estimators/svf/svf_siso.hpp"

namespace mechid {
namespace {

ScenarioOptions sampling(double h, Eigen::Index n) {
  ScenarioOptions o;
  o.h = h;
  o.n = n;
  return o;
}

// rlc and msd-sine: the exact response to sums of sinusoids, noise on the output.
ScenarioData sine_scenario(const StateSpaceModel& model, const SineSum& input, const ScenarioOptions& o) {
  const SampledResponse r = sinusoid_response(model, input, Vector::Zero(model.A.rows()), o.h, o.n);
  ScenarioData d;
  d.t = r.t;
  d.u = r.u;
  d.q = r.y;
  d.noise_std = add_noise(d.q, o.snr_db, o.seed, kScenarioNoiseStream);
  return d;
}

ScenarioData belt_drive_scenario(const ScenarioOptions& o) {
  BeltExperimentOptions options;
  options.T = o.h;
  options.duration = static_cast<double>(o.n - 1) * o.h;
  options.seed = o.seed;
  if (o.snr_db == INFINITY) options.noise_var_phi = options.noise_var_speed = 0.0;
  const BeltDrive model;
  const BeltExperimentData e = simulate_belt_drive(model, options);
  ScenarioData d;
  d.t = e.t;
  d.u = e.u;
  d.q = e.x.leftCols(2);
  d.v = e.x.rightCols(2);
  d.y = e.y;
  d.setpoint = e.setpoint;
  d.true_theta = model.true_theta();
  return d;
}

}  // namespace

std::vector<std::string> scenario_names() { return {"rlc", "belt-drive", "msd-sine"}; }

ScenarioOptions scenario_defaults(const std::string& name) {
  if (name == "rlc") return sampling(1e-5, 50001);
  if (name == "msd-sine") return sampling(0.1, 101);
  if (name == "belt-drive") return sampling(1e-3, 20001);
  throw InputError("unknown system '" + name + "' (expected rlc, msd-sine or belt-drive)");
}

ScenarioData simulate_scenario(const std::string& name, const ScenarioOptions& given) {
  scenario_defaults(name);  // the name check
  check_sampling_period(given.h);
  require(std::isfinite(given.duration) && given.duration >= 0.0,
          "duration must be a time in s >= 0 (0: n samples), got " + format_number(given.duration), "duration");
  ScenarioOptions o = given;
  if (o.duration > 0.0) o.n = static_cast<Eigen::Index>(std::min(std::round(o.duration / o.h), double(kMaxSamples))) + 1;
  require(o.n >= 3 && o.n <= kMaxSamples, "n must be a whole number of samples between 3 and " +
                                              std::to_string(kMaxSamples) + ", got " + std::to_string(o.n));
  require(!std::isnan(o.snr_db) && o.snr_db != -INFINITY, "snr must be a number of dB or inf, got " + format_number(o.snr_db));
  ScenarioData d = name == "rlc"        ? sine_scenario(rlc_state_space({}), rlc_seed_input(), o)
                   : name == "msd-sine" ? sine_scenario(to_state_space(preset("msd")), msd_seed_input(), o)
                                        : belt_drive_scenario(o);
  d.name = name;
  d.h = o.h;
  return d;
}

}  // namespace mechid
