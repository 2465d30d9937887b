// Which frequency lines an input excites, and what the share of the band it excites tells the user
// (numerics review e622506, problems 7 and 9). A line whose input power is a small fraction of the
// excited lines' is left out of the FRF: there H = S_yu/S_uu divides noise by noise (a multisine's
// omitted lines when the force carries a load cell's noise), and such lines, weighted like the
// others, kept LSCF from finding any stable pole. Pintelon & Schoukens, System Identification (2nd
// ed., 2012), sec. 2.4 and 7.2.4: the FRF of a multisine exists at its excited lines only; the
// lines without excitation carry the noise (and the transient).
#pragma once

#include <vector>

#include "analysis/frf_result.hpp"

namespace mechid {

// A line is unexcited when its input power is below this fraction of the excited lines' median
// power (30 dB below a typical excited line: a multisine's omitted lines with the force measured at
// 1 % noise lie near 50 dB below).
inline constexpr double kUnexcitedFraction = 1e-3;

// power: each line's input power (the trace of S_uu, or Σ_j |U_j|²). The excited lines' median is
// taken over the lines within kUnexcitedFraction of the strongest; a line is excited when its power
// is positive and at least kUnexcitedFraction of that median (the threshold returned here; +∞ when
// no line has power).
double excited_power_threshold(const Vector& power);
std::vector<bool> excited_lines(const Vector& power);  // power(i) >= the threshold, per line

// The part of the band near an excited line: within kCoverWidth of the band's width of one. When
// less than kMinCoveredShare of the band is covered, the band is poorly excited (a warning): a mode
// between the excited lines is not seen (a force at a few frequencies only, or a multisine over
// part of the band). A multisine's grid, even with omitted lines, covers its band.
inline constexpr double kCoverWidth = 0.01;
inline constexpr double kMinCoveredShare = 0.5;

// Adds to an FRF estimate the advice band_not_excited when some of its lines carry no input power
// (`excited` and the input `power`, one per line of result.freq_hz): a note saying how many lines are left out when the
// excited ones cover the band, a warning saying how many lines carry the force and what to do when
// they do not (above). The coherence at the excited lines is quoted where the estimate has one.
void advise_band_excitation(FrfEstimate& result, const std::vector<bool>& excited, const Vector& power, const FrfOptions& options);

}  // namespace mechid
