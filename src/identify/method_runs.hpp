// The entry points of the identification methods, one per file (the list in methods.hpp). The
// method table (method_table.cpp) registers them; callers name a method and go through identify()
// (methods.hpp), which checks the request first.
#pragma once

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
// Whether a refinement computes the covariance of its estimate (its intervals): not for the
// intermediate stages of a growing horizon, whose estimates only start the next stage.
enum class Intervals { computed, skipped };

// The exact-sampling PEM in M, D, K (the free entries of options.structure) started from `start`
// (any method's estimate with M > 0; projected onto the structure).
Identification refine_exact_sampling(const std::vector<Dataset>& runs, const IdentifyOptions& options,
                                     const Identification& start, Intervals intervals = Intervals::computed);
// The recommended method: variational, refined on the exact sampled model; picks by h·ω_max and
// fit and says why (diagnostics "choice" and "reason"). With friction or offset asked for, the
// inverse-dynamic estimate (the exact-sampling PEM has no friction model).
Identification identify_auto(const std::vector<Dataset>& runs, const IdentifyOptions& options);
// IDIM-LS (identify/inverse_dynamic.hpp).
Identification identify_inverse_dynamic(const std::vector<Dataset>& runs, const IdentifyOptions& options);

}  // namespace mechid
