// The least-squares complex-frequency-domain estimator (LSCF; Guillaume, Verboven, Vanlanduit,
// Van der Auweraer & Peeters, "A poly-reference implementation of the least-squares complex
// frequency-domain estimator", Proc. IMAC XXI, 2003; Peeters et al., "The PolyMAX frequency-domain
// method", Shock Vib. 11, 2004, pp. 395–409, sec. 2): the poles of a common-denominator model
// H_c(ω) = N_c(Ω)/A(Ω), Ω = e^{iωΔt}, fitted to every FRF channel c at once by linear least squares.
#pragma once

#include <complex>
#include <vector>

#include "core/types.hpp"

namespace mechid {

// The FRFs to fit: F frequencies × C channels (each channel one output–input pair), in the form
// whose poles are sought (receptance-like: see modes_in_band), with a positive weight per entry.
struct FrfChannels {
  Vector freq_hz;         // F
  Eigen::MatrixXcd H;     // F × C
  Matrix weight;          // F × C
};

// The z-domain step that maps the band's top to the Nyquist angle π: Δt = 1/(2 f_max) (PolyMAX's
// choice, Peeters et al. 2004, sec. 2.1), so the basis Ω^j = e^{iωjΔt} stays well conditioned
// whatever the data's own sampling rate.
double lscf_time_step(const Vector& freq_hz);

// The continuous-time poles λ = ln(z)/Δt of the order-`order` denominator A(z) = Σ_j α_j z^j with
// α_order = 1 (the reduced normal equations M α = 0 of Peeters et al. 2004, eqs. 5–7:
// M = Σ_c (T_c − S_cᵀ R_c⁻¹ S_c)), after `iterations` Sanathanan–Koerner reweightings. All
// `order` roots, in no particular order.
std::vector<std::complex<double>> lscf_poles(const FrfChannels& frf, Eigen::Index order, double dt, int iterations = 0);

}  // namespace mechid
