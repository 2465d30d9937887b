// The simulated experiments of the estimators of the SVF report and Beckmann et al. 2016, with their sampling, so the
// CLI, the page and the benches draw the same data:
//  rlc:        the SVF report sec. 3, the RLC circuit (svf/rlc.hpp), u1 = 2 sin t, u2 = 1 from rest,
//              exact sampled response; q = V_C with white noise at `snr_db`. h = 1e-5 s over
//              0.5 s (n = 50001): docs/results.md's RLC table (the report: 1e-6 s over 5 s).
//  msd-sine:   the SVF report sec. 2.3, u = 5 sin(2t) + 10.5 on the msd preset from rest, exact; noise
//              as rlc. h = 0.1 s over 10 s (n = 101), as the report.
//  belt-drive: Beckmann et al. 2016 sec. 4, the closed-loop experiment at T = h (ekf/belt_drive_experiment.hpp);
//              q = [φ, z], v = [φ', z'] true, y = measured [φ, φ'] with the noise of eq. 32 (none
//              when snr_db is +inf). h = 1e-3 s over 20 s (n = 20001), the paper's T and duration.
// Lives above simulate/, svf/ and ekf/ (it uses all three), so no folder includes its includer.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/types.hpp"

namespace mechid {

std::vector<std::string> scenario_names();  // rlc, belt-drive, msd-sine

struct ScenarioOptions {
  double h = 0.0;               // sampling period, s
  Eigen::Index n = 0;           // samples
  std::uint64_t seed = 1;
  double snr_db = INFINITY;     // rlc, msd-sine: noise on q; belt-drive: +inf = no noise, else eq. 32's
  double duration = 0.0;        // s; > 0: the record covers [0, duration], n = round(duration / h) + 1 (n is then ignored)
};

// The scenario's own sampling (the values above), seed 1 and no noise. Throws InputError naming
// an unknown scenario.
ScenarioOptions scenario_defaults(const std::string& name);

struct ScenarioData {
  std::string name;
  double h = 0.0;
  Vector t;                     // n
  Matrix u, q;                  // n x inputs, n x outputs (rlc: V_C; belt-drive: [φ, z] true)
  std::vector<double> noise_std;  // rlc, msd-sine: the standard deviation added to q
  Matrix v, y, setpoint;        // belt-drive: [φ', z'] true, measured [φ, φ'], φ_ref, φ'_ref, φ''_ref
  Vector true_theta;            // belt-drive: [c_spec, d] of Table 1
};

// Throws InputError naming the scenario, h, n or snr when they are invalid.
ScenarioData simulate_scenario(const std::string& name, const ScenarioOptions& options);

// The noise stream of the rlc and msd-sine scenarios (Random::derived(seed, stream + channel)),
// apart from the streams of simulate/simulation.cpp.
inline constexpr std::uint64_t kScenarioNoiseStream = 1ULL << 32;

}  // namespace mechid
