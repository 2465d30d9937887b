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

// Md, Dd, Kd by least squares on Md y_k + Dd y_{k-1} + Kd y_{k-2} = f_d(k) (eqs. 2.23-2.24);
// f_d fixes the scale, so the solution cannot collapse to zero. Status failed if singular.
struct EquationErrorFit : Outcome {
  DiscreteVariationalModel model;
};
EquationErrorFit equation_error_fit(const Dataset& data, const Matrix& L);

}  // namespace mechid
