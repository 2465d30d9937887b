// Which entries of M, D, K the estimate does not determine (review B8, D5): their first-order
// interval is then no statement about the entry, and the result must not be "ok". Three reasons:
// the entry's standard deviation exceeds its natural scale, or a mass or stiffness of one DOF has
// a 95 % interval that holds 0 (the data do not determine it), or the Gauss-Newton step from the
// estimate moves it by more than its sd (the minimiser stopped short of the optimum the interval
// describes, e.g. along an ill-conditioned direction).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/advice.hpp"
#include "identify/parameter_covariance.hpp"
#include "model/mechanical_system.hpp"

namespace mechid {

enum class UndeterminedReason {
  sd_exceeds_scale,        // sd(X_ij) > sqrt(|X_ii X_jj|)
  not_converged,           // |Gauss-Newton step of X_ij| > sd(X_ij)
  interval_contains_zero,  // a mass or stiffness M_ii, K_ii whose 95 % interval holds 0 (and negative values)
};

// "sd_exceeds_scale" | "not_converged" | "interval_contains_zero" (the JSON `reason`).
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
// A mass or stiffness of one DOF (M_ii, K_ii) is positive in any mechanical system: one whose 95 %
// interval X_ii ± z95 sd reaches 0 admits negative masses or stiffnesses, so the data do not
// determine it in the sense a user means (numerics review e622506, problem 4: m11 = 2.47 ± 2.92).
// estimate, sd: the unpacked estimate and standard deviations; step: the covariance's
// gauss_newton_step unpacked the same way (the first 3 n(n+1)/2 entries of θ are M, D, K).
std::vector<UndeterminedEntry> undetermined_entries(const MechanicalSystem& estimate, const MechanicalSystem& sd,
                                                    const MechanicalSystem& step);

// "X[i,j]" with 1-based indices.
std::string entry_name(const UndeterminedEntry& entry);

// The warning (typed advice `undetermined`) naming the entries in physical words ("the damping
// coupling of DOF 1 and 2 (D[1,2])"): a plain sentence, the criterion each failed, and what to do;
// none when there are no entries.
std::optional<Advice> undetermined_advice(const std::vector<UndeterminedEntry>& entries);

}  // namespace mechid
