// Options that the frequency-domain analyses describe alike (core/option_schema.hpp), written once:
// the band in Hz (frf, modes through its frf options, oma), and the three criteria of a stable pole
// against the nearest pole of the order below in a stabilization diagram (modes: LSCF, oma: SSI;
// Peeters & De Roeck 2001, the usual defaults of modal test software 1 %, 5 %, 0.98).
#pragma once

#include "core/option_schema.hpp"

namespace mechid {

// bandLoHz, bandHiHz (Infinity: the Nyquist frequency), both with the code "band".
template <class Visitor>
void describe_band(double& lo_hz, double& hi_hz, Visitor& v) {
  v(Option{"bandLoHz", "the band's lower frequency in Hz"}.at_least(0).with_code("band"), lo_hz);
  v(Option{"bandHiHz", "the band's upper frequency in Hz (Infinity: the Nyquist frequency)"}.above(0).infinity_allowed().with_code("band"),
    hi_hz);
}

// How the command's messages name each tolerance ("modes: freq_tol"): string literals.
struct StabilityLabels {
  const char* freq_tol;
  const char* damping_tol;
  const char* mac_min;
};

// freqTol, dampingTol (relative, positive) and macMin (in (0, 1]), each with the code "tolerances".
template <class Visitor>
void describe_stability(double& freq_tol, double& damping_tol, double& mac_min, const StabilityLabels& label, Visitor& v) {
  v(Option{"freqTol", "a stable pole's frequency differs by at most this (relative) from the order below"}
        .above(0)
        .message(label.freq_tol, "positive")
        .with_code("tolerances"),
    freq_tol);
  v(Option{"dampingTol", "a stable pole's damping ratio differs by at most this (relative) from the order below"}
        .above(0)
        .message(label.damping_tol, "positive")
        .with_code("tolerances"),
    damping_tol);
  v(Option{"macMin", "a stable pole's shape has at least this MAC with the order below's"}
        .above(0)
        .at_most(1)
        .message(label.mac_min, "in (0, 1]")
        .with_code("tolerances"),
    mac_min);
}

}  // namespace mechid
