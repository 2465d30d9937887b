// Deterministic subspace identification of x_{k+1} = F x_k + G u_k, y_k = H x_k (no feedthrough,
// order known), the first step of the thesis pipeline (sec. 4.1-4.2) and of the n4sid + d2c
// baseline (ch. 5). Shipped variant: PO-MOESP (Verhaegen 1994), past inputs and outputs as
// instruments, which is consistent under white output noise, the output-error setting of eq. 4.2;
// its projection needs only blocks of one LQ factor, and B comes from a linear regression.
//  1. LQ of the block-Hankel matrix [U_f; U_p; Y_p; Y_f] without forming it: its triangular
//     factor is accumulated over blocks of samples (memory O(rows²), time O(N rows²)).
//  2. SVD of L32 (Y_f against the past, after removing U_f): Γ_i = U_1 S_1^{1/2}.
//  3. H = first block row of Γ_i; F from shift invariance Γ_up F = Γ_down (least squares).
//  4. G and x_0 from the least-squares fit of y_k = H F^k x_0 + Σ H F^{k-1-t} G u_t.
#pragma once

#include <string>

#include "core/status.hpp"
#include "identify/dataset.hpp"

namespace mechid {

struct SubspaceOptions {
  Eigen::Index order = 0;        // 2n
  Eigen::Index block_rows = 0;   // 0 = the rule of choose_block_rows
  bool estimate_input = true;    // step 4 (G and x0); false when only F and H are wanted
};

struct SubspaceModel : Outcome {
  Matrix F, G, H;
  Vector x0;
  Vector singular_values;        // of L32: the gap after `order` says how clear the order is
  Eigen::Index block_rows = 0;
};

// Block rows i: at least enough for the order (i ny >= order + 1, and i >= 4), and a past horizon
// i h of `horizon_fraction` of `slowest_period` (0 = unknown: the minimum); at most `max_rows`
// and what N allows (j = N - 2i + 1 >= 4 rows of the Hankel matrix).
Eigen::Index choose_block_rows(Eigen::Index order, Eigen::Index outputs, Eigen::Index samples, double h,
                               double slowest_period, double horizon_fraction = 0.08, Eigen::Index max_rows = 64);

// Throws InputError on bad data or options; numerical trouble (unstable F, no gap) is a status.
SubspaceModel subspace_identify(const Dataset& data, const SubspaceOptions& options);

}  // namespace mechid
