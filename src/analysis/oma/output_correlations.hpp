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

// The correlation sums of `blocks` consecutive blocks of the record: sums[b][i] = Σ_{k in block b,
// k + i < N} y_{k+i} y_ref,kᵀ, counts[b][i] their numbers of products (block b: k from b·N/blocks
// to (b + 1)·N/blocks). Σ_b sums[b][i] / Σ_b counts[b][i] is output_correlations' R_i, and leaving
// one block out gives the correlations of the rest of the record (the jackknife of
// output_only_modes.cpp).
struct CorrelationBlocks {
  std::vector<std::vector<Matrix>> sums;
  std::vector<std::vector<double>> counts;
  // R_i from every block but `left_out` (-1: none), divided by its number of products.
  std::vector<Matrix> correlations(Eigen::Index left_out = -1) const;
};
CorrelationBlocks block_correlation_sums(const Matrix& y, const std::vector<Eigen::Index>& references, Eigen::Index lags, Eigen::Index blocks);

}  // namespace mechid
