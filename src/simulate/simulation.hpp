// Sampled responses of a MechanicalSystem to an input signal: exact ZOH sampling for
// piecewise-constant inputs, a fine-step reference (exact for the cubic through the input's values
// on a sub-grid, discretize/cubic_hold.hpp) for inputs that vary within a sampling period (thesis
// sec. 5.1), and measurement noise on q.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/option_schema.hpp"
#include "model/mechanical_system.hpp"
#include "simulate/signals.hpp"

namespace mechid {

// Largest number of samples a simulation accepts (memory bound, not a method limit).
inline constexpr Eigen::Index kMaxSamples = 2'000'000;

// 3 <= n <= kMaxSamples, else InputError "n" naming the bound.
void check_sample_count(double n);

struct SimulationOptions {
  double h = 0.0;             // sampling period, s
  Eigen::Index n = 0;         // samples, 3 <= n <= kMaxSamples
  InputOptions input;
  double snr_db = INFINITY;   // per q channel; +inf = noise-free
  std::uint64_t seed = 1;     // noise; input.seed is set from it too
  Vector q0, v0;              // initial state; empty = zero
};

// SimulationOptions' options (core/option_schema.hpp), the facade's group `simulate`; h, n, q0, v0
// and the input samples have no default and are read by their own parsers. The ranges are those
// simulate() and InputSignal check (freq and freq2 also against the Nyquist frequency there).
template <class Visitor>
void describe(SimulationOptions& o, Visitor& v) {
  v(Option{"input", "the force signal: PRBS (random levels held per bit), sine, multisine, chirp, step, or given samples"},
    choice_field(o.input.kind, kInputKindNames));
  v(Option{"amplitude", "the input's peak value (PRBS ±A, sine, chirp, step); a multisine has RMS A/√2"}, o.input.amplitude);
  v(Option{"hold", "PRBS: samples per bit (the input changes at most every hold samples)"}.at_least(1), o.input.hold);
  v(Option{"freqHz", "sine: its frequency; chirp: the start; 0: the default (10 periods per record, 1/(n h))"}.at_least(0).with_code("freq"),
    o.input.freq_hz);
  v(Option{"freqHz2", "chirp: the end frequency; multisine: the top of its band; 0: the default 0.25/h"}.at_least(0).with_code("freq2"),
    o.input.freq2_hz);
  v(Option{"snr", "signal-to-noise ratio per displacement channel in dB (white noise on q; Infinity: noise-free)"}
        .infinity_allowed()
        .message("snr", "a number of dB or inf"),
    o.snr_db);
  v(Option{"seed", "the seed of the noise, the PRBS levels and the multisine phases"}, o.seed);
}

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
