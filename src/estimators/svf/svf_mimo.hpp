// State-variable-filter least squares for M q'' + D q' + K q = L u with known L (the MIMO
// extension of the SVF report's eqs. 3-7). Filtering every channel with 1/Λ(s) gives, per sample,
//   M (s²q/Λ) + D (s q/Λ) + K (q/Λ) = L (u/Λ),  s²q/Λ = q - λ1 s q/Λ - λ2 q/Λ,
// linear in the symmetric M, D, K (n(n+1)/2 unknowns each); L fixes the scale. Least squares
// (eq. 7) or its robust variant over all samples and channels.
#pragma once

#include "identify/dataset.hpp"
#include "model/mechanical_system.hpp"
#include "estimators/svf/least_squares.hpp"
#include "estimators/svf/filter.hpp"

namespace mechid {

struct SvfMimoFit : Outcome {
  MechanicalSystem system;     // M, D, K (symmetric) and the given L
  LeastSquaresSolution solution;
};

// Largest regression the MIMO fit builds: samples x dof x unknowns (memory bound, 160 MB).
inline constexpr double kMaxSvfRegressorEntries = 2e7;

// Throws InputError on bad data, poles, an L of the wrong size, or a regression above the bound.
// `smooth`: the intersample rule of q and of point-sampled inputs (held inputs are held).
// robust.robust: the Huber M-estimate of svf_fit (block start, then q cleaned against the
// estimate's response from rest, refiltered and refitted until the estimate settles).
SvfMimoFit svf_fit_mechanical(const Dataset& data, const Matrix& L, double p1, double p2, Intersample smooth,
                              const RobustOptions& robust);

// q of the system from rest driven by the samples u (N x k), u between samples as `rule` says.
Matrix mechanical_response_from_rest(const MechanicalSystem& system, const Matrix& u, double h, Intersample rule);

}  // namespace mechid
