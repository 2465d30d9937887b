// Quantiles of the standard normal distribution used to turn standard deviations into intervals.
#pragma once

namespace mechid {

// z with Φ(z) = 0.975: a two-sided 95 % interval is ± z95 standard deviations (the uncertainty of
// identify/identification.hpp, first order, so normal).
inline constexpr double kZ95 = 1.959963984540054;

}  // namespace mechid
