// Enhanced frequency-domain decomposition (EFDD; Brincker, Ventura & Andersen 2001, "Damping
// estimation by frequency domain decomposition", Proc. IMAC XIX, 698–703; Brincker, Zhang &
// Andersen 2001, Smart Mater. Struct. 10(3), 441–445): around a peak of the first singular value
// of the outputs' cross-spectral matrix, the lines whose first singular vector resembles the
// peak's (MAC) form the spectral bell of one mode, a single-degree-of-freedom system; its inverse
// Fourier transform is that mode's correlation function, a decaying cosine, whose envelope gives
// the damping (logarithmic decrement) and whose zero crossings give the damped frequency.
#pragma once

#include <string>
#include <vector>

#include "analysis/oma/singular_value_spectrum.hpp"
#include "core/advice.hpp"
#include "core/types.hpp"

namespace mechid {

struct EfddMode {
  double freq_hz = 0.0, zeta = 0.0;   // natural frequency and damping ratio of the SDOF correlation
  double peak_hz = 0.0;               // the first singular value's peak the bell is centred on
  Eigen::VectorXcd shape;             // the first singular vector at the peak (unit norm)
  Eigen::Index bell_lines = 0;        // lines in the bell
  Eigen::Index extrema = 0;           // extrema of the correlation used for the decrement
  bool determined = false;            // false: too few extrema or crossings (f, ζ NaN)
};

// The lags the correlogram spectrum uses: the largest power of two <= N/4, at most 32768, at
// least 16 (the correlation of a mode of damping ζ at f decays by e in 1/(2π ζ f) s: the lags
// should span several of these for the bell to hold the whole mode).
Eigen::Index efdd_lags(Eigen::Index N);

// y: N × m outputs (means removed), h the sampling period, peaks_hz the frequencies of the peaks to
// analyse (e.g. unmatched_spectrum_peaks of the Welch spectrum), lags L (efdd_lags).
// 1. G(f_k) = Σ_{i=−(L−1)}^{L−1} R_i e^{−2πi f_k i h}, f_k = k/(2 L h), R_i the correlations of
//    output_correlations (R_{−i} = R_iᵀ; divided by N for a free decay) times the exponential lag
//    window e^{−β |i| h}, β = ln(100)/(L h) (1 % at the last lag): the correlogram estimate of the
//    cross-spectral matrix. The window damps the estimation noise of the long lags and the
//    truncation's ripple; it multiplies each mode's correlation e^{−ζω τ} by e^{−β τ}, a decay known
//    exactly, taken off in step 4 (the exponential window of impact testing, Ewins 2000, sec. 3.9).
//    G(f_k) = U S Uᴴ (Brincker, Zhang & Andersen 2001, eq. 6).
// 2. The peak: the largest s₁ within two lines of the Welch spectrum's (±1/(L h) Hz); the bell:
//    the contiguous lines around it whose first singular vector u₁ has MAC >= mac_min with the
//    peak's (Brincker, Ventura & Andersen 2001, sec. 3: "the MAC rejection level").
// 3. The SDOF correlation r(τ) = Σ_{k in bell} s₁(f_k) cos(2π f_k τ) at τ = i h, i = 0 … L − 1: the
//    inverse DFT of the (even) SDOF spectral density, zero outside the bell (ibid., sec. 3).
// 4. Damping: the extrema of r (parabola through each extremum's three samples) whose |r| lies
//    between 0.9 and 0.3 of r(0) (widened to 0.1 when fewer than 4) are ln|r_e| = c − ζ ω_n τ_e
//    (the logarithmic decrement δ per half period; ibid. eq. 4–5: δ = 2π ζ/√(1 − ζ²)), fitted
//    by least squares, ζ ω_n the slope less the window's β. Frequency: the zero crossings (linear interpolation) up to the last extremum
//    used are τ_z = τ₀ + z T_d/2, fitted by least squares; ω_n = √((2π/T_d)² + (ζω_n)²).
std::vector<EfddMode> enhanced_fdd(const Matrix& y, double h, const std::vector<double>& peaks_hz, Eigen::Index lags, bool free_decay,
                                   double mac_min = 0.8);

// OmaMethod::efdd of output_only_modes: the Welch spectrum of y in the band [lo, hi] Hz, its clear
// peaks (unmatched_spectrum_peaks with no modes: the automatic picking) each analysed by
// enhanced_fdd; the determined ones are the modes (shape: the singular vector at the peak, to be
// normalised by the caller). No diagram and no standard deviations: a peak is a mode here because
// it is a clear peak; the advice says which peaks gave no decay to measure, or that none was found.
// y: the outputs divided by their RMS.
struct EfddModes {
  SingularValueSpectrum spectrum;
  std::vector<EfddMode> modes;
  std::vector<Advice> advice;
  std::vector<std::string> warnings;
};
EfddModes efdd_modes(const Matrix& y, double h, double band_lo_hz, double band_hi_hz, bool free_decay);

}  // namespace mechid
