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

// One mode per degree of freedom. A complex pair s, s̄ gives ω_n = |s|, ζ = −Re s/|s|. An
// overdamped DOF has two real roots λ1, λ2 instead (the roots of s² + 2ζω_n s + ω_n²), reported as
// ONE mode with ω_n = √(λ1 λ2) and ζ = −(λ1 + λ2)/(2 ω_n) > 1, so that n DOF always give n modes
// (review numerics-9fdcf06, B9); the real roots are paired by the similarity of their shapes
// (largest MAC first: exact for proportional damping, where both roots of a DOF share its shape).
struct Mode {
  std::complex<double> eigenvalue;  // s with Im s >= 0 (one of each conjugate pair); for an
                                    // overdamped pair the slower real root (the other is ω_n²/s)
  double omega_n = 0.0;             // |s|, or √(λ1 λ2) for a real pair, rad/s
  double freq_hz = 0.0;             // omega_n / 2π
  double zeta = 0.0;                // -Re s / |s|, or −(λ1 + λ2)/(2 ω_n) (> 1 for a real pair; < 0 if unstable)
  Vector shape;                     // real part of the q-part of the eigenvector (of the slower root of a real
                                    // pair) after rotating its largest entry to the positive real axis;
                                    // shape' M shape = 1
  double complexity = 0.0;          // |imaginary part|² / |vector|² after that rotation (0 = real mode); for a
                                    // real pair 1 − MAC of its two roots' shapes (0 with proportional damping)
};

struct ModalResult : Outcome {
  std::vector<Mode> modes;          // one per DOF, sorted by omega_n
};

// Needs square M, D, K of one size and an invertible M; does not require definiteness, so it
// also serves identified models (an unstable mode is a warning).
ModalResult modal_analysis(const MechanicalSystem& system);

// MAC(a_i, b_j) = |a_i' b_j|² / ((a_i' a_i)(b_j' b_j)) for the columns of a and b.
Matrix modal_assurance(const Matrix& shapes_a, const Matrix& shapes_b);

}  // namespace mechid
