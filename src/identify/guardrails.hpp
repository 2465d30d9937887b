// Guardrails (beyond the thesis): checks that say when an estimate cannot be trusted whatever the
// method — an input not rich enough for the model order, modes outside the excited band, a DOF
// count the data do not support, a sampling period outside the model's accurate range.
#pragma once

#include <string>
#include <vector>

#include "identify/dataset.hpp"
#include "model/modal.hpp"

namespace mechid {

// The order of persistent excitation of u (Ljung 1999, def. 13.1): the largest ℓ <= max_order for
// which the k ℓ x k ℓ sample covariance of [u_t; u_{t-s}; …; u_{t-(ℓ-1)s}] is positive definite
// (smallest eigenvalue > 1e-9 of the largest). The lag stride s follows the input's RMS
// frequency ω̄ (s ≈ 1/(ω̄ h), at least 1): consecutive samples of a smooth, finely sampled input
// are nearly equal, which would make a rich multisine look poor; the order is the same for any
// stride in exact arithmetic (a sine obeys a 2-term recursion at every stride). A single sine has
// order 2, PRBS any order. Each channel is scaled to unit RMS first, so the order does not depend
// on the channels' units.
Eigen::Index excitation_order(const Matrix& u, Eigen::Index max_order);

// The periodogram of each input channel (mean removed; every bin of its N-point DFT, by FFTs):
// the input power near a mode relative to the channel's average, to tell a barely excited mode.
class InputSpectrum {
 public:
  InputSpectrum(const Matrix& u, double h);
  // Mean periodogram over every bin in [low, high] (rad/s, clipped to (0, Nyquist]) relative to
  // the channel's mean over (0, Nyquist] (1 = white input), averaged over the channels that
  // vary: each channel is compared with itself, so the result does not depend on their units.
  double relative_power(double low, double high) const;
  double resolution() const;  // the DFT bin spacing 2π/(N h), rad/s
 private:
  double h_;
  Eigen::Index N_;
  std::vector<Vector> periodograms_;  // per channel, |U_b|² for bins b = 0 … N/2
};

// The band a mode responds in: ±ζ ω_n (the half-power half-width of a lightly damped mode;
// for ζ >= 1 it spans (0, (1 + ζ) ω_n], up near the fast real root ω_n (ζ + √(ζ² − 1))), and at least
// two DFT bins (a spectral line of the data's grid spreads over ±1 bin).
double half_power_half_width(const Mode& mode, double resolution);

// InputSpectrum(u, h).relative_power(ω − half_width, ω + half_width).
double relative_input_power(const Matrix& u, double h, double omega, double half_width);

// A warning when the excitation order is below 2n (needed for n degrees of freedom); empty if not.
std::string excitation_order_warning(const Dataset& data);

// A warning per identified mode whose half-power band has less than 1e-3 of the input's average
// power, unless its intervals (omega_sd, zeta_sd: one per mode, empty when the method gives
// none) show the data determine it anyway.
std::vector<std::string> band_warnings(const Dataset& data, const ModalResult& modal, const std::vector<double>& omega_sd = {},
                                       const std::vector<double>& zeta_sd = {});

// The same from the input's spectrum, computed beforehand: finish() computes it before the
// validation's N x n series exist, so that the DFT's buffers (about 34 MB at 10⁶ samples of 3
// inputs) are not added to them at the CLI's peak (issue 56 item 7).
std::vector<std::string> band_warnings(const InputSpectrum& spectrum, const ModalResult& modal,
                                       const std::vector<double>& omega_sd = {}, const std::vector<double>& zeta_sd = {});

// The DOF count the n4sid singular values suggest: the model order after the largest relative
// gap σ_i/σ_{i+1} among even orders, halved; 0 when no gap stands out (≥ 10× every other gap).
Eigen::Index suggested_dof(const Vector& singular_values);

}  // namespace mechid
