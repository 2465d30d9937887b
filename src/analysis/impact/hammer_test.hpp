// An impact (hammer) test analysed from a record of its force and responses: the hits found on the
// force channel and the bad ones rejected (impact_hits.hpp), the accepted hits' records averaged
// into H1, H2 and coherence with a force window and an exponential window (frf_estimate.hpp, the
// impact window), and the modes in a band (modes_in_band.hpp) with the damping the exponential
// window added taken off. Ewins, Modal Testing (2000), sec. 3.7.2 (impact excitation) and 3.10
// (windows); Fladung & Rost, Application and correction of the exponential window for frequency
// response functions, Mech. Syst. Signal Process. 11(1), 1997: the window e^{−t/τ} multiplies
// every exponential of the impulse response, e^{λt} → e^{(λ − 1/τ)t}, so each pole's decay rate
// grows by exactly 1/τ and its damped frequency stays: ζ ω_n = ζ_w ω_w − 1/τ, ω_d = ω_w,d.
#pragma once

#include <complex>
#include <optional>
#include <vector>

#include "analysis/impact/impact_hits.hpp"
#include "analysis/modes_in_band.hpp"

namespace mechid {

struct HammerOptions {
  ImpactHitOptions hits;
  // The exponential window's time constant τ (s) from each hit's first sample; absent: the window
  // falls to 1 % at the hit's end (τ = T/ln 100, Fladung 1994's usual choice); Infinity: none.
  std::optional<double> exp_tau;
  std::vector<double> reject;  // hits (counted from 1) the user leaves out
  std::vector<double> accept;  // hits (counted from 1) averaged although a fault was found in them
  // The band, model orders, tolerances and response kinds of the modes (frf.band_lo_hz … band_hi_hz;
  // without an upper frequency only the FRF is computed); its FRF options are the hammer's (Welch
  // over the hits, the impact window).
  ModesOptions modes;

  // Throws InputError (codes of ImpactHitOptions, expTau, reject, accept, and the modes') for an
  // option out of its range.
  void validate() const;
};

template <class Visitor>
void describe(HammerOptions& o, Visitor& v) {
  describe(o.hits, v);
  v(Option{"expTau", "the exponential window's time constant in s (absent: 1 % at the hit's end; Infinity: no window)"}
        .above(0)
        .infinity_allowed(),
    o.exp_tau);
  v(Option{"reject", "hits (counted from 1) left out of the averages"}.at_least(1), o.reject);
  v(Option{"accept", "hits (counted from 1) averaged although a fault was found in them"}.at_least(1), o.accept);
}

struct HammerTest : Outcome {
  ImpactHits hits;                 // each hit, accepted or rejected with its reason
  double h = 0.0;                  // sampling period (s)
  Eigen::Index averages = 0;       // hits averaged
  Eigen::Index rejected = 0;       // hits left out
  Eigen::Index force_window = 0;   // samples of each hit the force window keeps (from the hit's first sample)
  double tau_s = 0.0;              // the exponential window's time constant (Infinity: none)
  double decay_rate = 0.0;         // 1/τ (s⁻¹), added by the window to every pole's decay rate
  FrfEstimate frf;                 // H1, H2, coherence over the accepted hits
  bool has_modes = false;          // the band had an upper frequency
  bool damping_corrected = false;  // the modes' damping ratios had the window's 1/τ taken off (modes found, a window applied)
  ModesInBand modes;               // the modes, their poles and damping ratios corrected for the window
  std::vector<double> zeta_windowed;       // per mode: the damping ratio of the windowed record's pole (before the correction)
  std::vector<double> damping_correction;  // per mode: zeta_windowed − the corrected ζ (what the window had added)
};

// The damping ratio of a pole measured on a record windowed by e^{−t/τ} (frequency f_w Hz, damping
// ratio ζ_w), the window's decay rate 1/τ taken off: λ_w = 2πf_w(−ζ_w + i√(1 − ζ_w²)), λ = λ_w + 1/τ,
// ζ = −Re λ/|λ| (Fladung & Rost 1997). To first order in 1/τ: ζ ≈ ζ_w − 1/(τ ω_n).
double zeta_without_window(double freq_hz_windowed, double zeta_windowed, double decay_rate);

// force: N samples, responses: N × m, h: sampling period. Throws InputError on bad options or data.
HammerTest hammer_test(const Vector& force, const Matrix& responses, double h, const HammerOptions& options);

}  // namespace mechid
