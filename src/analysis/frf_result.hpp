// An FRF estimate (frf_estimate.hpp: Welch or periods; local_polynomial_frf.hpp: the LPM): its
// options, its result with the standard deviations, the covariance of its errors, and the rules
// both estimators share: the lines in the band, and the lines an input does not excite.
#pragma once

#include <complex>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "analysis/band_and_stability_options.hpp"
#include "core/enum_names.hpp"
#include "core/option_schema.hpp"
#include "core/status.hpp"
#include "core/types.hpp"

namespace mechid {

enum class SpectralWindow {
  hann,         // random excitation: Welch segments with 50 % overlap
  rectangular,  // periodic excitation, one segment per period (the default when periods > 0)
  impact,       // hammer records: a force window on the input, an exponential window on both
};

enum class FrfMethod {
  welch,             // averaged cross spectra of windowed segments (or of whole periods)
  local_polynomial,  // the local polynomial method on the whole record's DFT (local_polynomial_frf.hpp)
};

inline constexpr EnumNames<SpectralWindow, 3> kWindowNames{"window", {"hann", "rectangular", "impact"}};
inline constexpr EnumNames<FrfMethod, 2> kFrfMethodNames{"FRF method", {"welch", "lpm"}};

SpectralWindow parse_spectral_window(const std::string& text);  // "hann", "rectangular", "impact"
std::string to_string(SpectralWindow window);
FrfMethod parse_frf_method(const std::string& text);  // "welch", "lpm"
std::string to_string(FrfMethod method);

struct FrfOptions {
  FrfMethod method = FrfMethod::welch;
  SpectralWindow window = SpectralWindow::hann;
  Eigen::Index segment = 0;      // samples per segment; 0 = N/8 (Welch) or the period
  Eigen::Index periods = -1;     // > 0: the record is this many periods of a periodic input; 0: not
                                 // periodic; -1: found from the inputs (input_period.hpp)
  Eigen::Index skip_periods = 1; // periods dropped at the start (the transient)
  double band_lo_hz = 0.0;       // the frequencies reported: band_lo_hz <= f <= band_hi_hz
  double band_hi_hz = std::numeric_limits<double>::infinity();
  double impact_force_fraction = 0.1;  // impact: the input window is 1 over this part of a segment
  double impact_end_value = 0.01;      // impact: the exponential window's value at the segment's end

  // Throws InputError (codes segment, periods, band, window) for an option out of its range
  // (describe below) or an empty band; what depends on the record (periods dividing it, the
  // segment's length, the Nyquist frequency) is checked by estimate_frf.
  void validate() const;
};

// FrfOptions' options (core/option_schema.hpp).
template <class Visitor>
void describe(FrfOptions& o, Visitor& v) {
  v(Option{"method", "Welch averaging of segments (or periods), or the local polynomial method (lpm)"},
    choice_field(o.method, kFrfMethodNames));
  v(Option{"window", "Welch: hann (random forces), rectangular (periodic), impact (hammer tests)"}, choice_field(o.window, kWindowNames));
  v(Option{"segment", "Welch: samples per segment (0: N/8, or the period)"}.at_least(0).message("frf: the segment length", "positive"),
    o.segment);
  v(Option{"periods", "a periodic input: the periods the record holds (0: not periodic; -1: found from the inputs)"}.at_least(-1), o.periods);
  v(Option{"skipPeriods", "periodic records: the periods dropped at the start (the transient)"}.at_least(0).with_code("periods"),
    o.skip_periods);
  describe_band(o.band_lo_hz, o.band_hi_hz, v);
  v(Option{"impactForceFraction", "impact: the input window is 1 over this part of a segment"}
        .above(0)
        .at_most(1)
        .message("frf: the force window's fraction", "in (0, 1]")
        .with_code("window"),
    o.impact_force_fraction);
  v(Option{"impactEndValue", "impact: the exponential window's value at the segment's end"}
        .above(0)
        .at_most(1)
        .message("frf: the exponential window's end value", "in (0, 1]")
        .with_code("window"),
    o.impact_end_value);
}

struct FrfEstimate : Outcome {
  Vector freq_hz;                       // F frequencies (bins of the segment within the band)
  std::vector<Eigen::MatrixXcd> H1;     // F matrices, outputs × inputs: S_yu S_uu⁻¹
  std::vector<Eigen::MatrixXcd> H2;     // one input only: S_yy / S_uy per output (empty otherwise)
  Matrix coherence;                     // F × outputs: the multiple coherence of each output with the inputs
  std::vector<Matrix> h1_sd;            // F matrices, outputs × inputs: sqrt E|Ĥ1 − H|² from the coherence
  Eigen::Index periods = 0;             // the periods the record was analysed as (given or found), 0: random
  Eigen::Index averages = 0;            // segments (periods) averaged; for the local polynomial method, the
                                        // degrees of freedom of its noise estimate
  Eigen::Index segment = 0;             // samples per segment
  double window_decay_rate = 0.0;       // 1/τ of the exponential window (s⁻¹), added to every pole's decay rate
  // Local polynomial method only (else empty): the outputs' DFT noise level σ̂ per line (F × outputs),
  // and per line the weights by which H1's column j is formed from the outputs' DFT bins
  // b − R … b + R (inputs × (2R + 1)), which make the errors of neighbouring lines correlated.
  Matrix noise_sd;
  std::vector<Eigen::MatrixXcd> lpm_kernel;
};

// The covariance of an FRF estimate's errors, E[e_f^{c1} conj(e_g^{c2})] for lines f, g and
// channels c1, c2 (output o of input j in channel o + m j); zero when |f − g| > lags. The errors
// are circular (E[e_f e_g] = 0), as a linear function of circular DFT noise.
struct FrfErrorCovariance {
  Eigen::Index lags = 0;
  std::function<std::complex<double>(Eigen::Index f, Eigen::Index g, Eigen::Index c1, Eigen::Index c2)> at;
};

// The bins b in [first, last] whose frequency b·df lies in the options' band; throws InputError
// (option "band") naming the grid's step when there is none. Shared by both methods.
std::vector<Eigen::Index> bins_in_band(Eigen::Index first, Eigen::Index last, double df, const FrfOptions& options);

// Fails `result` when none of its F frequencies could be estimated (the inputs carry no power in
// the band), or warns naming how many could not, with `why` (what the method needed).
void report_unestimated(FrfEstimate& result, Eigen::Index unestimated, const FrfOptions& options, const std::string& why);

}  // namespace mechid
