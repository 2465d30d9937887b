// Deterministic subspace identification of x_{k+1} = F x_k + G u_k, y_k = H x_k (no feedthrough,
// order known), the first step of the thesis pipeline (sec. 4.1-4.2) and of the n4sid + d2c
// baseline (ch. 5). Shipped variant: PO-MOESP (Verhaegen 1994), past inputs and outputs as
// instruments, which is consistent under white output noise, the output-error setting of eq. 4.2;
// its projection needs only blocks of one LQ factor, and B comes from a linear regression.
//  0. Every input and output channel scaled to unit RMS (undone on G, H at the end).
//  1. Gram matrix of the block-Hankel matrix [U_f; U_p; Y_p; Y_f] from lagged sums, without
//     forming it (memory O(rows²), time O(N rows)); the blocks of L32 L32' of PO-MOESP's LQ
//     factor follow by Schur complements (this squares the condition number of the Hankel
//     matrix; on unit-RMS channels the review measured no loss against a true LQ, D9).
//  2. SVD of L32 (Y_f against the past, after removing U_f): Γ_i = U_1 S_1^{1/2}.
//  3. H = first block row of Γ_i; F from shift invariance Γ_up F = Γ_down (least squares).
//  4. G and x_0 from the least-squares fit of y_k = H F^k x_0 + Σ H F^{k-1-t} G u_t; then H
//     refitted to the simulated states of that model, and G, x_0 once more (D = 0 known).
#pragma once

#include <memory>
#include <string>

#include "core/status.hpp"
#include "identify/dataset.hpp"
#include "identify/lagged_sums.hpp"

namespace mechid {

struct SubspaceOptions {
  Eigen::Index order = 0;        // 2n
  Eigen::Index block_rows = 0;   // 0 = the rule of choose_block_rows; the future horizon
  Eigen::Index past_rows = 0;    // the past horizon, at most block_rows; 0 = block_rows (SLICOT's s for both)
  bool estimate_input = true;    // step 4 (G and x0); false when only F and H are wanted
  // Step 1's lagged sums over the record: those of an earlier step on the same data (the pilot's,
  // subspace_start.hpp), taken when they are of these data (RecordLaggedSums::of) and reach the lags
  // this step needs; else computed here, for at least `sum_lags` lags (the pilot asks for those of
  // the rule's largest block rows).
  std::shared_ptr<const RecordLaggedSums> sums;
  Eigen::Index sum_lags = 0;
};

struct SubspaceModel : Outcome {
  Matrix F, G, H;
  Vector x0;
  Vector singular_values;        // of L32: the gap after `order` says how clear the order is
  Eigen::Index block_rows = 0;
  Eigen::Index past_rows = 0;    // of the past horizon, as used
  std::shared_ptr<const RecordLaggedSums> sums;  // step 1's sums over the record, for a later step on the same data
};

// The samples subspace_identify needs for i block rows: N >= 2i (1 + k + ny), so that the
// Hankel matrices have at least as many columns as rows (j = N - 2i + 1 >= 2i (k + ny)).
Eigen::Index subspace_min_samples(Eigen::Index block_rows, Eigen::Index inputs, Eigen::Index outputs);

// The fewest block rows of the rule, before any period. Up to 8 outputs, i >= 2 x order (i well
// above the order, VODM 1996 ch. 4; Octave's n4sid takes SLICOT's s = min(2 order, order + 10), of
// that size). Beyond 8 outputs, the rows of Γ_i that 8 outputs give, i ny >= 16 x order: 2 x order
// block rows of ny outputs would ask for 4n ny rows at n DOF, O(n^6) work with a sensor on every
// mass. Measured on the chains of docs/results.md, "Scale" (32 block rows at 16 and 24 DOF instead of
// 64 and 61): auto's M, D, K errors and interval coverage the same to the digits shown, its time
// 3.44 -> 1.96 s at 16 DOF and 10.6 -> 9.1 s at 24 (natively, one thread). Always i ny >= order + 1.
Eigen::Index min_block_rows(Eigen::Index order, Eigen::Index outputs);

// The most block rows choose_block_rows picks for these data, whatever the period: its cap, and
// the largest i with subspace_min_samples(i, inputs, outputs) <= samples (at least 1).
Eigen::Index max_rule_block_rows(Eigen::Index inputs, Eigen::Index outputs, Eigen::Index samples,
                                 Eigen::Index max_block_rows = 64);

// Block rows i: at least min_block_rows, and a past horizon
// i h of `horizon_fraction` of `slowest_period` (0 = unknown: the minimum); at most
// `max_block_rows`, and the largest i with subspace_min_samples(i, inputs, outputs) <= samples.
// Why half a period: output-error data have no process noise, so the steady-state Kalman gain is
// zero and the state is carried by the lightly damped modes themselves; a past horizon much
// shorter than the slowest period leaves the state poorly determined (VODM 1996 ch. 4 and
// Verhaegen & Verdult 2007 sec. 9.6 ask for i well above the order). On the 3-DOF study
// (docs/results.md, "Subspace step") the errors fall with i up to about half the slowest period
// at every h (h = 0.1: i = 4 -> 27 % on M, i = 8 -> 2.5 %, i = 16 -> 1.1 %) and are flat beyond;
// at h = 0.6 (half a period is 5 rows) the floor of 2 x order, 12 rows, gives 0.58 % on M against 0.69 %.
// The cap of 64 block rows (as before) bounds the Gram matrix and its factorization for the
// browser's time and memory budget (docs/results.md, speed). A cap of 768 Hankel rows instead
// (24 block rows for 8 inputs and 8 outputs) made every 8dof n4sid-d2c fail at h <= 0.001 (the
// past horizon then spans too little of the slowest period): 64 gives M 4.8 % there (3 runs).
Eigen::Index choose_block_rows(Eigen::Index order, Eigen::Index inputs, Eigen::Index outputs, Eigen::Index samples, double h,
                               double slowest_period, double horizon_fraction = 0.5, Eigen::Index max_block_rows = 64);

// The past horizon under the rule: ⌈i/2⌉ block rows, but at least an eighth of the slowest period,
// enough for the order, and enough for a projection at least as wide as tall (past (k + ny) >= i ny:
// fewer inputs than outputs keep more of the past), and at most i. The rule above was measured with
// past = future = i; apart, the future horizon carries the accuracy, and half of it as past loses
// none where that still spans an eighth of the period (n4sid-d2c, RMS over runs of ‖X̂ − X‖_F/‖X‖_F,
// past i against ⌈i/2⌉, the same runs: 3dof h = 0.05, i = 54, 10 runs, M 0.644 / 0.648 %, K 0.585 /
// 0.594 %, D 1.73 / 1.73 %; h = 0.1, i = 27, 6 runs, M 0.317 / 0.318 %; h = 0.2, i = 14, M 0.668 /
// 0.670 %; h = 0.6, i = 12, M 0.304 / 0.305 %; 8dof h = 0.005, i = 64 (capped; the eighth is 28
// rows), 10 runs, M 1.365 / 1.354 %; h = 0.02, i = 32, 3 runs, M 1.12 / 1.15 %), and a little where
// the eighth sets the past (3dof h = 0.02, i = 64 capped, past 34, 20 runs, M 0.600 / 0.616 %, K
// 0.521 / 0.533 %, D 0.982 / 0.988 %). A shorter future loses (f = i/2 at 3dof h = 0.05: M 0.94 %),
// and so does a past below the eighth (3dof h = 0.005, i = 64 capped, the eighth 135 rows: past 32
// gives M 4.8 % against 3.0 %; 8dof h = 0.002, the eighth 71 rows: past 36, 4 runs, 2.13 % against
// 1.97 %). The Gram matrix has (past + i)(k + ny) rows instead of 2i (k + ny), and the
// factorizations of its past block take about a quarter of the flops at half the past (3dof h =
// 0.05: 179 -> 112 million instructions a call, callgrind).
// Before the period is known (the pilot of subspace_with_rule, PeriodKnown::no): ⌈i/2⌉, which
// subspace_with_rule checks against the eighth once the pilot has told the period.
enum class PeriodKnown { yes, no };
Eigen::Index choose_past_rows(Eigen::Index block_rows, Eigen::Index order, Eigen::Index inputs, Eigen::Index outputs, double h,
                              double slowest_period, PeriodKnown known = PeriodKnown::yes);

// Each input and output channel is scaled to unit RMS before the steps above and the scaling is
// undone on G and H, so the model does not depend on the units of the data.
// Throws InputError on bad data or options; numerical trouble (unstable F, no gap) is a status.
SubspaceModel subspace_identify(const Dataset& data, const SubspaceOptions& options);

// Step 4 alone (G, x0 and H refitted) for a model of steps 1-3 (estimate_input = false) of the
// same data: what subspace_identify with estimate_input = true returns, without its steps 1-3 again.
SubspaceModel subspace_fit_input(const Dataset& data, SubspaceModel model);

}  // namespace mechid
