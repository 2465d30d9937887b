// From an identified discrete state-space model to an initial discrete mechanical model
// (thesis sec. 4.1, eqs. 4.8-4.15): the block-companion transform by Ω = [H; HF], the ARMAX
// coefficients B1, B2, and the gain matching that yields Md, Dd, Kd.
#pragma once

#include <string>

#include "core/status.hpp"
#include "discretize/variational.hpp"

namespace mechid {

struct SecondOrderInit : Outcome {
  DiscreteVariationalModel model;  // symmetrized Md, Dd, Kd
  Matrix F21, F22, B1, B2;
  double omega_condition = 0.0;    // cond(Ω), eq. 4.8: large means the second-order form is ill-determined
};

// Ω F Ω^{-1} = [0 I; F21 F22] with [F21 F22] Ω = H F² (shift invariance); Ĝ = Ω G = [HG; HFG]
// (4.11); B1 = Ĝ1, B2 = Ĝ2 - F22 Ĝ1 (4.13, J = 0). Matching (4.14): F22 = -Md^{-1} Dd,
// F21 = -Md^{-1} Kd, and the static gains at z = 1. The thesis writes Md^{-1} = B1 + B2 (4.15),
// but the discrete force f_d of eq. 2.24 has static gain h (h/4 (1 + 2 + 1)), so the gains match
// only with Md^{-1} h L = B1 + B2, i.e. Md = h L (B1 + B2)^{-1} (L square; with fewer inputs than
// DOF the symmetric Md that also makes Kd and Dd symmetric, model/mass_from_symmetry.hpp). Then
// Kd = -Md F21, Dd = -Md F22, each symmetrized. Fails (status) if Ω or B1 + B2 is singular, or
// those equations do not fix Md.
SecondOrderInit second_order_init(const Matrix& F, const Matrix& G, const Matrix& H, const Matrix& L, double h);

}  // namespace mechid
