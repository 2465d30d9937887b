// Output correlations of an ambient (output-only) record: the matrices R_i = E[y_{k+i} y_ref,kᵀ]
// that covariance-driven stochastic subspace identification factors (Peeters & De Roeck 1999,
// Mech. Syst. Signal Process. 13(6), eq. 9).
#pragma once

#include <vector>

#include "core/types.hpp"

namespace mechid {

// R_i = 1/(N − i) Σ_{k=0}^{N−1−i} y_{k+i} y_ref,kᵀ for i = 0 … lags (Peeters & De Roeck 1999,
// eq. 9, the unbiased estimate of a stationary record: each lag divided by its own number of
// products). For a free decay (free_decay true) every lag is divided by N instead: the sums are
// then C Aⁱ (Σ_k x_k x_kᵀ) C_refᵀ, the same poles, where dividing lag i by N − i would multiply
// R_i by about e^{i/N} and lower every decay rate by 1/(N h) (measured, a 20 s decay of the shear
// frame: ζ = 1.1 % found for 2 %). y: N × m outputs (means already removed); references: the
// 0-based columns of y taken as references (r of them). Each R_i is m × r. Cost N·m·r per lag.
std::vector<Matrix> output_correlations(const Matrix& y, const std::vector<Eigen::Index>& references, Eigen::Index lags,
                                        bool free_decay = false);

}  // namespace mechid
