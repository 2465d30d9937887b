// Least-squares frequency-domain fit of residues to known poles (LSFD; Peeters et al., "The
// PolyMAX frequency-domain method", Shock Vib. 11, 2004, sec. 2.3, eq. 15): every channel's FRF as
// a sum of modes in conjugate pairs plus a lower residual (the modes below the band, rigid-body
// motion among them) and an upper residual (the modes above it):
//   H_c(ω) = Σ_r [A_cr/(iω − λ_r) + conj(A_cr)/(iω − conj λ_r)] + L_c/(iω)² + U_c.
// Linear in the residues, so one least-squares solve per channel; the shapes of the modes at the
// sensors are the residues' columns.
#pragma once

#include <complex>
#include <utility>
#include <vector>

#include "analysis/lscf.hpp"

namespace mechid {

struct ModalFit {
  std::vector<std::complex<double>> poles;  // λ_r with Im λ_r > 0
  Eigen::MatrixXcd residues;                // C × R: A_cr
  Vector lower, upper;                      // C: the residual terms L_c, U_c (real)
};

// Channel c's weighted equations X θ ≈ H_c for real unknowns θ (X: F × unknowns, complex), real
// and imaginary parts stacked: (2F × unknowns, 2F).
std::pair<Matrix, Vector> weighted_channel_equations(const Eigen::MatrixXcd& X, const FrfChannels& frf, Eigen::Index c);

// The residues of `poles` (Im λ > 0) that fit `frf` best in its weights.
ModalFit fit_residues(const FrfChannels& frf, const std::vector<std::complex<double>>& poles);

// The model's FRFs at the given frequencies: F × C.
Eigen::MatrixXcd synthesize(const ModalFit& fit, const Vector& freq_hz);

}  // namespace mechid
