// Nonlinear distortion seen at the unexcited lines of a periodic excitation (issue 50's advice
// `nonlinear`). A linear system driven by a periodic input responds at the excited lines only; at a
// line the input leaves out (a random-odd multisine's detection lines), the output averaged over the
// periods holds noise alone, of the variance the period-to-period scatter measures. A nonlinearity
// moves power to those lines, the same in every period, so their averaged output stands above the
// scatter (Pintelon & Schoukens, "System Identification: A Frequency Domain Approach", 2nd ed.,
// 2012, sec. 3.4, pp. 83-92: detection of nonlinear distortions with random odd multisines; the
// sample mean and variance over periods, sec. 2.5, pp. 47-51).
#pragma once

#include <optional>
#include <vector>

#include "core/advice.hpp"
#include "core/types.hpp"

namespace mechid {

// Per-line false-alarm probability of the test of one unexcited line (below).
inline constexpr double kDistortionLineFalseAlarm = 1e-3;
// At least this many detection lines between the excited ones for a verdict, and at least this share
// of them (and 3) above the threshold for `nonlinear`.
inline constexpr Eigen::Index kMinDetectionLines = 5;
inline constexpr double kDistortedShare = 0.1;
// Lines below this fraction of the excited lines' median output power are at the level of rounding
// (noise-free records): never evidence.
inline constexpr double kDistortionFloor = 1e-10;

struct NonlinearDistortion {
  Eigen::Index detection_lines = 0;  // unexcited lines between the lowest and highest excited line
  Eigen::Index distorted_lines = 0;  // of those, the lines whose mean output stands above the scatter
  double threshold = 0.0;            // of ρ = |Ȳ|² / (s²/P) per line (P periods averaged)
  double level_db = 0.0;             // mean power of the distorted (line, output) pairs against their output's excited-line median, dB
  double lowest_hz = 0.0, highest_hz = 0.0;  // the distorted lines' range
  std::vector<Eigen::Index> channels;         // outputs (0-based) with distorted lines
  bool nonlinear() const;
};

// From a periodic FRF's per-line sums over P averaged periods: `sum` (F × m) Σ_p Y_p and `power`
// (F × m) Σ_p |Y_p|², `excited` per line, `freq_hz` per line. ρ = P |Ȳ|² / s², s² the sample variance
// over the periods, follows F(2, 2(P − 1)) for noise alone, so P(ρ > x) = (1 + x/(P − 1))^−(P−1) and
// the threshold is the x of kDistortionLineFalseAlarm. None when P < 2 or too few detection lines.
std::optional<NonlinearDistortion> nonlinear_distortion(const Eigen::MatrixXcd& sum, const Matrix& power, const std::vector<bool>& excited,
                                                        const Vector& freq_hz, Eigen::Index periods);

// The advice `nonlinear` (a warning) for distortion found by nonlinear_distortion: which outputs,
// how many lines, at what level, and what to do (a model with the nonlinearity, or a lower level).
Advice nonlinear_advice(const NonlinearDistortion& d, Eigen::Index periods);

}  // namespace mechid
