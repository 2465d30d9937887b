// Which entries of M, D, K the estimate does not determine (review B8, D5): their first-order
// interval is then no statement about the entry, and the result must not be "ok". Two reasons:
// the entry's standard deviation exceeds its natural scale (the data do not determine it), or
// the Gauss-Newton step from the estimate moves it by more than its sd (the minimiser stopped
// short of the optimum the interval describes, e.g. along an ill-conditioned direction).
#pragma once

#include <string>
#include <vector>

#include "identify/parameter_covariance.hpp"
#include "model/mechanical_system.hpp"

namespace mechid {

enum class UndeterminedReason {
  sd_exceeds_scale,    // sd(X_ij) > sqrt(|X_ii X_jj|)
  not_converged,       // |Gauss-Newton step of X_ij| > sd(X_ij)
};

// "sd_exceeds_scale" | "not_converged" (the JSON `reason`).
std::string reason_code(UndeterminedReason reason);

struct UndeterminedEntry {
  char matrix = 'D';              // 'M', 'D' or 'K'
  Eigen::Index row = 0, col = 0;  // 0-based, row <= col (the matrices are symmetric)
  UndeterminedReason reason = UndeterminedReason::sd_exceeds_scale;
  double sd = 0.0;                // its standard deviation
};

// The natural scale of X_ij is sqrt(|X_ii X_jj|): for a positive semidefinite X (M, K, a
// passive D) |X_ij| <= sqrt(X_ii X_jj), so an entry with sd above it is undetermined in the
// plainest sense: ± 1 sd spans both "no coupling" and the largest coupling X can have (on the
// diagonal: a relative sd above 100 %, not even the sign known at 68 %).
// An entry that the Gauss-Newton step δ = -R⁻¹Q'r from θ̂ moves by more than its sd lies more
// than one sd from the stationary point of the local linearisation: the interval, centred on θ̂,
// is displaced by more than half its 68 % width. At a converged optimum δ ≈ 0 (the PEM stops when
// a step gains < 1e-2 σ̂², i.e. δ'C⁻¹δ ≲ 0.02, |δ_j| ≲ 0.14 sd_j), so this fires only when the
// minimiser stopped short (review B8/D3: 88 σ̂² of decrease left in the 1:100 case).
// estimate, sd: the unpacked estimate and standard deviations; step: the covariance's
// gauss_newton_step unpacked the same way (the first 3 n(n+1)/2 entries of θ are M, D, K).
std::vector<UndeterminedEntry> undetermined_entries(const MechanicalSystem& estimate, const MechanicalSystem& sd,
                                                    const MechanicalSystem& step);

// "X[i,j]" with 1-based indices.
std::string entry_name(const UndeterminedEntry& entry);

// One warning naming the entries in physical words ("the damping coupling of DOF 1 and 2
// (D[1,2]) …") and what to do; empty when there are none.
std::string undetermined_warning(const std::vector<UndeterminedEntry>& entries);

}  // namespace mechid
