// The local polynomial method (LPM; Pintelon, Schoukens, Vandersteen & Barbé, "Estimation of
// nonparametric noise and FRF models for multivariable systems — Part I: Theory", Mech. Syst.
// Signal Process. 24, 2010, pp. 573–595, sec. 3; Pintelon & Schoukens, System Identification, 2nd
// ed., 2012, sec. 7.2.4): for a random (non-periodic) excitation, the DFT of the whole record obeys
// Y(b) = H(ω_b) U(b) + T(ω_b) + E(b), where the transient T (the leakage of a finite record) is as
// smooth in frequency as H. Around each bin b, H and T are fitted as polynomials of degree 2 in the
// bin offset r = −R … R by least squares: H(b) is the constant term, and the residuals give the
// noise variance and so the FRF's standard deviation. No window: no leakage bias on the damping,
// which Welch's Hann segments bring (measured in modes_in_band_test).
#pragma once

#include <functional>

#include "analysis/frf_result.hpp"

namespace mechid {

// A parametric FRF the LPM works around: Ĥ at the given frequencies (Hz), F × outputs·inputs,
// output o of input j in column o + m j.
using FrfReference = std::function<Eigen::MatrixXcd(const Vector& freq_hz)>;

// Called by estimate_frf for FrfMethod::local_polynomial on a non-periodic record. H2 is empty and
// the coherence is 1 − σ²/|Y|², the part of the output's power the model explains at each bin.
//
// With a reference Ĥ (a parametric model of the same record), the polynomials fit the departure
// H − Ĥ instead of H. Near a resonance narrower than a few windows, H is far from a quadratic over
// 2R + 1 bins: the misfit, proportional to the signal, then enters the residuals as if it were
// noise and the standard deviations come out too large there; H − Ĥ is small and smooth, and its
// misfit negligible. Measured on the 8-DOF bench record without noise (the misfit alone, in units
// of the 30 dB noise's σ̂ at the same line): up to 3.1 on its own, 0.26 around the sampled model
// of the true poles.
FrfEstimate local_polynomial_frf(const Matrix& u, const Matrix& y, double h, const FrfOptions& options, const FrfReference& reference = {});

// The LPM estimate with its noise levels σ̂ replaced by their RMS over the 2·half_width + 1 lines
// around each line, and the FRF's standard deviations rescaled with them (each is σ̂ times the
// norm of its line's fit, which depends on the input only). One line's σ̂² has few degrees of
// freedom (3 for one input): weights 1/σ̂ from it make a weighted fit inefficient and heavy-tailed
// (a line whose σ̂ happens to be small takes over), while a measurement noise's spectrum is smooth
// over a few tens of lines.
FrfEstimate with_smoothed_noise(const FrfEstimate& lpm, Eigen::Index half_width);

// The covariance of an LPM estimate's errors E[e_f^{c1} conj(e_g^{c2})] between lines f, g and
// channels c1, c2 (output o of input j in channel o + m j): each line's H is its kernel applied to
// the DFT noise of the bins around it (independent across bins, circular, with variance σ̂² of the
// nearest line), so lines closer than the window's 2R + 1 bins share noise; other outputs' errors
// are independent. Holds a reference to `lpm`.
FrfErrorCovariance lpm_error_covariance(const FrfEstimate& lpm);

}  // namespace mechid
