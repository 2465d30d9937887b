// Input force signals for simulation: PRBS, sine, multisine, chirp, step, or user samples.
// Each is a function of continuous time; its values at t_i = i h are the samples. PRBS, step and
// user samples are piecewise constant over [t_i, t_{i+1}) (exact ZOH sampling applies); sine,
// multisine and chirp vary within a period (the fine-step reference applies).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/types.hpp"

namespace mechid {

enum class InputKind { prbs, sine, multisine, chirp, step, samples };

// Parses "prbs", "sine", …; throws InputError listing the known kinds otherwise.
InputKind parse_input_kind(const std::string& text);
std::string to_string(InputKind kind);
bool is_piecewise_constant(InputKind kind);

struct InputOptions {
  InputKind kind = InputKind::prbs;
  double amplitude = 1.0;  // peak value (prbs ±A, sine, chirp, step); multisine has RMS A/sqrt(2)
  int hold = 1;            // prbs: samples per bit
  double freq_hz = 0.0;    // sine: frequency; chirp: start; 0 = default (see make_input)
  double freq2_hz = 0.0;   // chirp: end frequency; multisine: top of the band; 0 = default
  std::uint64_t seed = 1;  // prbs bits and multisine phases
  Matrix samples;          // kind samples: n x k forces
};

// A fully resolved input: every random choice is made, so it can be evaluated at any time.
class InputSignal {
 public:
  // Resolves `options` for n samples at period h and k channels; throws InputError on bad
  // options. Defaults: sine at 10 periods per record, chirp from 1/(n h) to 0.25/h, multisine
  // with the harmonics of 1/(n h) up to 0.25/h (at most 64, spread evenly over the band when
  // there are more) and seeded random phases.
  InputSignal(const InputOptions& options, Eigen::Index n, double h, Eigen::Index k);

  Matrix sampled() const { return samples_; }  // n x k values at t_i = i h
  Vector at(double t) const;                    // the k values at time t in [0, n h)
  double highest_frequency_hz() const;          // 0 for piecewise-constant kinds
  InputKind kind() const { return kind_; }

 private:
  InputKind kind_;
  double h_, amplitude_, f0_ = 0.0, f1_ = 0.0, duration_;
  std::vector<double> frequencies_;  // multisine components
  Matrix phases_;                    // components x k (multisine), 1 x k (sine, chirp)
  Matrix samples_;
};

}  // namespace mechid
