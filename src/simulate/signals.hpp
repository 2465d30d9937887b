// Input force signals for simulation: PRBS, sine, multisine, chirp, step, or user samples.
// Each is a function of continuous time; its values at t_i = i h are the samples. PRBS, step and
// user samples are piecewise constant over [t_i, t_{i+1}) (exact ZOH sampling applies); sine,
// multisine and chirp vary within a period (the fine-step reference applies).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/enum_names.hpp"
#include "core/types.hpp"

namespace mechid {

enum class InputKind { prbs, sine, multisine, chirp, step, samples };
extern const EnumNames<InputKind, 6> kInputKindNames;

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
  friend class InputGrid;
};

// The input at t0 + s dt, s = 0 … steps, for any t0: the inner loop of the fine-step reference
// (simulation.cpp), which evaluates it on the sub-grid of every sample. For sine and multisine,
// u_c(t0 + s dt) = Σ_j a Im(e^{i(2πf_j t0 + φ_jc)} e^{i2πf_j s dt}): the second factor is tabled
// once, so that a sample costs one sine and cosine per component and channel and two matrix
// products, where at() takes a sine per component, channel and point. Other kinds call at().
class InputGrid {
 public:
  InputGrid(const InputSignal& input, double dt, int steps);
  // out: k x (steps + 1), column s the values at t0 + s dt.
  void at(double t0, Matrix& out);

 private:
  const InputSignal& input_;
  double dt_;
  bool sinusoids_;
  Vector frequencies_;      // Hz, one per component
  Matrix cos_, sin_;        // components x (steps + 1): cos and sin of 2πf_j s dt
  Matrix re_, im_;          // k x components: a cos and a sin of 2πf_j t0 + φ_jc (the last t0)
};

}  // namespace mechid
