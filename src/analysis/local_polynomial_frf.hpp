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

#include "analysis/frf_estimate.hpp"

namespace mechid {

// Called by estimate_frf for FrfMethod::local_polynomial on a non-periodic record. H2 is empty and
// the coherence is 1 − σ²/|Y|², the part of the output's power the model explains at each bin.
FrfEstimate local_polynomial_frf(const Matrix& u, const Matrix& y, double h, const FrfOptions& options);

}  // namespace mechid
