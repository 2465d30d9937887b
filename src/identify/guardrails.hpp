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
// order 2, PRBS any order.
Eigen::Index excitation_order(const Matrix& u, Eigen::Index max_order);

// Share of the input power within ±10 % of ω (rad/s) relative to the average over the band up
// to the Nyquist frequency (1 = white input), summed over the channels.
double relative_input_power(const Matrix& u, double h, double omega);

// A warning when the excitation order is below 2n (needed for n degrees of freedom); empty if not.
std::string excitation_order_warning(const Dataset& data);

// A warning per identified mode where the input has less than 1e-3 of its average power.
std::vector<std::string> band_warnings(const Dataset& data, const ModalResult& modal);

// The DOF count the n4sid singular values suggest: the model order after the largest relative
// gap σ_i/σ_{i+1} among even orders, halved; 0 when no gap stands out (≥ 10× every other gap).
Eigen::Index suggested_dof(const Vector& singular_values);

}  // namespace mechid
