// Conditioning of the midpoint conversion (thesis sec. 3.2.2): the linear operators T and R
// between Γ = [M; K; D] and Γd = [Md; Kd; Dd] (eqs. 3.26-3.30), their singular values and
// κ(h) = σmax/σmin (eq. 3.33), the scalar closed forms (3.35)-(3.36), and the per-matrix
// relative error amplification behind Remark 2.
#pragma once

#include <cstddef>
#include <vector>

#include "model/mechanical_system.hpp"

namespace mechid {

// T (eq. 3.27) and R = T^{-1} (eq. 3.28) for n degrees of freedom: the scalar 3x3 operators
// Kronecker-multiplied by I_n, acting on the stacked blocks [M; K; D] (3n x n).
Matrix variational_operator_T(Eigen::Index n, double h);
Matrix variational_operator_R(Eigen::Index n, double h);

// The three distinct singular values of R (each of multiplicity n), descending, by SVD.
Vector singular_values_R(double h);

// The closed-form singular values (3.35), descending, evaluated without cancellation: with
// a = 48 + 3h^4 and S = sqrt(2304 - 224h^4 + 9h^8), a - S = 512h^4/(a + S), so
// σ+ = (√2/8) sqrt(a + S)/h, σ- = 4h/sqrt(a + S), and the middle value is √2.
Vector singular_values_R_closed_form(double h);

// κ(h) = σmax/σmin of the closed forms. Equals σ+/σ- (eq. 3.36) except for
// √5 - 1 < h < √5 + 1, where the middle value √2 is the largest: at h = 2, κ = 2, not √2.
double kappa_closed_form(double h);
double kappa_eq_3_36(double h);  // σ+/σ- as printed in the thesis

// κ(h) = σmax/σmin of R (eq. 3.33) from the singular values by SVD (singular_values_R).
double kappa(double h);

// Worst-case relative amplification of a perturbation of Γd into M, K and D for `system` at h:
// (‖δX‖_F/‖X‖_F)/(‖δΓd‖_F/‖Γd‖_F) maximised over δΓd = ‖R_X‖_2 ‖Γd‖_F/‖X‖_F, R_X the block
// row of R producing X. Grows like 1, 1/h², 1/h for M, K, D as h → 0 (Remark 2).
struct ParameterAmplification {
  double M = 0, K = 0, D = 0;
};
ParameterAmplification parameter_amplification(const MechanicalSystem& system, double h);

// One row of the conditioning table of the page and the CLI (`condition`): at step h, κ and the
// singular values of R by SVD, the closed forms, and with a system its per-matrix amplification.
struct ConditioningRow {
  double h = 0.0;
  double kappa = 0.0;
  Vector sigma;                          // descending
  double kappa_closed_form = 0.0, kappa_eq_3_36 = 0.0;
  bool has_amplification = false;
  ParameterAmplification amplification;  // when has_amplification
};

// Longest list of steps conditioning_table takes.
inline constexpr std::size_t kMaxConditioningSteps = 10000;

// Steps conditioning_table takes: κ(h) grows like 4.24/h² as h → 0 and 0.27h² as h → ∞ (eq.
// 3.36). Within [1e-12, 1e12], κ ≤ 4.3e24 and the SVD's κ agrees with the closed form to 1e-8;
// at h = 1e-14 they differ by 2e-4, from 1e-16 on the SVD loses σmin (κ = inf), and from 1e38 on
// h⁸ overflows the closed form: the probe of 9fdcf06 got κ = null with exit 0 there.
inline constexpr double kMinConditioningStep = 1e-12, kMaxConditioningStep = 1e12;

// One row per step. `system` null: no amplification. Throws InputError for an empty or too long
// list, a step outside [kMinConditioningStep, kMaxConditioningStep], or an invalid system.
std::vector<ConditioningRow> conditioning_table(const std::vector<double>& steps, const MechanicalSystem* system);

}  // namespace mechid
