// Modal analysis (thesis eq. 1.5): the roots of det(M s² + D s + K) = 0 as the eigenvalues of
// the state matrix of eq. 1.4, with natural frequencies, damping ratios and mass-normalised
// mode shapes; and the modal assurance criterion between two sets of shapes.
#pragma once

#include <complex>
#include <string>
#include <vector>

#include "core/status.hpp"
#include "model/mechanical_system.hpp"

namespace mechid {

struct Mode {
  std::complex<double> eigenvalue;  // s with Im s >= 0 (one of each conjugate pair)
  double omega_n = 0.0;             // |s|, rad/s
  double freq_hz = 0.0;             // omega_n / 2π
  double zeta = 0.0;                // -Re s / |s| (> 1 only for real roots, < 0 if unstable)
  Vector shape;                     // real part of the q-part of the eigenvector after rotating its
                                    // largest entry to the positive real axis; shape' M shape = 1
  double complexity = 0.0;          // |imaginary part|² / |vector|² after that rotation (0 = real mode)
};

struct ModalResult : Outcome {
  std::vector<Mode> modes;          // sorted by omega_n
};

// Needs square M, D, K of one size and an invertible M; does not require definiteness, so it
// also serves identified models (an unstable mode is a warning).
ModalResult modal_analysis(const MechanicalSystem& system);

// MAC(a_i, b_j) = |a_i' b_j|² / ((a_i' a_i)(b_j' b_j)) for the columns of a and b.
Matrix modal_assurance(const Matrix& shapes_a, const Matrix& shapes_b);

}  // namespace mechid
