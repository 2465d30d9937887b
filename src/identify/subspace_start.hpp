// The subspace step that starts the methods (variational, n4sid-d2c, auto): the pilot of the
// block-row rule, the slowest period it estimates, the subspace identification under that rule,
// and the DOF count its singular values suggest, noted in the result.
#pragma once

#include "identify/identification.hpp"
#include "identify/n4sid.hpp"

namespace mechid {

// The pilot of the block-row rule: the subspace step of order 2n with the minimum number of block
// rows (choose_block_rows without a period) and half of them as past (choose_past_rows), F and H
// only. Its poles estimate the slowest period.
SubspaceModel subspace_pilot(const Dataset& data);

// The longest period 2π/ω of a discrete model's poles λ, ω = |log λ|/h (0 when no pole has ω > 0).
double slowest_period(const Matrix& F, double h);

// Subspace identification of order 2n with the block-row rule: a pilot run (subspace_pilot, or the
// one given, computed on the same data) estimates the slowest period, then the rule of
// choose_block_rows decides, with a future horizon of `horizon_fraction` of that period and the
// past of choose_past_rows (the pilot's model is kept when its rows and past suffice);
// options.block_rows > 0 overrides both.
SubspaceModel subspace_with_rule(const Dataset& data, const IdentifyOptions& options, double horizon_fraction = 0.5,
                                 const SubspaceModel* pilot = nullptr);

// The past horizon of the subspace start of the PEMs (variational, and so auto's starts): an
// eighth of the slowest period, not n4sid-d2c's half. The start only has to lie in the basin of
// the minimum the PEM then reaches; on the identification study (3dof at every h, 20 runs; 8dof
// from h = 0.0005 to 0.02, 10 runs) auto's RMS errors of M, K and D were the same to 3 digits
// with 1/8 and 1/2, at up to 3x less time (3dof h = 0.02: 5.6 -> 1.9 s for the 20 runs;
// docs/results.md, "Speed of identification"). n4sid-d2c's own accuracy needs the half period
// (docs/results.md, "Subspace step against SLICOT").
constexpr double kStartHorizonFraction = 0.125;

// Records the DOF count n4sid's singular values suggest (diagnostic "suggested_dof") and warns
// when it clearly differs from the data's.
void note_suggested_dof(const SubspaceModel& model, Eigen::Index dof, Identification& r);

}  // namespace mechid
