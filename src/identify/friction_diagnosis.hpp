// Advice `friction` (issue 50): Coulomb friction that a linear estimate lacks, read off its free-run
// residual. A force F_c,i sign(q'_i) at DOF i that the model M q'' + D q' + K q = L u leaves out
// reaches the outputs through the model's own dynamics, so the residual of the free run is about
// -Σ_i F_c,i r_i, r_i the model's response to sign(q'_i) acting at DOF i (the friction term of the
// EMPS model, Janot, Vandanjon & Gautier 2014, taken through the model as the output-error
// refinement IDIM-OE of Gautier, Janot & Vandanjon 2013 does). A least-squares fit of the residual
// on those responses that explains a large share of it with positive F_c names the DOFs.
#pragma once

#include <optional>

#include "core/advice.hpp"
#include "identify/dataset.hpp"
#include "identify/validation.hpp"
#include "model/mechanical_system.hpp"
#include "model/modal.hpp"

namespace mechid {

// The share of the (output-RMS weighted) residual power that the friction responses must explain
// beyond what M, D, K and the initial state can.
inline constexpr double kFrictionShare = 0.25;

// The test's regressors, (3 n(n+1)/2 + 3n) columns of N·n rows, have at most this many entries: on
// the record's first samples when it is longer (the test stays valid on a part of the record). A
// bound on its work (about 2·10⁷ flops a column); its rows are folded into a factor, not held.
inline constexpr double kFrictionTestMaxEntries = 1e7;

// Below this many samples the test is not made.
inline constexpr Eigen::Index kFrictionTestMinSamples = 100;

// The samples the test takes of a record of `samples` samples of `dof` outputs.
Eigen::Index friction_test_samples(Eigen::Index samples, Eigen::Index dof);

// The friction advice for a linear estimate (no friction term) of displacement data, validated by
// `validation` on `data`; none when the residuals pass the whiteness test or stay below 0.1 % of
// every output (nrmse), the free run failed, M is not positive definite, no velocity reverses at least 4 times, or the responses explain less than
// kFrictionShare of the residual beyond what a change of M, D, K and the initial state explains (a
// score test at the linear estimate), or no DOF's F_c is positive and above 3 sd. The velocity's
// sign is that of the record low-passed without phase at twice the fastest mode's frequency (below
// 0.4/h).
std::optional<Advice> friction_advice(const MechanicalSystem& estimate, const ModalResult& modal, const ValidationReport& validation,
                                      const Dataset& data);

}  // namespace mechid
