// The identification methods (thesis ch. 4-5), one per file:
//  variational      n4sid -> second-order init (4.15) -> structured PEM on (Md, Dd, Kd) -> (2.26)
//  n4sid-d2c        n4sid -> ZOH d2c (matrix logarithm) -> Luş extraction (the baseline of ch. 5)
//  equation-error   least squares on (2.23) with the measured outputs (fast; also an initializer)
//  variational-zoh  variational, refined by the output-error PEM in M, D, K on the exact sampled model
//  inverse-dynamic  least squares on the filtered equation of motion with friction and offset (IDIM-LS)
//  auto             the recommended one of these, with the reason
// Their entry points are in method_runs.hpp; the method table (method_table.hpp) registers each
// with its capabilities and cost model. Here: identify() by name, and the helpers they share.
#pragma once

#include <string>
#include <vector>

#include "identify/identification.hpp"
#include "identify/method_runs.hpp"
#include "identify/n4sid.hpp"

namespace mechid {

// The names of the method table (method_table.hpp), in its order: variational, n4sid-d2c,
// equation-error, variational-zoh, inverse-dynamic, auto.
std::vector<std::string> method_names();
// Dispatches by name through the method table; throws InputError for an unknown method, for
// several runs, a structure, friction, an offset, a low-pass or accelerations given to a method
// that cannot honour them (naming the ones that can: the table's capabilities), and for runs that
// differ in h, columns, input sampling or output kind.
Identification identify(const std::string& method, const Dataset& data, const IdentifyOptions& options);
Identification identify(const std::string& method, const std::vector<Dataset>& runs, const IdentifyOptions& options);
// The same on records the caller hands over: they are scaled in place (no copy; their values are
// then the scaled ones). Every run's columns are first put in SI by its factors
// (apply_column_scales). `held_out`: runs of the same experiment kept back from identification
// (check_runs refuses another h, other columns, input sampling or output kind before any work; a
// held-out run whose input sampling is 'auto' takes the training runs'); the result's
// validation_records hold the estimate's free-run fit on each (validate_held_out).
Identification identify(const std::string& method, std::vector<Dataset>&& runs, const IdentifyOptions& options,
                        std::vector<Dataset> held_out = {});

// A method's result before it runs: `method` and data.h set, status ok.
Identification method_result(std::string method, const Dataset& data);

// The pilot of the block-row rule: the subspace step of order 2n with the minimum number of block
// rows (choose_block_rows without a period), F and H only. Its poles estimate the slowest period.
SubspaceModel subspace_pilot(const Dataset& data);

// The longest period 2π/ω of a discrete model's poles λ, ω = |log λ|/h (0 when no pole has ω > 0).
double slowest_period(const Matrix& F, double h);

// Subspace identification of order 2n with the block-row rule: a pilot run (subspace_pilot, or the
// one given, computed on the same data) estimates the slowest period, then the rule of
// choose_block_rows decides, with a past horizon of `horizon_fraction` of that period;
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

// The midpoint model's relative frequency error at ω: (2/h) tan(ωh/2)/ω - 1 ≈ (ωh)²/12.
double midpoint_frequency_error(double omega, double h);

// Whether every mode lies below the Nyquist frequency π/h of data sampled at h. Sampled data
// cannot tell a mode above it from its alias below (the exact sampled model of the alias fits
// nearly as well), so a start beyond it is an aliased twin of the system, not an estimate of it.
bool below_nyquist(const std::vector<Mode>& modes, double h);

// That error in words for warnings and reasons, "the midpoint model errs by X % in frequency"
// (X with `digits` significant digits), or, at h·ω >= π where the error is infinite, that the
// midpoint model cannot represent the frequency.
std::string midpoint_error_words(double omega, double h, int digits = 3);

// Md, Dd, Kd by least squares on Md y_k + Dd y_{k-1} + Kd y_{k-2} = f_d(k) (eqs. 2.23-2.24);
// f_d fixes the scale, so the solution cannot collapse to zero. Status failed if singular.
struct EquationErrorFit : Outcome {
  DiscreteVariationalModel model;
};
EquationErrorFit equation_error_fit(const Dataset& data, const Matrix& L);

}  // namespace mechid
