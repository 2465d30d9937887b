// The identification methods (thesis ch. 4-5), one per file:
//  variational      n4sid -> second-order init (4.15) -> structured PEM on (Md, Dd, Kd) -> (2.26)
//  n4sid-d2c        n4sid -> ZOH d2c (matrix logarithm) -> Luş extraction (the baseline of ch. 5)
//  equation-error   least squares on (2.23) with the measured outputs (fast; also an initializer)
//  variational-zoh  variational, refined by the output-error PEM in M, D, K on the exact sampled model
//  inverse-dynamic  least squares on the filtered equation of motion with friction and offset (IDIM-LS)
//  auto             the recommended one of these, with the reason
#pragma once

#include <string>
#include <vector>

#include "identify/identification.hpp"
#include "identify/n4sid.hpp"

namespace mechid {

// How far identify_variational's PEM runs: to its end (the method), or, as one of auto's starts
// from decimated data, only while its iterate could be such a start: M positive definite and
// every mode below the data's Nyquist frequency π/h (auto rejects any other: exact_cost in
// auto_method.cpp, and below_nyquist). The result is then failed when the PEM left that region.
enum class VariationalRun { to_the_end, as_start };

// `start_subspace`: the subspace step of its start, subspace_with_rule(data, options,
// kStartHorizonFraction; subspace_start.hpp), when the caller has computed it (auto).
Identification identify_variational(const Dataset& data, const IdentifyOptions& options,
                                    const SubspaceModel* start_subspace = nullptr,
                                    VariationalRun run = VariationalRun::to_the_end);
Identification identify_n4sid_d2c(const Dataset& data, const IdentifyOptions& options);
// n4sid-d2c's estimate from a subspace model of `data` already identified (d2c, extraction, checks).
Identification n4sid_d2c_from(const SubspaceModel& model, const Dataset& data, const IdentifyOptions& options);
Identification identify_equation_error(const Dataset& data, const IdentifyOptions& options);
// The methods below take several runs of one experiment (issue 16): one M, D, K, each run with
// its own initial state (and offsets); validation on the first run.
Identification identify_variational_zoh(const std::vector<Dataset>& runs, const IdentifyOptions& options);
// The exact-sampling PEM in M, D, K (the free entries of options.structure) started from `start`
// (any method's estimate with M > 0; projected onto the structure).
Identification refine_exact_sampling(const std::vector<Dataset>& runs, const IdentifyOptions& options,
                                     const Identification& start);
// The recommended method: variational, refined on the exact sampled model; picks by h·ω_max and
// fit and says why (diagnostics "choice" and "reason"). With friction or offset asked for, the
// inverse-dynamic estimate (the exact-sampling PEM has no friction model).
Identification identify_auto(const std::vector<Dataset>& runs, const IdentifyOptions& options);
// IDIM-LS (identify/inverse_dynamic.hpp).
Identification identify_inverse_dynamic(const std::vector<Dataset>& runs, const IdentifyOptions& options);

// variational, n4sid-d2c, equation-error, variational-zoh, inverse-dynamic, auto
std::vector<std::string> method_names();
// Dispatches by name; throws InputError for an unknown method, for several runs, a structure or
// friction given to a method that cannot honour them (naming the ones that can), and for runs
// that differ in h, columns, input sampling or output kind.
Identification identify(const std::string& method, const Dataset& data, const IdentifyOptions& options);
Identification identify(const std::string& method, const std::vector<Dataset>& runs, const IdentifyOptions& options);
// The same on records the caller hands over: they are scaled in place (no copy; their values are
// then the scaled ones).
Identification identify(const std::string& method, std::vector<Dataset>&& runs, const IdentifyOptions& options);

// A method's result before it runs: `method` and data.h set, status ok.
Identification method_result(std::string method, const Dataset& data);

// Md, Dd, Kd by least squares on Md y_k + Dd y_{k-1} + Kd y_{k-2} = f_d(k) (eqs. 2.23-2.24);
// f_d fixes the scale, so the solution cannot collapse to zero. Status failed if singular.
struct EquationErrorFit : Outcome {
  DiscreteVariationalModel model;
};
EquationErrorFit equation_error_fit(const Dataset& data, const Matrix& L);

}  // namespace mechid
